import { systemRoutes } from '@portal/shared';
import { route, type RouteDef } from './registry.js';

/** A trivial signed-in call: the benchmark's measure of the call pipeline itself. */
export const ping = route(systemRoutes.ping, {
  allow: 'own',
  handler: async () => 'pong' as const,
});

export const systemApi: RouteDef[] = [ping];
