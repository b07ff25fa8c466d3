import { sql, type Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

const TABLES = ['courses', 'course_positions'] as const;
const WRITES = ['insert', 'update', 'delete'] as const;

/**
 * A number every change to `courses` or `course_positions` moves on, kept by the database itself (triggers), so each
 * server process may keep the catalogue in memory and know, with one small read, whether its copy is still the
 * committed one (`db/catalogue.ts`).
 */
export const catalogueVersion: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_version')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);
    if (dialect === 'postgres') {
      await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin update catalogue_version set version = version + 1; return null; end $$`.execute(db);
      for (const table of TABLES)
        await sql
          .raw(
            `create trigger ${table}_bump_catalogue after insert or update or delete or truncate on ${table}
             for each statement execute function bump_catalogue_version()`,
          )
          .execute(db);
      return;
    }
    for (const table of TABLES)
      for (const write of WRITES)
        await sql
          .raw(
            `create trigger ${table}_${write}_bumps_catalogue after ${write} on ${table}
             begin update catalogue_version set version = version + 1; end`,
          )
          .execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      if (dialect === 'postgres') await sql.raw(`drop trigger ${table}_bump_catalogue on ${table}`).execute(db);
      else for (const write of WRITES) await sql.raw(`drop trigger ${table}_${write}_bumps_catalogue`).execute(db);
    }
    if (dialect === 'postgres') await sql`drop function bump_catalogue_version()`.execute(db);
    await db.schema.dropTable('catalogue_version').execute();
  },
});
