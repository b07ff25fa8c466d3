import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { API_PATH } from './api-path.js';
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

/** Helmet's headers that still mean something on an answer no browser shows as a page. */
const KEPT_FOR_API = [
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
] as const;

/**
 * The headers of an answer of the call protocol, as OWASP's REST Security Cheat Sheet lists them: it is JSON, never a
 * page, so the headers helmet adds for documents (opener policy, agent cluster, referrer policy, DNS prefetch, IE and
 * Flash switches) are left off and its CSP allows nothing; framing, sniffing, plain HTTP and cross-origin embedding
 * stay refused. Every header costs every call: helmet's whole set cost the bare server a quarter of its rate.
 */
export function apiSecurityHeaders(config: Config): [string, string][] {
  const page = new Map(securityHeaders(config));
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'self'"],
    ...KEPT_FOR_API.map((name): [string, string] => [name, page.get(name)!]),
  ];
}

/**
 * An answer that came over plain HTTP goes without HSTS: RFC 6797 (7.2) says a host MUST NOT send it there, and browsers
 * ignore it there anyway. Over HTTPS, directly or behind a trusted proxy (`TRUST_PROXY`, `X-Forwarded-Proto`), it goes.
 */
function withoutHsts(headers: [string, string][]): [string, string][] {
  return headers.filter(([name]) => name !== 'strict-transport-security');
}

/** Security headers on every answer: the call protocol's own set on `/api`, helmet's on everything else. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const page = securityHeaders(config);
  const api = apiSecurityHeaders(config);
  const pageHeaders = { https: page, http: withoutHsts(page) };
  const apiHeaders = { https: Object.fromEntries(api), http: Object.fromEntries(withoutHsts(api)) };
  app.addHook('onRequest', (request, reply, done) => {
    const transport = request.protocol === 'https' ? 'https' : 'http';
    // Fastify's own headers reach Node in one object, checked once when the head is written; headers set on the
    // Node response first make Node take each of Fastify's through setHeader as well. Pages and files stay on the Node
    // response: course content replaces the CSP there, and Fastify's headers would overwrite it.
    if (request.routeOptions.url === API_PATH) reply.headers(apiHeaders[transport]);
    else for (const [name, value] of pageHeaders[transport]) reply.raw.setHeader(name, value);
    done();
  });
}
