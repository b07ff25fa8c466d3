import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery, InferResult } from 'kysely';
import type { Db } from './connect.js';

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
  tokenHash: string;
}

const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Starts a session and returns its token (256 random bits); only the token's hash is stored. */
export async function createSession(db: Db, userId: number, policy: SessionPolicy, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
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

function buildSessionQuery(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.login',
      'users.role',
      'users.typ',
      'users.country',
      'users.language',
      'users.department_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', '');
}

type SessionRow = InferResult<ReturnType<typeof buildSessionQuery>>[number];
const sessionQueries = new WeakMap<Db, CompiledQuery<SessionRow>>();

/** Every call resolves its session: the query is compiled once per database handle, only its token changes. */
function sessionQuery(db: Db): CompiledQuery<SessionRow> {
  let compiled = sessionQueries.get(db);
  if (!compiled) {
    compiled = buildSessionQuery(db).compile();
    sessionQueries.set(db, compiled);
  }
  return compiled;
}

/** The signed-in user of a token, or null when there is no such session or it has expired. */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const row = (await db.executeQuery<SessionRow>({ ...sessionQuery(db), parameters: [tokenHash] })).rows[0];
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
  const { created_at: _c, last_seen_at: _l, expires_at: _e, ...user } = row;
  return { ...user, tokenHash };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user: on password change, role change and deletion. */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
