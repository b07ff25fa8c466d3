import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * The sequencing engine's state of each attempt of a sequenced SCORM 2004 course (activity states, global
 * objectives), saved with the attempt's commits and restored on resume. One row per attempt, with the course version
 * whose tree it is of (an attempt may go on in another language's version); the JSON is read only by the launch.
 */
export const attemptSequencing: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('attempt_sequencing')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_alias', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('course_id', 'integer', (c) => c.notNull())
      .addColumn('state_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('attempt_sequencing_pk', ['user_id', 'course_alias', 'attempt'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('attempt_sequencing').execute();
  },
});
