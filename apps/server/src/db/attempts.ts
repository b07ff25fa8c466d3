import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from './connect.js';
import type { AttemptTokensTable, CourseAttemptsTable, CourseRow } from './schema.js';

export type AttemptToken = Selectable<AttemptTokensTable>;
export type CourseAttempt = Selectable<CourseAttemptsTable>;

/** How long an attempt's token lives after its launch or its last commit. */
export const ATTEMPT_TOKEN_IDLE_MS = 2 * 3600_000;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Issues the token one launch of an attempt commits with and its files are served by: 256 random bits, stored only
 * hashed. A person's expired tokens go at the same time.
 */
export async function issueAttemptToken(
  db: Db,
  input: { userId: number; courseId: number; attempt: number; review: boolean; portalOrigin: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .deleteFrom('attempt_tokens')
    .where('user_id', '=', input.userId)
    .where('expires_at', '<=', input.now.toISOString())
    .execute();
  await db
    .insertInto('attempt_tokens')
    .values({
      token_hash: hashOf(token),
      user_id: input.userId,
      course_id: input.courseId,
      attempt: input.attempt,
      review: input.review ? 1 : 0,
      portal_origin: input.portalOrigin,
      expires_at: new Date(input.now.getTime() + ATTEMPT_TOKEN_IDLE_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The live token with its course version, or undefined (unknown, expired, or the course version gone). */
export async function findAttemptToken(
  db: Db,
  token: string,
  now: Date,
): Promise<(AttemptToken & { course: CourseRow }) | undefined> {
  const row = await db
    .selectFrom('attempt_tokens')
    .selectAll()
    .where('token_hash', '=', hashOf(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const course = await db.selectFrom('courses').selectAll().where('id', '=', row.course_id).executeTakeFirst();
  return course ? { ...row, course } : undefined;
}

/** Keeps a token alive while its attempt commits. */
export async function touchAttemptToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .updateTable('attempt_tokens')
    .set({ expires_at: new Date(now.getTime() + ATTEMPT_TOKEN_IDLE_MS).toISOString() })
    .where('token_hash', '=', hashOf(token))
    .execute();
}

/** Notes a launch of an attempt: its first launch starts it. */
export async function recordLaunch(
  db: Db,
  input: { userId: number; course: CourseRow; attempt: number; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  await db
    .insertInto('course_attempts')
    .values({
      user_id: input.userId,
      course_alias: input.course.alias,
      attempt: input.attempt,
      course_id: input.course.id,
      started_at: at,
      launched_at: at,
      status: null,
      score: null,
      total_time: null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'course_alias', 'attempt'])
        .doUpdateSet({ launched_at: at, course_id: input.course.id, updated_at: at }),
    )
    .execute();
}

/** The attempt as launched, or undefined when the player never launched it. */
export async function findLaunchedAttempt(
  db: Db,
  userId: number,
  alias: string,
  attempt: number,
): Promise<CourseAttempt | undefined> {
  return db
    .selectFrom('course_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_alias', '=', alias)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
}

/** What the run-time last reported for an attempt. */
export async function updateAttemptSummary(
  db: Db,
  input: {
    userId: number;
    alias: string;
    attempt: number;
    status: string | null;
    score: number | null;
    totalTime: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('course_attempts')
    .set({ status: input.status, score: input.score, total_time: input.totalTime, updated_at: input.now.toISOString() })
    .where('user_id', '=', input.userId)
    .where('course_alias', '=', input.alias)
    .where('attempt', '=', input.attempt)
    .execute();
}

/** A person's attempts of a course, newest first. */
export async function listAttempts(db: Db, userId: number, alias: string): Promise<CourseAttempt[]> {
  return db
    .selectFrom('course_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_alias', '=', alias)
    .orderBy('attempt', 'desc')
    .execute();
}

/** Every attempt of a person, by course and attempt. */
export async function listUserAttempts(db: Db, userId: number): Promise<CourseAttempt[]> {
  return db
    .selectFrom('course_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('course_alias')
    .orderBy('attempt')
    .execute();
}

/**
 * The version of a course whose parts a person's record is read against: the one the record was saved with, else
 * the one in the person's language, else the first.
 */
export async function findRecordedVersion(
  db: Db,
  alias: string,
  prefer: { courseId: number | null; language: string },
): Promise<CourseRow | undefined> {
  const versions = await db.selectFrom('courses').selectAll().where('alias', '=', alias).orderBy('id').execute();
  return (
    versions.find((v) => v.id === prefer.courseId) ??
    versions.find((v) => v.language === prefer.language) ??
    versions[0]
  );
}

/** Keeps the sequencing engine's state of an attempt (of this course version's tree) in place of the one before. */
export async function saveAttemptSequencing(
  db: Db,
  input: {
    userId: number;
    alias: string;
    attempt: number;
    courseId: number;
    state: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  const json = JSON.stringify(input.state);
  const at = input.now.toISOString();
  await db
    .insertInto('attempt_sequencing')
    .values({
      user_id: input.userId,
      course_alias: input.alias,
      attempt: input.attempt,
      course_id: input.courseId,
      state_json: json,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'course_alias', 'attempt'])
        .doUpdateSet({ course_id: input.courseId, state_json: json, updated_at: at }),
    )
    .execute();
}

/**
 * The sequencing engine's state saved with an attempt's last commit, or null before its first and when it is of
 * another version's tree (the attempt then starts its sequencing afresh).
 */
export async function findAttemptSequencing(
  db: Db,
  input: { userId: number; alias: string; attempt: number; courseId: number },
): Promise<Record<string, unknown> | null> {
  const row = await db
    .selectFrom('attempt_sequencing')
    .select('state_json')
    .where('user_id', '=', input.userId)
    .where('course_alias', '=', input.alias)
    .where('attempt', '=', input.attempt)
    .where('course_id', '=', input.courseId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.state_json) as Record<string, unknown>) : null;
}
