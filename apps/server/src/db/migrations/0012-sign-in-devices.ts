import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * The browsers each person has signed in from (a random device token, stored only hashed): the right password from
 * one of them passes even while strangers' failures hold the account (SECURITY.md, "Sign-in limits").
 */
export const signInDevices: PortalMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_devices')
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sign_in_devices_pk', ['token_hash', 'user_id'])
      .execute();
    await db.schema.createIndex('sign_in_devices_user').on('sign_in_devices').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sign_in_devices').execute();
  },
});
