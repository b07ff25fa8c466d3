import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connect.js';

/** The database a handle belongs to: its transactions share their handle's adapter, and nothing else does. */
export const databaseOf = (db: Db): object => db.getExecutor().adapter;

/**
 * A name for the SQL of every `compiledOnce` query: PostgreSQL parses a named statement once per connection and, after
 * a few calls, keeps its plan (db/postgres-dialect.ts), where an unnamed one is parsed and planned on every call.
 */
const statementNames = new Map<string, string>();
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);

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
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `portal_${statementNames.size + 1}`);
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
