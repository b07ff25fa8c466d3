import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** URL prefixes of the content folder's files, and where each lives in the repository. */
export const CONTENT_FILE_ROOTS = [
  { prefix: '/files/help/', dir: 'content/help/pdf' },
  { prefix: '/files/resources/pdf/', dir: 'content/resources/pdf' },
  { prefix: '/files/', dir: 'content/files' },
] as const;

/**
 * Serves the help guides (/files/help/<guide>-<lang>.pdf), the PDFs that resources link to
 * (/files/resources/pdf/<lang>/<name>.pdf) and the static pages of the login page's lists
 * (/files/scholar/…, /files/surveys/…). Register it with `app.register(contentFiles, { config })`.
 */
export async function contentFiles(app: FastifyInstance, options: { config: Pick<Config, 'repoRoot'> }): Promise<void> {
  for (const { prefix, dir } of CONTENT_FILE_ROOTS) {
    await app.register(fastifyStatic, {
      root: path.join(options.config.repoRoot, dir),
      prefix,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders(res, filePath) {
        res.setHeader('cache-control', 'public, max-age=3600');
        if (filePath.endsWith('.pdf'))
          res.setHeader('content-disposition', `inline; filename="${path.basename(filePath)}"`);
        res.setHeader('x-content-type-options', 'nosniff');
      },
    });
  }
}
