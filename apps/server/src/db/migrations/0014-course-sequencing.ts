import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * A SCORM 2004 course version's activity tree, read from its manifest at upload (`scorm/sequencing/`), as JSON text.
 * In a table of its own: the course rows are read whole on many pages, the tree only by the player.
 */
export const courseSequencing: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('course_sequencing')
      .addColumn('course_id', 'integer', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
      .addColumn('sequencing_json', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('course_sequencing').execute();
  },
});
