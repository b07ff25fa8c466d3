import { PostgresAdapter, sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from './connect.js';

/**
 * An aggregate giving a group's rows as one JSON array of arrays, `[[a, b], …]`; read it with `parseJsonRows`.
 * A query answering thousands of small rows spends most of its time in the driver making an object of each row;
 * one JSON text per group, parsed at once, costs a fraction of that.
 */
export function jsonRows(db: Db, columns: Expression<unknown>[]): RawBuilder<unknown> {
  const values = sql.join(columns);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`json_agg(json_build_array(${values}))`
    : sql`json_group_array(json_array(${values}))`;
}

/**
 * The rows of a `jsonRows` aggregate: SQLite answers the JSON text, node-postgres has parsed it already. No rows at
 * all are '[]' on SQLite and null on PostgreSQL.
 */
export function parseJsonRows<T extends unknown[]>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}
