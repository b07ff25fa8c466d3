import { sql, type Kysely } from 'kysely';
import type { PortalMigration } from './index.js';

/** Moves the version of `person`'s results on: 1 for their first row, one more on every change after it. */
const bump = (person: string) =>
  `insert into results_versions (user_id, version) values (${person}, 1)
   on conflict (user_id) do update set version = results_versions.version + 1;`;

const SQLITE_TRIGGERS: Record<string, string> = {
  results_versions_insert: `after insert on results_by_person begin ${bump('new.user_id')} end`,
  results_versions_delete: `after delete on results_by_person begin ${bump('old.user_id')} end`,
};

const POSTGRES_FUNCTION = `create function results_by_person_version() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${bump('new.user_id')}
    else
      ${bump('old.user_id')}
    end if;
    return null;
  end $$`;

/**
 * A number per person that moves on whenever their `results_by_person` row changes (the triggers of migration 0008
 * replace it: a delete, then an insert), kept by triggers on that table. What a process made from a person's results
 * (their list's fields, their due count) is remembered with it, so that a call reads the number instead of the results
 * (3–5 KB a person). Rows are never deleted, so that a number is never given twice to one person, not even after all
 * their results went and came back.
 */
export const resultsVersion: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('results_versions')
      .addColumn('user_id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into results_versions (user_id, version) select user_id, 1 from results_by_person`.execute(db);
    if (dialect === 'postgres') {
      await sql.raw(POSTGRES_FUNCTION).execute(db);
      await sql
        .raw(
          `create trigger results_versions after insert or delete on results_by_person
           for each row execute function results_by_person_version()`,
        )
        .execute(db);
      return;
    }
    for (const [name, body] of Object.entries(SQLITE_TRIGGERS))
      await sql.raw(`create trigger ${name} ${body}`).execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql.raw('drop trigger results_versions on results_by_person').execute(db);
      await sql.raw('drop function results_by_person_version()').execute(db);
    } else {
      for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger ${name}`).execute(db);
    }
    await db.schema.dropTable('results_versions').execute();
  },
});
