import type { DatabaseConnection, Driver, PostgresDialectConfig } from 'kysely';
import { CompiledQuery, PostgresDialect, PostgresDriver } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { statementNameOf } from './compiled-query.js';
import { KeptClient } from './postgres-kept-client.js';
import type { PipelinedReads } from './postgres-pipeline.js';
import type { SessionCache } from './session-cache.js';
import { watchCachedRowWrites } from './session-cache.js';

/**
 * The NOTIFY channel on which portal processes sharing a database announce writes to cached rows: one per schema when
 * the connection names one (each test file has its own schema in one database, and must not hear the others).
 */
export const sessionChannel = (schema?: string): string =>
  schema ? `portal_session_identity_${schema}` : 'portal_session_identity';

/** The statement the LISTEN connection sends: `pg_stat_activity` shows it as the connection's query. */
export const listenStatement = (channel: string): string => `listen ${pg.escapeIdentifier(channel)}`;

/**
 * A LISTEN connection that empties the cache on each notification. While it is not listening (starting, or the
 * connection was lost) the cache is off, so no process serves a session it might not hear about.
 */
function sessionChangeListener(connectionString: string, channel: string, cache: SessionCache<object>): KeptClient {
  return new KeptClient(
    { connectionString },
    {
      async prepare(client) {
        client.on('notification', () => cache.clear());
        await client.query(listenStatement(channel));
      },
      up: () => cache.setReady(true),
      down: () => cache.setReady(false),
    },
  );
}

/** How many repeated reads a pooled connection keeps prepared (some 100 KB each, a results page's: up to some 10 MB). */
export const PREPARED_READS_PER_CONNECTION = 100;

/** PostgreSQL's SQLSTATE for a prepared statement that does not exist. */
const UNDEFINED_STATEMENT = '26000';

/**
 * Makes pooled clients send statements that have a name (`statementNameOf`: `compiledOnce` queries, and reads that
 * come again and again) as named statements, which PostgreSQL parses once per connection and, after a few calls, plans
 * no more, instead of both on every call: planning the home page's one query cost the database more than running it.
 * Each named statement stays on its connection with its parse tree and plan, so a connection keeps the `limit` reads
 * it ran last and deallocates the one before them when it prepares another. node-postgres remembers which names a
 * connection has prepared (`parsedStatements`), and is told here when one goes.
 */
export function nameStatements(limit: number): (client: pg.PoolClient) => void {
  return (client) => {
    const query = client.query.bind(client) as (
      config: pg.QueryConfig | string,
      values?: unknown[] | ((error: Error | null) => void),
    ) => unknown;
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
      .parsedStatements;
    const preparedReads = new LRUCache<string, string>({
      max: limit,
      // Called only when the least recent read makes room: names are never reused, nor entries deleted.
      dispose(text, name) {
        delete parsed[name];
        // Queued before the statement that made room, on the same connection. Where it fails in a transaction already
        // failed, the statement stays, and node-postgres is told so before the next statement goes out; where there
        // was none (its preparing failed), there is nothing to tell.
        query(`deallocate ${name}`, (error) => {
          if (error && (error as pg.DatabaseError).code !== UNDEFINED_STATEMENT) parsed[name] = text;
        });
      },
    });
    client.query = ((text: pg.QueryConfig | string, values?: unknown[]) => {
      const named = typeof text === 'string' ? statementNameOf(text) : undefined;
      if (!named) return query(text, values);
      if (named.repeated) preparedReads.set(named.name, text as string);
      return query({ name: named.name, text: text as string, values });
    }) as typeof client.query;
  };
}

/**
 * Kysely's settings, the cache to keep, where the LISTEN connection goes and what it listens to, and the connection for
 * a turn's reads.
 */
type PortalPostgresConfig = PostgresDialectConfig & {
  sessionCache: SessionCache<object>;
  connectionString: string;
  /** `sessionChannel` of the connection's schema. */
  channel: string;
  pipelinedReads: PipelinedReads;
};

/**
 * Kysely's PostgreSQL driver, plus: a write to cached rows adds `pg_notify` to its transaction (delivered to every
 * process at commit) and empties this process's cache when its connection is released (after the commit).
 */
class PortalPostgresDriver extends PostgresDriver {
  readonly #cache: SessionCache<object>;
  readonly #listener: KeptClient;
  readonly #pipelinedReads: PipelinedReads;
  readonly #notify: CompiledQuery;
  readonly #wroteCachedRows = new WeakSet<DatabaseConnection>();

  constructor(config: PortalPostgresConfig) {
    super(config);
    this.#cache = config.sessionCache;
    this.#listener = sessionChangeListener(config.connectionString, config.channel, config.sessionCache);
    this.#notify = CompiledQuery.raw('select pg_notify($1, $2)', [config.channel, '']);
    this.#pipelinedReads = config.pipelinedReads;
  }

  override async init(): Promise<void> {
    await super.init();
    await Promise.all([this.#listener.start(), this.#pipelinedReads.start()]);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    watchCachedRowWrites(connection, async (execute) => {
      this.#wroteCachedRows.add(connection);
      await execute(this.#notify);
    });
    return connection;
  }

  override async releaseConnection(connection: Parameters<PostgresDriver['releaseConnection']>[0]): Promise<void> {
    if (this.#wroteCachedRows.delete(connection)) this.#cache.clear();
    await super.releaseConnection(connection);
  }

  override async destroy(): Promise<void> {
    await Promise.all([this.#listener.stop(), this.#pipelinedReads.stop()]);
    await super.destroy();
  }
}

export class PortalPostgresDialect extends PostgresDialect {
  readonly #config: PortalPostgresConfig;

  constructor(config: PortalPostgresConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new PortalPostgresDriver(this.#config);
  }
}
