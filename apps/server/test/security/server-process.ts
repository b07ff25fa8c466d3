import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/config.js';

/*
 * The real server as a child process, as e2e/harness.ts starts it (that file is for the browser tests and
 * needs the DOM's types): a fresh data folder, a free port on 127.0.0.1, start, stop with any signal, restart.
 */

export interface ServerProcess {
  url: string;
  dataDir: string;
  start(): Promise<void>;
  /** Stops the process (SIGKILL to simulate a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-security-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        COURSES_DIR: path.join(dataDir, 'courses'),
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not start within 60 s:\n${output}`);
  };

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill(signal);
    });
  };

  await start();
  return {
    url,
    dataDir,
    start,
    stop,
    async dispose() {
      await stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
