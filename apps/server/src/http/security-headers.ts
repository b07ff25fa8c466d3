import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { contentSecurityPolicy } from './csp.js';

/** Helmet's security headers on every answer, its middleware built once (@fastify/helmet rebuilds it per request). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
}
