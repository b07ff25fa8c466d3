import { createHash } from 'node:crypto';
import { MadeFrom } from './made-from.js';

/**
 * A department's finished results of a chart's courses that its people's positions assign: all of them, those before
 * each course's `soon` bound (expiring or expired) and those before its `expired` bound.
 */
export interface PositionCounts {
  done: number;
  notComplete: number;
  expired: number;
}

/**
 * Each department's counts for each set of courses with their status bounds (a new day gives new bounds, so a new
 * set); the catalogue and the department's present people (each one's id, position and results version) are the
 * inputs. Kept per department and set, not per set: every store's page has a set of its own (its people's courses),
 * and a few hundred of them must not push a country's out. An entry holds about 20 bytes a person.
 */
const made = new MadeFrom<PositionCounts, string>({ entries: 5_000 });

/** A chart's course and its status bounds (`statusBounds`). */
interface BoundedCourse {
  alias: string;
  expiredBefore: string;
  soonBefore: string;
}

/** The counts kept of each department for this set of courses and bounds. */
export function positionCountsFor(courses: readonly BoundedCourse[]) {
  const set = createHash('sha256').update(JSON.stringify(courses)).digest('base64url');
  return {
    find: (departmentId: number, inputs: readonly unknown[]) => made.find(`${departmentId}:${set}`, inputs),
    keep: (departmentId: number, inputs: readonly unknown[], counts: PositionCounts) =>
      made.keep(`${departmentId}:${set}`, inputs, counts),
  };
}
