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
