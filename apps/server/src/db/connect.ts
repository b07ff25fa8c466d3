import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Dialect } from './migrations/index.js';
import { migrationProvider } from './migrations/provider.js';
import type { Database } from './schema.js';

export type { Dialect };
export type Db = Kysely<Database>;

export interface Connection {
  db: Db;
  dialect: Dialect;
  /** The PostgreSQL schema named with `searchPath`, where the migrations keep their own tables too. */
  schema?: string;
  close(): Promise<void>;
}

/** Whether `db` speaks PostgreSQL, where a query's SQL differs from SQLite's. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite's page cache of a connection, in KiB: its default 2 MB holds a sliver of a large organisation's indexes. */
const SQLITE_CACHE_KIB = 64 * 1024;

/** Compiled SQLite statements kept per connection, the least recently used dropped beyond this many. */
const SQLITE_STATEMENTS_KEPT = 500;

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely's dialect prepares every query it runs:
 * compiling a learner call's queries again cost a third of its CPU (docs/performance.md). The same SQL text gets
 * the statement compiled the first time; SQLite recompiles a kept statement by itself after a schema change.
 */
function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > SQLITE_STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** Opens `sqlite:<path>` (WAL, foreign keys on) or `postgres://…`; `searchPath` isolates a PostgreSQL schema. */
export function connect(
  url: string,
  options: { baseDir?: string; searchPath?: string; poolSize?: number } = {},
): Connection {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ...(options.searchPath ? { schema: options.searchPath } : {}),
      close: () => db.destroy(),
    };
  }
  if (!url.startsWith('sqlite:'))
    throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
  const file = url.slice('sqlite:'.length);
  const resolved =
    file === ':memory:' || path.isAbsolute(file) ? file : path.join(options.baseDir ?? process.cwd(), file);
  if (resolved !== ':memory:') fs.mkdirSync(path.dirname(resolved), { recursive: true });
  const sqlite = new SQLite(resolved);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function migrator(connection: Connection): Migrator {
  // Without a schema Kysely takes its bookkeeping tables for made when any schema of the database has them.
  return new Migrator({
    db: connection.db,
    provider: migrationProvider(connection.dialect),
    ...(connection.schema ? { migrationTableSchema: connection.schema } : {}),
  });
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest(connection: Connection): Promise<void> {
  const { error, results } = await migrator(connection).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A cheap round trip for the health check. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
