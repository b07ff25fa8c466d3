import { CONTENT_PATHS } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { API_PATH } from '../http/api-path.js';

/** The host name of the embedded default's content origin: browsers resolve every `*.localhost` to the loopback. */
export const DEFAULT_CONTENT_HOST = 'content.localhost';

const PATHS = Object.values(CONTENT_PATHS);

/** A request's host as the browser wrote it (name and port), lower-cased. */
const hostOf = (request: FastifyRequest): string => (request.headers.host ?? '').toLowerCase();

const hostName = (host: string): string => host.replace(/:\d+$/, '');

/** Whether the request came to the content origin's host (the Host header decides: one server answers both). */
export function isContentHost(config: Pick<Config, 'CONTENT_ORIGIN'>, request: FastifyRequest): boolean {
  const host = hostOf(request);
  if (config.CONTENT_ORIGIN) return host === new URL(config.CONTENT_ORIGIN).host;
  return hostName(host) === DEFAULT_CONTENT_HOST;
}

/** The content origin that goes with the portal's origin: the setting, or content.localhost on the same port. */
export function contentOriginFor(config: Pick<Config, 'CONTENT_ORIGIN'>, portalOrigin: string): string {
  if (config.CONTENT_ORIGIN) return config.CONTENT_ORIGIN;
  const url = new URL(portalOrigin);
  return `${url.protocol}//${DEFAULT_CONTENT_HOST}${url.port ? `:${url.port}` : ''}`;
}

/** The content origin as the portal page's CSP allows it as a frame: exact, or content.localhost on any port. */
export function contentFrameSource(config: Pick<Config, 'CONTENT_ORIGIN'>): string[] {
  return config.CONTENT_ORIGIN
    ? [config.CONTENT_ORIGIN]
    : [`http://${DEFAULT_CONTENT_HOST}:*`, `https://${DEFAULT_CONTENT_HOST}:*`];
}

/** Whether an Origin header names a page of the content origin (or an opaque one, as a sandbox without its origin). */
function fromContentOrigin(config: Pick<Config, 'CONTENT_ORIGIN'>, origin: string): boolean {
  if (origin === 'null') return true;
  try {
    const url = new URL(origin);
    return config.CONTENT_ORIGIN ? url.origin === config.CONTENT_ORIGIN : url.hostname === DEFAULT_CONTENT_HOST;
  } catch {
    return false;
  }
}

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * Keeps the two origins apart. The content host answers only the content paths (launch page, files by token,
 * commits); the portal's host serves none of them, and its `/api` refuses every request a page of the content origin
 * makes (its Origin header) and every cross-site one (Sec-Fetch-Site), so course content can never call as the viewer.
 */
export function separateContentOrigin(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    const contentPath = PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
    if (isContentHost(config, request)) {
      if (!contentPath) return reply.status(404).send({ error: 'not found', message: 'Not found.' });
      return;
    }
    if (contentPath) return reply.status(404).send({ error: 'not found', message: 'Not found.' });
    if (path !== API_PATH) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && fromContentOrigin(config, origin)) || site === 'cross-site' || site === 'same-site') {
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ error: 'forbidden', message: 'Course content and other sites may not call the portal.' });
    }
  });
}
