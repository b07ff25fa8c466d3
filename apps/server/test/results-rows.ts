import type { Db } from '../src/db/connect.js';

/**
 * Empties people's results rows without moving their versions on, as no write of the portal does: what is still
 * answered from those rows afterwards was remembered.
 */
export async function emptyResultsRows(db: Db, ...userIds: number[]): Promise<void> {
  await db.updateTable('results_by_person').set({ results: '[]' }).where('user_id', 'in', userIds).execute();
}

/** Moves a person's results version on, as a change of their results row does. */
export async function moveResultsVersion(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('results_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}
