import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { ping } from './db/connect.js';
import { ApiError } from './rpc/errors.js';
import { apiRoutes } from './rpc/index.js';
import { registerApi } from './rpc/registry.js';
import { parseQuery } from './http/query.js';
import { loggerOptions, RequestLog } from './http/logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { compression } from './http/compression.js';
import { courseContent } from './scorm/serve.js';
import { separateContentOrigin } from './scorm/content-origin.js';
import { contentFiles } from './http/content-files.js';
import { downloadCalls, exportRoutes } from './export/routes.js';
import { courseUpload } from './rpc/course-upload.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
}

/** Fastify's form of `TRUST_PROXY`: a hop count becomes a check of the hop, a list is passed on as it is. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole portal (API, health check, web app) without listening, so tests can inject requests. */
export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    logController: new RequestLog(),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node checks the timeouts on this interval (30 s by default), so a slow sender is cut off near its limit.
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
    routerOptions: { querystringParser: parseQuery },
  });

  registerSecurityHeaders(app, config);
  separateContentOrigin(app, config);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // A download that fails before its first byte has set its file's headers already: the error goes out as JSON.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.reasons ? { reasons: error.reasons } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'not found' : status === 429 ? 'rate limited' : 'invalid input';
      return reply.status(status).send({ error: code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Something went wrong on the server. Please try again.' });
  });

  const downloads = downloadCalls({ db, config });
  await app.register(async (api) => {
    // The registry compresses an answer itself (`reply.compress`) when it is large enough to gain.
    await api.register(compress, { ...compression, global: false });
    registerApi(api, apiRoutes, { db, config }, downloads);
  });
  await app.register(courseContent, { config, db });
  await app.register(contentFiles, { config });
  await app.register(exportRoutes, { calls: downloads });
  await app.register(courseUpload, { db, config });

  app.get('/healthz', async (_request, reply) => {
    try {
      await ping(db);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'degraded', database: 'down' });
    }
  });

  registerWeb(app, config);
  return app;
}

/** Serves the built web app with long caching for hashed assets and the SPA's index for every other page. */
function registerWeb(app: FastifyInstance, config: Config): void {
  const indexFile = path.join(config.WEB_DIST_DIR, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api') && request.headers.accept?.includes('text/html');
    if (!wantsPage || !hasWeb) {
      return reply.status(404).send({ error: 'not found', message: 'Not found.' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(fs.createReadStream(indexFile));
  });
}
