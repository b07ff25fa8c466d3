// Child processes of the bench: the real server, the bare node:http server and the raw measurements. Every child
// is ended when the bench ends, however it ends.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverBundle } from '../build-server.mjs';

const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A process and every process it started, and theirs (Linux /proc). */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${tree[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      }
    } catch {
      // ended meanwhile
    }
  }
  return tree;
}

/** A process's resident set (MB) and threads (Linux /proc), or null when it has ended. */
function processMemory(pid: number): { rssMb: number; threads: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024,
      threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0),
    };
  } catch {
    return null;
  }
}

export interface ServerMemory {
  /** The resident set of the server's largest process (the one an export runs in), MB. */
  largestMb: number;
  /** The resident sets of all its processes together, MB. */
  totalMb: number;
  /** The threads of all its processes together. */
  threads: number;
}

/** What a server and every process it started hold now. */
export function serverMemory(pid: number): ServerMemory {
  const members = processTree(pid)
    .map(processMemory)
    .filter((m) => m !== null);
  return {
    largestMb: Math.max(0, ...members.map((m) => m.rssMb)),
    totalMb: members.reduce((sum, m) => sum + m.rssMb, 0),
    threads: members.reduce((sum, m) => sum + m.threads, 0),
  };
}

/** Samples `serverMemory` every `everyMs` until stopped; gives the peak of each figure. */
export function sampleMemory(pid: number, everyMs = 25): { stop(): ServerMemory } {
  const peak = serverMemory(pid);
  const sample = () => {
    const now = serverMemory(pid);
    peak.largestMb = Math.max(peak.largestMb, now.largestMb);
    peak.totalMb = Math.max(peak.totalMb, now.totalMb);
    peak.threads = Math.max(peak.threads, now.threads);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** CPU time a server (all its processes and threads) has used so far, in ms (Linux /proc, 100 ticks a second). */
export function cpuTimeMs(pid: number): number {
  let ms = 0;
  for (const member of processTree(pid)) {
    try {
      // Fields after the command name: state is the first, utime and stime the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${member}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return ms;
}

/**
 * Every process the bench measures (the portal, the reference servers, the raw ExcelJS writer) runs at a lower
 * priority than the bench's own, which generates the load. Where both share the same cores, a server of two processes
 * otherwise takes the load generator's core away from it and is measured against a starved load generator: the load
 * stands for browsers on other machines, which a server's work never slows. Every measured process gets the same
 * niceness, so the ratios between them compare like with like.
 */
export const DEFAULT_MEASURED_NICENESS = 10;
let measuredNiceness = DEFAULT_MEASURED_NICENESS;

/** Sets the niceness of the measured processes started from now on (0: the load generator's own priority). */
export function measureAtNiceness(niceness: number): void {
  measuredNiceness = niceness;
}

/** Spawns a measured Node process. */
function spawnMeasured(args: string[], options: SpawnOptions): ChildProcess {
  return spawn('nice', ['-n', String(measuredNiceness), process.execPath, ...args], options);
}

export interface Service {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the process ended (${child.exitCode}) before answering:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

function track(child: ChildProcess): () => string {
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** Starts the real server on the given database as `npm start` runs it (the bundle, built before). */
export async function startPortal(
  root: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Service> {
  const port = await freePort();
  const child = spawnMeasured(['--enable-source-maps', serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, child, output);
  return { pid: child.pid!, port, stop: stopper(child) };
}

/**
 * Starts a reference server answering `/` and `/api` with a small JSON: bare node:http or the framework alone; in
 * `processes` processes sharing the port (`cluster.mjs`), else in one.
 */
export async function startReference(
  root: string,
  kind: 'bare' | 'framework',
  options: { processes?: number } = {},
): Promise<Service> {
  const port = await freePort();
  const script =
    kind === 'bare'
      ? path.join(root, 'scripts/bench/bare-server.mjs')
      : path.join(root, 'scripts/bench/framework-server.ts');
  const processes = options.processes ?? 1;
  const args = [
    ...(kind === 'framework' ? ['--import', 'tsx'] : []),
    processes > 1 ? path.join(root, 'scripts/bench/cluster.mjs') : script,
  ];
  const child = spawnMeasured(args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DEMO_SEED: 'false',
      ...(processes > 1 ? { REFERENCE_SCRIPT: script, REFERENCE_PROCESSES: String(processes) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child);
  await waitForHttp(`http://127.0.0.1:${port}/`, child, output);
  return { pid: child.pid!, port, stop: stopper(child) };
}

/** Runs a TypeScript helper in a child process and parses the JSON of its last output line. */
export async function runJson<T>(root: string, script: string, args: string[]): Promise<T> {
  const child = spawnMeasured(['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} failed (${code}):\n${output()}`);
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as T;
}
