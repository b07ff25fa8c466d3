import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let tmp: string | undefined;

afterEach(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

it('stops with a message, its password left out, and leaves nothing behind when PostgreSQL cannot be reached', async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-unreachable-'));
  // Port 1: nothing listens there, so the connection is refused at once.
  const url = 'postgres://bench:hunter2@127.0.0.1:1/portal';
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--database-url', url], {
    cwd: root,
    env: { ...process.env, TMPDIR: tmp },
  });
  const failure = (await run.then(
    () => expect.fail('the bench went on'),
    (error: unknown) => error,
  )) as { code: number; stdout: string; stderr: string };
  expect(failure.code).toBe(1);
  expect(failure.stderr).toContain('Could not create a database beside postgres://127.0.0.1:1/portal: ');
  expect(failure.stderr).toContain('ECONNREFUSED');
  expect(failure.stderr + failure.stdout).not.toContain('hunter2');
  expect(fs.readdirSync(tmp).filter((name) => name.startsWith('portal-bench-'))).toEqual([]);
});
