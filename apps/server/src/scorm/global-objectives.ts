import { courseRoutes } from '@portal/shared';
import type { Db } from '../db/connect.js';
import { courseSequencing } from '../db/course-sequencing.js';
import { readGlobalObjectives, writeGlobalObjectives } from '../db/global-objectives.js';
import { invalidInput } from '../rpc/errors.js';
import type { ActivitySettings, CourseSequencing } from './sequencing/types.js';

type GlobalObjectiveState = courseRoutes.GlobalObjectiveState;
type LaunchGlobalObjectives = courseRoutes.LaunchGlobalObjectives;

/** The global objective ids (`targetObjectiveID`s) a tree's objectives map. */
function mappedObjectiveIds(activity: ActivitySettings, into = new Set<string>()): Set<string> {
  const objectives = activity.primaryObjective
    ? [activity.primaryObjective, ...activity.objectives]
    : activity.objectives;
  for (const objective of objectives) for (const map of objective.mapInfo) into.add(map.targetObjectiveID);
  for (const child of activity.children ?? []) mappedObjectiveIds(child, into);
  return into;
}

/** Whether a tree's global objectives are the learner's across courses and attempts (the CAM default). */
const globalToSystem = (sequencing: CourseSequencing) => sequencing.objectivesGlobalToSystem !== false;

/**
 * A launch's global objectives (SN 3.10.3): for a tree whose objectives are global to the system, the ids it maps and
 * the learner's stored state of each; null when they belong to the attempt.
 */
export async function launchGlobalObjectives(
  db: Db,
  userId: number,
  sequencing: CourseSequencing,
): Promise<LaunchGlobalObjectives | null> {
  if (!globalToSystem(sequencing)) return null;
  const ids = [...mappedObjectiveIds(sequencing.activityTree)];
  const stored = await readGlobalObjectives(db, userId, ids);
  const states: Record<string, GlobalObjectiveState> = {};
  for (const [id, json] of Object.entries(stored)) {
    const parsed = courseRoutes.globalObjectiveState.safeParse(JSON.parse(json));
    if (parsed.success) states[id] = parsed.data;
  }
  return { ids, states };
}

/**
 * Keeps the global objectives a commit carries for the learner. Only a course whose objectives are global to the
 * system carries them, and only the ids its tree maps: anything else refuses the whole commit.
 */
export async function saveGlobalObjectives(
  db: Db,
  userId: number,
  courseId: number,
  objectives: Record<string, GlobalObjectiveState>,
  now: Date,
): Promise<void> {
  const ids = Object.keys(objectives);
  if (ids.length === 0) return;
  const sequencing = await courseSequencing(db, courseId);
  const mapped = sequencing && globalToSystem(sequencing) ? mappedObjectiveIds(sequencing.activityTree) : new Set();
  const refused = ids.find((id) => !mapped.has(id));
  if (refused !== undefined) {
    throw invalidInput('The commit carries global objectives its course does not share.', {
      global_objectives: `not a global objective of this course: ${refused.slice(0, 100)}`,
    });
  }
  const states = Object.fromEntries(Object.entries(objectives).map(([id, state]) => [id, JSON.stringify(state)]));
  await writeGlobalObjectives(db, userId, states, now);
}
