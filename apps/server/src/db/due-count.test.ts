import { describe, expect, it } from 'vitest';
import { subjectsByLogin } from '../../test/demo-subjects.js';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { catalogue } from './catalogue.js';
import { countDueMandatory } from './courses.js';

const YEAR_MS = 365 * 86_400_000;

describe.each(DIALECTS)("the home page's count of mandatory courses due on %s", (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('is remembered only while the assigned courses, the results row and the day stay the same', async () => {
    const db = await databases.open();
    const [anna, karlis] = await subjectsByLogin(db, 'ab1234', 'kz1234');
    const courses = await catalogue(db);
    const { results } = await db
      .selectFrom('results_by_person')
      .select('results')
      .where('user_id', '=', anna!.id)
      .executeTakeFirstOrThrow();
    const row = (text: string | null) => ({ additional: null, results: text });
    const now = new Date();

    // Demo data: welcome and safe-work never done, data-protection expired, food-hygiene and cash-handling valid.
    expect(countDueMandatory(anna!, courses, row(results), now)).toBe(3);
    // The next read gives the same text as another string.
    expect(countDueMandatory(anna!, courses, row(` ${results}`.slice(1)), now)).toBe(3);
    // Five years on, the two completions still valid today have expired as well.
    expect(countDueMandatory(anna!, courses, row(results), new Date(now.getTime() + 5 * YEAR_MS))).toBe(5);
    expect(countDueMandatory(anna!, courses, row(results), now)).toBe(3);
    // No results: every assigned mandatory course is due; another position has four of them.
    expect(countDueMandatory(anna!, courses, row(null), now)).toBe(5);
    const otherPosition = { ...anna!, position_id: karlis!.position_id };
    expect(countDueMandatory(otherPosition, courses, row(null), now)).toBe(4);
    expect(countDueMandatory(karlis!, courses, row(null), now)).toBe(4);
    expect(countDueMandatory(anna!, courses, row(null), now)).toBe(5);
  });
});
