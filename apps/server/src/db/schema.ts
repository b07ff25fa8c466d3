import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 and timestamps as ISO-8601 UTC text, identically on SQLite and PostgreSQL. */
type Flag = number;
type Timestamp = string;

export interface StoreTypesTable {
  id: Generated<number>;
  alias: string;
  label: string;
}

export interface DepartmentsTable {
  id: Generated<number>;
  alias: string;
  label: string;
  country: string;
  kind: 'store' | 'office';
  store_type_id: number | null;
}

export interface PositionsTable {
  id: Generated<number>;
  alias: string;
  country: string;
  label: string;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  pass_hash: string | null;
  role: string;
  typ: string;
  name: string;
  surname: string;
  /** Lower-cased, diacritics folded "name surname" for search. */
  search_name: string;
  country: string;
  language: string;
  position_id: number | null;
  department_id: number;
  long_term: Generated<Flag>;
  goals_intro_seen: Generated<Flag>;
  created_at: Timestamp;
}

export interface CoursesTable {
  id: Generated<number>;
  alias: string;
  language: string;
  name: string;
  description: string;
  expiration: number;
  folder: string;
  course_type: 'mandatory' | 'optional';
  status: 'enabled' | 'disabled';
  course_order_office: number;
  course_order_store: number;
  /** An external link instead of packaged content (the Lithuanian bonus course). */
  external_url: string | null;
  launch_file: string | null;
  scorm_version: string | null;
  created_at: Timestamp;
}

export interface CoursePositionsTable {
  course_id: number;
  position_id: number;
}

/** Courses are tied to people by alias: the same alias in several languages is one course. */
export interface AdditionalCoursesTable {
  user_id: number;
  course_alias: string;
  added_by: number | null;
  added_at: Timestamp;
}

export interface CourseResultsTable {
  id: Generated<number>;
  user_id: number;
  course_alias: string;
  /** The language version last played, whose SCORM state is kept here. */
  course_id: number | null;
  complete: Flag;
  finish_time: Timestamp | null;
  attempt: number;
  lesson_status: string | null;
  completion_status: string | null;
  success_status: string | null;
  score_raw: number | null;
  location: string | null;
  suspend_data: string | null;
  total_time: string | null;
  /** The whole SCORM run-time data model as the player last committed it (JSON). */
  cmi_json: string | null;
  /** Highest commit sequence saved for the current attempt (migration 0003). */
  state_seq: Generated<number>;
  updated_at: Timestamp;
}

export interface CourseCompletionsTable {
  id: Generated<number>;
  user_id: number;
  course_alias: string;
  finish_time: Timestamp;
  source: 'scorm' | 'message' | 'manual' | 'import';
  recorded_by: number | null;
  /** The launched attempt the completion came from; null for manual and imported ones (migration 0013). */
  attempt: number | null;
  /** The attempt's time as the run-time reported it (ISO 8601 duration or 1.2 HHHH:MM:SS), or since its launch. */
  time_spent: string | null;
  score: number | null;
}

/** One learner's attempt of a course, recorded when the player launches it (migration 0013). */
export interface CourseAttemptsTable {
  id: Generated<number>;
  user_id: number;
  course_alias: string;
  attempt: number;
  course_id: number;
  started_at: Timestamp;
  launched_at: Timestamp;
  /** The run-time's last status: 1.2 lesson_status, 2004 success_status when known, else completion_status. */
  status: string | null;
  score: number | null;
  total_time: string | null;
  updated_at: Timestamp;
}

/** A short-lived token of one learner's attempt of one course version: what the content origin commits with. */
export interface AttemptTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  course_id: number;
  attempt: number;
  /** Issued for a review: commits are answered and never stored. */
  review: Flag;
  /** The portal origin that launched it: the only one, beside the content origin, that may frame its files. */
  portal_origin: string;
  expires_at: Timestamp;
}

export interface ScormCallLogTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  attempt: number;
  at: Timestamp;
  calls_json: string;
}

export interface GoalsTable {
  id: Generated<number>;
  user_id: number;
  slot: number;
  name: string;
  description: string;
  quarter: number;
  created_at: Timestamp;
}

export interface TasksTable {
  id: Generated<number>;
  goal_id: number;
  slot: number;
  name: string;
  description: string;
  percentage: number;
}

export interface BundlesTable {
  id: Generated<number>;
  kind: 'cma' | 'instruction';
  country: string;
  category_id: number;
  category_name: string;
  description: string;
  completion_type: string;
  mandatory: Flag;
  sort_order: number;
}

export interface BundleResourcesTable {
  id: Generated<number>;
  bundle_id: number;
  title: string;
  resource_type: 'external' | 'internal' | 'course';
  resource_path: string;
  button_string: string | null;
  sort_order: number;
}

/** A bundle's texts in a language other than its country's (migration 0015). */
export interface BundleTextsTable {
  bundle_id: number;
  language: string;
  category_name: string;
  description: string;
}

/** A bundle resource's texts in a language other than its bundle's country's (migration 0015). */
export interface BundleResourceTextsTable {
  resource_id: number;
  language: string;
  title: string;
  button_string: string | null;
}

export interface BundlePositionsTable {
  bundle_id: number;
  position_id: number;
}

export interface BundleProgressTable {
  user_id: number;
  bundle_id: number;
  seen: Flag;
  complete: Flag;
  seen_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  alias: string;
  language: string;
  status: 'active' | 'disabled';
  name: string;
  description: string;
  external: Flag;
  link: string | null;
  created_at: Timestamp;
}

export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: Timestamp;
}

export interface LoginLinksTable {
  id: Generated<number>;
  link_type: 'external' | 'survey' | 'scholar';
  language: string;
  heading: string;
  description: string;
  url: string;
  is_anon: Flag;
  bold_border: Flag;
  sort_order: number;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** A browser a person signed in from: SHA-256 of its device token, never the token. */
export interface SignInDevicesTable {
  token_hash: string;
  user_id: number;
  last_at: Timestamp;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: Timestamp;
  failures: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** A SCORM 2004 course version's activity tree (migration 0014): `CourseSequencing` as JSON text. */
export interface CourseSequencingTable {
  course_id: number;
  sequencing_json: string;
}

export interface AttemptSequencingTable {
  user_id: number;
  course_alias: string;
  attempt: number;
  course_id: number;
  state_json: string;
  updated_at: string;
}

/** A learner's store of one SCORM 2004 shared data bucket; `scope` '' is every course's, else `alias#attempt`. */
export interface ScormSharedDataTable {
  user_id: number;
  scope: string;
  target_id: string;
  store: string;
  updated_at: string;
}

/** A learner's tracking state of one SCORM 2004 global objective global to the system (JSON of its fields). */
export interface ScormGlobalObjectivesTable {
  user_id: number;
  objective_id: string;
  state: string;
  updated_at: string;
}

export interface Database {
  store_types: StoreTypesTable;
  departments: DepartmentsTable;
  positions: PositionsTable;
  users: UsersTable;
  courses: CoursesTable;
  course_sequencing: CourseSequencingTable;
  attempt_sequencing: AttemptSequencingTable;
  scorm_shared_data: ScormSharedDataTable;
  scorm_global_objectives: ScormGlobalObjectivesTable;
  course_positions: CoursePositionsTable;
  additional_courses: AdditionalCoursesTable;
  course_results: CourseResultsTable;
  course_completions: CourseCompletionsTable;
  course_attempts: CourseAttemptsTable;
  attempt_tokens: AttemptTokensTable;
  scorm_call_log: ScormCallLogTable;
  goals: GoalsTable;
  tasks: TasksTable;
  bundles: BundlesTable;
  bundle_resources: BundleResourcesTable;
  bundle_positions: BundlePositionsTable;
  bundle_texts: BundleTextsTable;
  bundle_resource_texts: BundleResourceTextsTable;
  bundle_progress: BundleProgressTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  login_links: LoginLinksTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  sign_in_devices: SignInDevicesTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CourseRow = Selectable<CoursesTable>;
