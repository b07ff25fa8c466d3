import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { managerRoutes } from '@portal/shared';
import yauzl from 'yauzl';
import { isFolderName } from './library.js';
import { ManifestError, parseManifest, type Manifest } from './manifest.js';
import { parseSequencing } from './sequencing/activity-tree.js';
import type { CourseSequencing } from './sequencing/types.js';
import { MANIFEST_LIMITS, manifestCostProblem } from './manifest-cost.js';

type PackageRefusal = managerRoutes.PackageRefusal;

/** Limits of one package; the defaults suit authoring-tool output with video. */
export interface ImportLimits {
  /** Size of the .zip file itself. */
  maxZipBytes: number;
  /** Sum of the unpacked sizes. */
  maxUnpackedBytes: number;
  maxEntries: number;
  /**
   * Largest unpacked/packed ratio of the whole package and of each entry bigger than 64 KiB, checked on the sizes
   * the .zip declares and on the bytes it unpacks to (zip bombs compress by thousands; text by ten or so).
   */
  maxRatio: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxZipBytes: 500 * 1024 * 1024,
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxEntries: 20_000,
  maxRatio: 200,
};

export interface ImportedPackage {
  folder: string;
  dir: string;
  manifest: Manifest;
  /** A SCORM 2004 package's activity tree for the sequencing engine. */
  sequencing: CourseSequencing | null;
  files: number;
  bytes: number;
}

/** A package refused for a reason the person importing it can act on, with its code (managerRoutes.PACKAGE_REASONS). */
export class PackageError extends Error {
  constructor(
    readonly refusal: PackageRefusal,
    message: string,
  ) {
    super(message);
  }
}

const MANIFEST = 'imsmanifest.xml';
/** What the player can launch: a web page. */
const HTML_LAUNCH = /\.(html?|xhtml)$/i;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** Below this an entry's ratio says nothing (a small file of spaces compresses by hundreds and harms no one). */
const RATIO_FLOOR_BYTES = 64 * 1024;

/** An entry's path inside the package: forward slashes, no "." or empty segments; a folder's ends with "/". */
function checkEntryName(name: string): string {
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-z]:/i.test(slashed))
    throw new PackageError({ reason: 'unsafe-entry', file: name }, `The package holds an absolute path: "${name}".`);
  const parts = slashed.split('/');
  if (parts.some((p) => p === '..'))
    throw new PackageError(
      { reason: 'unsafe-entry', file: name },
      `The package holds a path outside its folder: "${name}".`,
    );
  if (slashed.includes('\0'))
    throw new PackageError(
      { reason: 'unsafe-entry', file: slashed.replace(/\0/g, '\uFFFD') },
      'The package holds a file name with a NUL character.',
    );
  const normal = parts.filter((p) => p !== '' && p !== '.').join('/');
  if (slashed.endsWith('/')) return normal === '' ? '' : `${normal}/`;
  if (normal === '')
    throw new PackageError(
      { reason: 'unsafe-entry', file: name },
      `The package holds a file without a name: "${name}".`,
    );
  return normal;
}

/** Refuses two entries that would land on one path, and a file that is also another entry's folder. */
function checkPaths(names: string[]) {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const name of names) {
    if (name.endsWith('/')) folders.add(name.slice(0, -1));
    else if (files.has(name))
      throw new PackageError({ reason: 'unsafe-entry', file: name }, `The package holds "${name}" twice.`);
    else files.add(name);
    const parts = name.split('/');
    for (let end = 1; end < parts.length; end++) folders.add(parts.slice(0, end).join('/'));
  }
  for (const file of files) {
    if (folders.has(file))
      throw new PackageError({ reason: 'unsafe-entry', file }, `"${file}" is both a file and a folder in the package.`);
  }
}

const tooCompressed = (what: string) =>
  new PackageError({ reason: 'zip-bomb' }, `${what} is compressed suspiciously well (a zip bomb?).`);

/** Whether `unpacked` bytes from `packed` exceed the ratio (never below the floor). */
const overRatio = (unpacked: number, packed: number, ratio: number) =>
  unpacked > RATIO_FLOOR_BYTES && unpacked > ratio * Math.max(packed, 1);

/** Errors of the package's own bytes (a damaged stream, an unknown method) as refusals; the server's own fail. */
function asPackageError(error: unknown, what: string): unknown {
  if (error instanceof PackageError || (error as NodeJS.ErrnoException).syscall) return error;
  return new PackageError({ reason: 'not-zip' }, `${what} cannot be unpacked (${(error as Error).message}).`);
}

async function readManifest(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
): Promise<{ manifest: Manifest; sequencing: CourseSequencing | null }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MANIFEST_LIMITS.bytes) {
        throw new PackageError(
          { reason: 'manifest-too-complex' },
          `imsmanifest.xml is larger than ${MANIFEST_LIMITS.bytes / 1024} KiB.`,
        );
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw asPackageError(error, MANIFEST);
  }
  const bytes = Buffer.concat(chunks);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0)) {
    throw new PackageError(
      { reason: 'manifest-not-utf8' },
      'imsmanifest.xml is not UTF-8 text (UTF-16, or NUL characters): save it as UTF-8.',
    );
  }
  const xml = bytes.toString('utf8');
  const problem = manifestCostProblem(xml);
  if (problem) throw new PackageError({ reason: 'manifest-too-complex' }, problem);
  try {
    const manifest = parseManifest(xml);
    return { manifest, sequencing: manifest.version === '2004' ? parseSequencing(xml) : null };
  } catch (error) {
    // The parser reads nothing but the package's text: whatever it refuses is the package's fault.
    if (error instanceof ManifestError) throw new PackageError(error.refusal, error.message);
    throw new PackageError(
      { reason: 'manifest-unreadable' },
      `imsmanifest.xml cannot be read: ${(error as Error).message}`,
    );
  }
}

/**
 * Checks a SCORM .zip and unpacks it as `<coursesDir>/<folder>`: size and entry limits, no zip bomb,
 * no paths outside the folder or links, imsmanifest.xml at the root parsed with a real XML parser, and
 * a launch file that exists. Unpacks into a temporary folder and renames it into place, so a refused or
 * failed package leaves nothing behind. With `replace`, an existing folder is swapped out the same way.
 */
export async function importPackage(
  zipPath: string,
  options: { coursesDir: string; folder: string; replace?: boolean; limits?: Partial<ImportLimits> },
): Promise<ImportedPackage> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (!isFolderName(options.folder)) {
    throw new PackageError(
      { reason: 'invalid-folder', folder: options.folder },
      `"${options.folder}" is not a valid course folder name (letters, digits, ".", "-", "_").`,
    );
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(zipPath);
  } catch {
    throw new PackageError({ reason: 'not-zip' }, `Cannot read ${zipPath}.`);
  }
  if (!stat.isFile()) throw new PackageError({ reason: 'not-zip' }, `${zipPath} is not a file.`);
  if (stat.size > limits.maxZipBytes)
    throw new PackageError({ reason: 'too-large' }, `The package is larger than ${limits.maxZipBytes} bytes.`);

  const target = path.join(options.coursesDir, options.folder);
  if (fs.existsSync(target) && !options.replace) {
    throw new PackageError(
      { reason: 'invalid-folder', folder: options.folder },
      `The course folder "${options.folder}" already exists (use replace to update it).`,
    );
  }

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (error) {
    throw new PackageError(
      { reason: 'not-zip' },
      `The file is not a readable .zip archive (${(error as Error).message}).`,
    );
  }

  try {
    if (zip.entryCount > limits.maxEntries)
      throw new PackageError({ reason: 'too-large' }, `The package holds more than ${limits.maxEntries} files.`);
    const entries: { entry: yauzl.Entry; name: string }[] = [];
    let declared = 0;
    let packed = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = checkEntryName(entry.fileName);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
          throw new PackageError(
            { reason: 'unsafe-entry', file: entry.fileName },
            `The package holds a symbolic link: "${entry.fileName}".`,
          );
        }
        if (entry.isEncrypted())
          throw new PackageError(
            { reason: 'encrypted', file: entry.fileName },
            `The package holds an encrypted file: "${entry.fileName}".`,
          );
        declared += entry.uncompressedSize;
        packed += entry.compressedSize;
        if (declared > limits.maxUnpackedBytes)
          throw new PackageError(
            { reason: 'too-large' },
            `The package unpacks to more than ${limits.maxUnpackedBytes} bytes.`,
          );
        if (overRatio(entry.uncompressedSize, entry.compressedSize, limits.maxRatio))
          throw tooCompressed(`"${entry.fileName}"`);
        if (name !== '') entries.push({ entry, name });
      }
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw new PackageError({ reason: 'not-zip' }, `The .zip archive is damaged (${(error as Error).message}).`);
    }
    if (overRatio(declared, packed, limits.maxRatio)) throw tooCompressed('The package');
    checkPaths(entries.map((e) => e.name));

    const manifestEntry = entries.find((e) => e.name === MANIFEST);
    if (!manifestEntry) {
      const nested = entries.find((e) => e.name.toLowerCase().endsWith(`/${MANIFEST}`));
      const inner = entries.find((e) => /\.zip$/i.test(e.name));
      if (nested) {
        const folder = path.posix.dirname(nested.name);
        throw new PackageError(
          { reason: 'manifest-not-at-root', folder },
          `imsmanifest.xml must be at the root of the package, not in "${folder}/". Zip the contents of that folder instead.`,
        );
      }
      if (inner) {
        throw new PackageError(
          { reason: 'nested-package', file: inner.name },
          `The package has no imsmanifest.xml but holds another .zip ("${inner.name}"): upload that one.`,
        );
      }
      throw new PackageError(
        { reason: 'no-manifest' },
        'The package has no imsmanifest.xml: it is not a SCORM package.',
      );
    }
    const { manifest, sequencing } = await readManifest(zip, manifestEntry.entry);
    const files = new Set(entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name));
    for (const sco of manifest.scos) {
      const file = sco.href.split(/[?#]/, 1)[0]!;
      if (!files.has(file)) {
        throw new PackageError(
          { reason: 'missing-sco', file },
          `The manifest launches "${file}", which the package does not hold.`,
        );
      }
      if (!HTML_LAUNCH.test(file)) {
        throw new PackageError(
          { reason: 'unsupported-launch', file },
          `The manifest launches "${file}", which is not a web page (.html): the player cannot run it.`,
        );
      }
    }

    fs.mkdirSync(options.coursesDir, { recursive: true });
    const temp = path.join(options.coursesDir, `.import-${options.folder}-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(temp);
    let bytes = 0;
    try {
      for (const { entry, name } of entries) {
        const dest = path.resolve(temp, name);
        if (dest !== temp && !dest.startsWith(temp + path.sep))
          throw new PackageError(
            { reason: 'unsafe-entry', file: name },
            `The package holds a path outside its folder: "${name}".`,
          );
        if (name.endsWith('/')) {
          fs.mkdirSync(dest, { recursive: true });
          continue;
        }
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        // The declared sizes may lie: the bytes are counted as they come.
        let entryBytes = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            entryBytes += chunk.length;
            if (bytes > limits.maxUnpackedBytes)
              done(
                new PackageError(
                  { reason: 'too-large' },
                  `The package unpacks to more than ${limits.maxUnpackedBytes} bytes.`,
                ),
              );
            else if (overRatio(entryBytes, entry.compressedSize, limits.maxRatio)) done(tooCompressed(`"${name}"`));
            else if (overRatio(bytes, packed, limits.maxRatio)) done(tooCompressed('The package'));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(await zip.openReadStreamPromise(entry), counter, fs.createWriteStream(dest, { flags: 'wx' }));
        } catch (error) {
          throw asPackageError(error, `"${name}"`);
        }
      }
      if (fs.existsSync(target)) {
        const old = path.join(options.coursesDir, `.old-${options.folder}-${randomBytes(6).toString('hex')}`);
        fs.renameSync(target, old);
        fs.renameSync(temp, target);
        fs.rmSync(old, { recursive: true, force: true });
      } else {
        fs.renameSync(temp, target);
      }
    } catch (error) {
      fs.rmSync(temp, { recursive: true, force: true });
      throw error;
    }
    return { folder: options.folder, dir: target, manifest, sequencing, files: files.size, bytes };
  } finally {
    zip.close();
  }
}
