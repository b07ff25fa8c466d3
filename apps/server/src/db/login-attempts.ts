import { sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * Reserves one attempt on each key before the password or PIN is checked: one upsert for all keys that answers each
 * key's count including this attempt, a new window starting where the old one has passed. Concurrent attempts each
 * see their own count (a row lock on PostgreSQL, one writer on SQLite), so a burst gets no more checks than the limit.
 * The keys go in sorted, so that two reservations on PostgreSQL lock shared keys in the same order.
 */
export async function reserveAttempts(
  db: Db,
  keys: string[],
  windowMinutes: number,
  now = new Date(),
): Promise<Map<string, number>> {
  const start = now.toISOString();
  const windowFloor = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
  const sorted = [...new Set(keys)].sort();
  const rows = await db
    .insertInto('login_attempts')
    .values(sorted.map((key) => ({ key, window_start: start, failures: sql.lit(1) })))
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
          .then(eb.ref('excluded.window_start'))
          .else(eb.ref('login_attempts.window_start'))
          .end(),
      })),
    )
    .returning(['key', 'failures'])
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.failures)]));
}

/**
 * Gives reserved attempts back (the sign-in succeeded, or was refused unchecked). One statement a key: each locks one
 * row only, so it never waits on a reservation while holding another.
 */
export async function giveBackAttempts(db: Db, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      db
        .updateTable('login_attempts')
        .set((eb) => ({ failures: eb('failures', '-', sql.lit(1)) }))
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute(),
    ),
  );
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
