import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { importPackage } from '../apps/server/src/scorm/import.js';
import { writeZips } from './build-demo-courses.js';

it('writes the demo packages as .zip files that import with the same importer as any package', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-zips-'));
  try {
    const zips = await writeZips(path.join(dir, 'zips'));
    expect(zips).toHaveLength(28);
    const welcome = zips.find((z) => z.endsWith('welcome-ee.zip'))!;
    const result = await importPackage(welcome, { coursesDir: path.join(dir, 'courses'), folder: 'welcome-ee' });
    expect(result.manifest.version).toBe('1.2');
    expect(fs.readFileSync(path.join(dir, 'courses/welcome-ee/index.html'), 'utf8')).toContain(
      'Tere tulemast meeskonda',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
