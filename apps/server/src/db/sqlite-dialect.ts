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

/** A read waiting for the end of the event loop's turn (`PortalSqliteDialect.readAtTurnEnd`). */
interface TurnRead {
  sql: string;
  parameters: readonly unknown[];
  resolve(rows: unknown[] | undefined): void;
  reject(error: unknown): void;
}

/** Kysely's SQLite dialect with the driver above. */
export class PortalSqliteDialect extends SqliteDialect {
  readonly #config: PortalSqliteConfig;
  #driver: PortalSqliteDriver | undefined;
  #turnReads: TurnRead[] = [];

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

  /**
   * `readIfIdle` at the end of this turn of the event loop, together with the other reads asked for in the turn, in
   * one read transaction. Between the other work of a server's calls SQLite's pages and code leave the CPU's caches: a
   * person's course state took 14 µs to read in the server under load against 6 µs in a loop, and each read on its
   * own takes and gives back the WAL's read lock (two `fcntl` and an `fstat`). Read back to back in one transaction,
   * it took 6.5 µs (one process, 50 connections). The reads of one turn see one snapshot.
   */
  readAtTurnEnd(sql: string, parameters: readonly unknown[]): Promise<unknown[] | undefined> {
    return new Promise((resolve, reject) => {
      if (this.#turnReads.push({ sql, parameters, resolve, reject }) === 1) setImmediate(() => this.#readTurn());
    });
  }

  #readTurn(): void {
    const reads = this.#turnReads;
    this.#turnReads = [];
    const database = this.#config.database;
    const together = reads.length > 1 && this.#driver?.idle === true && !database.inTransaction;
    if (together) database.exec('begin');
    try {
      for (const read of reads) {
        try {
          read.resolve(this.readIfIdle(read.sql, read.parameters));
        } catch (error) {
          read.reject(error);
        }
      }
    } finally {
      if (together) database.exec('commit');
    }
  }
}
