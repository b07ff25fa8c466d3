import { LRUCache } from 'lru-cache';
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
 * The counts made for each set of courses with their status bounds (a new day gives new bounds, so a new set), per
 * department; the catalogue and the department's present people (each one's id, position and results version) are
 * the inputs. A few sets are kept: a country's page and its stores' pages ask for different courses.
 */
const madeForCourses = new LRUCache<string, MadeFrom<PositionCounts>>({ max: 8 });

/** The counts kept for this set of courses and bounds (`key` names them). */
export function positionCountsFor(key: string): MadeFrom<PositionCounts> {
  let made = madeForCourses.get(key);
  if (!made) {
    made = new MadeFrom({ entries: 1_000 });
    madeForCourses.set(key, made);
  }
  return made;
}
