import { hash, randomBytes } from 'node:crypto';
import type { UserProfile } from '@portal/shared';
import type { Db } from './connect.js';
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
  /** The user's profile as the `users` call answers it, read with the session. */
  profile: UserProfile;
}

/** A session's last use is written at most this often: its idle expiry moves on with it. */
export const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** Starts a session and returns its token (256 random bits); only the token's hash is stored. */
export async function createSession(db: Db, userId: number, policy: SessionPolicy, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: at,
      last_seen_at: at,
      expires_at: idleExpiry(now, now, policy),
    })
    .execute();
  return token;
}

function idleExpiry(createdAt: Date, now: Date, policy: SessionPolicy): string {
  const idle = now.getTime() + policy.idleMinutes * 60_000;
  const absolute = createdAt.getTime() + policy.maxHours * 3_600_000;
  return new Date(Math.min(idle, absolute)).toISOString();
}

/**
 * The signed-in user of a token, or null when there is no such session or it has expired. An expired session is
 * deleted; a session last touched more than a minute ago is touched, which moves its idle expiry on.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const row = await db
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
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString(), expires_at: idleExpiry(new Date(row.created_at), now, policy) })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const profile = toProfile(row);
  const { id, login, role, typ, country, language, department_id } = profile;
  return { id, login, role, typ, country, language, department_id, position_id: row.position_id, tokenHash, profile };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user: on password change, role change and deletion. */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
