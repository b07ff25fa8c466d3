import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importPackage, PackageError } from './import.js';
import { hostilePackages, manifest12, SAMPLES_DIR, zipBuffer } from './test-zips.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-import-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const coursesDir = () => path.join(dir, 'courses');
const left = () => (fs.existsSync(coursesDir()) ? fs.readdirSync(coursesDir()) : []);
const write = (name: string, buffer: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, buffer);
  return file;
};

const MANIFEST_12 = manifest12();
const EXTERNAL = path.join(SAMPLES_DIR, 'external');

describe('SCORM package import', () => {
  it.each([
    ['scorm12-golf-basic-calls.zip', '1.2', 1],
    ['scorm12-golf-minimum-calls-multi-sco.zip', '1.2', 18],
    ['scorm2004-3rd-golf-basic-calls.zip', '2004', 1],
  ] as const)('imports the real package %s', async (file, version, scos) => {
    const result = await importPackage(path.join(SAMPLES_DIR, file), { coursesDir: coursesDir(), folder: 'golf' });
    expect(result.manifest.version).toBe(version);
    expect(result.manifest.scos).toHaveLength(scos);
    expect(fs.existsSync(path.join(coursesDir(), 'golf', result.manifest.launchFile.split('?')[0]!))).toBe(true);
    expect(left()).toEqual(['golf']);
  });

  it.each(fs.readdirSync(EXTERNAL).filter((file) => file.endsWith('.zip')))(
    'imports the authoring-tool package %s within the limits',
    async (file) => {
      const result = await importPackage(path.join(EXTERNAL, file), { coursesDir: coursesDir(), folder: 'x' });
      expect(result.manifest.scos.length).toBeGreaterThan(0);
    },
  );

  it.each([
    ['manifest-in-subfolder.zip', /must be at the root of the package/],
    ['no-manifest.zip', /no imsmanifest\.xml/],
  ])('refuses the invalid sample %s with a clear error and leaves nothing behind', async (file, message) => {
    const attempt = importPackage(path.join(SAMPLES_DIR, 'invalid', file), { coursesDir: coursesDir(), folder: 'bad' });
    await expect(attempt).rejects.toThrow(PackageError);
    await expect(attempt).rejects.toThrow(message);
    expect(left()).toEqual([]);
  });

  it('refuses a path that climbs out of the folder', async () => {
    const zip = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', '<p>hi</p>'],
      ['aa/evil.txt', 'x'],
    ]);
    const patched = Buffer.from(zip.toString('latin1').replaceAll('aa/evil.txt', '../evil.txt'), 'latin1');
    await expect(importPackage(write('climb.zip', patched), { coursesDir: coursesDir(), folder: 'c' })).rejects.toThrow(
      PackageError,
    );
    expect(left()).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'evil.txt'))).toBe(false);
  });

  it('refuses a zip bomb, a package over the limits, a missing launch file, broken XML and a non-zip', async () => {
    const bomb = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', Buffer.alloc(20 * 1024 * 1024)],
    ]);
    await expect(importPackage(write('bomb.zip', bomb), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /zip bomb/,
    );
    const fine = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', 'x'.repeat(5000)],
    ]);
    await expect(
      importPackage(write('big.zip', fine), {
        coursesDir: coursesDir(),
        folder: 'b',
        limits: { maxUnpackedBytes: 1000 },
      }),
    ).rejects.toThrow(/unpacks to more than/);
    await expect(
      importPackage(write('many.zip', fine), { coursesDir: coursesDir(), folder: 'b', limits: { maxEntries: 1 } }),
    ).rejects.toThrow(/more than 1 files/);
    const noLaunch = await zipBuffer([['imsmanifest.xml', MANIFEST_12]]);
    await expect(
      importPackage(write('nolaunch.zip', noLaunch), { coursesDir: coursesDir(), folder: 'b' }),
    ).rejects.toThrow(/launches "index.html", which the package does not hold/);
    const broken = await zipBuffer([
      ['imsmanifest.xml', '<manifest><organizations></manifest>'],
      ['index.html', 'x'],
    ]);
    await expect(importPackage(write('broken.zip', broken), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /not well-formed XML/,
    );
    await expect(
      importPackage(write('text.zip', Buffer.from('hello')), { coursesDir: coursesDir(), folder: 'b' }),
    ).rejects.toThrow(/not a readable \.zip/);
    await expect(importPackage(write('ok.zip', fine), { coursesDir: coursesDir(), folder: '../up' })).rejects.toThrow(
      /not a valid course folder/,
    );
    expect(left()).toEqual([]);
  });

  it('refuses a package of entries each under 1 MiB whose whole unpacks far more than it packs', async () => {
    const zeros = Buffer.alloc(1024 * 1024 - 1);
    const files: [string, Buffer][] = Array.from({ length: 40 }, (_, i) => [`media/${i}.bin`, zeros]);
    const bomb = await zipBuffer([['imsmanifest.xml', MANIFEST_12], ['index.html', '<p>hi</p>'], ...files]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(importPackage(write('bomb.zip', bomb), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /compressed suspiciously well/,
    );
    expect(left()).toEqual([]);
  });

  it('refuses a package whose entry unpacks to more than it declares, while unpacking', async () => {
    const zip = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', Buffer.alloc(4 * 1024 * 1024)],
    ]);
    // The central directory now declares 64 KiB for index.html: the sizes checked before unpacking pass.
    const lying = Buffer.from(zip);
    const at = lying.lastIndexOf(Buffer.from('index.html')) - 46;
    lying.writeUInt32LE(64 * 1024, at + 24);
    await expect(importPackage(write('lying.zip', lying), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      PackageError,
    );
    expect(left()).toEqual([]);
  });

  it('refuses a manifest too large or too costly to parse before parsing it', async () => {
    const items = Array.from({ length: 90_000 }, (_, i) => `<item identifier="x${i}"><title>x</title></item>`).join('');
    const huge = await zipBuffer([
      ['imsmanifest.xml', manifest12(items)],
      ['index.html', 'x'],
    ]);
    await expect(importPackage(write('huge.zip', huge), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /imsmanifest\.xml is larger than 128 KiB/,
    );
    const many = await zipBuffer([
      ['imsmanifest.xml', manifest12('<t/>'.repeat(3_000))],
      ['index.html', 'x'],
    ]);
    await expect(importPackage(write('many.zip', many), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /more than 2500 elements/,
    );
    const attributes = Array.from({ length: 100 }, (_, i) => `a${i}="x"`).join(' ');
    const wide = await zipBuffer([
      ['imsmanifest.xml', manifest12(`<t ${attributes}/>`)],
      ['index.html', 'x'],
    ]);
    await expect(importPackage(write('wide.zip', wide), { coursesDir: coursesDir(), folder: 'b' })).rejects.toThrow(
      /more than 64 attributes/,
    );
  });

  it('refuses each hostile package as a package error that says what is wrong', async () => {
    for (const { kind, zip, message } of await hostilePackages()) {
      const attempt = importPackage(write('hostile.zip', zip), { coursesDir: coursesDir(), folder: 'h' });
      await expect(attempt, kind).rejects.toThrow(PackageError);
      await expect(attempt, kind).rejects.toThrow(message);
    }
    expect(left()).toEqual([]);
  });

  it('keeps an existing folder unless told to replace it, then swaps it whole', async () => {
    const v1 = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', 'v1'],
      ['old.txt', 'old'],
    ]);
    const v2 = await zipBuffer([
      ['imsmanifest.xml', MANIFEST_12],
      ['index.html', 'v2'],
    ]);
    await importPackage(write('v1.zip', v1), { coursesDir: coursesDir(), folder: 'c' });
    await expect(importPackage(write('v2.zip', v2), { coursesDir: coursesDir(), folder: 'c' })).rejects.toThrow(
      /already exists/,
    );
    await importPackage(write('v2.zip', v2), { coursesDir: coursesDir(), folder: 'c', replace: true });
    expect(fs.readFileSync(path.join(coursesDir(), 'c', 'index.html'), 'utf8')).toBe('v2');
    expect(fs.existsSync(path.join(coursesDir(), 'c', 'old.txt'))).toBe(false);
    expect(left()).toEqual(['c']);
  });
});
