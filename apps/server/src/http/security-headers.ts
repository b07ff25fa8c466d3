import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { contentSecurityPolicy } from './csp.js';

/**
 * The headers helmet sets, recorded once: with this configuration they do not depend on the request, and running
 * helmet's chain of middleware on every answer cost more than the rest of a trivial call.
 */
export function securityHeaders(config: Config): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return [...headers];
}

/** Helmet's security headers on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
