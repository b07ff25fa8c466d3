// A core of its own for the one-process servers the bench takes as limits, away from the load generator. Left to the
// scheduler, a bare server and the load generator shared a core in some loads and not in others: the same server
// answered 38,000–47,000 requests a second on a core of its own, 8,600–17,600 on the load generator's, and either,
// load by load, when the scheduler placed it (fiftieth session; docs/benchmarks.md, "A core for the limit, and the
// limit right before each load").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

function taskset(args: string[]): void {
  const result = spawnSync('taskset', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset ${args.join(' ')} failed: ${result.stderr || result.error}`);
}

/** The cores a process may run on, as Linux lists them ("0-3,6"). */
export function allowedCores(pid: number | 'self'): string {
  return /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!;
}

function expand(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}

const cores = expand(allowedCores('self'));

/** The core a limit server runs on (the last of the bench's), or null with only one. */
export const limitCore: number | null = cores.length > 1 ? cores[cores.length - 1]! : null;

const everyCore = cores.join(',');
const generatorCores = cores.filter((core) => core !== limitCore).join(',');

/** Runs `work` with the load generator (this process, every thread) off the limit's core, then back on all. */
export async function offLimitCore<T>(work: () => Promise<T>): Promise<T> {
  if (limitCore === null) return work();
  taskset(['--all-tasks', '--pid', '--cpu-list', generatorCores, String(process.pid)]);
  try {
    return await work();
  } finally {
    taskset(['--all-tasks', '--pid', '--cpu-list', everyCore, String(process.pid)]);
  }
}
