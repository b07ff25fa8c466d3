import type { Db } from './connect.js';

/** A learner's stored state of the named global objectives (JSON text); an objective never written is left out. */
export async function readGlobalObjectives(
  db: Db,
  userId: number,
  objectiveIds: string[],
): Promise<Record<string, string>> {
  if (objectiveIds.length === 0) return {};
  const rows = await db
    .selectFrom('scorm_global_objectives')
    .select(['objective_id', 'state'])
    .where('user_id', '=', userId)
    .where('objective_id', 'in', objectiveIds)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.objective_id, row.state]));
}

/** Writes a learner's state of global objectives (JSON text), each in place of what it held. */
export async function writeGlobalObjectives(
  db: Db,
  userId: number,
  states: Record<string, string>,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  for (const [objectiveId, state] of Object.entries(states)) {
    await db
      .insertInto('scorm_global_objectives')
      .values({ user_id: userId, objective_id: objectiveId, state, updated_at: updatedAt })
      .onConflict((oc) => oc.columns(['user_id', 'objective_id']).doUpdateSet({ state, updated_at: updatedAt }))
      .execute();
  }
}
