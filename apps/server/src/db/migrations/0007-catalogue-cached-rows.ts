import type { Kysely } from 'kysely';
import type { PortalMigration } from './index.js';
import { createRowTriggers, dropRowTriggers } from './sqlite-row-triggers.js';

const TABLES = ['courses', 'course_positions'] as const;
const sqliteTrigger = (table: string, write: string) => `${table}_${write}_bumps_cached_rows`;

/**
 * The course catalogue joins the copies a write moves `cached_rows_version` on for (db/session-cache.ts
 * `changesCachedRows`, db/catalogue.ts): a process on SQLite told by `data_version` that another committed reads the
 * catalogue version again only when that commit changed the catalogue. PostgreSQL's processes hear it by NOTIFY.
 */
export const catalogueCachedRows: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite')
      await createRowTriggers(db, TABLES, sqliteTrigger, 'update cached_rows_version set version = version + 1');
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'sqlite') await dropRowTriggers(db, TABLES, sqliteTrigger);
  },
});
