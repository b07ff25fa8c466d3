import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';

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

let tableCache: WeakMap<Db, string[]> = new WeakMap();

/** Every table of the database, found by introspection so that tables added later are covered too. */
export async function digestTables(db: Db): Promise<string[]> {
  const cached = tableCache.get(db);
  if (cached) return cached;
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !SKIPPED.has(name))
    .sort();
  tableCache.set(db, tables);
  return tables;
}

/** Forgets the table list (after a migration added tables). */
export function resetDigestCache(): void {
  tableCache = new WeakMap();
}

/**
 * A SHA-256 per table of all its rows (order-independent), so that a refused call can be shown to have changed
 * nothing: compare the digest before and after with `changedTables`.
 */
export async function databaseDigest(db: Db): Promise<Digest> {
  const tables = await digestTables(db);
  // All tables asked for at once: on PostgreSQL they are read side by side on the pool.
  const read = await Promise.all(
    tables.map((table) => sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)),
  );
  const digest: Digest = new Map();
  for (const [index, table] of tables.entries()) {
    const { rows } = read[index]!;
    const volatile = VOLATILE[table] ?? [];
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .filter((k) => !volatile.includes(k))
            .map((k) => [k, row[k]]),
        ),
      )
      .sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    digest.set(table, `${rows.length}:${hash.digest('hex')}`);
  }
  return digest;
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
