import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a thread running one of the server's modules, named by its path under src without extension
 * ('export/xlsx-worker'). The bundle (scripts/build-server.mjs) has each such module beside main.js under its own
 * name; when the TypeScript itself runs (tests, `npm run dev`), the thread registers tsx's loader before loading it.
 */
export function startWorkerThread(module: string, options: WorkerOptions = {}): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const source = new URL(`./${module}.ts`, import.meta.url).href;
    const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
    return new Worker(code, { ...options, eval: true });
  }
  return new Worker(new URL(`./${module.split('/').pop()}.js`, import.meta.url), options);
}
