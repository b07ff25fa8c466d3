import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Runs `count` server processes that share the listening port (node:cluster, the first process hands out
 * connections). A process that ends after it was listening is replaced; one that ends before it listened stops the
 * whole server, so bad settings do not start processes forever. SIGTERM and SIGINT end them all.
 */
export function superviseServerProcesses(count: number, log: Logger): void {
  const listening = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
  };
  const running = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const stopAll = (code: number) => {
    stopping = true;
    exitCode = Math.max(exitCode, code);
    if (running().length === 0) process.exit(exitCode);
    for (const worker of running()) worker.process.kill('SIGTERM');
  };

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (stopping) {
      if (running().length === 0) process.exit(exitCode);
    } else if (!wasListening) {
      log.fatal({ worker: worker.process.pid, code, signal }, 'a server process ended before it listened; stopping');
      stopAll(1);
    } else {
      log.error({ worker: worker.process.pid, code, signal }, 'a server process ended; starting another');
      start();
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      stopAll(0);
    });
  }
  for (let i = 0; i < count; i++) start();
}
