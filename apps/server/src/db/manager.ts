import type { Language, managerRoutes } from '@portal/shared';
import { sql } from 'kysely';
import { catalogueChanged } from './catalogue.js';
import type { Db } from './connect.js';
import type { CourseRow } from './schema.js';

type ManagerCourse = managerRoutes.ManagerCourse;
type ManagerPosition = managerRoutes.ManagerPosition;
type ManagerNotification = managerRoutes.ManagerNotification;
type ManagerLoginLink = managerRoutes.ManagerLoginLink;
type LoginLinkType = managerRoutes.LoginLinkType;

/* ---------- courses ---------- */

function toManagerCourse(row: CourseRow, positions: number): ManagerCourse {
  return {
    id: row.id,
    alias: row.alias,
    language: row.language as Language,
    name: row.name,
    description: row.description,
    expiration: row.expiration,
    folder: row.folder,
    course_type: row.course_type,
    status: row.status,
    course_order_office: row.course_order_office,
    course_order_store: row.course_order_store,
    external_url: row.external_url,
    launch_file: row.launch_file,
    scorm_version: row.scorm_version,
    created_at: row.created_at,
    positions,
  };
}

/** Course versions of a language (disabled ones too), with how many positions each is assigned to. */
export async function listCatalogue(
  db: Db,
  language: string,
  courseType?: 'mandatory' | 'optional',
): Promise<ManagerCourse[]> {
  let query = db
    .selectFrom('courses')
    .selectAll('courses')
    .select((eb) =>
      eb
        .selectFrom('course_positions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('course_positions.course_id', '=', 'courses.id')
        .as('position_count'),
    )
    .where('courses.language', '=', language)
    .orderBy('courses.course_type')
    .orderBy('courses.course_order_office')
    .orderBy('courses.name');
  if (courseType) query = query.where('courses.course_type', '=', courseType);
  const rows = await query.execute();
  return rows.map(({ position_count, ...row }) => toManagerCourse(row, Number(position_count ?? 0)));
}

export async function findCourse(db: Db, id: number): Promise<ManagerCourse | undefined> {
  const row = await db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const count = await db
    .selectFrom('course_positions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', id)
    .executeTakeFirstOrThrow();
  return toManagerCourse(row, Number(count.n));
}

export async function courseExists(db: Db, alias: string, language: string): Promise<boolean> {
  const row = await db
    .selectFrom('courses')
    .select('id')
    .where('alias', '=', alias)
    .where('language', '=', language)
    .executeTakeFirst();
  return !!row;
}

/** Is the folder already used by a course version? */
export async function folderInUse(db: Db, folder: string): Promise<boolean> {
  const row = await db.selectFrom('courses').select('id').where('folder', '=', folder).executeTakeFirst();
  return !!row;
}

export interface NewCourse {
  alias: string;
  language: string;
  name: string;
  description: string;
  expiration: number;
  folder: string;
  course_type: 'mandatory' | 'optional';
  status: 'enabled' | 'disabled';
  course_order_office: number;
  course_order_store: number;
  external_url: string | null;
  launch_file: string | null;
  scorm_version: string | null;
}

/** Inserts a course version; null when the alias is already taken in that language (a race lost). */
export async function insertCourse(db: Db, course: NewCourse, now = new Date()): Promise<number | null> {
  const row = await db
    .insertInto('courses')
    .values({ ...course, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['alias', 'language']).doNothing())
    .returning('id')
    .executeTakeFirst();
  catalogueChanged();
  return row?.id ?? null;
}

export type CoursePatch = Partial<
  Pick<
    CourseRow,
    'name' | 'description' | 'expiration' | 'course_type' | 'course_order_office' | 'course_order_store' | 'status'
  >
>;

export async function updateCourseRow(db: Db, id: number, patch: CoursePatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('courses').set(patch).where('id', '=', id).execute();
  catalogueChanged();
}

/* ---------- positions ---------- */

/** Positions of the given countries with how many people hold each. */
export async function listPositionsWithPeople(db: Db, countries: string[]): Promise<ManagerPosition[]> {
  if (countries.length === 0) return [];
  const rows = await db
    .selectFrom('positions')
    .select(['positions.id', 'positions.alias', 'positions.country', 'positions.label'])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('users.position_id', '=', 'positions.id')
        .as('people'),
    )
    .where('positions.country', 'in', countries)
    .orderBy('positions.country')
    .orderBy('positions.label')
    .execute();
  return rows.map((r) => ({ ...r, people: Number(r.people ?? 0) }));
}

export async function findPositionByAlias(db: Db, alias: string, country: string) {
  return db
    .selectFrom('positions')
    .select(['id', 'alias', 'country', 'label'])
    .where('alias', '=', alias)
    .where('country', '=', country)
    .executeTakeFirst();
}

/** Every course × position link of the given course versions. */
export async function coursePositionLinks(db: Db, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('course_positions')
    .select(['course_id', 'position_id'])
    .where('course_id', 'in', courseIds)
    .execute();
}

/**
 * For each position and alias: is another version of the alias (not `courseId`) on the position?
 * Returns the set of "positionId:alias" keys that are covered by any version among the given aliases,
 * with the version ids that cover them.
 */
export async function aliasLinksOnPositions(
  db: Db,
  aliases: string[],
  positionIds: number[],
): Promise<{ position_id: number; alias: string; course_id: number }[]> {
  if (aliases.length === 0 || positionIds.length === 0) return [];
  return db
    .selectFrom('course_positions')
    .innerJoin('courses', 'courses.id', 'course_positions.course_id')
    .select(['course_positions.position_id', 'courses.alias', 'courses.id as course_id'])
    .where('courses.alias', 'in', aliases)
    .where('course_positions.position_id', 'in', positionIds)
    .execute();
}

/** Per position and alias: how many people of the position hold the alias as an additional course. */
export async function additionalHoldersByPosition(
  db: Db,
  aliases: string[],
  positionIds: number[],
): Promise<{ position_id: number; alias: string; n: number }[]> {
  if (aliases.length === 0 || positionIds.length === 0) return [];
  const rows = await db
    .selectFrom('additional_courses')
    .innerJoin('users', 'users.id', 'additional_courses.user_id')
    .select(['users.position_id', 'additional_courses.course_alias as alias'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('additional_courses.course_alias', 'in', aliases)
    .where('users.position_id', 'in', positionIds)
    .groupBy(['users.position_id', 'additional_courses.course_alias'])
    .execute();
  return rows.map((r) => ({ position_id: r.position_id!, alias: r.alias, n: Number(r.n) }));
}

export async function peopleInPosition(db: Db, positionId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('position_id', '=', positionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function positionIdsOfCourse(db: Db, courseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('course_positions')
    .select('position_id')
    .where('course_id', '=', courseId)
    .orderBy('position_id')
    .execute();
  return rows.map((r) => r.position_id);
}

/** Links a course version to a position; false when it already was. */
export async function linkCourse(db: Db, courseId: number, positionId: number): Promise<boolean> {
  const result = await db
    .insertInto('course_positions')
    .values({ course_id: courseId, position_id: positionId })
    .onConflict((oc) => oc.columns(['course_id', 'position_id']).doNothing())
    .executeTakeFirst();
  catalogueChanged();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function unlinkCourse(db: Db, courseId: number, positionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('course_positions')
    .where('course_id', '=', courseId)
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  catalogueChanged();
  return Number(result.numDeletedRows) > 0;
}

/* ---------- instruction bundles ---------- */

export async function listInstructionBundlesOf(db: Db, country: string) {
  return db
    .selectFrom('bundles')
    .select(['id', 'category_name', 'mandatory', 'completion_type', 'country'])
    .where('kind', '=', 'instruction')
    .where('country', '=', country)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findInstructionBundle(db: Db, id: number) {
  return db
    .selectFrom('bundles')
    .select(['id', 'country', 'category_name'])
    .where('id', '=', id)
    .where('kind', '=', 'instruction')
    .executeTakeFirst();
}

export async function bundlePositionLinks(db: Db, bundleIds: number[]) {
  if (bundleIds.length === 0) return [];
  return db
    .selectFrom('bundle_positions')
    .select(['bundle_id', 'position_id'])
    .where('bundle_id', 'in', bundleIds)
    .execute();
}

export async function positionIdsOfBundle(db: Db, bundleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bundle_positions')
    .select('position_id')
    .where('bundle_id', '=', bundleId)
    .orderBy('position_id')
    .execute();
  return rows.map((r) => r.position_id);
}

export async function linkBundle(db: Db, bundleId: number, positionId: number): Promise<boolean> {
  const result = await db
    .insertInto('bundle_positions')
    .values({ bundle_id: bundleId, position_id: positionId })
    .onConflict((oc) => oc.columns(['bundle_id', 'position_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function unlinkBundle(db: Db, bundleId: number, positionId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('bundle_positions')
    .where('bundle_id', '=', bundleId)
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/* ---------- additional courses for departments ---------- */

export async function courseVersionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('courses').select(['id', 'alias', 'status']).where('id', 'in', ids).execute();
}

export async function departmentsByAlias(db: Db, aliases: string[]) {
  if (aliases.length === 0) return [];
  return db.selectFrom('departments').select(['id', 'alias']).where('alias', 'in', aliases).execute();
}

export async function countPeopleIn(db: Db, departmentIds: number[]): Promise<number> {
  if (departmentIds.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('department_id', 'in', departmentIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Person × alias pairs of the departments that already exist as additional courses. */
export async function countExistingAdditional(db: Db, departmentIds: number[], aliases: string[]): Promise<number> {
  if (departmentIds.length === 0 || aliases.length === 0) return 0;
  const row = await db
    .selectFrom('additional_courses')
    .innerJoin('users', 'users.id', 'additional_courses.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.department_id', 'in', departmentIds)
    .where('additional_courses.course_alias', 'in', aliases)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives every person of the departments each alias as an additional course (one INSERT … SELECT per alias). */
export async function addAdditionalToDepartments(
  db: Db,
  departmentIds: number[],
  aliases: string[],
  addedBy: number,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  for (const alias of aliases) {
    await db
      .insertInto('additional_courses')
      .columns(['user_id', 'course_alias', 'added_by', 'added_at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            'users.id',
            sql<string>`${alias}`.as('course_alias'),
            sql<number>`${addedBy}`.as('added_by'),
            sql<string>`${at}`.as('added_at'),
          ])
          .where('users.department_id', 'in', departmentIds),
      )
      .onConflict((oc) => oc.columns(['user_id', 'course_alias']).doNothing())
      .execute();
  }
}

/* ---------- notifications ---------- */

type NotificationRow = {
  id: number;
  alias: string;
  language: string;
  status: 'active' | 'disabled';
  name: string;
  description: string;
  external: number;
  link: string | null;
  created_at: string;
  reads: number | string | null;
};

function toManagerNotification(r: NotificationRow): ManagerNotification {
  return {
    id: r.id,
    alias: r.alias,
    language: r.language as Language,
    status: r.status,
    name: r.name,
    description: r.description,
    external: r.external === 1 ? 1 : 0,
    link: r.link,
    created_at: r.created_at,
    reads: Number(r.reads ?? 0),
  };
}

function notificationQuery(db: Db) {
  return db
    .selectFrom('notifications')
    .selectAll('notifications')
    .select((eb) =>
      eb
        .selectFrom('notification_reads')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('notification_reads.notification_id', '=', 'notifications.id')
        .as('reads'),
    );
}

export async function listManagerNotifications(db: Db, language: string): Promise<ManagerNotification[]> {
  const rows = await notificationQuery(db)
    .where('notifications.language', '=', language)
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .execute();
  return rows.map(toManagerNotification);
}

export async function findNotification(db: Db, id: number): Promise<ManagerNotification | undefined> {
  const row = await notificationQuery(db).where('notifications.id', '=', id).executeTakeFirst();
  return row ? toManagerNotification(row) : undefined;
}

/** Inserts an active notification; null when the alias is already used in that language. */
export async function insertNotification(
  db: Db,
  values: { language: string; alias: string; name: string; description: string; external: 0 | 1; link: string | null },
  now = new Date(),
): Promise<number | null> {
  const row = await db
    .insertInto('notifications')
    .values({ ...values, status: 'active', created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['alias', 'language']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setNotificationStatusRow(db: Db, id: number, status: 'active' | 'disabled'): Promise<void> {
  await db.updateTable('notifications').set({ status }).where('id', '=', id).execute();
}

/* ---------- login page links ---------- */

type LoginLinkRow = {
  id: number;
  link_type: string;
  language: string;
  heading: string;
  description: string;
  url: string;
  is_anon: number;
  bold_border: number;
  sort_order: number;
};

const toLoginLink = (r: LoginLinkRow): ManagerLoginLink => ({
  id: r.id,
  link_type: r.link_type as LoginLinkType,
  language: r.language as Language,
  heading: r.heading,
  description: r.description,
  url: r.url,
  is_anon: r.is_anon === 1,
  bold_border: r.bold_border === 1,
  sort_order: r.sort_order,
});

export async function listManagerLoginLinks(db: Db, language: string): Promise<ManagerLoginLink[]> {
  const rows = await db
    .selectFrom('login_links')
    .selectAll()
    .where('language', '=', language)
    .orderBy('link_type')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toLoginLink);
}

export async function findLoginLink(db: Db, id: number): Promise<ManagerLoginLink | undefined> {
  const row = await db.selectFrom('login_links').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toLoginLink(row) : undefined;
}

export interface LoginLinkValues {
  link_type: LoginLinkType;
  language: string;
  heading: string;
  description: string;
  url: string;
  is_anon: boolean;
  bold_border: boolean;
  sort_order: number;
}

const loginLinkColumns = (v: LoginLinkValues) => ({
  link_type: v.link_type,
  language: v.language,
  heading: v.heading,
  description: v.description,
  url: v.url,
  is_anon: v.is_anon ? 1 : 0,
  bold_border: v.bold_border ? 1 : 0,
  sort_order: v.sort_order,
});

export async function insertLoginLink(db: Db, values: LoginLinkValues): Promise<number> {
  const row = await db
    .insertInto('login_links')
    .values(loginLinkColumns(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLoginLink(db: Db, id: number, values: LoginLinkValues): Promise<void> {
  await db.updateTable('login_links').set(loginLinkColumns(values)).where('id', '=', id).execute();
}

export async function deleteLoginLinkRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_links').where('id', '=', id).execute();
}
