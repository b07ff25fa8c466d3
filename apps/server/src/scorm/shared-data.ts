import type { courseRoutes } from '@portal/shared';
import type { Db } from '../db/connect.js';
import { courseSequencing } from '../db/course-sequencing.js';
import { readSharedStores, writeSharedStores } from '../db/shared-data.js';
import { invalidInput } from '../rpc/errors.js';
import type { ActivitySettings, CourseSequencing } from './sequencing/types.js';

type LaunchSharedData = courseRoutes.LaunchSharedData;
type SharedDataMap = courseRoutes.SharedDataMap;

interface CourseRef {
  id: number;
  alias: string;
}

/**
 * Where a course's buckets live: shared with every course (''), or, when its data is not global to the system, kept
 * to the attempt on the course (its alias and attempt number), as global objectives are (SN 4th Edition).
 */
const scopeOf = (sequencing: CourseSequencing, course: CourseRef, attempt: number) =>
  sequencing.sharedDataGlobalToSystem ? '' : `${course.alias}#${attempt}`;

/** The `adlcp:map`s of each activity of a tree that has any, by activity (SCO) id. */
function mapsByActivity(activity: ActivitySettings, into: Record<string, SharedDataMap[]> = {}) {
  if (activity.sharedDataMaps.length > 0) into[activity.id] = activity.sharedDataMaps;
  for (const child of activity.children ?? []) mapsByActivity(child, into);
  return into;
}

/** A launch's shared data (SCORM 2004 RTE 4.3): the course's maps per SCO and the learner's stores they reach. */
export async function launchSharedData(
  db: Db,
  userId: number,
  course: CourseRef,
  attempt: number,
): Promise<LaunchSharedData> {
  const sequencing = await courseSequencing(db, course.id);
  if (!sequencing) return { maps: {}, stores: {} };
  const maps = mapsByActivity(sequencing.activityTree);
  const targets = [...new Set(Object.values(maps).flatMap((list) => list.map((map) => map.targetID)))];
  return { maps, stores: await readSharedStores(db, userId, scopeOf(sequencing, course, attempt), targets) };
}

/**
 * Keeps the shared data a SCO's commit wrote. Only buckets the SCO's manifest item maps with writeSharedData may be
 * written: anything else in the commit is refused whole.
 */
export async function saveSharedData(
  db: Db,
  userId: number,
  course: CourseRef,
  attempt: number,
  sco: string,
  stores: Record<string, string>,
  now: Date,
): Promise<void> {
  const targets = Object.keys(stores);
  if (targets.length === 0) return;
  const sequencing = await courseSequencing(db, course.id);
  const maps = sequencing ? (mapsByActivity(sequencing.activityTree)[sco] ?? []) : [];
  const writable = new Set(maps.filter((map) => map.writeSharedData).map((map) => map.targetID));
  const refused = targets.find((target) => !writable.has(target));
  if (refused !== undefined || !sequencing) {
    throw invalidInput('The commit writes shared data its SCO may not write.', {
      shared_data: `not writable: ${(refused ?? '').slice(0, 100)}`,
    });
  }
  await writeSharedStores(db, userId, scopeOf(sequencing, course, attempt), stores, now);
}
