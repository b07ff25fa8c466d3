import { COURSE_STATUSES, courseStatus, type adminRoutes, type CourseStatus } from '@portal/shared';

type GridCourse = adminRoutes.GridCourse;

/** A person's assignment and result of one course, as grids, charts and exports read them. */
export interface Cell {
  assigned: 'position' | 'additional' | null;
  complete: boolean;
  finish_time: string | null;
}

export const EMPTY_CELL: Cell = { assigned: null, complete: false, finish_time: null };

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

/**
 * The first finish days (YYYY-MM-DD) from which a completion of a course with this validity is no longer `expired`
 * today, and is `complete` rather than `expires-soon`: the shared status rule is monotone in the finish day, so two
 * binary searches over it give the bounds. A course that never expires has none ('' sorts before every day).
 */
export function statusBounds(expiration: number, now: Date): { expiredBefore: string; soonBefore: string } {
  if (expiration <= 0) return { expiredBefore: '', soonBefore: '' };
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
