import type { CompiledQuery } from 'kysely';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../worker-thread.js';
import type { Db } from './connect.js';
import type { ReaderAnswer, ReaderQuestion, ReaderSetup } from './sqlite-reader-messages.js';

/**
 * A second, read-only connection to a SQLite file on a thread of its own. better-sqlite3 answers on the calling
 * thread, so the server's one connection runs one query at a time on one core; a long read sent here runs beside it.
 * It reads what is committed, as another process would: no transaction of the server's own connection shows in it.
 */
class SqliteReader {
  private thread: Worker | undefined;
  private readonly waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  private nextId = 0;

  constructor(private readonly setup: ReaderSetup) {}

  read<R>(query: CompiledQuery<R>): Promise<R[]> {
    const thread = this.thread ?? this.start();
    const id = this.nextId++;
    if (this.waiting.size === 0) thread.ref();
    const question: ReaderQuestion = { id, sql: query.sql, parameters: query.parameters };
    thread.postMessage(question);
    return new Promise<R[]>((resolve, reject) =>
      this.waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject }),
    );
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    await thread?.terminate();
  }

  private start(): Worker {
    const thread = startWorkerThread('db/sqlite-reader-worker', { workerData: this.setup });
    thread.on('message', (answer: ReaderAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) thread.unref();
      if ('rows' in answer) waiter.resolve(answer.rows);
      else waiter.reject(new Error(answer.failure));
    });
    // A thread that fails takes its questions with it; the next read starts another.
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    thread.on('error', fail);
    thread.on('exit', () => fail(new Error('The second SQLite connection stopped.')));
    thread.unref();
    this.thread = thread;
    return thread;
  }
}

const readers = new WeakMap<Db, SqliteReader>();

/** Gives a SQLite file's Kysely instance its second connection (opened at the first read). */
export function attachSqliteReader(db: Db, setup: ReaderSetup): () => Promise<void> {
  const reader = new SqliteReader(setup);
  readers.set(db, reader);
  return () => reader.close();
}

/**
 * Runs a query that returns rows on the second SQLite connection when `db` has one; otherwise (PostgreSQL, whose
 * pool already runs queries side by side; a transaction, which must see its own changes) on `db` itself.
 */
export async function readBeside<R>(db: Db, query: CompiledQuery<R>): Promise<R[]> {
  const reader = readers.get(db);
  return reader ? reader.read(query) : (await db.executeQuery(query)).rows;
}
