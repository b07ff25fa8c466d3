import { createHash } from 'node:crypto';
import { databaseOf } from './compiled-query.js';
import type { Db } from './connect.js';

/**
 * A department's finished results of a chart's courses that its people's positions assign: all of them, those before
 * each course's `soon` bound (expiring or expired) and those before its `expired` bound.
 */
export interface PositionCounts {
  done: number;
  notComplete: number;
  expired: number;
}

/** A chart's course and its status bounds (`statusBounds`). */
interface BoundedCourse {
  alias: string;
  expiredBefore: string;
  soonBefore: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * What a department's counts are made from: the catalogue version and its present people, each one's id, position
 * and results version (`id:position:version`, in one order every time).
 */
export const madeFromDigest = (catalogueVersion: string, people: readonly string[]) =>
  digest(`${catalogueVersion}\n${people.join(',')}`);

/** The day each database's rows of days before yesterday were last deleted, so that it is done once a day. */
const prunedOn = new WeakMap<object, string>();

/**
 * Each department's counts for this set of courses with their status bounds (a new day gives new bounds, so a new
 * set), kept in `chart_counts` (migration 0010) with a digest of what they were made from, and found again only while
 * that is the same. In the database rather than in each server process: a process that has not drawn the chart for a
 * while finds the counts the others made meanwhile. The first keeping of a day deletes the rows of days before
 * yesterday.
 */
export function positionCountsFor(db: Db, courses: readonly BoundedCourse[], now: Date) {
  const courseSet = digest(JSON.stringify(courses));
  return {
    /** The kept counts of the departments whose digest is still the one given. */
    async find(madeFromById: ReadonlyMap<number, string>): Promise<Map<number, PositionCounts>> {
      const found = new Map<number, PositionCounts>();
      if (madeFromById.size === 0) return found;
      const rows = await db
        .selectFrom('chart_counts')
        .select(['department_id', 'made_from', 'done', 'not_complete', 'expired'])
        .where('course_set', '=', courseSet)
        .where('department_id', 'in', [...madeFromById.keys()])
        .execute();
      for (const row of rows) {
        if (madeFromById.get(row.department_id) !== row.made_from) continue;
        found.set(row.department_id, { done: row.done, notComplete: row.not_complete, expired: row.expired });
      }
      return found;
    },

    async keep(counted: readonly { departmentId: number; madeFrom: string; counts: PositionCounts }[]): Promise<void> {
      if (counted.length === 0) return;
      const keptOn = now.toISOString().slice(0, 10);
      const database = databaseOf(db);
      if (prunedOn.get(database) !== keptOn) {
        const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
        await db.deleteFrom('chart_counts').where('kept_on', '<', yesterday).execute();
        prunedOn.set(database, keptOn);
      }
      await db
        .insertInto('chart_counts')
        .values(
          counted.map(({ departmentId, madeFrom, counts }) => ({
            department_id: departmentId,
            course_set: courseSet,
            made_from: madeFrom,
            done: counts.done,
            not_complete: counts.notComplete,
            expired: counts.expired,
            kept_on: keptOn,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['course_set', 'department_id']).doUpdateSet((eb) => ({
            made_from: eb.ref('excluded.made_from'),
            done: eb.ref('excluded.done'),
            not_complete: eb.ref('excluded.not_complete'),
            expired: eb.ref('excluded.expired'),
            kept_on: eb.ref('excluded.kept_on'),
          })),
        )
        .execute();
    },
  };
}
