import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * Result grids, charts and exports read only who finished what and when: with those columns in the index they never
 * touch the table rows, which carry the SCORM state (country chart 434→187 ms, scripts/bench.ts).
 */
export const resultStatusIndex: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('course_results_user_status')
      .on('course_results')
      .columns(['user_id', 'course_alias', 'complete', 'finish_time'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('course_results_user_status').execute();
  },
});
