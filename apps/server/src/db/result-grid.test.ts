import type { adminRoutes, CourseStatus } from '@portal/shared';
import { COURSE_STATUSES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { subjectsByLogin } from '../../test/demo-subjects.js';
import { DIALECTS, demoDatabasePerTest, describeEachDatabase } from '../../test/test-env.js';
import { statusOf } from '../domain/result-status.js';
import type { Db } from './connect.js';
import { recordCompletion } from './course-progress.js';
import { cellsOf, type Selection } from './result-cells.js';
import { loadCatalogue, type CatalogueCourse } from './result-columns.js';
import { resultRows } from './result-exports.js';
import { resultGrid, resultSummary } from './result-grid.js';

type ResultSummary = adminRoutes.ResultSummary;

type Counts = Record<'complete' | 'expires-soon' | 'expired' | 'incomplete', number>;
const noCounts = (): Counts => ({ complete: 0, 'expires-soon': 0, expired: 0, incomplete: 0 });

/** The chart's counts per department, as the summary gives them. */
function countsOf(summary: ResultSummary[]): Map<string, Counts> {
  return new Map(
    summary.map((entry) => [
      entry.department_alias,
      {
        complete: entry.complete,
        'expires-soon': entry.expires_soon,
        expired: entry.expired,
        incomplete: entry.incomplete,
      },
    ]),
  );
}

/** The chart's counts per department from the people's statuses cell by cell, long-term absences left out. */
function expectedCounts(
  departments: string[],
  users: { department_alias: string; long_term: boolean }[],
  ruled: CourseStatus[][],
) {
  const expected = new Map(departments.map((alias) => [alias, noCounts()]));
  users.forEach((user, i) => {
    const counts = expected.get(user.department_alias)!;
    if (user.long_term) return;
    for (const status of ruled[i]!) if (status !== 'not_assigned') counts[status] += 1;
  });
  return expected;
}

/** A country's departments as a manager of the country selects them all. */
async function countrySelection(db: Db, country: string) {
  const departments = await db.selectFrom('departments').select('id').where('country', '=', country).execute();
  return { scope: { kind: 'country' as const, country }, departmentIds: departments.map((d) => d.id) };
}

describeEachDatabase('result summary', (env) => {
  it("counts, per department, the statuses of the grid's assigned cells of people present", async () => {
    const { db } = env();
    const departments = await db
      .selectFrom('departments')
      .select(['id', 'alias'])
      .where('country', '=', 'lv')
      .execute();
    const selection = {
      scope: { kind: 'country' as const, country: 'lv' },
      departmentIds: departments.map((d) => d.id),
    };
    // Someone on long-term absence, and two people with an additional course their position does not bring: one
    // not done, one finished.
    const [absent, ...others] = await db
      .selectFrom('users')
      .select(['id', 'position_id'])
      .where('country', '=', 'lv')
      .where('typ', '=', 'store_user')
      .orderBy('id')
      .execute();
    await db.updateTable('users').set({ long_term: 1 }).where('id', '=', absent!.id).execute();
    const notByPosition = (person: { position_id: number | null }) =>
      db
        .selectFrom('courses')
        .selectAll()
        .where('language', '=', 'lv')
        .where('status', '=', 'enabled')
        .where('id', 'not in', (qb) =>
          qb.selectFrom('course_positions').select('course_id').where('position_id', '=', person.position_id!),
        )
        .orderBy('alias')
        .executeTakeFirst();
    const candidates = await Promise.all(
      others.map(async (person) => ({ person, course: await notByPosition(person) })),
    );
    const additional = candidates.flatMap(({ person, course }) => (course ? [{ person, course }] : [])).slice(0, 2);
    expect(additional).toHaveLength(2);
    await db
      .insertInto('additional_courses')
      .values(
        additional.map(({ person, course }) => ({
          user_id: person.id,
          course_alias: course.alias,
          added_by: null,
          added_at: new Date().toISOString(),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await recordCompletion(db, { userId: additional[1]!.person.id, course: additional[1]!.course, source: 'import' });

    const now = new Date();
    const columns = await loadCatalogue(db, { countries: ['lv'], lang: 'lv', order: 'office' });
    const grid = await resultGrid(db, selection, { columns, offset: 0, limit: 500, now, pruneColumns: false });
    const summary = await resultSummary(db, selection, columns, now);
    expect(grid.total).toBe(grid.users.length);

    // The expected statuses come from the shared rule itself, cell by cell: the grid and the chart must agree with it.
    const cells = await cellsOf(
      db,
      grid.users.map((u) => u.id),
      grid.courses.map((c) => c.alias),
    );
    const ruled = grid.users.map((user) =>
      grid.courses.map((course, column) => statusOf(cells.get(user.id)?.[column], course, now).status),
    );
    expect(grid.statuses.map((row) => row.map((code) => COURSE_STATUSES[code]))).toEqual(ruled);
    expect(new Set(ruled.flat())).toEqual(new Set(COURSE_STATUSES));
    const ruledFor = ({ person, course }: (typeof additional)[number]) =>
      ruled[grid.users.findIndex((u) => u.id === person.id)]![grid.courses.findIndex((c) => c.alias === course.alias)];
    expect(additional.map(ruledFor)).toEqual(['incomplete', 'complete']);

    // The export reads department after department, one ahead: the same people in the grid's order, the same cells.
    const exported = [];
    for await (const row of resultRows(db, selection, grid.courses, now)) exported.push(row);
    expect(new Set(grid.users.map((u) => u.department_alias)).size).toBeGreaterThan(2);
    expect(exported.map((row) => row.user.id)).toEqual(grid.users.map((u) => u.id));
    expect(exported.map((row) => row.cells.map((cell) => cell.status))).toEqual(ruled);

    expect(countsOf(summary)).toEqual(
      expectedCounts(
        departments.map((d) => d.alias),
        grid.users,
        ruled,
      ),
    );
    expect(summary.reduce((n, s) => n + s.complete + s.expired + s.expires_soon + s.incomplete, 0)).toBeGreaterThan(0);
  });
});

/** The chart's counts per department worked out cell by cell with the shared status rule, as of `now`. */
async function ruledCounts(db: Db, selection: Selection, columns: CatalogueCourse[], now: Date) {
  const [departments, users] = await Promise.all([
    db.selectFrom('departments').select('alias').where('id', 'in', selection.departmentIds).execute(),
    db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.id', 'users.long_term', 'departments.alias as department_alias'])
      .where('users.department_id', 'in', selection.departmentIds)
      .execute(),
  ]);
  const cells = await cellsOf(
    db,
    users.map((u) => u.id),
    columns.map((c) => c.alias),
  );
  const ruled = users.map((user) =>
    columns.map((course, column) => statusOf(cells.get(user.id)?.[column], course, now).status),
  );
  return expectedCounts(
    departments.map((d) => d.alias),
    users.map((user) => ({ department_alias: user.department_alias, long_term: user.long_term === 1 })),
    ruled,
  );
}

describe.each(DIALECTS)("a country's chart on %s", (dialect) => {
  const databases = demoDatabasePerTest(dialect);
  /** Latvia's chart of its courses on a new demo database, as of `at` (now unless given). */
  const latviasChart = async () => {
    const db = await databases.open();
    const selection = await countrySelection(db, 'lv');
    const columns = await loadCatalogue(db, { countries: ['lv'], lang: 'lv', order: 'office' });
    const now = new Date();
    const chart = async (at = now) => countsOf(await resultSummary(db, selection, columns, at));
    return { db, selection, columns, now, chart };
  };

  it('follows changes to people, results, positions, the catalogue and the day', async () => {
    const { db, selection, columns, now, chart } = await latviasChart();
    const expectRuled = async (at = now) =>
      expect(await chart(at)).toEqual(await ruledCounts(db, selection, columns, at));
    await expectRuled();

    // Demo data: Anna never did 'welcome'. Finished now, written as a script would: her department counts it.
    const [anna, karlis] = await subjectsByLogin(db, 'ab1234', 'kz1234');
    const lvVersion = async (alias: string) =>
      db
        .selectFrom('courses')
        .selectAll()
        .where('alias', '=', alias)
        .where('language', '=', 'lv')
        .executeTakeFirstOrThrow();
    const before = await chart();
    await recordCompletion(db, { userId: anna!.id, course: await lvVersion('welcome'), source: 'import', now });
    const after = await chart();
    expect(after).not.toEqual(before);
    await expectRuled();

    // Anna and Līga, of one store, swap positions: who holds which position counts.
    const [liga] = await subjectsByLogin(db, 'lo1234');
    await db.updateTable('users').set({ position_id: liga!.position_id }).where('id', '=', anna!.id).execute();
    await db.updateTable('users').set({ position_id: anna!.position_id }).where('id', '=', liga!.id).execute();
    await expectRuled();

    // Anna takes Kārlis's position; she moves to his store; he goes on long-term absence; then that position no
    // longer has one of its courses.
    await db.updateTable('users').set({ position_id: karlis!.position_id }).where('id', '=', anna!.id).execute();
    await expectRuled();
    const karlisStore = db.selectFrom('users').select('department_id').where('id', '=', karlis!.id);
    await db.updateTable('users').set({ department_id: karlisStore }).where('id', '=', anna!.id).execute();
    await expectRuled();
    await db.updateTable('users').set({ long_term: 1 }).where('id', '=', karlis!.id).execute();
    await expectRuled();
    const beforeUnassigned = await chart();
    await db
      .deleteFrom('course_positions')
      .where('position_id', '=', karlis!.position_id!)
      .where('course_id', 'in', db.selectFrom('courses').select('id').where('alias', '=', 'safe-work'))
      .execute();
    expect(await chart()).not.toEqual(beforeUnassigned);
    await expectRuled();

    // Five years on every completion of a course that expires has expired; then back to today.
    const later = new Date(now.getTime() + 5 * 365 * 86_400_000);
    expect(await chart(later)).not.toEqual(await chart());
    await expectRuled(later);
    await expectRuled();
  });
});
