import { courseStatus, isDue, type CourseStatusResult } from '@portal/shared';

/** What decides a course version's place in a person's list. */
export interface ListedVersion {
  id: number;
  alias: string;
  language: string;
  status: string;
  name: string;
  course_type: string;
  expiration: number;
  course_order_office: number;
  course_order_store: number;
}

/** What a list needs of a person's result of a course. */
export interface ResultStatus {
  complete: number;
  finish_time: string | null;
}

/**
 * Picks, per course alias, the version in the wanted language, else the country's, else English, else any (the
 * lowest id among equals); a disabled pick drops the course (it does not fall back to another language).
 */
export function pickVersions<V extends ListedVersion>(
  country: string,
  versions: readonly V[],
  language: string,
): Map<string, V> {
  const preference = [language, country, 'en'];
  const rank = (course: V) => {
    const i = preference.indexOf(course.language);
    return i < 0 ? preference.length : i;
  };
  const chosen = new Map<string, V>();
  for (const course of versions) {
    const current = chosen.get(course.alias);
    if (!current || rank(course) < rank(current) || (rank(course) === rank(current) && course.id < current.id))
      chosen.set(course.alias, course);
  }
  for (const [alias, course] of chosen) if (course.status !== 'enabled') chosen.delete(alias);
  return chosen;
}

/** A person's courses in list order: a store user's by store order, others' by office order, then name and id. */
export function inListOrder<V extends ListedVersion>(courses: Iterable<V>, typ: string): V[] {
  const store = typ === 'store_user';
  return [...courses].sort(
    (a, b) =>
      (store ? a.course_order_store - b.course_order_store : a.course_order_office - b.course_order_office) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}

/** The status of an assigned course with this result (or none). */
export function statusOf(result: ResultStatus | undefined, expiration: number, now: Date): CourseStatusResult {
  return courseStatus(
    { assigned: true, complete: result?.complete === 1, finishTime: result?.finish_time ?? null, expiration },
    now,
  );
}

/** How many of the assigned courses are mandatory and due: never done, or expired. */
export function countDueMandatory(
  assigned: ReadonlyMap<string, ListedVersion>,
  results: ReadonlyMap<string, ResultStatus>,
  now: Date,
): number {
  let due = 0;
  for (const course of assigned.values())
    if (course.course_type === 'mandatory' && isDue(statusOf(results.get(course.alias), course.expiration, now).status))
      due++;
  return due;
}
