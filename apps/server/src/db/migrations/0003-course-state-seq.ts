import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/** The commit sequence of a course attempt, so a retried or late SCORM commit never overwrites a newer one. */
export const courseStateSeq: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('course_results')
      .addColumn('state_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('course_results').dropColumn('state_seq').execute();
  },
});
