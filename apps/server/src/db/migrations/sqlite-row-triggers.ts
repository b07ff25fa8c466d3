import { sql, type Kysely } from 'kysely';

const WRITES = ['insert', 'update', 'delete'] as const;

/** The name of the SQLite trigger `createRowTriggers` makes for one table and kind of write. */
type TriggerName = (table: string, write: (typeof WRITES)[number]) => string;

/** SQLite triggers running `body` after every insert, update and delete on each of `tables`. */
export async function createRowTriggers(
  db: Kysely<unknown>,
  tables: readonly string[],
  name: TriggerName,
  body: string,
): Promise<void> {
  for (const table of tables)
    for (const write of WRITES)
      await sql.raw(`create trigger ${name(table, write)} after ${write} on ${table} begin ${body}; end`).execute(db);
}

export async function dropRowTriggers(
  db: Kysely<unknown>,
  tables: readonly string[],
  name: TriggerName,
): Promise<void> {
  for (const table of tables)
    for (const write of WRITES) await sql.raw(`drop trigger ${name(table, write)}`).execute(db);
}
