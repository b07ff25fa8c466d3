import type SQLite from 'better-sqlite3';
import type { DatabaseConnection, Driver, SqliteDialectConfig } from 'kysely';
import { SqliteDialect, SqliteDriver } from 'kysely';
import type { SessionCache } from './session-cache.js';
import { watchCachedRowWrites } from './session-cache.js';

/**
 * Kysely's SQLite driver guards its one connection with a mutex that wakes every waiter on each release, so with
 * many requests in flight each query costs a wake-up per waiting request. This queue hands the connection to the
 * next waiter only, in arrival order (ping +10–20 % at 50 connections, scripts/bench.ts).
 */
class ConnectionQueue {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  /** No query or transaction holds the connection, and none waits for it. */
  get idle(): boolean {
    return !this.#busy;
  }
}

type PortalSqliteConfig = SqliteDialectConfig & {
  database: SQLite.Database;
  sessionCache: SessionCache<object>;
};

/** The queue above, and the session cache emptied when a write to cached rows is over (committed). */
class PortalSqliteDriver extends SqliteDriver {
  readonly #queue = new ConnectionQueue();
  readonly #sessionCache: SessionCache<object>;
  #wroteCachedRows = false;

  constructor(config: PortalSqliteConfig) {
    super(config);
    this.#sessionCache = config.sessionCache;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    const connection = await super.acquireConnection();
    watchCachedRowWrites(connection, () => {
      this.#wroteCachedRows = true;
    });
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    if (this.#wroteCachedRows) {
      this.#wroteCachedRows = false;
      this.#sessionCache.clear();
    }
    await super.releaseConnection();
    this.#queue.release();
  }

  get idle(): boolean {
    return this.#queue.idle;
  }
}

/** Kysely's SQLite dialect with the driver above. */
export class PortalSqliteDialect extends SqliteDialect {
  readonly #config: PortalSqliteConfig;
  #driver: PortalSqliteDriver | undefined;

  constructor(config: PortalSqliteConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    this.#driver = new PortalSqliteDriver(this.#config);
    return this.#driver;
  }

  /**
   * The rows of a read-only query run at once, or undefined when a query or transaction holds the connection (a read
   * now would see that transaction's uncommitted rows) or the statement writes. better-sqlite3 answers synchronously,
   * so nothing can take the connection meanwhile; Kysely's way to the same statement (queue, mutex, executor, five
   * awaits) cost about 2 µs a query in a loop, more under load.
   */
  readIfIdle(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (!this.#driver?.idle) return undefined;
    const statement = this.#config.database.prepare(sql);
    if (!statement.reader || !statement.readonly) return undefined;
    return statement.all(parameters) as unknown[];
  }
}
