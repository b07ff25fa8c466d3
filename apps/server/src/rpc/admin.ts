import type { RouteDef } from './registry.js';

/** Calls of the admin area. */
export const adminApi: RouteDef[] = [];
