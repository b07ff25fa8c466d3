import type { adminRoutes, CourseStatus } from '@portal/shared';
import { cellStatus } from '../domain/result-status.js';
import type { Db } from './connect.js';
import { gridUserColumns } from './admin.js';
import { cellsOf, toGridUser, usersOf, type Selection } from './result-cells.js';

type GridCourse = adminRoutes.GridCourse;
type GridUser = adminRoutes.GridUser;

/**
 * The rows of an export, one department at a time, in the grid's order: memory stays at two departments' people
 * (the one written and the one read ahead) whatever the size of the export.
 */
export async function* resultRows(
  db: Db,
  selection: Selection,
  columns: GridCourse[],
  now: Date,
): AsyncGenerator<{
  user: GridUser;
  cells: { status: CourseStatus; finish_time: string | null }[];
}> {
  const departments = await db
    .selectFrom('departments')
    .select(['id'])
    .where('id', 'in', selection.departmentIds.length > 0 ? selection.departmentIds : [-1])
    .orderBy('label')
    .execute();
  const aliases = columns.map((c) => c.alias);
  const status = cellStatus(columns, now);
  const load = async (departmentId: number) => {
    const rows = await usersOf(db, { ...selection, departmentIds: [departmentId] })
      .select(gridUserColumns(selection.pins === true))
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
    const cells = await cellsOf(
      db,
      rows.map((r) => r.id),
      aliases,
      { completedOnly: true },
    );
    return { rows, cells };
  };
  // The next department is read while this one's rows are written: on PostgreSQL the two overlap.
  let next = departments[0] ? load(departments[0].id) : undefined;
  for (let index = 0; next; index++) {
    const { rows, cells } = await next;
    const following = departments[index + 1];
    next = following ? load(following.id) : undefined;
    // A download cut short leaves the read ahead unawaited; its failure is of no interest then.
    next?.catch(() => undefined);
    for (const row of rows) {
      const user = toGridUser(row);
      yield {
        user,
        cells: columns.map((_course, column) => {
          const cell = cells.get(user.id)?.[column];
          return { status: status(cell, column), finish_time: cell?.complete ? cell.finish_time : null };
        }),
      };
    }
  }
}

export const BUNDLE_STATES = ['not_assigned', 'not_seen', 'seen', 'complete'] as const;
export type BundleState = (typeof BUNDLE_STATES)[number];

export async function bundlesOf(db: Db, kind: 'cma' | 'instruction', countries: 'all' | string[]) {
  let query = db
    .selectFrom('bundles')
    .select(['id', 'country', 'category_name', 'mandatory'])
    .where('kind', '=', kind)
    .orderBy('country')
    .orderBy('sort_order')
    .orderBy('id');
  if (countries !== 'all') query = query.where('country', 'in', countries.length > 0 ? countries : ['-']);
  return query.execute();
}

/** Export rows of bundle progress, one department at a time. */
export async function* bundleRows(
  db: Db,
  selection: Selection,
  bundleIds: number[],
): AsyncGenerator<{ user: GridUser; cells: { state: BundleState; completed_at: string | null }[] }> {
  const departments = await db
    .selectFrom('departments')
    .select(['id'])
    .where('id', 'in', selection.departmentIds.length > 0 ? selection.departmentIds : [-1])
    .orderBy('label')
    .execute();
  for (const department of departments) {
    const rows = await usersOf(db, { ...selection, departmentIds: [department.id] })
      .select(gridUserColumns(selection.pins === true))
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
    const ids = rows.map((r) => r.id);
    const [assigned, progress] =
      ids.length === 0 || bundleIds.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .selectFrom('users')
              .innerJoin('bundle_positions', 'bundle_positions.position_id', 'users.position_id')
              .select(['users.id as user_id', 'bundle_positions.bundle_id'])
              .where('users.id', 'in', ids)
              .where('bundle_positions.bundle_id', 'in', bundleIds)
              .execute(),
            db
              .selectFrom('bundle_progress')
              .select(['user_id', 'bundle_id', 'seen', 'complete', 'completed_at'])
              .where('user_id', 'in', ids)
              .where('bundle_id', 'in', bundleIds)
              .execute(),
          ]);
    const isAssigned = new Set(assigned.map((a) => `${a.user_id}:${a.bundle_id}`));
    const byKey = new Map(progress.map((p) => [`${p.user_id}:${p.bundle_id}`, p]));
    for (const row of rows) {
      yield {
        user: toGridUser(row),
        cells: bundleIds.map((bundleId) => {
          const key = `${row.id}:${bundleId}`;
          const p = byKey.get(key);
          const state: BundleState =
            p?.complete === 1 ? 'complete' : p?.seen === 1 ? 'seen' : isAssigned.has(key) ? 'not_seen' : 'not_assigned';
          return { state, completed_at: p?.complete === 1 ? p.completed_at : null };
        }),
      };
    }
  }
}
