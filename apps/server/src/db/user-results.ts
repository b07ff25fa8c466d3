import type { adminRoutes } from '@portal/shared';
import { isDue } from '@portal/shared';
import { EMPTY_CELL, statusOf } from '../domain/result-status.js';
import type { Db } from './connect.js';
import { loadCatalogue } from './result-columns.js';
import { cellsOf } from './result-cells.js';

type CompletionRecord = adminRoutes.CompletionRecord;
type DueItem = adminRoutes.DueItem;
type UserDetailCourse = adminRoutes.UserDetailCourse;

/** Every course of a person's country with their assignment, result and status: the user-details table. */
export async function userCourses(
  db: Db,
  user: { id: number; country: string },
  lang: string,
  now: Date,
): Promise<UserDetailCourse[]> {
  const catalogue = await loadCatalogue(db, { countries: [user.country], lang, order: 'office' });
  const cells = (
    await cellsOf(
      db,
      [user.id],
      catalogue.map((c) => c.alias),
    )
  ).get(user.id)!;
  return catalogue.map(({ alias, name, course_type, expiration }, column) => {
    const cell = cells[column] ?? EMPTY_CELL;
    const status = statusOf(cell, { alias, name, course_type, expiration }, now);
    return {
      alias,
      name,
      course_type,
      expiration,
      assigned: cell.assigned,
      complete: cell.complete,
      finish_time: cell.finish_time,
      status: status.status,
      days_left: status.daysLeft,
      valid_until: status.validUntil,
    };
  });
}

/** Every completion ever recorded for a person, newest first, with who recorded manual ones. */
export async function completionHistory(db: Db, userId: number): Promise<CompletionRecord[]> {
  const rows = await db
    .selectFrom('course_completions')
    .leftJoin('users as recorder', 'recorder.id', 'course_completions.recorded_by')
    .select([
      'course_completions.course_alias',
      'course_completions.finish_time',
      'course_completions.source',
      'recorder.name as recorder_name',
      'recorder.surname as recorder_surname',
    ])
    .where('course_completions.user_id', '=', userId)
    .orderBy('course_completions.finish_time', 'desc')
    .orderBy('course_completions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    course_alias: row.course_alias,
    finish_time: row.finish_time,
    source: row.source,
    recorded_by: row.recorder_name ? `${row.recorder_name} ${row.recorder_surname ?? ''}`.trim() : null,
  }));
}

/** What a person has to do now: mandatory courses due (never done or expired) and unfinished mandatory instructions. */
export async function dueItems(
  db: Db,
  user: { id: number; country: string },
  lang: string,
  now: Date,
): Promise<DueItem[]> {
  const courses = (await userCourses(db, user, lang, now))
    .filter((c) => c.assigned !== null && c.course_type === 'mandatory' && isDue(c.status))
    .map((c): DueItem => ({ kind: 'course', alias: c.alias, name: c.name, status: c.status }));
  const bundles = await db
    .selectFrom('users')
    .innerJoin('bundle_positions', 'bundle_positions.position_id', 'users.position_id')
    .innerJoin('bundles', 'bundles.id', 'bundle_positions.bundle_id')
    .leftJoin('bundle_progress', (join) =>
      join.onRef('bundle_progress.bundle_id', '=', 'bundles.id').onRef('bundle_progress.user_id', '=', 'users.id'),
    )
    .select(['bundles.id', 'bundles.category_name', 'bundle_progress.seen', 'bundle_progress.complete'])
    .where('users.id', '=', user.id)
    .where('bundles.kind', '=', 'instruction')
    .where('bundles.country', '=', user.country)
    .where('bundles.mandatory', '=', 1)
    .orderBy('bundles.sort_order')
    .execute();
  const instructions = bundles
    .filter((b) => b.complete !== 1)
    .map((b): DueItem => ({
      kind: 'instruction',
      alias: String(b.id),
      name: b.category_name,
      status: b.seen === 1 ? 'seen' : 'not_seen',
    }));
  return [...courses, ...instructions];
}
