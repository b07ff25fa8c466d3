import type { courseRoutes, Language } from '@portal/shared';
import { catalogueChanged } from './catalogue.js';
import type { Db } from './connect.js';

type ScormVersion = courseRoutes.ScormVersion;

export interface CourseVersionInput {
  alias: string;
  language: Language;
  name: string;
  folder: string;
  launch_file: string;
  scorm_version: ScormVersion | null;
  course_type?: 'mandatory' | 'optional';
  expiration?: number;
  description?: string;
}

/**
 * Creates a course version or points an existing one at newly imported content (keeping its name, type,
 * expiry and order unless given). Returns the version's id and whether it was created.
 */
export async function saveCourseVersion(
  db: Db,
  input: CourseVersionInput,
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('courses')
    .select('id')
    .where('alias', '=', input.alias)
    .where('language', '=', input.language)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('courses')
      .set({
        folder: input.folder,
        launch_file: input.launch_file,
        scorm_version: input.scorm_version,
        external_url: null,
        ...(input.course_type ? { course_type: input.course_type } : {}),
        ...(input.expiration !== undefined ? { expiration: input.expiration } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      })
      .where('id', '=', existing.id)
      .execute();
    catalogueChanged();
    return { id: existing.id, created: false };
  }
  const sibling = await db
    .selectFrom('courses')
    .select(['course_type', 'expiration', 'course_order_office', 'course_order_store'])
    .where('alias', '=', input.alias)
    .executeTakeFirst();
  const row = await db
    .insertInto('courses')
    .values({
      alias: input.alias,
      language: input.language,
      name: input.name,
      description: input.description ?? '',
      expiration: input.expiration ?? sibling?.expiration ?? 0,
      folder: input.folder,
      course_type: input.course_type ?? sibling?.course_type ?? 'optional',
      status: 'enabled',
      course_order_office: sibling?.course_order_office ?? 100,
      course_order_store: sibling?.course_order_store ?? 100,
      external_url: null,
      launch_file: input.launch_file,
      scorm_version: input.scorm_version,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  catalogueChanged();
  return { id: row.id, created: true };
}
