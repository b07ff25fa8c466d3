import type { CourseSequencing } from '../scorm/sequencing/types.js';
import type { Db } from './connect.js';

/** Stores a course version's activity tree in place of the one it had; null (a package without one) removes it. */
export async function saveCourseSequencing(
  db: Db,
  courseId: number,
  sequencing: CourseSequencing | null,
): Promise<void> {
  if (!sequencing) {
    await db.deleteFrom('course_sequencing').where('course_id', '=', courseId).execute();
    return;
  }
  const json = JSON.stringify(sequencing);
  await db
    .insertInto('course_sequencing')
    .values({ course_id: courseId, sequencing_json: json })
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ sequencing_json: json }))
    .execute();
}

/** The activity tree stored with a course version, or null for one without (SCORM 1.2, a link, a folder). */
export async function courseSequencing(db: Db, courseId: number): Promise<CourseSequencing | null> {
  const row = await db
    .selectFrom('course_sequencing')
    .select('sequencing_json')
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.sequencing_json) as CourseSequencing) : null;
}

/** Whether a course version has an activity tree (without reading it). */
export async function hasCourseSequencing(db: Db, courseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('course_sequencing')
    .select('course_id')
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}
