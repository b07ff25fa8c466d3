import { hash, randomBytes } from 'node:crypto';
import type { UserProfile } from '@portal/shared';
import { compiledOnce, runCompiled } from './compiled-query.js';
import type { Db } from './connect.js';
import { sessionCacheOf } from './session-cache.js';
import { PROFILE_COLUMNS, toProfile } from './users.js';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export interface SessionUser {
  id: number;
  login: string;
  role: string;
  typ: string;
  country: string;
  language: string;
  department_id: number;
  /** Decides the courses and bundles the user has. */
  position_id: number | null;
  tokenHash: string;
  /** The user's profile as the `users` call answers it, read with the session and kept with its copy. */
  profile: UserProfile;
}

/** A session's copy serves its calls this long after its last touch; the next call reads and touches it again. */
export const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

const sessionInsert = compiledOnce((db) =>
  db.insertInto('sessions').values({ token_hash: '', user_id: 0, created_at: '', last_seen_at: '', expires_at: '' }),
);

/** Starts a session and returns its token (256 random bits); only the token's hash is stored. */
export async function createSession(db: Db, userId: number, policy: SessionPolicy, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await runCompiled(db, sessionInsert, [hashToken(token), userId, at, at, idleExpiry(now, now, policy)]);
  return token;
}

function idleExpiry(createdAt: Date, now: Date, policy: SessionPolicy): string {
  const idle = now.getTime() + policy.idleMinutes * 60_000;
  const absolute = createdAt.getTime() + policy.maxHours * 3_600_000;
  return new Date(Math.min(idle, absolute)).toISOString();
}

/** Every call resolves its session: only the token changes. */
const sessionQuery = compiledOnce((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .select([
      ...PROFILE_COLUMNS,
      'users.position_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', ''),
);

/** A session as the cache keeps it: its user, and until when the copy may answer without the database. */
interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * The signed-in user of a token, or null when there is no such session or it has expired. A session seen within the
 * last minute and not expired is answered from the process's cache (`session-cache.ts`); anything else, and
 * every first use, reads the database, which also expires and touches the session.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  at?: Date,
): Promise<SessionUser | null> {
  // Copies are found by the token itself: hashing it cost every call 1–3.5 µs of CPU. The database keeps only
  // hashes, so that a copy of it signs no one in; this process sees the token in every request anyway.
  const cache = sessionCacheOf<CachedSession>(db);
  const cached = cache?.get(token);
  // A copy's answer needs only the clock's milliseconds: no Date is built for it.
  const nowMs = at?.getTime() ?? Date.now();
  if (cached && cached.expiresAt > nowMs && nowMs - cached.lastSeenAt <= TOUCH_INTERVAL_MS) return cached.user;
  const now = at ?? new Date(nowMs);

  const tokenHash = hashToken(token);
  const readAt = cache?.generation ?? 0;
  const [row] = await runCompiled(db, sessionQuery, [tokenHash]);
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  let { last_seen_at: lastSeenAt, expires_at: expiresAt } = row;
  if (nowMs - Date.parse(lastSeenAt) > TOUCH_INTERVAL_MS) {
    lastSeenAt = now.toISOString();
    expiresAt = idleExpiry(new Date(row.created_at), now, policy);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const profile = Object.freeze(toProfile(row));
  const { id, login, role, typ, country, language, department_id } = profile;
  const user = Object.freeze({
    id,
    login,
    role,
    typ,
    country,
    language,
    department_id,
    position_id: row.position_id,
    tokenHash,
    profile,
  });
  cache?.set(token, { user, expiresAt: Date.parse(expiresAt), lastSeenAt: Date.parse(lastSeenAt) }, readAt);
  return user;
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user: on password change, role change and deletion. */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
