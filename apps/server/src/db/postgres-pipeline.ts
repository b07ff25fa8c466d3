import pg from 'pg';
import { statementNameOf } from './compiled-query.js';
import { KeptClient } from './postgres-kept-client.js';

/**
 * Whether a read failed because its connection went (a connection exception, an administrator's or a crash's
 * shutdown, or no answer from the server at all) rather than because of its statement.
 */
const connectionLost = (error: unknown): boolean =>
  !(error instanceof pg.DatabaseError) || /^(08|57P)/.test(error.code ?? '');

/** How the connection shows in `pg_stat_activity`. */
export const PIPELINE_APPLICATION_NAME = 'portal turn reads';

/**
 * The compiled reads that calls ask for in one turn of the event loop, written to PostgreSQL together on one pipelined
 * connection at the turn's end: one send, and one wake-up of the database, for all of them. On a pooled connection
 * each read was a send and a wake-up of its own, which cost the server more than the query (docs/benchmarks.md,
 * "A turn's reads in one send on PostgreSQL"). Each read is still a statement and an implicit transaction of its own
 * (a Sync after each), so one that fails fails alone. Only plain `select`s come here: a write goes through the driver,
 * which announces writes to cached rows. While the connection is not up, `read` answers undefined and the call takes
 * the pool's way; so do the reads under way when it is lost.
 */
export class PipelinedReads {
  readonly #connection: KeptClient;
  #corked = false;

  constructor(config: pg.ClientConfig) {
    this.#connection = new KeptClient({ ...config, application_name: PIPELINE_APPLICATION_NAME, pipeline: true });
  }

  start(): Promise<void> {
    return this.#connection.start();
  }

  stop(): Promise<void> {
    return this.#connection.stop();
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[] | undefined> | undefined {
    const client = this.#connection.client;
    if (!client || !/^select /i.test(sql)) return undefined;
    if (!this.#corked) {
      // Each query corks and uncorks the socket around its messages; held corked until the turn ends, they go out in
      // one write.
      const stream = client.connection.stream;
      stream.cork();
      this.#corked = true;
      setImmediate(() => {
        this.#corked = false;
        stream.uncork();
      });
    }
    const name = statementNameOf(sql)?.name;
    // node-postgres reads the values and keeps them unchanged; its type asks for a mutable array.
    const values = parameters as unknown[];
    return client.query(name ? { name, text: sql, values } : { text: sql, values }).then(
      (result) => result.rows,
      (error: unknown) => {
        if (connectionLost(error)) return undefined;
        throw error;
      },
    );
  }
}
