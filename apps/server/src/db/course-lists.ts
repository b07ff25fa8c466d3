import type { courseRoutes, Language } from '@portal/shared';
import { createHash } from 'node:crypto';
import { countDueMandatory as countDue, inListOrder, statusOf, type ResultStatus } from '../domain/course-lists.js';
import { pickVersions } from '../domain/language-versions.js';
import { catalogue, type Catalogue } from './catalogue.js';
import type { Db } from './connect.js';
import type { CourseRow } from './schema.js';

type UserCourse = courseRoutes.UserCourse;
type CatalogueCourse = courseRoutes.CatalogueCourse;
type CourseProgressList = courseRoutes.CourseProgressList;
type ProgressResult = courseRoutes.ProgressResult;

/** The person whose courses are listed: what decides which courses and in which order. */
export interface CourseSubject {
  id: number;
  typ: string;
  country: string;
  language: string;
  position_id: number | null;
}

/** The language to list in (else each person's own) and the moment the statuses are for (else now). */
type ListOptions = { language?: Language; now?: Date };

export async function loadSubjects(db: Db, ids: number[]): Promise<CourseSubject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'typ', 'country', 'language', 'position_id'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CourseSubject => !!r);
}

/** The course versions a person's position is assigned, and every version of the courses given them in addition. */
async function assignedVersions(db: Db, catalogue: Catalogue, subject: CourseSubject) {
  const additional = await db
    .selectFrom('additional_courses')
    .select('course_alias')
    .where('user_id', '=', subject.id)
    .execute();
  return {
    byPosition: subject.position_id === null ? [] : catalogue.ofPosition(subject.position_id),
    additional: additional.flatMap((row) => catalogue.versionsOf(row.course_alias)),
  };
}

/** A person's assigned courses, one version per alias, and the aliases they have only in addition. */
async function pickAssigned(db: Db, subject: CourseSubject, language: string) {
  const courses = await catalogue(db);
  const { byPosition, additional } = await assignedVersions(db, courses, subject);
  const chosen = pickVersions(subject, [...byPosition, ...additional], language, courses.versionsOf);
  const byPositionAliases = new Set(byPosition.map((c) => c.alias));
  const additionalOnly = new Set(additional.map((c) => c.alias).filter((alias) => !byPositionAliases.has(alias)));
  return { courses, chosen, additionalOnly };
}

/** Every version of the courses a person's bundles link to (CMA and instructions). */
async function linkedVersions(db: Db, catalogue: Catalogue, subject: CourseSubject): Promise<CourseRow[]> {
  if (subject.position_id === null) return [];
  const links = await db
    .selectFrom('bundle_positions')
    .innerJoin('bundle_resources', 'bundle_resources.bundle_id', 'bundle_positions.bundle_id')
    .select('bundle_resources.resource_path')
    .distinct()
    .where('bundle_positions.position_id', '=', subject.position_id)
    .where('bundle_resources.resource_type', '=', 'course')
    .execute();
  return links.flatMap((link) => catalogue.versionsOf(link.resource_path));
}

/** A person's results by course alias. */
async function resultsOf(db: Db, userId: number): Promise<Map<string, ResultStatus>> {
  const rows = await db
    .selectFrom('course_results')
    .select(['course_alias', 'complete', 'finish_time'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.course_alias, row]));
}

/**
 * Names the catalogue fields of these course versions, in this order (16 hex digits of a SHA-256 over each version's
 * own digest): the same versions with the same fields have the same digest in any process or database, and a change
 * to any of them changes it.
 */
function catalogueDigest(catalogue: Catalogue, courses: readonly CourseRow[]): string {
  const digests = courses.map((course) => catalogue.shown(course.id).digest).join('');
  return createHash('sha256').update(digests).digest('hex').slice(0, 16);
}

/** A person's listed courses: the person's own fields of each, then the course version's. */
function listed(
  catalogue: Catalogue,
  subject: CourseSubject,
  ordered: readonly CourseRow[],
  additionalOnly: ReadonlySet<string>,
  results: ReadonlyMap<string, ResultStatus>,
  now: Date,
): UserCourse[] {
  return ordered.map((course) => {
    const result = results.get(course.alias);
    const status = statusOf(result, course.expiration, now);
    return {
      user_id: subject.id,
      additional: additionalOnly.has(course.alias),
      complete: result?.complete === 1,
      finish_time: result?.finish_time ?? null,
      course_status: status.status,
      days_left: status.daysLeft,
      course_expiration: status.validUntil,
      ...catalogue.shown(course.id).fields,
    };
  });
}

/** Each person's courses: their position's courses plus additional ones, one version per alias, ordered. */
export async function listCourses(db: Db, subjects: CourseSubject[], options: ListOptions = {}): Promise<UserCourse[]> {
  const now = options.now ?? new Date();
  const lists = await Promise.all(
    subjects.map(async (subject) => {
      const [{ courses, chosen, additionalOnly }, results] = await Promise.all([
        pickAssigned(db, subject, options.language ?? subject.language),
        resultsOf(db, subject.id),
      ]);
      return listed(courses, subject, inListOrder(chosen.values(), subject.typ), additionalOnly, results, now);
    }),
  );
  return lists.flat();
}

/**
 * A person's own list as `course_progress` gives it: what `listCourses` lists, as the ids of the versions and the
 * person's results. The browser joins them (`joinCourseProgress`) as of the `now` given here.
 */
export async function listCourseProgress(
  db: Db,
  subject: CourseSubject,
  options: ListOptions = {},
): Promise<CourseProgressList> {
  const [{ courses, chosen, additionalOnly }, results] = await Promise.all([
    pickAssigned(db, subject, options.language ?? subject.language),
    db
      .selectFrom('course_results')
      .select(['course_alias', 'complete', 'finish_time'])
      .where('user_id', '=', subject.id)
      .execute(),
  ]);
  return {
    catalogue: catalogueDigest(
      courses,
      [...chosen.values()].sort((a, b) => a.id - b.id),
    ),
    now: (options.now ?? new Date()).toISOString(),
    ids: inListOrder(chosen.values(), subject.typ).map((c) => c.id),
    additional: [...additionalOnly].flatMap((alias) => chosen.get(alias)?.id ?? []),
    results: results.map((r): ProgressResult => [r.course_alias, r.complete === 1 ? 1 : 0, r.finish_time]),
  };
}

/** The enabled course versions with these ids, in the order asked, as `course_catalogue` answers them. */
export async function catalogueCourses(
  db: Db,
  ids: readonly number[],
): Promise<{ digest: string; courses: CatalogueCourse[] }> {
  const courses = await catalogue(db);
  const found = ids.flatMap((id) => {
    const course = courses.byId.get(id);
    return course?.status === 'enabled' ? [course] : [];
  });
  return { digest: catalogueDigest(courses, found), courses: found.map((course) => courses.shown(course.id).fields) };
}

/** The courses a person's bundles link to (CMA and instructions), with their status. */
export async function listLinkedCourses(
  db: Db,
  subject: CourseSubject,
  options: ListOptions = {},
): Promise<UserCourse[]> {
  const courses = await catalogue(db);
  const [versions, results] = await Promise.all([linkedVersions(db, courses, subject), resultsOf(db, subject.id)]);
  const chosen = pickVersions(subject, versions, options.language ?? subject.language, courses.versionsOf);
  const ordered = inListOrder(chosen.values(), subject.typ);
  return listed(courses, subject, ordered, new Set(), results, options.now ?? new Date());
}

/** Number of mandatory courses that are incomplete or expired for the person, in their language (home tile). */
export async function countDueMandatory(db: Db, subject: CourseSubject, now = new Date()): Promise<number> {
  const [{ chosen }, results] = await Promise.all([
    pickAssigned(db, subject, subject.language),
    resultsOf(db, subject.id),
  ]);
  return countDue(chosen, results, now);
}

/** The version of a course the person may open (assigned, additional or linked), in `language` where it has one. */
export async function findOpenableCourse(
  db: Db,
  subject: CourseSubject,
  alias: string,
  language: string = subject.language,
): Promise<CourseRow | undefined> {
  const courses = await catalogue(db);
  const [{ byPosition, additional }, linked] = await Promise.all([
    assignedVersions(db, courses, subject),
    linkedVersions(db, courses, subject),
  ]);
  const versions = [...byPosition, ...additional, ...linked].filter((c) => c.alias === alias);
  return pickVersions(subject, versions, language, courses.versionsOf).get(alias);
}
