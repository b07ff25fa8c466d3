import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { COMMIT_DEFLATE_TYPE, CONTENT_PATHS, courseRoutes } from '@portal/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { findAttemptToken } from '../db/attempts.js';
import { compression } from '../http/compression.js';
import { ApiError } from '../rpc/errors.js';
import { saveCommit } from './attempt-commit.js';
import { findCourseDir } from './library.js';

const PATHS = CONTENT_PATHS;

/**
 * Course content runs on the content origin, inside the launch page's frame. Authoring tools inline their scripts
 * and some evaluate code, so content gets this policy of its own; 'self' is the content origin, never the portal.
 * Framing is checked against every ancestor: the launch page, and the portal page that launched the attempt.
 */
export const courseContentCsp = (portalOrigin: string) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors 'self' ${portalOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** The launch page runs only its own script; the portal frames it (sandboxed), and it frames the SCO. */
const LAUNCH_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const LAUNCH_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Course</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:#fff}iframe{display:block;border:0;width:100%;height:100%}</style>
<script src="${PATHS.launchScript}" defer></script>
</head>
<body></body>
</html>
`;

/** Where `npm run build` (scripts/build-server.mjs) writes the launch page's script. */
export const launchScriptFile = (config: Pick<Config, 'repoRoot'>) =>
  path.join(config.repoRoot, 'apps/server/dist/scorm-launch.js');

/** A token's course folder, remembered briefly: a package's page loads dozens of files at once. */
const TOKEN_MEMORY_MS = 30_000;

/**
 * The content origin's paths (`separateContentOrigin` keeps them off the portal's host): the launch page and its
 * script, a course's files under the token of an attempt of that course (nobody else's token, and no folder name,
 * opens them), and the commit endpoint. Register it with `await app.register(courseContent, { config, db })`.
 */
export async function courseContent(app: FastifyInstance, options: { config: Config; db: Db }): Promise<void> {
  const { config, db } = options;
  const folders = new Map<string, { dir: string; csp: string; until: number }>();

  const courseDirOf = async (token: string): Promise<{ dir: string; csp: string } | null> => {
    const now = Date.now();
    const known = folders.get(token);
    if (known && known.until > now) return known;
    folders.delete(token);
    const found = await findAttemptToken(db, token, new Date(now));
    const dir = found ? findCourseDir(config.COURSES_DIR, found.course.folder) : null;
    if (!found || !dir) return null;
    if (folders.size > 10_000) folders.clear();
    const entry = {
      dir,
      csp: courseContentCsp(found.portal_origin),
      until: Math.min(now + TOKEN_MEMORY_MS, Date.parse(found.expires_at)),
    };
    folders.set(token, entry);
    return entry;
  };

  // Imports create it too, but until the first one @fastify/static would warn at every start of a new server that
  // its root does not exist.
  fs.mkdirSync(config.COURSES_DIR, { recursive: true });
  await app.register(compress, compression);
  await app.register(fastifyStatic, {
    root: config.COURSES_DIR,
    serve: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
  });

  app.get(PATHS.launchPage, (_request, reply) => {
    // Framed by the portal (another origin): the frame-ancestors default of the portal's own pages does not apply.
    reply.raw.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', LAUNCH_PAGE_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(LAUNCH_PAGE);
  });

  const scriptFile = launchScriptFile(config);
  const script = fs.existsSync(scriptFile) ? fs.readFileSync(scriptFile) : null;
  app.get(PATHS.launchScript, (_request, reply) => {
    if (!script) {
      return reply
        .status(503)
        .send({ error: 'internal', message: 'The course player is not built: run `npm run build`.' });
    }
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script);
  });

  app.get<{ Params: { token: string; '*': string } }>(`${PATHS.files}:token/*`, async (request, reply) => {
    const course = await courseDirOf(request.params.token);
    if (!course) return expired(reply);
    reply.raw.removeHeader('x-frame-options');
    for (const [name, value] of [
      ['content-security-policy', course.csp],
      ['x-content-type-options', 'nosniff'],
      ['cache-control', 'private, no-cache'],
      ['cross-origin-resource-policy', 'same-origin'],
    ]) {
      reply.raw.setHeader(name!, value!);
    }
    return reply.sendFile(request.params['*'], course.dir);
  });

  // A commit sent deflated as the page closed: inflated within the same limit as a plain one.
  app.addContentTypeParser(COMMIT_DEFLATE_TYPE, { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, zlib.inflateRawSync(body as Buffer, { maxOutputLength: courseRoutes.MAX_COMMIT_BYTES }).toString());
    } catch {
      done(new ApiError('invalid input', 'The commit is not valid deflated JSON, or too large.'));
    }
  });

  app.post(PATHS.commit, { bodyLimit: courseRoutes.MAX_COMMIT_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const result = await saveCommit(db, config, request.body);
      return reply.send({ result });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return reply.status(error.status).send({ error: error.code, message: error.message });
    }
  });
}

function expired(reply: FastifyReply) {
  return reply
    .status(401)
    .header('cache-control', 'no-store')
    .send({ error: 'not active', message: 'This course window has expired. Close it and open the course again.' });
}
