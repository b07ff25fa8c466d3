import { sql, type Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/** SQLite triggers after every insert, update and delete on the catalogue's two tables. */
const TRIGGERS = ['courses', 'course_positions'].flatMap((table) =>
  ['insert', 'update', 'delete'].map((write) => ({
    name: `${table}_${write}_bumps_cached_rows`,
    event: `after ${write} on ${table}`,
  })),
);

/**
 * The course catalogue joins the copies a write moves `cached_rows_version` on for (db/session-cache.ts
 * `changesCachedRows`, db/catalogue.ts): a process on SQLite told by `data_version` that another committed reads the
 * catalogue version again only when that commit changed the catalogue. PostgreSQL's processes hear it by NOTIFY.
 */
export const catalogueCachedRows: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') return;
    for (const { name, event } of TRIGGERS)
      await sql
        .raw(`create trigger ${name} ${event} begin update cached_rows_version set version = version + 1; end`)
        .execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') return;
    for (const { name } of TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
  },
});
