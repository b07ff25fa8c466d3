import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseManifest } from '../scorm/manifest.js';
import { DEMO_COURSES } from './demo-courses.js';
import { demoPackages, writeMissingDemoPackages } from './demo-packages.js';

describe('demo SCORM packages', () => {
  const packages = demoPackages();
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
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
        expect([...files!.keys()].sort()).toEqual(['course.css', 'course.js', 'imsmanifest.xml', 'index.html']);
      }
    }
    expect(parseManifest(packages.get('safe-work-lv')!.get('imsmanifest.xml')!).schemaVersion).toBe('2004 3rd Edition');
    expect(parseManifest(packages.get('welcome-lv')!.get('imsmanifest.xml')!).version).toBe('1.2');
  });

  it('are written whole into a courses folder that lacks them, and a folder that exists is left alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-packages-'));
    const coursesDir = path.join(dir, 'courses');
    fs.mkdirSync(path.join(coursesDir, 'welcome-lv'), { recursive: true });
    fs.writeFileSync(path.join(coursesDir, 'welcome-lv', 'index.html'), 'uploaded by a manager');

    const written = writeMissingDemoPackages(coursesDir);
    expect(written.sort()).toEqual([...packages.keys()].filter((folder) => folder !== 'welcome-lv').sort());
    expect(fs.readdirSync(coursesDir).sort()).toEqual([...packages.keys()].sort());
    for (const [name, content] of packages.get('safe-work-ee')!)
      expect(fs.readFileSync(path.join(coursesDir, 'safe-work-ee', name), 'utf8')).toBe(content);
    expect(fs.readdirSync(path.join(coursesDir, 'welcome-lv'))).toEqual(['index.html']);
    expect(fs.readFileSync(path.join(coursesDir, 'welcome-lv', 'index.html'), 'utf8')).toBe('uploaded by a manager');

    expect(writeMissingDemoPackages(coursesDir)).toEqual([]);
  });
});
