import { describe, expect, it } from 'vitest';
import { countReads } from '../../test/count-reads.js';
import { subjectsByLogin } from '../../test/demo-subjects.js';
import { emptyResultsRows, moveResultsVersion } from '../../test/results-rows.js';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { catalogue } from './catalogue.js';
import type { Db } from './connect.js';
import { countDueMandatory } from './courses.js';

const YEAR_MS = 365 * 86_400_000;

/** What the home page's query reads for a person with no additional courses: their results version. */
async function stateRow(db: Db, userId: number) {
  const row = await db
    .selectFrom('results_versions')
    .select('version')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { additional: null, results_version: row?.version ?? null };
}

describe.each(DIALECTS)("the home page's count of mandatory courses due on %s", (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('is remembered only while the assigned courses, the results version and the day stay the same', async () => {
    const db = await databases.open();
    const [anna, karlis] = await subjectsByLogin(db, 'ab1234', 'kz1234');
    const courses = await catalogue(db);
    const now = new Date();
    const count = async (subject = anna!, at = now) =>
      countDueMandatory(db, subject, courses, await stateRow(db, subject.id), at);

    // Demo data: welcome and safe-work never done, data-protection expired, food-hygiene and cash-handling valid.
    expect(await count()).toBe(3);
    // Five years on, the two completions still valid today have expired as well.
    expect(await count(anna, new Date(now.getTime() + 5 * YEAR_MS))).toBe(5);
    expect(await count()).toBe(3);

    // A results row made wrong on purpose, its version as it was: the count is remembered, and no results are read.
    await emptyResultsRows(db, anna!.id);
    const row = await stateRow(db, anna!.id);
    const reads = countReads(db);
    expect(await countDueMandatory(db, anna!, courses, row, now)).toBe(3);
    expect(reads.reads).toBe(0);
    reads.stop();
    // Its version moved on: counted again from the row, where every assigned mandatory course is due.
    await moveResultsVersion(db, anna!.id);
    expect(await count()).toBe(5);

    // Another position has four mandatory courses.
    expect(await count({ ...anna!, position_id: karlis!.position_id })).toBe(4);
    expect(await count(karlis)).toBe(4);
  });
});
