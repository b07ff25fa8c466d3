import { sql, type Kysely } from 'kysely';
import type { Dialect, PortalMigration } from './index.js';

/** A person's results as JSON text, `[[course_alias, complete, finish_time], …]`, in each dialect's functions. */
const RESULTS_JSON: Record<Dialect, string> = {
  sqlite: 'json_group_array(json_array(course_alias, complete, finish_time))',
  postgres: 'json_agg(json_build_array(course_alias, complete, finish_time))::text',
};

/** Replaces the row of `person` with their results as they are now, or removes it when they have none. */
const refresh = (dialect: Dialect, person: string) =>
  `delete from results_by_person where user_id = ${person};
   insert into results_by_person (user_id, results)
     select ${person}, ${RESULTS_JSON[dialect]} from course_results where user_id = ${person} having count(*) > 0;`;

/** Only a change of what the row holds refreshes it: the SCORM state saved on every commit does not. */
const RESULT_CHANGED =
  'old.course_alias is not new.course_alias or old.complete is not new.complete or old.finish_time is not new.finish_time';

const SQLITE_TRIGGERS: Record<string, string> = {
  results_by_person_insert: `after insert on course_results begin ${refresh('sqlite', 'new.user_id')} end`,
  results_by_person_delete: `after delete on course_results begin ${refresh('sqlite', 'old.user_id')} end`,
  results_by_person_update: `after update of course_alias, complete, finish_time on course_results
    when ${RESULT_CHANGED} begin ${refresh('sqlite', 'new.user_id')} end`,
  results_by_person_move: `after update of user_id on course_results when old.user_id is not new.user_id
    begin ${refresh('sqlite', 'old.user_id')} ${refresh('sqlite', 'new.user_id')} end`,
};

/**
 * PostgreSQL: the person's row in `users` is locked first, so that two transactions writing one person's results
 * refresh the row one after the other, the second with what the first committed (each statement of a plpgsql function
 * reads with a new snapshot).
 */
const POSTGRES_FUNCTIONS = [
  `create function refresh_results_by_person(person integer) returns void language plpgsql as $$
  begin
    perform 1 from users where id = person for no key update;
    ${refresh('postgres', 'person')}
  end $$`,
  `create function course_results_by_person() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform refresh_results_by_person(new.user_id);
    elsif tg_op = 'DELETE' then
      perform refresh_results_by_person(old.user_id);
    elsif old.user_id is distinct from new.user_id then
      perform refresh_results_by_person(old.user_id);
      perform refresh_results_by_person(new.user_id);
    elsif ${RESULT_CHANGED.replaceAll(' is not ', ' is distinct from ')} then
      perform refresh_results_by_person(new.user_id);
    end if;
    return null;
  end $$`,
];

/** Starts keeping `results_by_person` up to date with every write to `course_results`. */
export async function createResultsByPersonTriggers<DB>(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create trigger results_by_person after insert or delete or update of user_id, course_alias, complete,
         finish_time on course_results for each row execute function course_results_by_person()`,
      )
      .execute(db);
    return;
  }
  for (const [name, body] of Object.entries(SQLITE_TRIGGERS))
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
}

export async function dropResultsByPersonTriggers<DB>(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql.raw('drop trigger results_by_person on course_results').execute(db);
    return;
  }
  for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger ${name}`).execute(db);
}

/** Every person's row from `course_results` as it is: after the migration, and after a bulk insert without triggers. */
export async function fillResultsByPerson<DB>(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  await sql.raw('delete from results_by_person').execute(db);
  await sql
    .raw(
      `insert into results_by_person (user_id, results)
       select user_id, ${RESULTS_JSON[dialect]} from course_results group by user_id`,
    )
    .execute(db);
}

/**
 * Each person's results as one row of JSON text, kept by triggers on `course_results`: a person's own course list
 * (`course_progress`) answers it as it is. Aggregating some 75 results per call was most of that call's database time
 * (17–22 µs against 3–4 µs for the row, on the bench's data set).
 */
export const resultsByPerson: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('results_by_person')
      .addColumn('user_id', 'integer', (c) => c.primaryKey())
      .addColumn('results', 'text', (c) => c.notNull())
      .execute();
    if (dialect === 'postgres') for (const statement of POSTGRES_FUNCTIONS) await sql.raw(statement).execute(db);
    await fillResultsByPerson(db, dialect);
    await createResultsByPersonTriggers(db, dialect);
  },
  async down(db: Kysely<unknown>) {
    await dropResultsByPersonTriggers(db, dialect);
    if (dialect === 'postgres') {
      await sql.raw('drop function course_results_by_person()').execute(db);
      await sql.raw('drop function refresh_results_by_person(integer)').execute(db);
    }
    await db.schema.dropTable('results_by_person').execute();
  },
});
