import type { Db } from './connect.js';

/** A learner's stores of the named shared data buckets of one scope; a bucket never written is left out. */
export async function readSharedStores(
  db: Db,
  userId: number,
  scope: string,
  targetIds: string[],
): Promise<Record<string, string>> {
  if (targetIds.length === 0) return {};
  const rows = await db
    .selectFrom('scorm_shared_data')
    .select(['target_id', 'store'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('target_id', 'in', targetIds)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.target_id, row.store]));
}

/** Writes a learner's stores of shared data buckets of one scope, each in place of what it held; an empty one is dropped. */
export async function writeSharedStores(
  db: Db,
  userId: number,
  scope: string,
  stores: Record<string, string>,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  for (const [targetId, store] of Object.entries(stores)) {
    if (store === '') {
      await db
        .deleteFrom('scorm_shared_data')
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('target_id', '=', targetId)
        .execute();
      continue;
    }
    await db
      .insertInto('scorm_shared_data')
      .values({ user_id: userId, scope, target_id: targetId, store, updated_at: updatedAt })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'target_id']).doUpdateSet({ store, updated_at: updatedAt }))
      .execute();
  }
}
