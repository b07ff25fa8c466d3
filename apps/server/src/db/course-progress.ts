import type { courseRoutes, CourseStatusResult, Language } from '@portal/shared';
import type { Selectable } from 'kysely';
import { attemptDone, currentAttempt, rollupSummary, type AttemptState } from '../domain/attempts.js';
import { statusOf } from '../domain/course-lists.js';
import { isScoDone, summarize, type Cmi } from '../domain/scorm-status.js';
import type { Db } from './connect.js';
import type { CourseResultsTable, CourseRow } from './schema.js';

type CourseLogAttempt = courseRoutes.CourseLogAttempt;
type ScormLogEntry = courseRoutes.ScormLogEntry;
type ScormVersion = courseRoutes.ScormVersion;
type ResultRow = Selectable<CourseResultsTable>;

export async function findResult(db: Db, userId: number, alias: string): Promise<ResultRow | undefined> {
  return db
    .selectFrom('course_results')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_alias', '=', alias)
    .executeTakeFirst();
}

async function ensureResult(db: Db, userId: number, course: CourseRow, now: Date): Promise<ResultRow> {
  await db
    .insertInto('course_results')
    .values({
      user_id: userId,
      course_alias: course.alias,
      course_id: course.id,
      complete: 0,
      finish_time: null,
      attempt: 1,
      lesson_status: null,
      completion_status: null,
      success_status: null,
      score_raw: null,
      location: null,
      suspend_data: null,
      total_time: null,
      cmi_json: null,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_alias']).doNothing())
    .execute();
  const row = await findResult(db, userId, course.alias);
  if (!row) throw new Error('course result row vanished');
  return row;
}

/** What a completion the content reported rests on: the launched attempt, its time and its score. */
export interface CompletionEvidence {
  attempt: number;
  timeSpent: string | null;
  score: number | null;
}

export interface CompletionOutcome {
  changed: boolean;
  result: ResultRow;
  status: CourseStatusResult;
}

/**
 * Records a completion. A course that is complete and not yet in its renewal window stays as it is
 * (a repeated or concurrent call changes nothing); otherwise finish_time becomes now and the completion
 * is added to the history. The update is conditional on the row being unchanged, so two racing calls
 * record one completion on both databases.
 */
export async function recordCompletion(
  db: Db,
  input: {
    userId: number;
    course: CourseRow;
    source: 'scorm' | 'message' | 'manual' | 'import';
    recordedBy?: number | null;
    /** The run-time evidence of a completion the content reported: its attempt, time and score. */
    evidence?: CompletionEvidence;
    now?: Date;
  },
): Promise<CompletionOutcome> {
  const now = input.now ?? new Date();
  for (let tries = 0; tries < 3; tries++) {
    const row = await ensureResult(db, input.userId, input.course, now);
    const before = statusOf(row, input.course.expiration, now);
    if (row.complete === 1 && before.status === 'complete') return { changed: false, result: row, status: before };
    const finish = now.toISOString();
    const update = await db
      .updateTable('course_results')
      .set({ complete: 1, finish_time: finish, course_id: input.course.id, updated_at: finish })
      .where('id', '=', row.id)
      .where('complete', '=', row.complete)
      .where((eb) =>
        row.finish_time === null ? eb('finish_time', 'is', null) : eb('finish_time', '=', row.finish_time),
      )
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) continue;
    await db
      .insertInto('course_completions')
      .values({
        user_id: input.userId,
        course_alias: input.course.alias,
        finish_time: finish,
        source: input.source,
        recorded_by: input.recordedBy ?? null,
        attempt: input.evidence?.attempt ?? null,
        time_spent: input.evidence?.timeSpent ?? null,
        score: input.evidence?.score ?? null,
      })
      .execute();
    const result = { ...row, complete: 1, finish_time: finish, course_id: input.course.id, updated_at: finish };
    return { changed: true, result, status: statusOf(result, input.course.expiration, now) };
  }
  const result = await ensureResult(db, input.userId, input.course, now);
  return { changed: false, result, status: statusOf(result, input.course.expiration, now) };
}

/**
 * Starts a new attempt from the beginning ("Start again"): empty run-time data, the completion on record kept. The
 * update is conditional on the row being unchanged, so two racing restarts start one attempt.
 */
export async function startNewAttempt(db: Db, userId: number, course: CourseRow, now: Date): Promise<number> {
  const row = await ensureResult(db, userId, course, now);
  await db
    .updateTable('course_results')
    .set({
      attempt: row.attempt + 1,
      state_seq: 0,
      cmi_json: JSON.stringify({ scos: {} } satisfies AttemptState),
      course_id: course.id,
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .where('attempt', '=', row.attempt)
    .execute();
  return row.attempt + 1;
}

export type SaveOutcome =
  | { kind: 'saved'; result: ResultRow; status: CourseStatusResult; done: boolean }
  | { kind: 'stale'; result: ResultRow; status: CourseStatusResult }
  | { kind: 'conflict' };

/**
 * Saves one commit of a SCO's data model. Older commits (a sequence already saved) are ignored; the first
 * commit of a fresh attempt starts it; completion is recorded when this commit makes every SCO done.
 */
export async function saveAttemptState(
  db: Db,
  input: {
    userId: number;
    course: CourseRow;
    scoIds: string[];
    attempt: number;
    seq: number;
    sco: string;
    cmi: Cmi;
    log: ScormLogEntry[];
    /** A sequenced course's rolled-up root after this commit: the course's status comes from it. */
    rollup?: courseRoutes.SequencingRollup;
    now?: Date;
  },
): Promise<SaveOutcome> {
  const now = input.now ?? new Date();
  const version = (input.course.scorm_version as ScormVersion | null) ?? null;
  for (let tries = 0; tries < 3; tries++) {
    const row = await ensureResult(db, input.userId, input.course, now);
    const current = currentAttempt(row, input.scoIds, input.course.expiration, now);
    if (
      input.attempt < current.attempt ||
      (input.attempt === current.attempt && !current.fresh && input.seq <= row.state_seq)
    ) {
      return { kind: 'stale', result: row, status: statusOf(row, input.course.expiration, now) };
    }
    if (input.attempt !== current.attempt) return { kind: 'conflict' };
    const state: AttemptState = current.fresh ? { scos: {} } : current.state;
    const wasDone = attemptDone(state, input.scoIds);
    state.scos[input.sco] = { cmi: input.cmi, done: isScoDone(version, input.cmi) };
    if (input.rollup) state.root = input.rollup;
    const nowDone = attemptDone(state, input.scoIds);
    const iso = now.toISOString();
    const summary = summarize(version, input.cmi);
    const update = await db
      .updateTable('course_results')
      .set({
        ...summary,
        ...(input.rollup ? rollupSummary(input.rollup) : {}),
        attempt: input.attempt,
        state_seq: input.seq,
        course_id: input.course.id,
        cmi_json: JSON.stringify(state),
        updated_at: iso,
      })
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state_seq', '=', row.state_seq)
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) continue;
    if (input.log.length > 0) {
      await db
        .insertInto('scorm_call_log')
        .values({
          user_id: input.userId,
          course_id: input.course.id,
          attempt: input.attempt,
          at: iso,
          calls_json: JSON.stringify(input.log),
        })
        .execute();
    }
    const done = state.scos[input.sco]!.done;
    if (!wasDone && nowDone) {
      const outcome = await recordCompletion(db, {
        userId: input.userId,
        course: input.course,
        source: 'scorm',
        evidence: {
          attempt: input.attempt,
          timeSpent: summary.total_time,
          score: input.rollup ? rollupSummary(input.rollup).score_raw : summary.score_raw,
        },
        now,
      });
      return { kind: 'saved', result: outcome.result, status: outcome.status, done };
    }
    const saved = (await findResult(db, input.userId, input.course.alias))!;
    return { kind: 'saved', result: saved, status: statusOf(saved, input.course.expiration, now), done };
  }
  return { kind: 'conflict' };
}

/** The run-time log of one person's course, grouped by attempt, oldest first. */
export async function readCourseLog(db: Db, userId: number, alias: string): Promise<CourseLogAttempt[]> {
  const rows = await db
    .selectFrom('scorm_call_log')
    .innerJoin('courses', 'courses.id', 'scorm_call_log.course_id')
    .select([
      'scorm_call_log.attempt',
      'scorm_call_log.course_id',
      'scorm_call_log.at',
      'scorm_call_log.calls_json',
      'courses.language',
    ])
    .where('scorm_call_log.user_id', '=', userId)
    .where('courses.alias', '=', alias)
    .orderBy('scorm_call_log.id')
    .execute();
  const attempts = new Map<string, CourseLogAttempt>();
  for (const row of rows) {
    const key = `${row.attempt}:${row.course_id}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = { attempt: row.attempt, course_id: row.course_id, language: row.language as Language, entries: [] };
      attempts.set(key, attempt);
    }
    const entries = JSON.parse(row.calls_json) as ScormLogEntry[];
    attempt.entries.push(...entries.map((e) => ({ ...e, saved_at: row.at })));
  }
  return [...attempts.values()];
}
