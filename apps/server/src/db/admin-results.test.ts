import { COURSE_STATUSES, courseStatus } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import {
  cellsOf,
  loadCatalogue,
  resultGrid,
  resultRows,
  resultSummary,
  statusBounds,
  statusOf,
} from './admin-results.js';

describe('statusBounds', () => {
  it('splits finish days exactly where the shared status rule does', () => {
    for (const now of [
      new Date('2026-01-31T08:00:00Z'),
      new Date('2026-03-01T23:59:00Z'),
      new Date('2024-02-29T12:00:00Z'),
    ]) {
      for (const expiration of [0, 1, 6, 12, 24]) {
        const bounds = statusBounds(expiration, now);
        for (let offset = -(expiration * 31 + 60); offset <= 60; offset++) {
          const day = new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
          const expected = courseStatus(
            { assigned: true, complete: true, finishTime: `${day}T12:00:00.000Z`, expiration },
            now,
          ).status;
          const bucket = day < bounds.expiredBefore ? 'expired' : day < bounds.soonBefore ? 'expires-soon' : 'complete';
          expect(`${expiration} ${day} ${bucket}`).toBe(`${expiration} ${day} ${expected}`);
        }
      }
    }
  });
});

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
    // Someone on long-term absence, and an additional course beside the position's ones.
    const [absent, extra] = await db
      .selectFrom('users')
      .select('id')
      .where('country', '=', 'lv')
      .where('typ', '=', 'store_user')
      .orderBy('id')
      .limit(2)
      .execute();
    await db.updateTable('users').set({ long_term: 1 }).where('id', '=', absent!.id).execute();
    const optional = await db
      .selectFrom('courses')
      .select('alias')
      .where('language', '=', 'lv')
      .where('course_type', '=', 'optional')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('additional_courses')
      .values({ user_id: extra!.id, course_alias: optional.alias, added_by: null, added_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();

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

    // The export reads department after department, one ahead: the same people in the grid's order, the same cells.
    const exported = [];
    for await (const row of resultRows(db, selection, grid.courses, now)) exported.push(row);
    expect(new Set(grid.users.map((u) => u.department_alias)).size).toBeGreaterThan(2);
    expect(exported.map((row) => row.user.id)).toEqual(grid.users.map((u) => u.id));
    expect(exported.map((row) => row.cells.map((cell) => cell.status))).toEqual(ruled);

    const expected = new Map<string, Record<string, number>>();
    grid.users.forEach((user, i) => {
      const counts = expected.get(user.department_alias) ?? {
        complete: 0,
        'expires-soon': 0,
        expired: 0,
        incomplete: 0,
      };
      expected.set(user.department_alias, counts);
      if (user.long_term) return;
      for (const status of ruled[i]!) {
        if (status !== 'not_assigned') counts[status]! += 1;
      }
    });
    for (const entry of summary) {
      const counts = expected.get(entry.department_alias) ?? {
        complete: 0,
        'expires-soon': 0,
        expired: 0,
        incomplete: 0,
      };
      expect({ department: entry.department_alias, ...counts }).toEqual({
        department: entry.department_alias,
        complete: entry.complete,
        'expires-soon': entry.expires_soon,
        expired: entry.expired,
        incomplete: entry.incomplete,
      });
    }
    expect(summary.reduce((n, s) => n + s.complete + s.expired + s.expires_soon + s.incomplete, 0)).toBeGreaterThan(0);
  });
});
