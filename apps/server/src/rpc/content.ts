import type { RouteDef } from './registry.js';

/** Calls of the content area. */
export const contentApi: RouteDef[] = [];
