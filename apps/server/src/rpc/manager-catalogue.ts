import fs from 'node:fs';
import path from 'node:path';
import { managerRoutes, type ParsedInputOf } from '@portal/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { recordAudit } from '../db/audit.js';
import { saveCourseSequencing } from '../db/course-sequencing.js';
import {
  courseExists,
  findCourse,
  folderInUse,
  insertCourse,
  listCatalogue,
  updateCourseRow,
  type CoursePatch,
  type NewCourse,
} from '../db/manager.js';
import { importPackage, PackageError } from '../scorm/import.js';
import { findCourseDir, readCourseManifest } from '../scorm/library.js';
import { parseSequencing } from '../scorm/sequencing/activity-tree.js';
import type { CourseSequencing } from '../scorm/sequencing/types.js';
import { SequencingError } from '../scorm/sequencing/values.js';
import { conflict, invalidInput, notFound, packageRefused } from './errors.js';
import { route, type RouteDef } from './registry.js';

type AddCourseInput = ParsedInputOf<typeof managerRoutes.addCourse>;
type ManagerCourse = managerRoutes.ManagerCourse;

const aliasTaken = (input: { alias: string; language: string }) =>
  conflict(`A course with the alias "${input.alias}" already exists in language ${input.language}.`);

function newCourseRow(
  input: AddCourseInput,
  content: Pick<NewCourse, 'folder' | 'launch_file' | 'scorm_version' | 'external_url'>,
): NewCourse {
  return {
    alias: input.alias,
    language: input.language,
    name: input.name,
    description: input.description,
    expiration: input.expiration,
    course_type: input.course_type,
    status: input.status,
    course_order_office: input.course_order_office,
    course_order_store: input.course_order_store,
    ...content,
  };
}

async function insertAndAudit(
  db: Db,
  actorId: number,
  row: NewCourse,
  how: 'upload' | 'folder' | 'external',
): Promise<ManagerCourse> {
  const id = await insertCourse(db, row);
  if (id === null) throw aliasTaken(row);
  const course = await findCourse(db, id);
  if (!course) throw notFound('The course vanished while it was saved.');
  await recordAudit(db, {
    actorId,
    action: 'course.add',
    subjectType: 'course',
    subjectId: id,
    before: null,
    after: { ...course, source: how },
  });
  return course;
}

/**
 * Adds a course from an uploaded SCORM .zip: refuses a taken alias or folder, checks and unpacks the package
 * with the courses area's import (which leaves nothing behind when it refuses), then registers the course with
 * its activity tree in one transaction; if that fails, the unpacked folder is removed again. Nothing half-made remains.
 */
export async function addCourseFromPackage(
  deps: { db: Db; config: Config },
  actorId: number,
  input: AddCourseInput,
  zipPath: string,
): Promise<ManagerCourse> {
  if (input.external_url) {
    throw invalidInput('The request is not valid.', {
      external_url: 'A course with an uploaded package cannot also be an external link.',
    });
  }
  const folder = input.folder ?? `${input.alias}-${input.language}`;
  if (await courseExists(deps.db, input.alias, input.language)) throw aliasTaken(input);
  if ((await folderInUse(deps.db, folder)) || findCourseDir(deps.config.COURSES_DIR, folder)) {
    throw conflict(`The course folder "${folder}" is already in use. Choose another folder name.`);
  }
  let imported;
  try {
    imported = await importPackage(zipPath, { coursesDir: deps.config.COURSES_DIR, folder });
  } catch (error) {
    if (error instanceof PackageError) {
      throw packageRefused(error.refusal, error.message);
    }
    throw error;
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const course = await insertAndAudit(
        trx,
        actorId,
        newCourseRow(input, {
          folder,
          launch_file: imported.manifest.launchFile,
          scorm_version: imported.manifest.version,
          external_url: null,
        }),
        'upload',
      );
      await saveCourseSequencing(trx, course.id, imported.sequencing);
      return course;
    });
  } catch (error) {
    fs.rmSync(imported.dir, { recursive: true, force: true });
    throw error;
  }
}

/** What an existing folder launches: its manifest's first SCO, else index.html. */
function folderContent(config: Config, folder: string) {
  const dir = findCourseDir(config.COURSES_DIR, folder);
  if (!dir) {
    throw invalidInput('The request is not valid.', {
      folder: `There is no course folder "${folder}". Upload the SCORM package instead.`,
    });
  }
  let manifest;
  try {
    manifest = readCourseManifest(config.COURSES_DIR, folder);
  } catch (error) {
    throw invalidInput('The request is not valid.', {
      folder: `The folder's imsmanifest.xml cannot be read: ${(error as Error).message}`,
    });
  }
  if (manifest)
    return { folder, launch_file: manifest.launchFile, scorm_version: manifest.version, external_url: null };
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw invalidInput('The request is not valid.', {
      folder: 'The folder has neither an imsmanifest.xml nor an index.html to launch.',
    });
  }
  return { folder, launch_file: 'index.html', scorm_version: null, external_url: null };
}

/** The activity tree of a SCORM 2004 folder's manifest; a broken or unsupported sequencing refuses the folder. */
function folderSequencing(config: Config, folder: string): CourseSequencing | null {
  const dir = findCourseDir(config.COURSES_DIR, folder)!;
  try {
    return parseSequencing(fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8'));
  } catch (error) {
    if (error instanceof SequencingError) throw invalidInput('The request is not valid.', { folder: error.message });
    throw error;
  }
}

export const addCourse = route(managerRoutes.addCourse, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, actor, db, config }) {
    if (!input.folder && !input.external_url) {
      throw invalidInput('The request is not valid.', {
        folder: 'Upload a SCORM package, name an existing course folder, or give an external link.',
      });
    }
    if (await courseExists(db, input.alias, input.language)) throw aliasTaken(input);
    const content = input.external_url
      ? { folder: '', launch_file: null, scorm_version: null, external_url: input.external_url }
      : folderContent(config, input.folder!);
    const sequencing = content.scorm_version === '2004' ? folderSequencing(config, content.folder) : null;
    const course = await insertAndAudit(
      db,
      actor.id,
      newCourseRow(input, content),
      input.external_url ? 'external' : 'folder',
    );
    await saveCourseSequencing(db, course.id, sequencing);
    return course;
  },
});

export const updateCourse = route(managerRoutes.updateCourse, {
  allow: 'catalogue',
  writes: true,
  async handler({ input, db, audit }) {
    const before = await findCourse(db, input.id);
    if (!before) throw notFound('No such course.');
    const { id, ...rest } = input;
    const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as CoursePatch;
    await updateCourseRow(db, id, patch);
    const after = (await findCourse(db, id))!;
    await audit({ action: 'course.update', subjectType: 'course', subjectId: id, before, after });
    return after;
  },
});

export const coursesByType = route(managerRoutes.coursesByType, {
  allow: 'catalogue',
  handler: ({ input, db }) => listCatalogue(db, input.language, input.course_type),
});

export const managerCatalogueApi: RouteDef[] = [addCourse, updateCourse, coursesByType] as RouteDef[];
