import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * Each department's chart counts for a set of courses, with a digest of what they were made from
 * (`db/position-counts.ts`). In the database, not in each server process: a process that has not drawn a country's
 * chart for a while finds the counts another one made since, and counts again only what changed after.
 */
export const chartCounts: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chart_counts')
      .addColumn('department_id', 'integer', (c) => c.notNull())
      .addColumn('course_set', 'text', (c) => c.notNull())
      .addColumn('made_from', 'text', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull())
      .addColumn('not_complete', 'integer', (c) => c.notNull())
      .addColumn('expired', 'integer', (c) => c.notNull())
      .addColumn('kept_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chart_counts_pk', ['course_set', 'department_id'])
      .execute();
    await db.schema.createIndex('chart_counts_kept_on').on('chart_counts').column('kept_on').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('chart_counts').execute();
  },
});
