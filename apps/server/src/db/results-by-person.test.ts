import type { Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyResultsRows } from '../../test/results-rows.js';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import type { Db } from './connect.js';
import type { CourseResultsTable } from './schema.js';

type Result = [alias: string, complete: number, finishTime: string | null];
const byAlias = (a: Result, b: Result) => a[0].localeCompare(b[0]);

/** Each person's row as the triggers left it. */
async function kept(db: Db): Promise<Map<number, Result[]>> {
  const rows = await db.selectFrom('results_by_person').selectAll().execute();
  return new Map(rows.map((row) => [row.user_id, (JSON.parse(row.results) as Result[]).sort(byAlias)]));
}

/** Each person's results as `course_results` holds them now. */
async function actual(db: Db): Promise<Map<number, Result[]>> {
  const rows = await db
    .selectFrom('course_results')
    .select(['user_id', 'course_alias', 'complete', 'finish_time'])
    .execute();
  const people = new Map<number, Result[]>();
  for (const row of rows) {
    const results = people.get(row.user_id) ?? [];
    results.push([row.course_alias, row.complete, row.finish_time]);
    people.set(row.user_id, results);
  }
  for (const results of people.values()) results.sort(byAlias);
  return people;
}

const result = (userId: number, alias: string, complete = 0, finishTime: string | null = null) => ({
  user_id: userId,
  course_alias: alias,
  attempt: 1,
  complete,
  finish_time: finishTime,
  updated_at: new Date().toISOString(),
});

describe.each(DIALECTS)('results_by_person on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  async function twoPeople(db: Db) {
    const [first, second] = await db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
    const aliases = (await db.selectFrom('courses').select('alias').distinct().orderBy('alias').execute()).map(
      (c) => c.alias,
    );
    return { a: first!.id, b: second!.id, aliases };
  }

  it("keeps each person's results as they are written, changed, moved and deleted", async () => {
    const db = await databases.open();
    const seeded = await kept(db);
    expect(seeded.size).toBeGreaterThan(0);
    expect(seeded).toEqual(await actual(db));

    const { a, b, aliases } = await twoPeople(db);
    await db.deleteFrom('course_results').where('user_id', 'in', [a, b]).execute();
    expect((await kept(db)).has(a)).toBe(false);

    await db
      .insertInto('course_results')
      .values([result(a, aliases[0]!), result(a, aliases[1]!, 1, '2026-01-05T10:00:00.000Z')])
      .execute();
    expect((await kept(db)).get(a)).toEqual([
      [aliases[0], 0, null],
      [aliases[1], 1, '2026-01-05T10:00:00.000Z'],
    ]);

    /** Changes person a's results: all of them, or the one of `alias`. */
    const changeResults = (values: Updateable<CourseResultsTable>, alias?: string) =>
      db
        .updateTable('course_results')
        .set(values)
        .where('user_id', '=', a)
        .$if(alias !== undefined, (query) => query.where('course_alias', '=', alias!))
        .execute();

    await changeResults({ complete: 1, finish_time: '2026-02-01T09:00:00.000Z' }, aliases[0]);
    expect((await kept(db)).get(a)?.[0]).toEqual([aliases[0], 1, '2026-02-01T09:00:00.000Z']);

    // Saving the SCORM state alone leaves the row as it is: shown by a row made wrong on purpose.
    await emptyResultsRows(db, a);
    await changeResults({ suspend_data: 'page 3', complete: 1 });
    expect((await kept(db)).get(a)).toEqual([]);
    await changeResults({ finish_time: null }, aliases[1]);
    expect((await kept(db)).get(a)).toEqual([
      [aliases[0], 1, '2026-02-01T09:00:00.000Z'],
      [aliases[1], 1, null],
    ]);

    await changeResults({ user_id: b }, aliases[0]);
    expect((await kept(db)).get(a)).toEqual([[aliases[1], 1, null]]);
    expect((await kept(db)).get(b)).toEqual([[aliases[0], 1, '2026-02-01T09:00:00.000Z']]);

    await db.deleteFrom('course_results').where('user_id', '=', a).execute();
    expect((await kept(db)).has(a)).toBe(false);
    await db.deleteFrom('users').where('id', '=', b).execute();
    expect((await kept(db)).has(b)).toBe(false);
    expect(await kept(db)).toEqual(await actual(db));
  });

  it("moves a person's results version on whenever their row changes, and never gives them a number twice", async () => {
    const db = await databases.open();
    const { a, b, aliases } = await twoPeople(db);
    const seen = { [a]: [] as number[], [b]: [] as number[] };
    /** Each person's version now, added to what `seen` holds of them. */
    const versions = async () => {
      const rows = await db.selectFrom('results_versions').selectAll().where('user_id', 'in', [a, b]).execute();
      for (const row of rows) seen[row.user_id]!.push(row.version);
    };
    const moved = (person: number) => {
      const [before, after] = seen[person]!.slice(-2);
      return after! > before!;
    };

    await db.deleteFrom('course_results').where('user_id', 'in', [a, b]).execute();
    await db
      .insertInto('course_results')
      .values([result(a, aliases[0]!), result(b, aliases[1]!)])
      .execute();
    await versions();
    await db.updateTable('course_results').set({ suspend_data: 'page 2' }).where('user_id', '=', a).execute();
    await versions();
    expect([moved(a), moved(b)]).toEqual([false, false]);
    await db.updateTable('course_results').set({ complete: 1 }).where('user_id', '=', a).execute();
    await versions();
    expect([moved(a), moved(b)]).toEqual([true, false]);
    await db.updateTable('course_results').set({ user_id: b }).where('user_id', '=', a).execute();
    await versions();
    expect([moved(a), moved(b)]).toEqual([true, true]);
    expect((await kept(db)).has(a)).toBe(false);
    await db.insertInto('course_results').values(result(a, aliases[0]!)).execute();
    await versions();
    expect([moved(a), moved(b)]).toEqual([true, false]);
    await db.deleteFrom('course_results').execute();
    await versions();
    expect([moved(a), moved(b)]).toEqual([true, true]);
    // All their results gone, and back as they were: still a number neither was given before.
    await db
      .insertInto('course_results')
      .values([result(a, aliases[0]!), result(b, aliases[1]!)])
      .execute();
    await versions();
    for (const person of [a, b]) {
      expect(moved(person)).toBe(true);
      expect(seen[person]).toEqual([...seen[person]!].sort((x, y) => x - y));
    }
  });

  it.runIf(dialect === 'postgres')(
    "refreshes a person's row with what an earlier transaction committed when two write at once",
    async () => {
      const db = await databases.open();
      const { a, aliases } = await twoPeople(db);
      await db.deleteFrom('course_results').where('user_id', '=', a).execute();
      let commitFirst!: () => void;
      const firstWaits = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstInserted!: () => void;
      const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
      const first = db.transaction().execute(async (trx) => {
        await trx.insertInto('course_results').values(result(a, aliases[0]!)).execute();
        firstInserted();
        await firstWaits;
      });
      await inserted;
      const second = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('course_results')
          .values(result(a, aliases[1]!, 1, '2026-03-01T08:00:00.000Z'))
          .execute();
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      commitFirst();
      await Promise.all([first, second]);
      expect((await kept(db)).get(a)).toEqual([
        [aliases[0], 0, null],
        [aliases[1], 1, '2026-03-01T08:00:00.000Z'],
      ]);
    },
  );
});
