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
}

type PortalSqliteConfig = SqliteDialectConfig & { sessionCache: SessionCache<unknown> };

/** The queue above, and the session cache emptied when a write to cached rows is over (committed). */
class PortalSqliteDriver extends SqliteDriver {
  readonly #queue = new ConnectionQueue();
  readonly #sessionCache: SessionCache<unknown>;
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
}

/** Kysely's SQLite dialect with the driver above. */
export class PortalSqliteDialect extends SqliteDialect {
  readonly #config: PortalSqliteConfig;

  constructor(config: PortalSqliteConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new PortalSqliteDriver(this.#config);
  }
}
