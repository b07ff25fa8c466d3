import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from './migrations/index.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';
import {
  PortalPostgresDialect,
  PREPARED_READS_PER_CONNECTION,
  nameStatements,
  sessionChannel,
} from './postgres-dialect.js';
import { PipelinedReads } from './postgres-pipeline.js';
import { attachSessionCache, SessionCache } from './session-cache.js';
import { PortalSqliteDialect } from './sqlite-dialect.js';
import { attachSqliteReader } from './sqlite-reader.js';
import { cachePreparedStatements } from './sqlite-statements.js';
import { attachDirectReader } from './compiled-query.js';

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

/** Enough for every member of staff signed in at once; beyond it the least recently used make room. */
const SESSION_CACHE_ENTRIES = 50_000;
/** SQLite's page cache of a connection, in KiB. */
const SQLITE_CACHE_KIB = 64 * 1024;

/** Opens `sqlite:<path>` (WAL, foreign keys on) or `postgres://…`; `searchPath` isolates a PostgreSQL schema. */
export function connect(
  url: string,
  options: { baseDir?: string; searchPath?: string; poolSize?: number } = {},
): Connection {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const clientConfig = {
      connectionString: url,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    };
    const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 10 });
    pool.on('connect', nameStatements(PREPARED_READS_PER_CONNECTION));
    const sessionCache = new SessionCache<object>({ maxEntries: SESSION_CACHE_ENTRIES, ready: false });
    const pipelinedReads = new PipelinedReads(clientConfig);
    const db = new Kysely<Database>({
      dialect: new PortalPostgresDialect({
        pool,
        sessionCache,
        connectionString: url,
        channel: sessionChannel(options.searchPath),
        pipelinedReads,
      }),
    });
    attachSessionCache(db, sessionCache);
    attachDirectReader(db, (query, parameters) => pipelinedReads.read(query, parameters));
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
  // SQLite's own page cache is 2 MB by default: a sliver of the indexes the learner calls read on a large
  // organisation. A page from the operating system's cache costs a system call and a copy each time.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const sessionCache = new SessionCache<object>({
    maxEntries: SESSION_CACHE_ENTRIES,
    changedElsewhere: committedElsewhere(sqlite),
  });
  cachePreparedStatements(sqlite);
  const dialect = new PortalSqliteDialect({ database: sqlite, sessionCache });
  const db = new Kysely<Database>({ dialect });
  attachSessionCache(db, sessionCache);
  attachDirectReader(db, (query, parameters) => dialect.readAtTurnEnd(query, parameters));
  if (resolved === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy() };
  const closeReader = attachSqliteReader(db, { file: resolved, cacheKib: SQLITE_CACHE_KIB });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await closeReader();
      await db.destroy();
    },
  };
}

/**
 * Has another process committed a write to cached rows? SQLite's `data_version` changes when another connection
 * commits (this connection's own commits do not); then `cached_rows_version` (migration 0006, moved on by triggers)
 * tells whether that commit touched cached rows, so that the many other writes (a course's progress, a session
 * touch) leave the cache alone. Reading `data_version` takes the database's shared-memory locks, which under load
 * cost a tenth of a trivial call, so it is read at most once a millisecond: a commit elsewhere is seen by calls that
 * start more than a millisecond after it.
 */
function committedElsewhere(sqlite: SQLite.Database, everyMs = 1): () => boolean {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seenData = dataVersion.get();
  let seenVersion = cachedRowsVersion(sqlite);
  let checkedAt = performance.now();
  return () => {
    const now = performance.now();
    if (now - checkedAt < everyMs) return false;
    checkedAt = now;
    const data = dataVersion.get();
    if (data === seenData) return false;
    seenData = data;
    const version = cachedRowsVersion(sqlite);
    if (version !== undefined && version === seenVersion) return false;
    seenVersion = version;
    return true;
  };
}

/** The version of cached rows, or undefined before the migration that keeps it (every commit counts then). */
function cachedRowsVersion(sqlite: SQLite.Database): number | undefined {
  try {
    return (sqlite.prepare('select version from cached_rows_version').get() as { version: number }).version;
  } catch {
    return undefined;
  }
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
