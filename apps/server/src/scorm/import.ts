import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import { isFolderName } from './library.js';
import { ManifestError, parseManifest, type Manifest } from './manifest.js';
import { parseSequencing } from './sequencing/activity-tree.js';
import type { CourseSequencing } from './sequencing/types.js';

/** Limits of one package; the defaults suit authoring-tool output with video. */
export interface ImportLimits {
  /** Size of the .zip file itself. */
  maxZipBytes: number;
  /** Sum of the unpacked sizes. */
  maxUnpackedBytes: number;
  maxEntries: number;
  /** Largest unpacked/packed ratio of one entry bigger than 1 MiB (zip bombs compress by thousands). */
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

/** A package refused for a reason the person importing it can act on. */
export class PackageError extends Error {}

const MANIFEST = 'imsmanifest.xml';
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function checkEntryName(name: string): string {
  const normal = name.replace(/\\/g, '/');
  if (normal.startsWith('/') || /^[a-z]:/i.test(normal))
    throw new PackageError(`The package holds an absolute path: "${name}".`);
  const parts = normal.split('/');
  if (parts.some((p) => p === '..')) throw new PackageError(`The package holds a path outside its folder: "${name}".`);
  if (normal.includes('\0')) throw new PackageError('The package holds a file name with a NUL character.');
  return normal;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new PackageError(`${entry.fileName} is too large.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
    throw new PackageError(`"${options.folder}" is not a valid course folder name (letters, digits, ".", "-", "_").`);
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(zipPath);
  } catch {
    throw new PackageError(`Cannot read ${zipPath}.`);
  }
  if (!stat.isFile()) throw new PackageError(`${zipPath} is not a file.`);
  if (stat.size > limits.maxZipBytes) throw new PackageError(`The package is larger than ${limits.maxZipBytes} bytes.`);

  const target = path.join(options.coursesDir, options.folder);
  if (fs.existsSync(target) && !options.replace) {
    throw new PackageError(`The course folder "${options.folder}" already exists (use replace to update it).`);
  }

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch (error) {
    throw new PackageError(`The file is not a readable .zip archive (${(error as Error).message}).`);
  }

  try {
    if (zip.entryCount > limits.maxEntries)
      throw new PackageError(`The package holds more than ${limits.maxEntries} files.`);
    const entries: { entry: yauzl.Entry; name: string }[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = checkEntryName(entry.fileName);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
          throw new PackageError(`The package holds a symbolic link: "${entry.fileName}".`);
        }
        if (entry.isEncrypted()) throw new PackageError(`The package holds an encrypted file: "${entry.fileName}".`);
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes)
          throw new PackageError(`The package unpacks to more than ${limits.maxUnpackedBytes} bytes.`);
        if (
          entry.uncompressedSize > 1024 * 1024 &&
          entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio
        ) {
          throw new PackageError(`"${entry.fileName}" is compressed suspiciously well (a zip bomb?).`);
        }
        entries.push({ entry, name });
      }
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw new PackageError(`The .zip archive is damaged (${(error as Error).message}).`);
    }

    const manifestEntry = entries.find((e) => e.name === MANIFEST);
    if (!manifestEntry) {
      const nested = entries.find((e) => e.name.toLowerCase().endsWith(`/${MANIFEST}`));
      throw new PackageError(
        nested
          ? `imsmanifest.xml must be at the root of the package, not in "${path.posix.dirname(nested.name)}/". Zip the contents of that folder instead.`
          : 'The package has no imsmanifest.xml: it is not a SCORM package.',
      );
    }
    let manifest: Manifest;
    let sequencing: CourseSequencing | null;
    try {
      const xml = (await readEntry(zip, manifestEntry.entry, 10 * 1024 * 1024)).toString('utf8');
      manifest = parseManifest(xml);
      sequencing = manifest.version === '2004' ? parseSequencing(xml) : null;
    } catch (error) {
      if (error instanceof ManifestError) throw new PackageError(error.message);
      throw error;
    }
    const files = new Set(entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name));
    for (const sco of manifest.scos) {
      const file = sco.href.split(/[?#]/, 1)[0]!;
      if (!files.has(file)) throw new PackageError(`The manifest launches "${file}", which the package does not hold.`);
    }

    fs.mkdirSync(options.coursesDir, { recursive: true });
    const temp = path.join(options.coursesDir, `.import-${options.folder}-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(temp);
    let bytes = 0;
    try {
      for (const { entry, name } of entries) {
        const dest = path.resolve(temp, name);
        if (dest !== temp && !dest.startsWith(temp + path.sep))
          throw new PackageError(`The package holds a path outside its folder: "${name}".`);
        if (name.endsWith('/')) {
          fs.mkdirSync(dest, { recursive: true });
          continue;
        }
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            if (bytes > limits.maxUnpackedBytes)
              done(new PackageError(`The package unpacks to more than ${limits.maxUnpackedBytes} bytes.`));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(await zip.openReadStreamPromise(entry), counter, fs.createWriteStream(dest, { flags: 'wx' }));
        } catch (error) {
          if (error instanceof PackageError) throw error;
          throw new PackageError(`Cannot unpack "${name}" (${(error as Error).message}).`);
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
