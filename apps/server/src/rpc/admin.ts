import { adminSearchApi } from './admin-search.js';
import { adminUsersApi } from './admin-users.js';
import type { RouteDef } from './registry.js';

/** Calls of the admin area: finding people and results (admin-search.ts), managing people (admin-users.ts). */
export const adminApi: RouteDef[] = [...adminSearchApi, ...adminUsersApi];
