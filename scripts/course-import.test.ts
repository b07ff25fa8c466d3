import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../apps/server/src/config.js';
import { hostilePackages } from '../apps/server/src/scorm/test-zips.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run course:import` as a person would; its exit code and what it printed. */
function importCli(zip: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/course-import.ts', zip, '--alias', 'hostile', '--language', 'en'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: `sqlite:${path.join(dir, 'portal.sqlite')}`,
          COURSES_DIR: path.join(dir, 'courses'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('npm run course:import', () => {
  it('refuses a hostile package with one line saying why, never a stack trace', async () => {
    // Two that once failed inside the parser and the unzipper rather than as refusals (every refusal prints alike).
    const chosen = (await hostilePackages()).filter(({ kind }) => /external entity|compression method/.test(kind));
    expect(chosen).toHaveLength(2);
    for (const { kind, zip, message } of chosen) {
      const file = path.join(dir, 'package.zip');
      fs.writeFileSync(file, zip);
      const { code, output } = await importCli(file);
      expect([kind, code]).toEqual([kind, 1]);
      expect([kind, output.trim().split('\n')]).toEqual([
        kind,
        [expect.stringMatching(/^course:import: refused package\.zip: /)],
      ]);
      expect(output).toMatch(message);
    }
    expect(fs.existsSync(path.join(dir, 'courses')) ? fs.readdirSync(path.join(dir, 'courses')) : []).toEqual([]);
  }, 60_000);
});
