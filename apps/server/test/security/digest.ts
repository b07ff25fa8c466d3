import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../../src/db/connect.js';
import { ownTables } from '../test-env.js';

/**
 * Columns that change without any write of the caller's making: a session's idle clock is moved by merely
 * using it, and sign-in counters count refused sign-ins on purpose. Every other column of every table counts.
 */
const VOLATILE: Record<string, readonly string[]> = {
  sessions: ['last_seen_at', 'expires_at'],
};
/** Tables left out whole: the sign-in counters (checked by the sign-in tests) and Kysely's bookkeeping. */
const SKIPPED = new Set(['login_attempts', 'kysely_migration', 'kysely_migration_lock']);

export type Digest = Map<string, string>;

/** What a digest reads: the tables' names, and one query answering every row of them as `t` (table) and `r` (JSON). */
interface DigestQuery {
  tables: string[];
  rows: RawBuilder<{ t: string; r: string }>;
}

let queryCache: WeakMap<Db, DigestQuery> = new WeakMap();

/** The query of every table of the database, found by introspection so that tables added later are covered too. */
async function digestQuery(db: Db): Promise<DigestQuery> {
  const cached = queryCache.get(db);
  if (cached) return cached;
  const tables = (await ownTables(db)).filter((table) => !SKIPPED.has(table.name));
  const selects = tables.map((table) => {
    const columns = table.columns
      .map((column) => column.name)
      .filter((column) => !(VOLATILE[table.name] ?? []).includes(column))
      .sort();
    const values = sql.join(columns.map((column) => sql.ref(column)));
    const row = isPostgres(db) ? sql`json_build_array(${values})::text` : sql`json_array(${values})`;
    return sql`select ${sql.lit(table.name)} as t, ${row} as r from ${sql.table(table.name)}`;
  });
  const query = {
    tables: tables.map((table) => table.name).sort(),
    rows: sql<{ t: string; r: string }>`${sql.join(selects, sql` union all `)}`,
  };
  queryCache.set(db, query);
  return query;
}

/** Forgets the table list (after a migration added tables). */
export function resetDigestCache(): void {
  queryCache = new WeakMap();
}

/**
 * A SHA-256 per table of all its rows (order-independent), so that a refused call can be shown to have changed
 * nothing: compare the digest before and after with `changedTables`. Every row of every table comes as one JSON text
 * in a single query: the fuzz tests take a digest after each of thousands of calls, and one query per table made the
 * digest most of their time.
 */
export async function databaseDigest(db: Db): Promise<Digest> {
  const query = await digestQuery(db);
  const { rows } = await query.rows.execute(db);
  const lines = new Map<string, string[]>(query.tables.map((table) => [table, []]));
  for (const row of rows) lines.get(row.t)!.push(row.r);
  const digest: Digest = new Map();
  for (const [table, tableLines] of lines) {
    const hash = createHash('sha256');
    for (const line of tableLines.sort()) hash.update(line).update('\n');
    digest.set(table, `${tableLines.length}:${hash.digest('hex')}`);
  }
  return digest;
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
