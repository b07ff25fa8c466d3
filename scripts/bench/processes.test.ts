import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedCores, limitCore, offLimitCore } from './cores.js';
import {
  DEFAULT_MEASURED_NICENESS,
  measureAtNiceness,
  processTree,
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

  it.runIf(os.availableParallelism() > 1)(
    'run a limit on a core of its own, which the load generator leaves while it loads that limit',
    async () => {
      const everyCore = allowedCores(process.pid);
      service = await startReference(root, 'bare', { core: limitCore });
      expect(allowedCores(service.pid)).toBe(String(limitCore));
      const generatorCores = await offLimitCore(async () => allowedCores(process.pid));
      expect(generatorCores).not.toBe(everyCore);
      expect(generatorCores.split(/[,-]/).map(Number)).not.toContain(limitCore);
      expect(allowedCores(process.pid)).toBe(everyCore);
      expect(await (await fetch(`http://127.0.0.1:${service.port}/`)).json()).toEqual({ result: 'pong' });
    },
  );
});
