import { courseRoutes } from '@portal/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { findAttemptToken, saveAttemptSequencing, touchAttemptToken, updateAttemptSummary } from '../db/attempts.js';
import { hasCourseSequencing } from '../db/course-sequencing.js';
import { findResult, saveAttemptState } from '../db/course-progress.js';
import { rollupSummary } from '../domain/attempts.js';
import { statusOf } from '../domain/course-lists.js';
import { summarize } from '../domain/scorm-status.js';
import { zodFields } from '../rpc/registry.js';
import { ApiError, conflict, invalidInput } from '../rpc/errors.js';
import { saveGlobalObjectives } from './global-objectives.js';
import { courseScos, hiddenScos } from './library.js';
import { saveSharedData } from './shared-data.js';

type Saved = courseRoutes.SavedCourseState;

/** A commit body as it came: JSON, or JSON text when a beacon sent it as text/plain. */
function bodyOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw invalidInput('The commit is not JSON.');
  }
}

/**
 * Saves one commit of the launch page: the token names the learner, the course version and the attempt, so nothing
 * in the body can reach another person, course or attempt. A review's commits are answered and never stored.
 */
export async function saveCommit(db: Db, config: Config, body: unknown): Promise<Saved> {
  const parsed = courseRoutes.attemptCommit.safeParse(bodyOf(body));
  if (!parsed.success) throw invalidInput('The commit is not valid.', zodFields(parsed.error));
  const input = parsed.data;
  const now = new Date();
  return db.transaction().execute(async (tx) => {
    const token = await findAttemptToken(tx, input.token, now);
    if (!token) throw new ApiError('not active', 'This course window has expired. Close it and open the course again.');
    const { course } = token;
    const scoIds = courseScos(config.COURSES_DIR, course).map((s) => s.id);
    const delivered = [...scoIds, ...hiddenScos(config.COURSES_DIR, course).map((s) => s.id)];
    if (!delivered.includes(input.sco)) throw invalidInput('sco is not a part of this course.', { sco: 'unknown SCO' });
    if (input.sequencing && !(await hasCourseSequencing(tx, course.id)))
      throw invalidInput('This course is not sequenced.', { sequencing: 'not a sequenced course' });
    if (token.review === 1) {
      const row = await findResult(tx, token.user_id, course.alias);
      const status = statusOf(row, course.expiration, now);
      return {
        saved: false,
        attempt: token.attempt,
        seq: input.seq,
        done: false,
        complete: row?.complete === 1,
        finish_time: row?.finish_time ?? null,
        course_status: status.status,
        course_expiration: status.validUntil,
      };
    }
    const outcome = await saveAttemptState(tx, {
      userId: token.user_id,
      course,
      scoIds,
      attempt: token.attempt,
      seq: input.seq,
      sco: input.sco,
      cmi: input.cmi,
      log: input.log,
      rollup: input.sequencing?.rollup,
      now,
    });
    if (outcome.kind === 'conflict')
      throw conflict('This attempt is no longer the current one. Close the course and open it again.');
    if (input.shared_data && outcome.kind === 'saved')
      await saveSharedData(tx, token.user_id, course, token.attempt, input.sco, input.shared_data, now);
    if (input.global_objectives && outcome.kind === 'saved')
      await saveGlobalObjectives(tx, token.user_id, course.id, input.global_objectives, now);
    await touchAttemptToken(tx, input.token, now);
    if (outcome.kind === 'saved') {
      const version = (course.scorm_version as courseRoutes.ScormVersion | null) ?? null;
      const summary = summarize(version, input.cmi);
      const root = input.sequencing ? rollupSummary(input.sequencing.rollup) : summary;
      const success = root.success_status && root.success_status !== 'unknown' ? root.success_status : null;
      await updateAttemptSummary(tx, {
        userId: token.user_id,
        alias: course.alias,
        attempt: token.attempt,
        status: summary.lesson_status ?? success ?? root.completion_status,
        score: root.score_raw,
        totalTime: summary.total_time,
        now,
      });
      if (input.sequencing) {
        await saveAttemptSequencing(tx, {
          userId: token.user_id,
          alias: course.alias,
          attempt: token.attempt,
          courseId: course.id,
          state: input.sequencing.state,
          now,
        });
      }
    }
    return {
      saved: outcome.kind === 'saved',
      attempt: outcome.result.attempt,
      seq: outcome.result.state_seq,
      done: outcome.kind === 'saved' && outcome.done,
      complete: outcome.result.complete === 1,
      finish_time: outcome.result.finish_time,
      course_status: outcome.status.status,
      course_expiration: outcome.status.validUntil,
    };
  });
}
