import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSES } from '../apps/server/src/seed/demo-courses.js';
import { importPackage } from '../apps/server/src/scorm/import.js';
import { parseManifest } from '../apps/server/src/scorm/manifest.js';
import { demoPackages, PACKAGES_DIR, writeZips } from './build-demo-courses.js';

describe('demo SCORM packages', () => {
  const packages = demoPackages();

  it('are committed exactly as the generator writes them (run scripts/build-demo-courses.ts after editing)', () => {
    expect(fs.readdirSync(PACKAGES_DIR).sort()).toEqual([...packages.keys()].sort());
    for (const [folder, files] of packages) {
      expect(fs.readdirSync(path.join(PACKAGES_DIR, folder)).sort(), folder).toEqual([...files.keys()].sort());
      for (const [name, content] of files) {
        expect(fs.readFileSync(path.join(PACKAGES_DIR, folder, name), 'utf8'), `${folder}/${name}`).toBe(content);
      }
    }
  });

  it('exist for every playable demo course in every language, with the SCORM version the seed records', () => {
    for (const course of DEMO_COURSES.filter((c) => !c.externalUrl)) {
      for (const language of ['lv', 'lt', 'ee', 'en'] as const) {
        const files = packages.get(`${course.folder}-${language}`);
        expect(files, `${course.alias}-${language}`).toBeDefined();
        const manifest = parseManifest(files!.get('imsmanifest.xml')!);
        expect(manifest.version).toBe(course.scormVersion);
        expect(manifest.launchFile).toBe('index.html');
        expect(manifest.title).toBe(course.name[language]);
      }
    }
    expect(parseManifest(packages.get('safe-work-lv')!.get('imsmanifest.xml')!).schemaVersion).toBe('2004 3rd Edition');
    expect(parseManifest(packages.get('welcome-lv')!.get('imsmanifest.xml')!).version).toBe('1.2');
  });

  it('import as .zip files with the same importer as any package', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-zips-'));
    try {
      const zips = await writeZips(path.join(dir, 'zips'));
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
});
