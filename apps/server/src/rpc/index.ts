import { adminApi } from './admin.js';
import { authApi } from './auth.js';
import { contentApi } from './content.js';
import { coursesApi } from './courses.js';
import { goalsApi } from './goals.js';
import { homeApi } from './home.js';
import { managerApi } from './manager.js';
import type { RouteDef } from './registry.js';
import { systemApi } from './system.js';

/** Every call of the portal; the permission matrix test walks this list. */
export const apiRoutes: RouteDef[] = [
  ...authApi,
  ...goalsApi,
  ...coursesApi,
  ...contentApi,
  ...adminApi,
  ...managerApi,
  ...homeApi,
  ...systemApi,
];
