import type { Compilable, CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from './connect.js';

/** The database a handle belongs to: its transactions share their handle's adapter, and nothing else does. */
export const databaseOf = (db: Db): object => db.getExecutor().adapter;

/** A statement's name, and whether a connection may let it go (see `nameStatements` in db/postgres-dialect.ts). */
export interface StatementName {
  name: string;
  /** A repeated read's, not a `compiledOnce` query's. */
  repeated: boolean;
}

const textSize = (_value: unknown, sql: string) => sql.length;

/**
 * Names for statements' SQL: PostgreSQL parses a named statement once per connection and, after a few calls, keeps its
 * plan (db/postgres-dialect.ts), where an unnamed one is parsed and planned on every call. Every `compiledOnce` query
 * has one for good. So does a read built anew on each call (a results page's, with its lists spelled out) once the
 * same text has come `NAMED_AT` times among the recent ones: planning the store page's statements took a third of
 * their time in the database (docs/benchmarks.md, "The store page on PostgreSQL"), and a text sent once or twice
 * (an export's department of a size of its own) is not worth a connection's memory. Names are never given twice, so a
 * connection can tell a text it prepared from a new one.
 */
export class StatementNames {
  static readonly NAMED_AT = 3;
  readonly #compiled = new Map<string, StatementName>();
  /** The names of the most recent repeated reads, up to some 4 MB of their text. */
  readonly #repeated = new LRUCache<string, StatementName>({ maxSize: 4_000_000, sizeCalculation: textSize });
  /** How often each of the most recent unnamed reads has come, up to some 2 MB of their text. */
  readonly #seen = new LRUCache<string, number>({ maxSize: 2_000_000, sizeCalculation: textSize });
  #given = 0;

  /** Names `compiledOnce` SQL at once. */
  compiled(sql: string): void {
    if (!this.#compiled.has(sql)) this.#compiled.set(sql, { name: this.#next(), repeated: false });
  }

  /** The name to send `sql` under, if it has one: `compiledOnce` SQL, or a read that has come often enough. */
  nameOf(sql: string): StatementName | undefined {
    const known = this.#compiled.get(sql) ?? this.#repeated.get(sql);
    if (known !== undefined || !/^(select|with) /i.test(sql)) return known;
    const times = (this.#seen.get(sql) ?? 0) + 1;
    if (times < StatementNames.NAMED_AT) {
      this.#seen.set(sql, times);
      return undefined;
    }
    this.#seen.delete(sql);
    const named = { name: this.#next(), repeated: true };
    this.#repeated.set(sql, named);
    return named;
  }

  #next(): string {
    this.#given += 1;
    return `portal_${this.#given}`;
  }
}

const statementNames = new StatementNames();
export const statementNameOf = (sql: string): StatementName | undefined => statementNames.nameOf(sql);

/** A query built and compiled once per database; `runCompiled` runs it with new parameters. */
export type CompiledOnce<R> = (db: Db) => CompiledQuery<R>;

/**
 * A query that calls make all the time, built and compiled once per database (its transactions included): building
 * and compiling a query with Kysely costs more than SQLite takes to answer a small one. Constants in it are written
 * as literals (`sql.lit`), so that its only parameters are the ones `runCompiled` passes.
 */
export function compiledOnce<R>(build: (db: Db) => Compilable<R>): CompiledOnce<R> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return (db) => {
    let query = compiled.get(databaseOf(db));
    if (!query) {
      query = build(db).compile();
      compiled.set(databaseOf(db), query);
      statementNames.compiled(query.sql);
    }
    return query;
  };
}

/**
 * Runs a read outside the pool if it can (`PortalSqliteDialect.readAtTurnEnd`, `PipelinedReads.read`), else answers
 * undefined, at once or in the end.
 */
type DirectReader = (sql: string, parameters: readonly unknown[]) => Promise<unknown[] | undefined> | undefined;
const directReaders = new WeakMap<object, DirectReader>();

/** Lets `runCompiled` run reads on `db` (not in its transactions) through `reader` when it can. */
export function attachDirectReader(db: Db, reader: DirectReader): void {
  directReaders.set(databaseOf(db), reader);
}

/** Runs a `compiledOnce` query with these parameters, in the order of its placeholders. */
export async function runCompiled<R>(db: Db, query: CompiledOnce<R>, parameters: readonly unknown[]): Promise<R[]> {
  const compiled = query(db);
  if (compiled.parameters.length !== parameters.length)
    throw new Error(`query takes ${compiled.parameters.length} parameters, got ${parameters.length}: ${compiled.sql}`);
  const reader = db.isTransaction ? undefined : directReaders.get(databaseOf(db));
  const direct = reader?.(compiled.sql, parameters);
  const rows = direct && ((await direct) as R[] | undefined);
  return rows ?? (await db.executeQuery<R>({ ...compiled, parameters })).rows;
}
