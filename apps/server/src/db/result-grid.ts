import type { adminRoutes } from '@portal/shared';
import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import { cellStatus, statusBounds, statusCode } from '../domain/result-status.js';
import { gridUserColumns } from './admin.js';
import type { Db } from './connect.js';
import type { CatalogueCourse } from './result-columns.js';
import { assignedAliases, cellsOf, selectionFilter, toGridUser, usersOf, type Selection } from './result-cells.js';

type GridCourse = adminRoutes.GridCourse;
type ResultGrid = adminRoutes.ResultGrid;
type ResultSummary = adminRoutes.ResultSummary;

/** One page of a result grid, and on the first page the chart's summary per department. */
export async function resultGrid(
  db: Db,
  selection: Selection,
  options: { columns: CatalogueCourse[]; offset: number; limit: number; now: Date; pruneColumns: boolean },
): Promise<ResultGrid> {
  let columns = options.columns;
  if (options.pruneColumns) {
    const assigned = await assignedAliases(db, selection);
    columns = columns.filter((c) => assigned.has(c.alias));
  }
  const firstPage = options.offset === 0;
  const [rows, count] = await Promise.all([
    usersOf(db, selection)
      .select(gridUserColumns(selection.pins === true))
      .orderBy('departments.label')
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    // The first page's summary counts everyone of the selection anyway.
    firstPage
      ? null
      : usersOf(db, selection)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
  ]);
  const users = rows.map(toGridUser);
  const aliases = columns.map((c) => c.alias);
  const cells = await cellsOf(
    db,
    users.map((u) => u.id),
    aliases,
    { completedOnly: true },
  );
  const status = cellStatus(columns, options.now);
  const statuses = users.map((user) =>
    columns.map((_course, column) => statusCode(status(cells.get(user.id)?.[column], column))),
  );
  const summary = firstPage ? await resultSummary(db, selection, columns, options.now) : null;
  return {
    courses: columns.map(({ alias, name, course_type, expiration }) => ({ alias, name, course_type, expiration })),
    users,
    statuses,
    total: summary ? summary.reduce((people, department) => people + department.people, 0) : Number(count?.n ?? 0),
    offset: options.offset,
    limit: options.limit,
    summary,
  };
}

/**
 * Per department: the assigned results of the given courses by status, people on long-term absence left out.
 * Counted in SQL per position and by status (each course's status bounds travel with the query), so a whole country
 * costs a pass over its results rather than a row per person and course: everything assigned that is not complete,
 * expiring or expired is incomplete.
 */
export async function resultSummary(
  db: Db,
  selection: Selection,
  columns: GridCourse[],
  now: Date,
): Promise<ResultSummary[]> {
  const departments = await db
    .selectFrom('departments')
    .select(['id', 'alias', 'label'])
    .where('id', 'in', selection.departmentIds.length > 0 ? selection.departmentIds : [-1])
    .orderBy('label')
    .execute();
  const summary = new Map<number, ResultSummary>(
    departments.map((d) => [
      d.id,
      {
        department_alias: d.alias,
        department_label: d.label,
        people: 0,
        long_term: 0,
        complete: 0,
        expires_soon: 0,
        expired: 0,
        incomplete: 0,
      },
    ]),
  );
  const people = await usersOf(db, selection)
    .select(['users.department_id', 'users.position_id', 'users.long_term'])
    .execute();
  // The present people with a position: their position's courses are assigned to them.
  const counted: { department_id: number; position_id: number }[] = [];
  for (const person of people) {
    const entry = summary.get(person.department_id);
    if (!entry) continue;
    entry.people += 1;
    if (person.long_term === 1) entry.long_term += 1;
    else if (person.position_id !== null)
      counted.push({ department_id: person.department_id, position_id: person.position_id });
  }
  if (columns.length === 0) return [...summary.values()];

  const presentIn = (part: Selection) => sql<SqlBool>`(${selectionFilter(part)} and ${sql.ref('users.long_term')} = 0)`;
  const present = presentIn(selection);
  const columnBounds = columns.map((c) => ({ alias: c.alias, ...statusBounds(c.expiration, now) }));
  const bounds = sql.join(columnBounds.map((c) => sql`(${c.alias}, ${c.expiredBefore}, ${c.soonBefore})`));
  // t: each course's status bounds; pp: the (position, course) pairs of the enabled courses, with their bounds.
  const pairs = sql`with t (alias, expired_before, soon_before) as (values ${bounds}),
    pp as (
      select distinct course_positions.position_id, courses.alias, t.expired_before, t.soon_before
      from course_positions
      inner join courses on courses.id = course_positions.course_id
      inner join t on t.alias = courses.alias
      where courses.status = 'enabled'
    )`;
  const done = sql`r.complete = 1 and r.finish_time is not null and r.finish_time <> ''`;
  const notByPosition = sql`not exists (
    select 1 from pp where pp.position_id = users.position_id and pp.alias = additional_courses.course_alias)`;
  // An ISO finish time sorts before a day (YYYY-MM-DD) exactly when its own day does: no substring per row. Counted
  // over r's rows only, so that a left join's courses without a finished result count as none of them.
  const statusCounts = (table: string) =>
    sql`count(*) filter (where r.finish_time < ${sql.ref(`${table}.expired_before`)}) as expired,
      count(*) filter (where r.finish_time < ${sql.ref(`${table}.soon_before`)}) as not_complete,
      count(r.user_id) as done`;
  type StatusCounts = { department_id: number; expired: number; not_complete: number; done: number };
  const toCounts = (row: StatusCounts) => ({
    done: Number(row.done),
    notComplete: Number(row.not_complete),
    expired: Number(row.expired),
  });
  const [positionCourses, additional, byPosition] = await Promise.all([
    sql<{ position_id: number; n: number }>`${pairs}
      select position_id, count(*) as n from pp group by position_id`.execute(db),
    // The people's additional courses (those their position does not bring) per department, and by status those of
    // them finished, in one pass. Driven by the selection's people, then their own rows: cross joins fix the order, as
    // SQLite's planner, which has no statistics, would start at the courses' side (every result of those courses in
    // the organisation) or try every course for every person.
    sql<StatusCounts & { n: number }>`${pairs}
      select users.department_id, count(*) as n, ${statusCounts('t')}
      from users
      cross join additional_courses
      cross join t
      left join course_results r on r.user_id = users.id and r.course_alias = additional_courses.course_alias and ${done}
      where additional_courses.user_id = users.id and t.alias = additional_courses.course_alias
        and ${present} and ${notByPosition}
      group by users.department_id`.execute(db),
    sql<StatusCounts>`${pairs}
      select users.department_id, ${statusCounts('pp')}
      from users
      cross join course_results r
      inner join pp on pp.position_id = users.position_id and pp.alias = r.course_alias
      where r.user_id = users.id and ${present} and ${done}
      group by 1`.execute(db),
  ]);
  const coursesOf = new Map(positionCourses.rows.map((r) => [r.position_id, Number(r.n)]));
  const assigned = new Map<number, number>();
  const add = (departmentId: number, n: number) => assigned.set(departmentId, (assigned.get(departmentId) ?? 0) + n);
  for (const person of counted) add(person.department_id, coursesOf.get(person.position_id) ?? 0);
  for (const row of additional.rows) add(row.department_id, Number(row.n));
  const tally = (departmentId: number, { done, notComplete, expired }: ReturnType<typeof toCounts>) => {
    const entry = summary.get(departmentId);
    if (!entry) return;
    entry.expired += expired;
    entry.expires_soon += notComplete - expired;
    entry.complete += done - notComplete;
  };
  for (const row of byPosition.rows) tally(row.department_id, toCounts(row));
  for (const row of additional.rows) tally(row.department_id, toCounts(row));
  for (const [departmentId, entry] of summary) {
    entry.incomplete = (assigned.get(departmentId) ?? 0) - entry.complete - entry.expires_soon - entry.expired;
  }
  return [...summary.values()];
}
