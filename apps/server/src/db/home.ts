import type { homeRoutes } from '@portal/shared';
import type { Db } from './connect.js';
import { countBundles } from './content.js';
import { countDueMandatory, type CourseSubject } from './course-lists.js';
import { countUnreachedGoals } from './goals.js';

/** Everything the home page counts. */
export async function loadHomeCounts(db: Db, person: CourseSubject, now = new Date()): Promise<homeRoutes.HomeCounts> {
  const [unreached, due, bundles] = await Promise.all([
    countUnreachedGoals(db, person.id),
    countDueMandatory(db, person, now),
    countBundles(db, person),
  ]);
  return {
    unreached_goals: unreached,
    due_mandatory: due,
    cma_bundles: bundles.cma,
    instruction_bundles: bundles.instructions,
  };
}
