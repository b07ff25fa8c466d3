import type { DatabaseConnection, Driver, SqliteDialectConfig } from 'kysely';
import { SqliteDialect, SqliteDriver } from 'kysely';

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

class QueuedSqliteDriver extends SqliteDriver {
  readonly #queue = new ConnectionQueue();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.release();
  }
}

/** Kysely's SQLite dialect with the queued driver above. */
export class PortalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config);
  }
}
