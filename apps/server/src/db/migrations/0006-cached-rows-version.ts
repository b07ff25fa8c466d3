import { sql, type Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/**
 * The writes that change what a process keeps in its session cache (db/session-cache.ts `changesCachedRows`), as
 * SQLite triggers: each moves `cached_rows_version` on in the writer's own transaction, whoever the writer is.
 */
const BUMPS: Record<string, string> = {
  users_update: 'after update on users',
  users_delete: 'after delete on users',
  sessions_update: 'after update of token_hash, user_id, created_at on sessions',
  sessions_delete: 'after delete on sessions',
  departments_update: 'after update on departments',
  departments_delete: 'after delete on departments',
  positions_update: 'after update on positions',
  positions_delete: 'after delete on positions',
  notifications_insert: 'after insert on notifications',
  notifications_update: 'after update on notifications',
  notifications_delete: 'after delete on notifications',
};

/**
 * A number every write to cached rows moves on, so that a server process on SQLite, told by `data_version` that
 * another one committed, empties its cache only when that commit changed cached rows rather than on every commit
 * (a course's progress, a session touch). PostgreSQL tells the processes with NOTIFY (db/postgres-dialect.ts) and
 * needs none of it.
 */
export const cachedRowsVersion: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') return;
    await db.schema
      .createTable('cached_rows_version')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into cached_rows_version (id, version) values (1, 0)`.execute(db);
    for (const [name, event] of Object.entries(BUMPS))
      await sql
        .raw(
          `create trigger ${name}_bumps_cached_rows ${event} begin update cached_rows_version set version = version + 1; end`,
        )
        .execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') return;
    for (const name of Object.keys(BUMPS)) await sql.raw(`drop trigger ${name}_bumps_cached_rows`).execute(db);
    await db.schema.dropTable('cached_rows_version').execute();
  },
});
