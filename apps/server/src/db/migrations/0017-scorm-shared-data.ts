import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * SCORM 2004 shared data (`adl.data`, RTE 4.3): each learner's store of each bucket (a manifest's `adlcp:map`
 * targetID); `scope` is '' for buckets shared with every course (sharedDataGlobalToSystem), else `alias#attempt`
 * for those kept to one attempt on a course.
 */
export const scormSharedData: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scorm_shared_data')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('store', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('scorm_shared_data_pk', ['user_id', 'scope', 'target_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('scorm_shared_data').execute();
  },
});
