import { sql } from 'kysely';
import type { Db } from './connect.js';

export interface Limit {
  max: number;
  windowMinutes: number;
}

export interface Attempts {
  window_start: string;
  failures: number;
}

/** The counted attempts of these keys, read at once; a key without any is absent. */
export async function attemptsOf(db: Db, keys: string[]): Promise<Map<string, Attempts>> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', 'window_start', 'failures'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map(({ key, ...attempts }) => [key, attempts]));
}

/** True when these attempts have reached the limit within the current window. */
export function isLimited(attempts: Attempts | undefined, limit: Limit, now = new Date()): boolean {
  if (!attempts) return false;
  if (Date.parse(attempts.window_start) + limit.windowMinutes * 60_000 <= now.getTime()) return false;
  return attempts.failures >= limit.max;
}

/** Counts one more attempt against the key, starting a new window when the old one has passed. */
export async function countAttempt(db: Db, key: string, limit: Limit, now = new Date()): Promise<void> {
  const start = now.toISOString();
  const windowFloor = new Date(now.getTime() - limit.windowMinutes * 60_000).toISOString();
  await db
    .insertInto('login_attempts')
    .values({ key, window_start: start, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_attempts.window_start', '<=', windowFloor)
          .then(sql.lit(1))
          .else(eb('login_attempts.failures', '+', sql.lit(1)))
          .end(),
        window_start: eb
          .case()
          .when('login_attempts.window_start', '<=', windowFloor)
          .then(start)
          .else(eb.ref('login_attempts.window_start'))
          .end(),
      })),
    )
    .execute();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
