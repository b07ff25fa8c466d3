import type { RouteDef } from './registry.js';

/** Calls of the courses area. */
export const coursesApi: RouteDef[] = [];
