// Bundles the server into apps/server/dist/main.js (used by `npm start`, the browser tests and the bench), with the
// module of its export thread beside it (xlsx-worker.js). Running the TypeScript through tsx's
// loader cost about a sixth of each call's time (scripts/bench.ts): its transform keeps function names by wrapping
// every closure the server creates per request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/server/dist');
/** The bundle; config.ts finds the repository three levels above it, as it does from apps/server/src. */
export const serverBundle = path.join(outdir, 'main.js');

export function buildServer() {
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  buildSync({
    // Flat in one folder: worker-thread.ts finds each thread's module beside main.js by its name.
    entryPoints: Object.fromEntries(
      ['main', 'export/xlsx-worker'].map((module) => [
        path.basename(module),
        path.join(root, 'apps/server/src', `${module}.ts`),
      ]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Installed packages load from node_modules as usual; only the workspace's TypeScript is bundled.
    external: Object.keys(dependencies).filter((name) => name !== '@portal/shared'),
    logLevel: 'warning',
  });
  // The content origin's launch page script (apps/server/src/scorm/serve.ts): a browser bundle with scorm-again.
  buildSync({
    entryPoints: { 'scorm-launch': path.join(root, 'apps/web/src/launch/main.ts') },
    outdir,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer();
