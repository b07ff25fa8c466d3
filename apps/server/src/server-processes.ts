import cluster from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Runs `count` server processes that share the listening port (node:cluster, the first process hands out
 * connections). A process that ends is replaced once any process has listened; one that ends before any listened stops
 * the whole server, so bad settings do not start processes forever (a process that ends while it starts beside one
 * that listens, killed or out of memory, says nothing of the settings). SIGTERM and SIGINT end them all. The first
 * process closes the port while no process listens, so connections are refused from the moment the only listening
 * process ends until its replacement (or another) listens.
 */
export function superviseServerProcesses(count: number, log: Logger): void {
  let listened = false;
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => (listened = true));
  };
  const running = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const stopAll = (code: number) => {
    stopping = true;
    exitCode = Math.max(exitCode, code);
    if (running().length === 0) process.exit(exitCode);
    for (const worker of running()) worker.process.kill('SIGTERM');
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (running().length === 0) process.exit(exitCode);
    } else if (!listened) {
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
