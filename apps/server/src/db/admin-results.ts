import type { adminRoutes, CourseStatus, CourseType } from '@portal/shared';
import { COURSE_STATUSES, courseStatus, isDue } from '@portal/shared';
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Scope } from '../domain/policy.js';
import { catalogue } from './catalogue.js';
import { resultColumns, resultsByPerson } from './courses.js';
import type { Db } from './connect.js';
import { userScope } from './admin.js';
import { madeFromDigest, positionCountsFor, type PositionCounts } from './position-counts.js';
import { readBeside } from './sqlite-reader.js';

type CompletionRecord = adminRoutes.CompletionRecord;
type DueItem = adminRoutes.DueItem;
type GridCourse = adminRoutes.GridCourse;
type GridUser = adminRoutes.GridUser;
type ResultGrid = adminRoutes.ResultGrid;
type ResultSummary = adminRoutes.ResultSummary;
type UserDetailCourse = adminRoutes.UserDetailCourse;

/** A course alias as one column: its name in the wanted language and its validity. */
export interface CatalogueCourse extends GridCourse {
  order_office: number;
  order_store: number;
}

/**
 * The enabled courses of the given countries (a country's language and English), one entry per alias, named in
 * `lang` when that version exists, else the country's language, English, then any. Expiry is the longest of the
 * versions.
 */
export async function loadCatalogue(
  db: Db,
  options: {
    countries: 'all' | string[];
    lang: string;
    courseType?: CourseType;
    aliases?: string[];
    order: 'office' | 'store';
  },
): Promise<CatalogueCourse[]> {
  let query = db
    .selectFrom('courses')
    .select(['alias', 'language', 'name', 'course_type', 'expiration', 'course_order_office', 'course_order_store'])
    .where('status', '=', 'enabled');
  if (options.countries !== 'all') query = query.where('language', 'in', [...options.countries, 'en', options.lang]);
  if (options.courseType) query = query.where('course_type', '=', options.courseType);
  if (options.aliases) {
    if (options.aliases.length === 0) return [];
    query = query.where('alias', 'in', options.aliases);
  }
  const rows = await query.execute();
  const preference = [options.lang, ...(options.countries === 'all' ? [] : options.countries), 'en'];
  const rank = (language: string) => {
    const i = preference.indexOf(language);
    return i < 0 ? preference.length : i;
  };
  const byAlias = new Map<string, CatalogueCourse & { rank: number }>();
  for (const row of rows) {
    const current = byAlias.get(row.alias);
    const r = row.name ? rank(row.language) : preference.length + 1;
    if (!current) {
      byAlias.set(row.alias, {
        alias: row.alias,
        name: row.name || row.alias,
        course_type: row.course_type,
        expiration: row.expiration,
        order_office: row.course_order_office,
        order_store: row.course_order_store,
        rank: r,
      });
      continue;
    }
    current.expiration = Math.max(current.expiration, row.expiration);
    if (r < current.rank) Object.assign(current, { name: row.name, rank: r, course_type: row.course_type });
  }
  const key = options.order === 'store' ? 'order_store' : 'order_office';
  return [...byAlias.values()]
    .map(({ rank: _rank, ...course }) => course)
    .sort(
      (a, b) =>
        (a.course_type === b.course_type ? 0 : a.course_type === 'mandatory' ? -1 : 1) ||
        a[key] - b[key] ||
        a.alias.localeCompare(b.alias),
    );
}

/** Which people a grid, a chart or an export covers: the caller's scope, the chosen departments, maybe chosen people. */
export interface Selection {
  scope: Scope;
  departmentIds: number[];
  userIds?: number[];
  /** Store learners' PINs in the rows: only for exports by those who may reset them (audited as exports). */
  pins?: boolean;
}

function selectionFilter(selection: Selection): Expression<SqlBool> {
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

/** A grid row's columns; a store learner's login is their PIN, a credential, and comes only with `pins`. */
const gridUserColumns = (pins: boolean) =>
  [
    'users.id',
    pins
      ? sql<string>`users.login`.as('login')
      : sql<string>`case when users.typ = 'store_user' and users.role <> 'admin' then '' else users.login end`.as(
          'login',
        ),
    'users.name',
    'users.surname',
    'users.role',
    'users.typ',
    'users.long_term',
    'departments.alias as department_alias',
    'departments.label as department_label',
    'positions.alias as position',
    'positions.label as position_label',
  ] as const;

function usersOf(db: Db, selection: Selection) {
  return db
    .selectFrom('users')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .where(selectionFilter(selection));
}

function toGridUser(row: {
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

export interface Cell {
  assigned: 'position' | 'additional' | null;
  complete: boolean;
  finish_time: string | null;
}

/**
 * Assignment and result of each of `userIds` in each of `aliases` (set-based: three queries whatever the size): per
 * person, an array in the order of `aliases`, empty where the course is neither assigned nor has a result. The
 * positions' courses come from the catalogue copy and are matched to people here. With
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
  const [people, additional, results] = await Promise.all([
    db.selectFrom('users').select(['id', 'position_id']).where('id', 'in', userIds).execute(),
    db
      .selectFrom('additional_courses')
      .select(['user_id', 'course_alias'])
      .where('user_id', 'in', userIds)
      .where('course_alias', 'in', aliases)
      .execute(),
    resultsByPerson(db)
      .where('user_id', 'in', userIds)
      // An expression, not the column: each person's results are read in one pass of the index and filtered, where
      // the plain column had SQLite look each person's results up once per course (a fifth slower for an export).
      .where(sql`${sql.ref('course_alias')} || ''`, 'in', aliases)
      .$if(options.completedOnly === true, (query) => query.where('complete', '=', 1))
      .execute(),
  ]);
  const byPosition = (await catalogue(db)).byPosition;
  for (const row of additional) cell(row.user_id, row.course_alias).assigned = 'additional';
  for (const person of people) {
    if (person.position_id === null) continue;
    for (const course of byPosition.get(person.position_id) ?? [])
      if (course.status === 'enabled' && column.has(course.alias)) cell(person.id, course.alias).assigned = 'position';
  }
  for (const row of results) {
    const [aliases, complete, finishTimes] = resultColumns(row);
    for (let i = 0; i < aliases.length; i++) {
      const target = cell(row.user_id, aliases[i]!);
      target.complete = complete[i] === 1;
      target.finish_time = finishTimes[i] ?? null;
    }
  }
  return cells;
}

const EMPTY_CELL: Cell = { assigned: null, complete: false, finish_time: null };

/** The shared status rule applied to one cell. */
export function statusOf(cell: Cell | undefined, course: GridCourse, now: Date) {
  const value = cell ?? EMPTY_CELL;
  return courseStatus(
    {
      assigned: value.assigned !== null,
      complete: value.complete,
      finishTime: value.finish_time,
      expiration: course.expiration,
    },
    now,
  );
}

export const statusCode = (status: CourseStatus) => COURSE_STATUSES.indexOf(status);

/**
 * The status of a cell in one of these columns: the shared rule by each course's day bounds (statusBounds), worked
 * out once per column rather than with dates per cell, as grids and exports ask for every cell.
 */
export function cellStatus(columns: GridCourse[], now: Date): (cell: Cell | undefined, column: number) => CourseStatus {
  const bounds = columns.map((course) => statusBounds(course.expiration, now));
  return (cell, column) => {
    if (!cell || cell.assigned === null) return 'not_assigned';
    if (!cell.complete || !cell.finish_time) return 'incomplete';
    const { expiredBefore, soonBefore } = bounds[column]!;
    if (cell.finish_time < expiredBefore) return 'expired';
    return cell.finish_time < soonBefore ? 'expires-soon' : 'complete';
  };
}

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
 * The first finish days (YYYY-MM-DD) from which a completion of a course with this validity is no longer `expired`
 * today, and is `complete` rather than `expires-soon`: the shared status rule is monotone in the finish day, so two
 * binary searches over it give the bounds. A course that never expires has none ('' sorts before every day).
 */
export function statusBounds(expiration: number, now: Date): { expiredBefore: string; soonBefore: string } {
  if (expiration <= 0) return { expiredBefore: '', soonBefore: '' };
  // The rule counts whole UTC days, so the bounds hold for the whole day of `now`.
  const key = `${expiration}:${now.toISOString().slice(0, 10)}`;
  let bounds = boundsCache.get(key);
  if (!bounds) {
    if (boundsCache.size > 1000) boundsCache.clear();
    bounds = searchBounds(expiration, now);
    boundsCache.set(key, bounds);
  }
  return bounds;
}

const boundsCache = new Map<string, { expiredBefore: string; soonBefore: string }>();

function searchBounds(expiration: number, now: Date): { expiredBefore: string; soonBefore: string } {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const status = (offset: number) =>
    courseStatus({ assigned: true, complete: true, finishTime: `${day(offset)}T12:00:00.000Z`, expiration }, now)
      .status;
  /** The first offset in (low, high] where `done` holds, given it fails at low and holds at high. */
  const first = (done: (offset: number) => boolean, low: number, high: number) => {
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (done(mid)) high = mid;
      else low = mid;
    }
    return high;
  };
  const low = -(expiration * 31 + 400);
  const high = 400;
  return {
    expiredBefore: day(first((o) => status(o) !== 'expired', low, high)),
    soonBefore: day(first((o) => status(o) === 'complete', low, high)),
  };
}

/**
 * Per department: the assigned results of the given courses by status, people on long-term absence left out.
 * Counted in SQL per position and by status (each course's status bounds travel with the query), so a whole country
 * costs a pass over its results rather than a row per person and course: everything assigned that is not complete,
 * expiring or expired is incomplete. What the pass counted for each department is remembered with its people's
 * positions and results versions and the catalogue (`position-counts.ts`): a page after a few people finished a
 * course counts only their departments again.
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
  // Every person of the selection, read before the counts: counts made after a change are kept under what was read
  // before it, and the next page counts that department again.
  const [people, courses] = await Promise.all([
    usersOf(db, selection)
      .leftJoin('results_versions', 'results_versions.user_id', 'users.id')
      .select(['users.id', 'users.department_id', 'users.position_id', 'users.long_term', 'results_versions.version'])
      .execute(),
    catalogue(db),
  ]);
  // The present people with a position (their position's courses are assigned to them), and per department what its
  // counts are made from: each one's id, position and results version.
  const counted: { department_id: number; position_id: number }[] = [];
  const countedIn = new Map<number, string[]>();
  for (const person of people) {
    const entry = summary.get(person.department_id);
    if (!entry) continue;
    entry.people += 1;
    if (person.long_term === 1) entry.long_term += 1;
    else if (person.position_id !== null) {
      counted.push({ department_id: person.department_id, position_id: person.position_id });
      const made = countedIn.get(person.department_id) ?? [];
      made.push(`${person.id}:${person.position_id}:${person.version ?? ''}`);
      countedIn.set(person.department_id, made);
    }
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
  const byPositionIn = (departmentIds: number[]) =>
    sql<StatusCounts>`${pairs}
      select users.department_id, ${statusCounts('pp')}
      from users
      cross join course_results r
      inner join pp on pp.position_id = users.position_id and pp.alias = r.course_alias
      where r.user_id = users.id and ${presentIn({ ...selection, departmentIds })} and ${done}
      group by 1`.compile(db);
  // Most of a country's page is this pass over its results: every other department's is counted on SQLite's second
  // connection (db/sqlite-reader.ts), beside the rest on this one; on PostgreSQL the two halves run side by side too.
  const countByPosition = async (ids: number[]) => {
    const here = async (part: number[]) => (await db.executeQuery(byPositionIn(part))).rows;
    if (ids.length < 2) return here(ids);
    const halves = await Promise.all([
      readBeside(db, byPositionIn(ids.filter((_id, index) => index % 2 === 0))),
      here(ids.filter((_id, index) => index % 2 === 1)),
    ]);
    return halves.flat();
  };
  const toCounts = (row: StatusCounts): PositionCounts => ({
    done: Number(row.done),
    notComplete: Number(row.not_complete),
    expired: Number(row.expired),
  });
  // Each department's counts are kept with what they were made from; only the departments where someone's results or
  // position changed, or someone came or went, are counted again (all of them after a change to the catalogue).
  const kept = positionCountsFor(db, columnBounds, now);
  const madeFromById = new Map([...countedIn].map(([id, people]) => [id, madeFromDigest(courses.version, people)]));
  const countChanged = async () => {
    const found = await kept.find(madeFromById);
    const changed = [...madeFromById.keys()].filter((id) => !found.has(id));
    if (changed.length === 0) return found;
    const counts = new Map((await countByPosition(changed)).map((row) => [row.department_id, toCounts(row)]));
    const counted = changed.map((id) => ({
      departmentId: id,
      madeFrom: madeFromById.get(id)!,
      counts: counts.get(id) ?? NO_COUNTS,
    }));
    await kept.keep(counted);
    for (const { departmentId, counts } of counted) found.set(departmentId, counts);
    return found;
  };

  const [positionCourses, additional, countsOf] = await Promise.all([
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
    countChanged(),
  ]);
  const coursesOf = new Map(positionCourses.rows.map((r) => [r.position_id, Number(r.n)]));
  const assigned = new Map<number, number>();
  const add = (departmentId: number, n: number) => assigned.set(departmentId, (assigned.get(departmentId) ?? 0) + n);
  for (const person of counted) add(person.department_id, coursesOf.get(person.position_id) ?? 0);
  for (const row of additional.rows) add(row.department_id, Number(row.n));
  const tally = (departmentId: number, { done, notComplete, expired }: PositionCounts) => {
    const entry = summary.get(departmentId);
    if (!entry) return;
    entry.expired += expired;
    entry.expires_soon += notComplete - expired;
    entry.complete += done - notComplete;
  };
  for (const [departmentId, counts] of countsOf) tally(departmentId, counts);
  for (const row of additional.rows) tally(row.department_id, toCounts(row));
  for (const [departmentId, entry] of summary) {
    entry.incomplete = (assigned.get(departmentId) ?? 0) - entry.complete - entry.expires_soon - entry.expired;
  }
  return [...summary.values()];
}

const NO_COUNTS: PositionCounts = Object.freeze({ done: 0, notComplete: 0, expired: 0 });

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

/** Every course of a person's country with their assignment, result and status: the user-details table. */
export async function userCourses(
  db: Db,
  user: { id: number; country: string },
  lang: string,
  now: Date,
): Promise<UserDetailCourse[]> {
  const catalogue = await loadCatalogue(db, { countries: [user.country], lang, order: 'office' });
  const cells = (
    await cellsOf(
      db,
      [user.id],
      catalogue.map((c) => c.alias),
    )
  ).get(user.id)!;
  return catalogue.map(({ alias, name, course_type, expiration }, column) => {
    const cell = cells[column] ?? EMPTY_CELL;
    const status = statusOf(cell, { alias, name, course_type, expiration }, now);
    return {
      alias,
      name,
      course_type,
      expiration,
      assigned: cell.assigned,
      complete: cell.complete,
      finish_time: cell.finish_time,
      status: status.status,
      days_left: status.daysLeft,
      valid_until: status.validUntil,
    };
  });
}

/** Every completion ever recorded for a person, newest first, with who recorded manual ones. */
export async function completionHistory(db: Db, userId: number): Promise<CompletionRecord[]> {
  const rows = await db
    .selectFrom('course_completions')
    .leftJoin('users as recorder', 'recorder.id', 'course_completions.recorded_by')
    .select([
      'course_completions.course_alias',
      'course_completions.finish_time',
      'course_completions.source',
      'recorder.name as recorder_name',
      'recorder.surname as recorder_surname',
    ])
    .where('course_completions.user_id', '=', userId)
    .orderBy('course_completions.finish_time', 'desc')
    .orderBy('course_completions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    course_alias: row.course_alias,
    finish_time: row.finish_time,
    source: row.source,
    recorded_by: row.recorder_name ? `${row.recorder_name} ${row.recorder_surname ?? ''}`.trim() : null,
  }));
}

/** What a person has to do now: mandatory courses due (never done or expired) and unfinished mandatory instructions. */
export async function dueItems(
  db: Db,
  user: { id: number; country: string },
  lang: string,
  now: Date,
): Promise<DueItem[]> {
  const courses = (await userCourses(db, user, lang, now))
    .filter((c) => c.assigned !== null && c.course_type === 'mandatory' && isDue(c.status))
    .map((c): DueItem => ({ kind: 'course', alias: c.alias, name: c.name, status: c.status }));
  const bundles = await db
    .selectFrom('users')
    .innerJoin('bundle_positions', 'bundle_positions.position_id', 'users.position_id')
    .innerJoin('bundles', 'bundles.id', 'bundle_positions.bundle_id')
    .leftJoin('bundle_progress', (join) =>
      join.onRef('bundle_progress.bundle_id', '=', 'bundles.id').onRef('bundle_progress.user_id', '=', 'users.id'),
    )
    .select(['bundles.id', 'bundles.category_name', 'bundle_progress.seen', 'bundle_progress.complete'])
    .where('users.id', '=', user.id)
    .where('bundles.kind', '=', 'instruction')
    .where('bundles.country', '=', user.country)
    .where('bundles.mandatory', '=', 1)
    .orderBy('bundles.sort_order')
    .execute();
  const instructions = bundles
    .filter((b) => b.complete !== 1)
    .map((b): DueItem => ({
      kind: 'instruction',
      alias: String(b.id),
      name: b.category_name,
      status: b.seen === 1 ? 'seen' : 'not_seen',
    }));
  return [...courses, ...instructions];
}

/* ---------- bundles (CMA and instructions) for exports ---------- */

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
