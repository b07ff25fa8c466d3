import { sql, type Expression, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './connect.js';

/**
 * An aggregate giving a group's rows column by column as one JSON array, `[[a1, a2, …], [b1, b2, …]]`; read it with
 * `parseJsonColumns`. A query answering thousands of small rows spends most of its time in the driver making an
 * object of each row; one JSON text per group, parsed at once, costs a fraction of that, and a list per column
 * parses faster than a list per row (a person's 75 results: 7.6 against 11.8 µs). The aggregates of one group see
 * its rows in the same order, so the columns line up.
 */
export function jsonColumns(db: Db, columns: Expression<unknown>[]): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`json_build_array(${sql.join(columns.map((column) => sql`json_agg(${column})`))})`
    : sql`json_array(${sql.join(columns.map((column) => sql`json_group_array(${column})`))})`;
}

/** The columns of a `jsonColumns` aggregate of row type `T`, one list of values each. */
export type JsonColumns<T extends unknown[]> = { [K in keyof T]: T[K][] };

/**
 * The `width` columns of a `jsonColumns` aggregate: SQLite answers the JSON text, node-postgres has parsed it
 * already. A column of no rows is `[]` on SQLite and null on PostgreSQL; here it is `[]` on both.
 */
export function parseJsonColumns<T extends unknown[]>(value: unknown, width: T['length']): JsonColumns<T> {
  const columns = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as (unknown[] | null)[];
  return Array.from({ length: width }, (_, i) => columns[i] ?? []) as JsonColumns<T>;
}
