import type { adminRoutes } from '@portal/shared';
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Cell } from '../domain/result-status.js';
import type { Scope } from '../domain/policy.js';
import { userScope } from './admin.js';
import type { Db } from './connect.js';

type GridUser = adminRoutes.GridUser;

/** Which people a grid, a chart or an export covers: the caller's scope, the chosen departments, maybe chosen people. */
export interface Selection {
  scope: Scope;
  departmentIds: number[];
  userIds?: number[];
  /** Store learners' PINs in the rows: only for exports by those who may reset them (audited as exports). */
  pins?: boolean;
}

export function selectionFilter(selection: Selection): Expression<SqlBool> {
  const parts = [userScope(selection.scope)];
  parts.push(
    selection.departmentIds.length > 0
      ? sql<SqlBool>`${sql.ref('users.department_id')} in (${sql.join(selection.departmentIds)})`
      : sql<SqlBool>`1 = 0`,
  );
  if (selection.userIds) {
    parts.push(
      selection.userIds.length > 0
        ? sql<SqlBool>`${sql.ref('users.id')} in (${sql.join(selection.userIds)})`
        : sql<SqlBool>`1 = 0`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * Course aliases assigned to anyone of the selection: the enabled courses of the positions its people hold, plus
 * their additional courses. Asked per position rather than per person, so a country costs what a store does.
 */
export async function assignedAliases(db: Db, selection: Selection): Promise<Set<string>> {
  const filter = selectionFilter(selection);
  const rows = await db
    .selectFrom('course_positions')
    .innerJoin('courses', 'courses.id', 'course_positions.course_id')
    .select('courses.alias as alias')
    .where('courses.status', '=', 'enabled')
    .where('course_positions.position_id', 'in', db.selectFrom('users').select('users.position_id').where(filter))
    .union(
      db
        .selectFrom('additional_courses')
        .innerJoin('users', 'users.id', 'additional_courses.user_id')
        .select('additional_courses.course_alias as alias')
        .where(filter),
    )
    .execute();
  return new Set(rows.map((r) => r.alias));
}

export function usersOf(db: Db, selection: Selection) {
  return db
    .selectFrom('users')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .where(selectionFilter(selection));
}

export function toGridUser(row: {
  id: number;
  login: string;
  name: string;
  surname: string;
  role: string;
  typ: string;
  long_term: number;
  department_alias: string;
  department_label: string;
  position: string | null;
  position_label: string | null;
}): GridUser {
  return {
    ...row,
    role: row.role as GridUser['role'],
    typ: row.typ as GridUser['typ'],
    long_term: row.long_term === 1,
  };
}

/**
 * Assignment and result of each of `userIds` in each of `aliases` (set-based: three queries whatever the size): per
 * person, an array in the order of `aliases`, empty where the course is neither assigned nor has a result. With
 * `completedOnly` results not completed are left out: for a status they read as no result, and grids and exports
 * read a fifth fewer rows.
 */
export async function cellsOf(
  db: Db,
  userIds: number[],
  aliases: string[],
  options: { completedOnly?: boolean } = {},
): Promise<Map<number, (Cell | undefined)[]>> {
  const cells = new Map<number, (Cell | undefined)[]>(userIds.map((id) => [id, new Array(aliases.length)]));
  if (userIds.length === 0 || aliases.length === 0) return cells;
  const column = new Map(aliases.map((alias, index) => [alias, index]));
  const cell = (userId: number, alias: string) => {
    const row = cells.get(userId)!;
    const index = column.get(alias)!;
    return (row[index] ??= { assigned: null, complete: false, finish_time: null });
  };
  const [positioned, additional, results] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('course_positions', 'course_positions.position_id', 'users.position_id')
      .innerJoin('courses', 'courses.id', 'course_positions.course_id')
      .select(['users.id as user_id', 'courses.alias as course_alias'])
      .where('users.id', 'in', userIds)
      .where('courses.status', '=', 'enabled')
      .where('courses.alias', 'in', aliases)
      .execute(),
    db
      .selectFrom('additional_courses')
      .select(['user_id', 'course_alias'])
      .where('user_id', 'in', userIds)
      .where('course_alias', 'in', aliases)
      .execute(),
    db
      .selectFrom('course_results')
      .select(['user_id', 'course_alias', 'complete', 'finish_time'])
      .where('user_id', 'in', userIds)
      .where('course_alias', 'in', aliases)
      .$if(options.completedOnly === true, (query) => query.where('complete', '=', 1))
      .execute(),
  ]);
  for (const row of additional) cell(row.user_id, row.course_alias).assigned = 'additional';
  for (const row of positioned) cell(row.user_id, row.course_alias).assigned = 'position';
  for (const row of results) {
    const target = cell(row.user_id, row.course_alias);
    target.complete = row.complete === 1;
    target.finish_time = row.finish_time;
  }
  return cells;
}
