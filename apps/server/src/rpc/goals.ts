import type { RouteDef } from './registry.js';

/** Calls of the goals area. */
export const goalsApi: RouteDef[] = [];
