import type { CompiledQuery, DatabaseConnection, OperationNode, QueryResult } from 'kysely';
import { AliasNode, ColumnNode, DeleteQueryNode, InsertQueryNode, RawNode, TableNode, UpdateQueryNode } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from './connect.js';

/**
 * Sessions this process has read, so that a call need not read its session from the database every time. The
 * database stays the only truth: every committed write that could end a session or change who its user is (see
 * `changesCachedRows`) empties the cache, at once in the writing process and, through the dialect's signal
 * (on SQLite `data_version` and the `cached_rows_version` its triggers move on, migration 0006; on PostgreSQL
 * NOTIFY), in every other process before it answers a call that starts a millisecond or more after the commit. A
 * read that overlapped such a write is not kept (`generation`). The same writes and signal tell the process's other
 * copies of rarely changed rows when to read again (`currentGeneration`): the active notifications (db/content.ts)
 * and the course catalogue (db/catalogue.ts).
 */
export class SessionCache<T extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, T>;
  readonly #changedElsewhere: () => boolean;
  #generation = 0;
  #ready: boolean;

  /**
   * @param changedElsewhere true when another process may have written since it was last asked.
   * @param ready false while the cross-process signal is not yet (or no longer) known to arrive.
   */
  constructor(options: { maxEntries: number; changedElsewhere?: () => boolean; ready?: boolean }) {
    this.#entries = new LRUCache({ max: options.maxEntries });
    this.#changedElsewhere = options.changedElsewhere ?? (() => false);
    this.#ready = options.ready ?? true;
  }

  /** Taken before a database read and handed to `set`, which keeps the read only if nothing changed meanwhile. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The generation now, once writes of other processes are taken in: a copy read at this generation is current as
   * long as the generation stays the same. Undefined while the cache is off (no copy is current then).
   */
  currentGeneration(): number | undefined {
    if (!this.#ready) return undefined;
    if (this.#changedElsewhere()) this.clear();
    return this.#generation;
  }

  get(key: string): T | undefined {
    return this.currentGeneration() === undefined ? undefined : this.#entries.get(key);
  }

  set(key: string, value: T, readAtGeneration: number): void {
    if (!this.#ready || readAtGeneration !== this.#generation) return;
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  /** Turns the cache off (emptied) while the cross-process signal is lost, and on again once it is back. */
  setReady(ready: boolean): void {
    this.#ready = ready;
    this.clear();
  }
}

/** What a cached session holds: its row, its user, and the department and position its profile names. */
const SESSION_TABLES = new Set(['users', 'sessions', 'departments', 'positions']);
/** Other copies (`currentGeneration`): every write to them counts, new rows too. */
const COPIED_TABLES = new Set(['notifications', 'courses', 'course_positions']);
/** A session's own use only moves these forward (`resolveSession`); a cached copy stays valid, if conservative. */
const TOUCH_COLUMNS = new Set(['last_seen_at', 'expires_at']);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * Does this query change what a cached session holds (`SESSION_TABLES`): end a session, change its user, or the
 * department or position in the user's profile? Inserts of new rows change no existing session. Any write to the
 * rows of other copies (`COPIED_TABLES`) counts. The SQLite triggers of migration 0006 say the same for other
 * processes (session-cache.test.ts holds the two together).
 */
export function changesCachedRows(query: CompiledQuery): boolean {
  const node = query.query;
  if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table) ?? '';
    if (COPIED_TABLES.has(table)) return true;
    if (table !== 'sessions') return SESSION_TABLES.has(table);
    return !(node.updates ?? []).every(
      (update) => ColumnNode.is(update.column) && TOUCH_COLUMNS.has(update.column.column.name),
    );
  }
  if (DeleteQueryNode.is(node))
    return node.from.froms.some((from) => {
      const table = tableName(from) ?? '';
      return SESSION_TABLES.has(table) || COPIED_TABLES.has(table);
    });
  if (InsertQueryNode.is(node)) {
    const table = tableName(node.into) ?? '';
    return COPIED_TABLES.has(table) || (node.onConflict !== undefined && SESSION_TABLES.has(table));
  }
  if (RawNode.is(node))
    return (
      /\b(users|sessions|departments|positions|notifications|courses|course_positions)\b/i.test(query.sql) &&
      /\b(insert|update|delete|replace|alter|drop)\b/i.test(query.sql)
    );
  return false;
}

const changedRows = (result: QueryResult<unknown>) => (result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0;

const watchedConnections = new WeakSet<DatabaseConnection>();

/**
 * Makes `connection` call `onWrite` after each query that changed cached rows (`changesCachedRows` and at least one
 * row). `onWrite` gets the connection's own executor, to add a statement to the same transaction.
 */
export function watchCachedRowWrites(
  connection: DatabaseConnection,
  onWrite: (execute: (query: CompiledQuery) => Promise<QueryResult<unknown>>) => Promise<void> | void,
): void {
  if (watchedConnections.has(connection)) return;
  watchedConnections.add(connection);
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery) => {
    const result = await execute<R>(query);
    if (changesCachedRows(query) && changedRows(result)) await onWrite(execute);
    return result;
  };
}

const caches = new WeakMap<Db, SessionCache<object>>();

export function attachSessionCache(db: Db, cache: SessionCache<object>): void {
  caches.set(db, cache);
}

/** The session cache of a database handle opened by `connect`. */
export function sessionCacheOf<T extends NonNullable<unknown>>(db: Db): SessionCache<T> | undefined {
  return caches.get(db) as SessionCache<T> | undefined;
}
