import fs from 'node:fs';
import path from 'node:path';
import { courseRoutes } from '@portal/shared';
import { parseManifest, type Manifest, type ManifestSco } from './manifest.js';

/** A course folder name: one path segment, nothing that could climb out of the courses folder. */
export const FOLDER_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

export const isFolderName = (folder: string) => FOLDER_PATTERN.test(folder) && !folder.includes('..');

/** The absolute directory of a course folder in the courses folder, or null when there is none. */
export function findCourseDir(coursesDir: string, folder: string): string | null {
  if (!isFolderName(folder)) return null;
  const dir = path.join(coursesDir, folder);
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : null;
}

const manifestCache = new Map<string, { mtimeMs: number; manifest: Manifest }>();

/** The parsed imsmanifest.xml of a course folder (cached until the file changes), or null when there is none. */
export function readCourseManifest(coursesDir: string, folder: string): Manifest | null {
  const dir = findCourseDir(coursesDir, folder);
  if (!dir) return null;
  const file = path.join(dir, 'imsmanifest.xml');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const cached = manifestCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.manifest;
  const manifest = parseManifest(fs.readFileSync(file, 'utf8'));
  manifestCache.set(file, { mtimeMs: stat.mtimeMs, manifest });
  return manifest;
}

/**
 * The SCOs a sequenced course may deliver besides its parts (`courseScos`): the items its organisation hides, which the
 * engine delivers all the same (a remediation page reached by a rule).
 */
export function hiddenScos(
  coursesDir: string,
  course: { folder: string; scorm_version: string | null },
): ManifestSco[] {
  if (course.scorm_version !== '2004' || !course.folder) return [];
  try {
    return readCourseManifest(coursesDir, course.folder)?.hiddenScos ?? [];
  } catch {
    return [];
  }
}

/** The launchable parts of a course: the manifest's SCOs, or its launch file as one part. */
export function courseScos(
  coursesDir: string,
  course: {
    folder: string;
    launch_file: string | null;
    external_url: string | null;
    scorm_version: string | null;
    name: string;
  },
): ManifestSco[] {
  if (course.external_url || !course.folder) return [];
  if (course.scorm_version) {
    try {
      const manifest = readCourseManifest(coursesDir, course.folder);
      if (manifest) return manifest.scos;
    } catch {
      // A broken manifest on disk falls back to the recorded launch file.
    }
  }
  return [
    { id: 'main', title: course.name, href: course.launch_file || 'index.html', launch: courseRoutes.NO_LAUNCH_VALUES },
  ];
}
