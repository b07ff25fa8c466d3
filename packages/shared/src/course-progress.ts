import { courseStatus } from './course-status.js';
import type { CatalogueCourse, CourseProgressList, ListedCourse } from './routes/courses.js';

// Not beside the contract in routes/courses.ts: importing it from there brought zod into the course page's bundle
// (17.9 → 44.7 KB gzip).

/**
 * The caller's list as `courses` gives it (without `user_id`), from `course_progress` and the `course_catalogue`
 * answer for its versions; a course whose version is not in the catalogue (no longer offered) is left out.
 */
export function joinCourseProgress(
  progress: CourseProgressList,
  catalogue: readonly CatalogueCourse[],
): ListedCourse[] {
  const byId = new Map(catalogue.map((course) => [course.id, course]));
  const results = new Map(progress.results.map(([alias, complete, finishTime]) => [alias, { complete, finishTime }]));
  const additional = new Set(progress.additional);
  const now = new Date(progress.now);
  return progress.ids.flatMap((id) => {
    const course = byId.get(id);
    if (!course) return [];
    const result = results.get(course.alias);
    const complete = result?.complete === 1;
    const finishTime = result?.finishTime ?? null;
    const status = courseStatus({ assigned: true, complete, finishTime, expiration: course.expiration }, now);
    return [
      {
        ...course,
        additional: additional.has(id),
        complete,
        finish_time: finishTime,
        course_status: status.status,
        days_left: status.daysLeft,
        course_expiration: status.validUntil,
      },
    ];
  });
}
