import type { Db } from './connect.js';

/** The people who signed in from a browser (its device token, hashed) since `since`, the most recent first. */
export async function deviceSignIns(db: Db, tokenHash: string | null, since: Date): Promise<number[]> {
  if (!tokenHash) return [];
  const rows = await db
    .selectFrom('sign_in_devices')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('last_at', '>=', since.toISOString())
    .orderBy('last_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The browsers kept per person: a scripted client without cookies makes a new one at every sign-in. */
export const DEVICES_PER_USER = 20;

/** Records (or refreshes) that this browser signed in as this person, forgetting their oldest beyond the most recent. */
export async function rememberDevice(db: Db, tokenHash: string, userId: number, now = new Date()): Promise<void> {
  await db
    .insertInto('sign_in_devices')
    .values({ token_hash: tokenHash, user_id: userId, last_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_at: now.toISOString() }))
    .execute();
  await db
    .deleteFrom('sign_in_devices')
    .where('user_id', '=', userId)
    .where('token_hash', 'not in', (eb) =>
      eb
        .selectFrom('sign_in_devices')
        .select('token_hash')
        .where('user_id', '=', userId)
        .orderBy('last_at', 'desc')
        .limit(DEVICES_PER_USER),
    )
    .execute();
}
