import { homeRoutes } from '@portal/shared';
import { countBundles } from '../db/content.js';
import { countDueMandatory } from '../db/courses.js';
import { countUnreachedGoals } from '../db/goals.js';
import { route, type RouteDef } from './registry.js';

/** The home page's counts and the menu's flags, in one call. */
export const homeCounts = route(homeRoutes.homeCounts, {
  allow: 'own',
  async handler({ actor, db }) {
    const [unreached, due, bundles] = await Promise.all([
      countUnreachedGoals(db, actor.id),
      countDueMandatory(db, actor),
      countBundles(db, actor),
    ]);
    return {
      unreached_goals: unreached,
      due_mandatory: due,
      cma_bundles: bundles.cma,
      instruction_bundles: bundles.instructions,
    };
  },
});

export const homeApi: RouteDef[] = [homeCounts];
