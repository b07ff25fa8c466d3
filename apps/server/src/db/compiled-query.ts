import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connect.js';

/** The database a handle belongs to: its transactions share their handle's adapter, and nothing else does. */
export const databaseOf = (db: Db): object => db.getExecutor().adapter;

/**
 * A query that calls make all the time, built and compiled once per database (its transactions included); run it as
 * `{ ...compiled(db), parameters }` to change only its parameters.
 */
export function compiledOnce<R>(build: (db: Db) => Compilable<R>): (db: Db) => CompiledQuery<R> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return (db) => {
    let query = compiled.get(databaseOf(db));
    if (!query) {
      query = build(db).compile();
      compiled.set(databaseOf(db), query);
    }
    return query;
  };
}
