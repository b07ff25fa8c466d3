import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * A CMA or instruction bundle's texts in languages other than its country's: its name and description, and its
 * resources' titles and buttons. A bundle stays one bundle (one progress per person, one set of positions); a person
 * who reads the portal in another language sees its texts in that language where they exist.
 */
export const bundleTexts: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bundle_texts')
      .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('category_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bundle_texts_pk', ['bundle_id', 'language'])
      .execute();
    await db.schema
      .createTable('bundle_resource_texts')
      .addColumn('resource_id', 'integer', (c) => c.notNull().references('bundle_resources.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('button_string', 'text')
      .addPrimaryKeyConstraint('bundle_resource_texts_pk', ['resource_id', 'language'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('bundle_resource_texts').execute();
    await db.schema.dropTable('bundle_texts').execute();
  },
});
