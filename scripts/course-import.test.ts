import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../apps/server/src/config.js';
import { connect } from '../apps/server/src/db/connect.js';
import { courseSequencing } from '../apps/server/src/db/course-sequencing.js';
import { SAMPLES_DIR } from '../apps/server/src/scorm/test-zips.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const DATABASE_URL = `sqlite:${path.join(dir, 'portal.sqlite')}`;

/** Runs the CLI as a person would. */
function importCli(zip: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/course-import.ts', zip, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL, COURSES_DIR: path.join(dir, 'courses'), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
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

describe('course:import', () => {
  it('stores a SCORM 2004 package’s activity tree with the version, and drops it when a SCORM 1.2 package replaces it', async () => {
    importCli(
      path.join(SAMPLES_DIR, 'external', 'golf-seq-simple-remediation-scorm2004-3rd.zip'),
      '--alias',
      'golf',
      '--language',
      'lv',
    );
    const tree = await storedTree();
    expect(Object.keys(tree!.launches)).toHaveLength(8);
    expect(tree!.activityTree.sequencingControls).toMatchObject({ choice: false, flow: true });

    importCli(
      path.join(SAMPLES_DIR, 'scorm12-golf-basic-calls.zip'),
      '--alias',
      'golf',
      '--language',
      'lv',
      '--replace',
    );
    expect(await storedTree()).toBeNull();
  });
});
