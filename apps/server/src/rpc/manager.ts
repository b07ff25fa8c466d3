import type { RouteDef } from './registry.js';

/** Calls of the manager area. */
export const managerApi: RouteDef[] = [];
