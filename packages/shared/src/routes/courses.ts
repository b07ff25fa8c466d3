import { z } from 'zod';
import { LANGUAGES, type CourseType, type Language } from '../constants.js';
import { contract } from '../contract.js';
import { dbInteger, rowId } from './row-id.js';
import type { CourseStatus } from '../course-status.js';

/** SCORM versions the player runs; null for plain HTML content or an external link. */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** URL prefix of a course version's files as course lists name them; served only on the content origin, by token. */
export const COURSE_CONTENT_PREFIX = '/course-content/';

/**
 * Largest SCORM data model a commit may carry (characters of JSON): room for every collection filled to the smallest
 * maximums SCORM 2004 requires (ADL's test content commits about 440 KB), and still bounded.
 */
export const MAX_CMI_JSON = 1024 * 1024;
/** Largest saved sequencing state of an attempt (characters of JSON). */
export const MAX_SEQUENCING_STATE_JSON = 1024 * 1024;
/** Most run-time log entries one commit may carry. */
export const MAX_LOG_ENTRIES = 500;

const alias = z
  .string()
  .trim()
  .min(1, 'Course alias is required.')
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'Course alias may hold only letters, digits, - and _.');
const id = rowId;

/** One course in a person's list: the spec's Course fields plus the computed status. */
export interface UserCourse {
  user_id: number;
  id: number;
  alias: string;
  language: Language;
  name: string;
  description: string;
  /** Validity in months; 0 = never expires. */
  expiration: number;
  folder: string;
  course_type: CourseType;
  /** The spec's string flag: 'true' for mandatory courses. */
  course_mandatory: 'true' | 'false';
  status: 'enabled';
  course_order_office: number;
  course_order_store: number;
  /** Given to this person on top of their position's courses. */
  additional: boolean;
  /** Opens this link in a new tab instead of the player (the Lithuanian bonus course). */
  external_url: string | null;
  launch_file: string | null;
  scorm_version: ScormVersion | null;
  /** Where the player frame loads the content; null for external links. */
  url: string | null;
  complete: boolean;
  finish_time: string | null;
  course_status: CourseStatus;
  days_left: number | null;
  /** YYYY-MM-DD the completion stops being valid; null when it never expires or is not complete. */
  course_expiration: string | null;
}

/**
 * `courses`: the caller's own list (no userId, or the caller's own), or the lists of one or many people the caller may
 * see (`userId=5`, `userId[]=5&userId[]=6`). userLang picks the language version (default: each person's own).
 */
export const courses = contract<UserCourse[]>()(
  'courses',
  'GET',
  z.strictObject({
    userId: z
      .union([id, z.array(id).min(1).max(500)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    userLang: z.enum(LANGUAGES).optional(),
  }),
);

/** The fields of a listed course that are the person's own; the rest are the course version's (`CatalogueCourse`). */
export type PersonalCourseFields =
  'user_id' | 'additional' | 'complete' | 'finish_time' | 'course_status' | 'days_left' | 'course_expiration';

/** A course version's fields as every person's list shows them: the same for everyone, until the catalogue changes. */
export type CatalogueCourse = Omit<UserCourse, PersonalCourseFields>;

/** One of the caller's results in `course_progress`, of any version of the course. */
export type ProgressResult = [courseAlias: string, complete: 0 | 1, finishTime: string | null];

/**
 * The caller's own list as its course versions' ids and the caller's results, from which `joinCourseProgress` makes
 * the list `courses` gives: an answer of a few KB instead of 12 in objects, without a status computed on the server.
 */
export interface CourseProgressList {
  /**
   * A digest of the fields of the listed course versions: what `course_catalogue` takes as `v`, with their ids in
   * ascending order. It changes only when one of these versions does.
   */
  catalogue: string;
  /** The server's clock when it answered (ISO 8601): the moment the statuses are of, as `courses` computes them. */
  now: string;
  /** The listed course versions' ids, in list order as in `courses`. */
  ids: number[];
  /** Those of `ids` that the caller has on top of their position's courses. */
  additional: number[];
  /** The caller's results, in no order: a course's is the one with its alias. */
  results: ProgressResult[];
}

/** A listed course of the caller's own list: what `courses` gives but the person's id. */
export type ListedCourse = Omit<UserCourse, 'user_id'>;

/**
 * `course_progress`: the caller's own list as `courses` gives it, without the fields of the course versions, which
 * `course_catalogue` answers once until they change (the portal's course page: a list is 3 KB instead of 44).
 */
export const courseProgress = contract<CourseProgressList>()(
  'course_progress',
  'GET',
  z.strictObject({ userLang: z.enum(LANGUAGES).optional() }),
);

/**
 * `course_catalogue`: the fields of the enabled course versions with these ids, in the order asked. When `v` is the
 * digest of their fields as they are now (`course_progress` gives it), the answer for that `v` never changes and
 * may be cached for good; otherwise it is today's and is not cached.
 */
export const courseCatalogue = contract<CatalogueCourse[]>()(
  'course_catalogue',
  'GET',
  z.strictObject({
    v: z.string().regex(/^[0-9a-f]{16}$/, 'v must be the digest that course_progress gave.'),
    ids: z.array(id).min(1).max(500),
  }),
);

/** `linked_courses`: courses that the caller's CMA and instruction bundles link to, with the caller's status. */
export const linkedCourses = contract<UserCourse[]>()(
  'linked_courses',
  'GET',
  z.strictObject({ userLang: z.enum(LANGUAGES).optional() }),
);

export interface CourseCompletion {
  course_alias: string;
  complete: true;
  finish_time: string;
  course_status: CourseStatus;
  course_expiration: string | null;
  /** False when the course was already complete and nothing changed. */
  changed: boolean;
}

/** `set_course_complete`: content reported completion (postMessage content and the legacy call). */
export const setCourseComplete = contract<CourseCompletion>()(
  'set_course_complete',
  'POST',
  z.strictObject({
    course_alias: alias,
    complete: z.union([z.literal(true), z.literal('true'), z.literal('completed')], {
      error: 'complete must be true or "completed".',
    }),
  }),
);

/** One SCO (launchable item) of a package, with its saved run-time data. */
export interface CourseSco {
  id: string;
  title: string;
  /** Content URL of this SCO, with its manifest parameters. */
  url: string;
  /** The SCORM data model as last committed for this SCO in the current attempt; null before the first commit. */
  cmi: Record<string, unknown> | null;
  done: boolean;
}

export interface CourseState {
  course: {
    id: number;
    alias: string;
    language: Language;
    name: string;
    scorm_version: ScormVersion | null;
    url: string | null;
    external_url: string | null;
  };
  /** The attempt the player writes to; a new one starts when a completed course is due for renewal. */
  attempt: number;
  /** The highest commit sequence saved; the player continues above it. */
  seq: number;
  scos: CourseSco[];
  complete: boolean;
  finish_time: string | null;
  course_status: CourseStatus;
  course_expiration: string | null;
}

/**
 * `get_course_state`: what the player needs to launch or resume a course; userLang plays its version in that
 * language where there is one (default: the person's own). The attempt and its result are the course's, whichever.
 */
export const getCourseState = contract<CourseState>()(
  'get_course_state',
  'GET',
  z.strictObject({ course_alias: alias, userLang: z.enum(LANGUAGES).optional() }),
);

const logEntry = z.strictObject({
  /** Milliseconds since the epoch, as the browser saw them. */
  t: z.number().int().nonnegative(),
  call: z.string().max(40),
  element: z.string().max(255).optional(),
  value: z.string().max(4096).optional(),
  result: z.string().max(4096).optional(),
  error: z.string().max(20).optional(),
});
export type ScormLogEntry = z.infer<typeof logEntry>;

const cmi = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => JSON.stringify(value).length <= MAX_CMI_JSON,
    `The data model may hold at most ${MAX_CMI_JSON} characters.`,
  );

export interface SavedCourseState {
  /** False when a newer commit was already saved (this one is older and was ignored), or the attempt is in review. */
  saved: boolean;
  attempt: number;
  seq: number;
  /** The committed SCO counts as done in this attempt. */
  done: boolean;
  complete: boolean;
  finish_time: string | null;
  course_status: CourseStatus;
  course_expiration: string | null;
}

/** Largest commit body the commit endpoint takes (bytes): a data model, shared data, sequencing state and log at their limits. */
export const MAX_COMMIT_BYTES = 4 * 1024 * 1024;

/** SCORM 2004 shared data (RTE 4.3, `adl.data`): a bucket's id is a long identifier (SPM 4000 characters). */
export const MAX_SHARED_DATA_ID = 4000;
/** A shared data bucket's store holds at least 64,000 characters (RTE 4.3.2); the portal keeps that much. */
export const MAX_SHARED_DATA_STORE = 64000;
/** Most shared data buckets one commit may write (those the SCO's manifest item maps). */
export const MAX_SHARED_DATA_BUCKETS = 64;

/** The shared data buckets a commit writes: each target id's whole store. */
const sharedDataStores = z
  .record(z.string().min(1).max(MAX_SHARED_DATA_ID), z.string().max(MAX_SHARED_DATA_STORE))
  .refine(
    (stores) => Object.keys(stores).length <= MAX_SHARED_DATA_BUCKETS,
    `A commit may write at most ${MAX_SHARED_DATA_BUCKETS} shared data buckets.`,
  );

/** SCORM 2004 global objectives (SN 3.10.3): an objective id is a long identifier (SPM 4000 characters). */
export const MAX_GLOBAL_OBJECTIVE_ID = 4000;
/** Most global objectives one commit carries (those the course's activity tree maps). */
export const MAX_GLOBAL_OBJECTIVES = 256;

/** A score of a global objective as the engine holds it: empty (unknown), a decimal number, or its text. */
const objectiveScore = z.union([
  z.number(),
  z.string().regex(/^(-?\d{1,10}(\.\d{1,7})?)?$/, 'A score is a decimal number.'),
]);

/**
 * One global objective's tracking state as scorm-again's global objective map holds it (its read and write flags
 * belong to each course's maps, not to the objective).
 */
export const globalObjectiveState = z.strictObject({
  satisfiedStatus: z.boolean().optional(),
  satisfiedStatusKnown: z.boolean().optional(),
  normalizedMeasure: z.number().min(-1).max(1).optional(),
  normalizedMeasureKnown: z.boolean().optional(),
  rawScore: objectiveScore.optional(),
  rawScoreKnown: z.boolean().optional(),
  minScore: objectiveScore.optional(),
  minScoreKnown: z.boolean().optional(),
  maxScore: objectiveScore.optional(),
  maxScoreKnown: z.boolean().optional(),
  progressMeasure: z.number().min(0).max(1).optional(),
  progressMeasureKnown: z.boolean().optional(),
  completionStatus: z.enum(['completed', 'incomplete', 'not attempted', 'unknown']).optional(),
  completionStatusKnown: z.boolean().optional(),
});
export type GlobalObjectiveState = z.infer<typeof globalObjectiveState>;

/** The tracking fields of a global objective, in the order the engine's map holds them. */
export const GLOBAL_OBJECTIVE_FIELDS = Object.keys(globalObjectiveState.shape) as (keyof GlobalObjectiveState)[];

/** The global objectives a commit carries: each objective id's whole tracking state. */
const globalObjectives = z
  .record(z.string().min(1).max(MAX_GLOBAL_OBJECTIVE_ID), globalObjectiveState)
  .refine(
    (objectives) => Object.keys(objectives).length <= MAX_GLOBAL_OBJECTIVES,
    `A commit may carry at most ${MAX_GLOBAL_OBJECTIVES} global objectives.`,
  );

/** The rolled-up status of a sequenced course's root activity: what the course result is recorded from. */
export const sequencingRollup = z.strictObject({
  completion: z.enum(['completed', 'incomplete', 'not attempted', 'unknown']),
  success: z.enum(['passed', 'failed', 'unknown']),
  /** The root's normalized measure (-1 to 1), or null when it has none. */
  scaled: z.number().min(-1).max(1).nullable(),
});
export type SequencingRollup = z.infer<typeof sequencingRollup>;

/**
 * The sequencing engine's state of an attempt (scorm-again's serialized sequencing state: activity tree state,
 * global objectives) as the launch page saves it with a commit.
 */
const sequencingState = z
  .looseObject({ sequencing: z.record(z.string(), z.unknown()).nullable() })
  .refine(
    (value) => JSON.stringify(value).length <= MAX_SEQUENCING_STATE_JSON,
    `The sequencing state may hold at most ${MAX_SEQUENCING_STATE_JSON} characters.`,
  );

/** One commit of the SCORM run-time data, sent by the launch page with the attempt's token (never a session). */
export const attemptCommit = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'token is not an attempt token.'),
  /** Grows with every commit of an attempt; a commit with a sequence already saved is ignored. */
  seq: dbInteger,
  sco: z.string().min(1).max(255),
  cmi,
  log: z.array(logEntry).max(MAX_LOG_ENTRIES).default([]),
  /** A sequenced course's engine state and its root's rollup after this commit. */
  sequencing: z.strictObject({ state: sequencingState, rollup: sequencingRollup }).optional(),
  /** The `adl.data` stores the SCO wrote (and its manifest item lets it write). */
  shared_data: sharedDataStores.optional(),
  /** A sequenced course's global objectives when they are global to the system (the tree's mapped ids). */
  global_objectives: globalObjectives.optional(),
});
export type AttemptCommit = z.input<typeof attemptCommit>;

/** What a SCO is launched with, from the manifest: seeded into the run-time on every launch. */
export interface ScoLaunchValues {
  /** 1.2 `cmi.launch_data` / 2004 `cmi.launch_data` (adlcp:datafromlms / adlcp:dataFromLMS). */
  launch_data: string;
  /** 1.2 adlcp:masteryscore (0-100), as text; empty when the manifest has none. */
  mastery_score: string;
  /** 1.2 adlcp:maxtimeallowed / 2004 imsss:attemptAbsoluteDurationLimit; empty when none. */
  max_time_allowed: string;
  /** 1.2 adlcp:timelimitaction / 2004 adlcp:timeLimitAction; empty when none. */
  time_limit_action: string;
  /** 2004 adlcp:completionThreshold (0-1), as text; empty when none. */
  completion_threshold: string;
  /** 2004: the primary objective's minNormalizedMeasure when satisfiedByMeasure; empty otherwise. */
  scaled_passing_score: string;
  /** 2004 objectives declared for the item (primary first), whose ids the run-time knows from the start. */
  objective_ids: string[];
}

/** Launch values of a SCO whose manifest declares none (and of content without a manifest). */
export const NO_LAUNCH_VALUES: ScoLaunchValues = {
  launch_data: '',
  mastery_score: '',
  max_time_allowed: '',
  time_limit_action: '',
  completion_threshold: '',
  scaled_passing_score: '',
  objective_ids: [],
};

/** An `adlcp:map` of a manifest item: a shared data bucket the SCO sees as `adl.data.n`, and what it may do there. */
export interface SharedDataMap {
  targetID: string;
  readSharedData: boolean;
  writeSharedData: boolean;
}

/** The shared data of a launch (SCORM 2004 RTE 4.3): each SCO's maps, and the learner's stores they reach. */
export interface LaunchSharedData {
  /** By SCO id; a SCO without maps is left out. */
  maps: Record<string, SharedDataMap[]>;
  /** By target id; a bucket never written is left out (its store is not initialized). */
  stores: Record<string, string>;
}

/** One SCO of a launch: its saved data (null on a first launch or a new attempt) and its launch values. */
export interface LaunchSco {
  id: string;
  title: string;
  /** The SCO's path inside the package, with its manifest parameters. */
  href: string;
  cmi: Record<string, unknown> | null;
  done: boolean;
  launch: ScoLaunchValues;
}

/** What the player hands the launch page of the content origin: one attempt of one course, and its token. */
export interface CourseLaunch {
  /** The content origin, e.g. "https://content.example.com"; the player frame loads `launch_url` from it. */
  content_origin: string;
  launch_url: string;
  /** Scoped to this learner's attempt of this course; short-lived; never a session. */
  token: string;
  /** `review`: a completed course opened again; nothing it sets changes the record. */
  mode: 'normal' | 'review';
  attempt: number;
  seq: number;
  scorm_version: ScormVersion | null;
  learner: { id: string; name: string };
  scos: LaunchSco[];
  complete: boolean;
  shared_data: LaunchSharedData;
  /** A SCORM 2004 course's sequencing, which the launch page's engine follows; null: the SCOs are a free list. */
  sequencing: LaunchSequencing | null;
}

/** A sequenced course's activity tree as the launch page's engine takes it, and the attempt's saved engine state. */
export interface LaunchSequencing {
  /** scorm-again's `sequencing.activityTree` setting (the server's `CourseSequencing` of the course version). */
  activityTree: Record<string, unknown>;
  /** What each leaf activity launches: its SCO's path inside the package, with the item's parameters. */
  launches: Record<string, { href: string; scormType: 'sco' | 'asset' }>;
  /** The engine state saved with the attempt's last commit; null before the first. */
  state: Record<string, unknown> | null;
  /**
   * The learner's global objectives, when the tree's objectives are global to the system (SN 3.10.3,
   * `adlseq:objectivesGlobalToSystem`); null when they belong to the attempt (kept in its engine state).
   */
  global_objectives: LaunchGlobalObjectives | null;
}

/** Global objectives global to the system: the ids a tree maps, and the learner's state of those written. */
export interface LaunchGlobalObjectives {
  ids: string[];
  /** By objective id; they replace the attempt's saved copy. An objective never written is left out. */
  states: Record<string, GlobalObjectiveState>;
}

/**
 * `launch_course`: opens an attempt of one of the caller's courses in the player: the current one (resumed), a
 * completed one in review, or with `restart` a new one from the beginning.
 */
export const launchCourse = contract<CourseLaunch>()(
  'launch_course',
  'POST',
  z.strictObject({
    course_alias: alias,
    restart: z.boolean().default(false),
    /** Plays the course's version in this language where one exists, as the list shows it. */
    userLang: z.enum(LANGUAGES).optional(),
  }),
);

export interface CourseLogAttempt {
  attempt: number;
  course_id: number;
  language: Language;
  entries: (ScormLogEntry & { saved_at: string })[];
}

/** One attempt of a person's course as the player launched it, with what its run-time last reported. */
export interface CourseAttemptSummary {
  attempt: number;
  course_id: number;
  started_at: string;
  last_launched_at: string;
  /** 1.2 lesson_status; 2004 success_status when known, else completion_status; null before the first commit. */
  status: string | null;
  score: number | null;
  /** As the run-time reported it: ISO 8601 duration (2004) or HHHH:MM:SS (1.2). */
  total_time: string | null;
}

/** `get_course_attempts`: one person's attempts of a course, newest first, for managers who may see their results. */
export const getCourseAttempts = contract<CourseAttemptSummary[]>()(
  'get_course_attempts',
  'GET',
  z.strictObject({ user_id: id, course_alias: alias }),
);

/** One part (SCO) of a course with what a person's latest attempt saved for it. */
export interface CoursePart {
  id: string;
  title: string;
  /** 2004 completion_status; 1.2 lesson_status read as completed / incomplete / not attempted; null before a commit. */
  completion_status: string | null;
  /** 2004 success_status; 1.2 passed or failed; null when the part has not said. */
  success_status: string | null;
  score: number | null;
  /** The part counts as done in that attempt. */
  done: boolean;
}

export interface CourseParts {
  /** The attempt the statuses come from; null when the person never opened the course. */
  attempt: number | null;
  parts: CoursePart[];
}

/**
 * `get_course_parts`: a course's parts (its SCOs, in the manifest's order) with one person's status per part in their
 * latest attempt, for managers who may see their results.
 */
export const getCourseParts = contract<CourseParts>()(
  'get_course_parts',
  'GET',
  z.strictObject({ user_id: id, course_alias: alias }),
);

/** `get_course_log`: the per-attempt run-time log of one person's course, for admins checking a complaint. */
export const getCourseLog = contract<CourseLogAttempt[]>()(
  'get_course_log',
  'GET',
  z.strictObject({ user_id: id, course_alias: alias }),
);
