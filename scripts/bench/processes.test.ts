import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_MEASURED_NICENESS,
  measureAtNiceness,
  processTree,
  sampleMemory,
  serverMemory,
  startReference,
  type Service,
} from './processes.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The niceness of a process (Linux /proc: the 19th field of its stat). */
function nicenessOf(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
}

describe('the servers the bench measures', () => {
  let service: Service | undefined;
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    measureAtNiceness(DEFAULT_MEASURED_NICENESS);
  });

  it('run below the load generator, every process of them, and it answers', async () => {
    service = await startReference(root, 'bare', { processes: 2 });
    const tree = processTree(service.pid);
    expect(tree).toHaveLength(3);
    const expected = Math.min(19, os.getPriority() + DEFAULT_MEASURED_NICENESS);
    for (const pid of tree) expect(nicenessOf(pid)).toBe(expected);
    expect(await (await fetch(`http://127.0.0.1:${service.port}/`)).json()).toEqual({ result: 'pong' });
  });

  it("run at the load generator's own priority with niceness 0", async () => {
    measureAtNiceness(0);
    service = await startReference(root, 'bare');
    expect(nicenessOf(service.pid)).toBe(os.getPriority());
  });
});

describe('the memory the bench reads of a server', () => {
  it('adds up the resident sets and threads of every process, and names the largest', async () => {
    const service = await startReference(root, 'bare', { processes: 2 });
    try {
      const memory = serverMemory(service.pid);
      // Three Node processes, each with its main thread, its platform workers and libuv's.
      expect(memory.threads).toBeGreaterThanOrEqual(3 * 5);
      expect(memory.largestMb).toBeGreaterThan(10);
      expect(memory.totalMb).toBeGreaterThan(memory.largestMb);
      expect(memory.totalMb).toBeLessThanOrEqual(3 * memory.largestMb);
      const sampler = sampleMemory(service.pid, 10);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const peak = sampler.stop();
      expect(peak.threads).toBeGreaterThanOrEqual(memory.threads - 2);
    } finally {
      await service.stop();
    }
  });
});
