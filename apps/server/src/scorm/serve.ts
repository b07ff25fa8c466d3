import fs from 'node:fs';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { courseRoutes } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { resolveSession } from '../db/sessions.js';
import { compression } from '../http/compression.js';
import { sessionCookie } from '../http/session-cookie.js';
import { isFolderName } from './library.js';

/**
 * Course content runs in the player's frame on the portal's own origin (the SCORM API is found through
 * window.parent). Authoring tools inline their scripts and some evaluate code, so content gets this
 * policy of its own instead of the portal's strict one; it may still only talk to the portal and only be
 * framed by it.
 */
export const COURSE_CONTENT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves `/course-content/<folder>/<path>` from the courses folder to signed-in users only. Register it with
 * `await app.register(courseContent, { config, db })`. @fastify/static resolves paths inside the folder and refuses `..` and dotfiles. Pages, scripts and other text go
 * compressed to browsers that ask (`http/compression.ts`).
 */
export async function courseContent(app: FastifyInstance, options: { config: Config; db: Db }): Promise<void> {
  const { config, db } = options;
  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
  const prefix = courseRoutes.COURSE_CONTENT_PREFIX;

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(prefix)) return;
    const token = sessionCookie(request);
    const actor = token ? await resolveSession(db, token, policy) : null;
    if (!actor) {
      return reply
        .status(401)
        .header('cache-control', 'no-store')
        .send({ error: 'not active', message: 'Your session is not active. Please sign in.' });
    }
  });

  // Imports create it too, but until the first one @fastify/static would warn at every start of a new server that
  // its root does not exist.
  fs.mkdirSync(config.COURSES_DIR, { recursive: true });
  await app.register(compress, compression);
  await app.register(fastifyStatic, {
    root: config.COURSES_DIR,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    wildcard: true,
    redirect: false,
    cacheControl: false,
    allowedPath: (pathName) => {
      const folder = pathName.replace(/^\/+/, '').split('/', 1)[0] ?? '';
      return isFolderName(folder);
    },
    setHeaders(res) {
      res.setHeader('content-security-policy', COURSE_CONTENT_CSP);
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('cache-control', 'private, no-cache');
      res.setHeader('cross-origin-resource-policy', 'same-origin');
    },
  });
}
