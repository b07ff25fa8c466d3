import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../apps/server/src/config.js';
import { connect } from '../apps/server/src/db/connect.js';
import { courseSequencing } from '../apps/server/src/db/course-sequencing.js';
import { hostilePackages, SAMPLES_DIR } from '../apps/server/src/scorm/test-zips.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const DATABASE_URL = `sqlite:${path.join(dir, 'portal.sqlite')}`;
const COURSES_DIR = path.join(dir, 'courses');

/** Runs `npm run course:import` as a person would; its exit code and what it printed. */
function importCli(zip: string, ...args: string[]): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/course-import.ts', zip, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL, COURSES_DIR, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

async function storedTree() {
  const connection = connect(DATABASE_URL);
  try {
    const course = await connection.db
      .selectFrom('courses')
      .select('id')
      .where('alias', '=', 'golf')
      .executeTakeFirstOrThrow();
    return await courseSequencing(connection.db, course.id);
  } finally {
    await connection.close();
  }
}

describe('npm run course:import', () => {
  it('stores a SCORM 2004 package’s activity tree with the version, and drops it when a SCORM 1.2 package replaces it', async () => {
    const sequenced = path.join(SAMPLES_DIR, 'external', 'golf-seq-simple-remediation-scorm2004-3rd.zip');
    const first = importCli(sequenced, '--alias', 'golf', '--language', 'lv');
    expect(first.code, first.output).toBe(0);
    const tree = await storedTree();
    expect(Object.keys(tree!.launches)).toHaveLength(8);
    expect(tree!.activityTree.sequencingControls).toMatchObject({ choice: false, flow: true });

    const plain = path.join(SAMPLES_DIR, 'scorm12-golf-basic-calls.zip');
    const second = importCli(plain, '--alias', 'golf', '--language', 'lv', '--replace');
    expect(second.code, second.output).toBe(0);
    expect(await storedTree()).toBeNull();
  });

  it('refuses a hostile package with one line saying why, never a stack trace', async () => {
    // Two that once failed inside the parser and the unzipper rather than as refusals (every refusal prints alike).
    const chosen = (await hostilePackages()).filter(({ kind }) => /external entity|compression method/.test(kind));
    expect(chosen).toHaveLength(2);
    const before = fs.existsSync(COURSES_DIR) ? fs.readdirSync(COURSES_DIR) : [];
    for (const { kind, zip, message } of chosen) {
      const file = path.join(dir, 'package.zip');
      fs.writeFileSync(file, zip);
      const { code, output } = importCli(file, '--alias', 'hostile', '--language', 'en');
      expect([kind, code]).toEqual([kind, 1]);
      expect([kind, output.trim().split('\n')]).toEqual([
        kind,
        [expect.stringMatching(/^course:import: refused package\.zip: /)],
      ]);
      expect(output).toMatch(message);
    }
    expect(fs.existsSync(COURSES_DIR) ? fs.readdirSync(COURSES_DIR) : []).toEqual(before);
  }, 60_000);
});
