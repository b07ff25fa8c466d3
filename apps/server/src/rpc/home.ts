import { homeRoutes } from '@portal/shared';
import { loadHomeCounts } from '../db/home.js';
import { route, type RouteDef } from './registry.js';

/** The home page's counts and the menu's flags, in one call. */
export const homeCounts = route(homeRoutes.homeCounts, {
  allow: 'own',
  handler: async ({ actor, db }) => loadHomeCounts(db, actor),
});

export const homeApi: RouteDef[] = [homeCounts];
