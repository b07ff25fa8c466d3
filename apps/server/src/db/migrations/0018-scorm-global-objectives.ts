import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * SCORM 2004 global objectives global to the system (SN 3.10.3, `adlseq:objectivesGlobalToSystem`): each learner's
 * tracking state of each global objective id, shared by every course and attempt that maps it. `state` is the
 * objective's tracking fields as JSON.
 */
export const scormGlobalObjectives: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scorm_global_objectives')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('objective_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('scorm_global_objectives_pk', ['user_id', 'objective_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('scorm_global_objectives').execute();
  },
});
