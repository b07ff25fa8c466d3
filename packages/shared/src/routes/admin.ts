import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  COUNTRIES,
  COURSE_TYPES,
  LANGUAGES,
  ROLES,
  USER_TYPES,
  type CourseType,
} from '../constants.js';
import { contract } from '../contract.js';
import { MAX_DB_INTEGER, rowId, wholeNumber } from './row-id.js';
import type { CourseStatus } from '../course-status.js';
import type { UserProfile } from './auth.js';

// The spec's messages live with the constants, so that screens can show them without loading the schemas (zod).
export { ADMIN_MESSAGES };

/** Most rows one results page may ask for; the screens ask for RESULT_LIMIT (30) at a time. */
export const MAX_RESULT_PAGE = 500;
/** Most people one search returns. */
export const SEARCH_LIMIT = 50;

const id = rowId;
const text = (max: number) => z.string().trim().max(max);
const alias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'An alias may hold only letters, digits, ., - and _.');
/** One alias or many (a JSON array in POST bodies, `key[]=` in GET queries). */
const aliases = (max: number) =>
  z.union([alias, z.array(alias).max(max)]).transform((value) => (Array.isArray(value) ? value : [value]));
const lang = z.enum(LANGUAGES);
const country = z.enum(COUNTRIES);
/** true / false also as the strings a form or query string sends. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/* ---------- shapes ---------- */

export interface Department {
  id: number;
  alias: string;
  label: string;
  country: string;
  kind: 'store' | 'office';
  store_type: string | null;
}

export interface Position {
  id: number;
  alias: string;
  country: string;
  label: string;
}

export interface StoreType {
  id: number;
  alias: string;
  label: string;
}

/** A course column of a result grid. */
export interface GridCourse {
  alias: string;
  name: string;
  course_type: CourseType;
  /** Validity in months; 0 = never expires. */
  expiration: number;
}

/** A person row of a result grid. */
export interface GridUser {
  id: number;
  login: string;
  name: string;
  surname: string;
  role: UserProfile['role'];
  typ: UserProfile['typ'];
  department_alias: string;
  department_label: string;
  position: string | null;
  position_label: string | null;
  long_term: boolean;
}

/** Per store or department: assigned course results of the selected courses, people on long-term absence left out. */
export interface ResultSummary {
  department_alias: string;
  department_label: string;
  people: number;
  long_term: number;
  complete: number;
  expires_soon: number;
  expired: number;
  incomplete: number;
}

/**
 * A page of results. `statuses[i][j]` is the index in COURSE_STATUSES of users[i] in courses[j]:
 * 0 not_assigned, 1 incomplete, 2 complete, 3 expires-soon, 4 expired.
 */
export interface ResultGrid {
  courses: GridCourse[];
  users: GridUser[];
  statuses: number[][];
  total: number;
  offset: number;
  limit: number;
  /** Only on the first page (offset 0); null on later pages. */
  summary: ResultSummary[] | null;
}

/** A person found by a search: the spec's manager result row plus what the lists show. */
export interface FoundUser extends GridUser {
  /** The spec's names: user_id = id, alias = department alias, user_surname = surname. */
  user_id: number;
  alias: string;
  user_surname: string;
}

export interface UserDetailCourse extends GridCourse {
  /** Why the person has it: their position's course, an additional course, or not assigned. */
  assigned: 'position' | 'additional' | null;
  complete: boolean;
  finish_time: string | null;
  status: CourseStatus;
  days_left: number | null;
  valid_until: string | null;
}

export interface CompletionRecord {
  course_alias: string;
  finish_time: string;
  source: 'scorm' | 'message' | 'manual' | 'import';
  recorded_by: string | null;
}

export interface UserDetails {
  user: UserProfile;
  has_password: boolean;
  courses: UserDetailCourse[];
  completions: CompletionRecord[];
  additional_courses: string[];
  /** What the caller may do with this person (the server enforces the same rules). */
  can: { edit: boolean; grant_admin: boolean; delete: boolean; additional_courses: boolean; reset_pin: boolean };
}

/** A course or instruction bundle the person must do after a change, shown right after a transfer. */
export interface DueItem {
  kind: 'course' | 'instruction';
  alias: string;
  name: string;
  status: CourseStatus | 'not_seen' | 'seen';
}

export interface UpdatedUser {
  user: UserProfile;
  due: DueItem[];
}

export interface CreatedUser {
  message: typeof ADMIN_MESSAGES.userCreated;
  id: number;
  /** The login; for store users the generated PIN. */
  login: string;
  user: UserProfile;
}

/* ---------- results and search ---------- */

const gridPage = {
  courses: aliases(300).optional(),
  course_type: z.enum(COURSE_TYPES).optional(),
  user_ids: z.array(id).max(MAX_RESULT_PAGE).optional(),
  offset: wholeNumber(0, MAX_DB_INTEGER).default(0),
  limit: wholeNumber(1, MAX_RESULT_PAGE).default(30),
  userLang: lang.optional(),
};

/** `get_user_results`: people of the given departments (offices or stores) by course. */
export const getUserResults = contract<ResultGrid>()(
  'get_user_results',
  'POST',
  z.strictObject({ country, dep: aliases(500).refine((v) => v.length > 0, 'Choose a department.'), ...gridPage }),
);

/** `get_user_results_by_stores`: people of the given stores by course. */
export const getUserResultsByStores = contract<ResultGrid>()(
  'get_user_results_by_stores',
  'POST',
  z.strictObject({ country, stores: aliases(500).refine((v) => v.length > 0, 'Choose a store.'), ...gridPage }),
);

const search = z.strictObject({ search_string: text(100).min(1, ADMIN_MESSAGES.fillField), userLang: lang.optional() });

/** `find_user`: anyone in the caller's reach by name, surname, id or PIN. */
export const findUser = contract<FoundUser[]>()('find_user', 'POST', search);
/** `find_user_office`: office people only. */
export const findUserOffice = contract<FoundUser[]>()('find_user_office', 'POST', search);
/** `find_user_store`: store people only. */
export const findUserStore = contract<FoundUser[]>()('find_user_store', 'POST', search);

export const getStoreLabel = contract<string>()('get_store_label', 'POST', z.strictObject({ storeAlias: alias }));

export const getUserData = contract<UserDetails>()(
  'get_user_data',
  'POST',
  z.strictObject({ user_id: id, userLang: lang.optional() }),
);

export const getAllPins = contract<string[]>()('get_all_pins', 'GET', z.strictObject({}));
export const getAllDepartments = contract<Department[]>()(
  'get_all_departments',
  'GET',
  z.strictObject({ country: country.optional() }),
);
export const getPositions = contract<Position[]>()(
  'get_positions',
  'GET',
  z.strictObject({ country: country.optional() }),
);
export const getStores = contract<Department[]>()(
  'get_stores',
  'GET',
  z.strictObject({ country: country.optional(), store_type: alias.optional() }),
);
export const getStoreTypes = contract<StoreType[]>()('get_store_types', 'GET', z.strictObject({}));

/* ---------- managing people ---------- */

const name = text(100);
const password = z.string().max(200);

/**
 * The add-user form as the screen fills it: every field required ('Please fill in this field!'),
 * a login only for people who do not sign in with a generated PIN, a password for admin rights.
 */
export const addUserForm = z
  .object({
    role: z.enum(ROLES, { error: ADMIN_MESSAGES.fillField }),
    name: name.min(1, ADMIN_MESSAGES.fillField),
    surname: name.min(1, ADMIN_MESSAGES.fillField),
    country: z.enum(COUNTRIES, { error: ADMIN_MESSAGES.fillField }),
    position: text(100).min(1, ADMIN_MESSAGES.fillField),
    department_alias: text(100).min(1, ADMIN_MESSAGES.fillField),
    type: z.enum(USER_TYPES, { error: ADMIN_MESSAGES.fillField }),
    login: text(200).optional(),
    password: password.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'store_user' && !value.login) {
      ctx.addIssue({ code: 'custom', path: ['login'], message: ADMIN_MESSAGES.fillField });
    }
    if ((value.role === 'admin' || value.role === 'regman') && !value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: ADMIN_MESSAGES.fillField });
    }
  });
export type AddUserForm = z.input<typeof addUserForm>;

/** `add_user`: fields may arrive empty; the server answers 'Error! Please fill all the fields first!' naming each. */
export const addUser = contract<CreatedUser>()(
  'add_user',
  'POST',
  z.strictObject({
    role: z.string().max(20).optional(),
    name: name.optional(),
    surname: name.optional(),
    country: z.string().max(10).optional(),
    position: text(100).optional(),
    department_alias: text(100).optional(),
    department_id: z.union([id, z.literal('')]).optional(),
    login: text(200).optional(),
    password: password.optional(),
    type: z.string().max(20).optional(),
  }),
);

/**
 * `update_user_data`: the fields sent are changed. An empty position or store, or admin rights without a
 * manager password, is 'Position, store or manager password not specified'.
 */
export const updateUserData = contract<UpdatedUser>()(
  'update_user_data',
  'POST',
  z.strictObject({
    id,
    role: z.enum(ROLES).optional(),
    name: name.min(1, ADMIN_MESSAGES.fillField).optional(),
    surname: name.min(1, ADMIN_MESSAGES.fillField).optional(),
    country: country.optional(),
    position: text(100).optional(),
    department_alias: text(100).optional(),
    department_id: z.union([id, z.literal('')]).optional(),
    password: password.optional(),
    long_term: flag.optional(),
    typ: z.enum(USER_TYPES).optional(),
  }),
);

export const deleteUser = contract<{ deleted: number }>()('delete_user', 'POST', z.strictObject({ id }));

/** `reset_pin`: a new PIN for someone who signs in with one; the old one stops working and their sessions end. */
export const resetPin = contract<{ login: string }>()('reset_pin', 'POST', z.strictObject({ user_id: id }));

/** `save_additional_courses`: the person's additional courses become exactly this list. */
export const saveAdditionalCourses = contract<{ courses: string[] }>()(
  'save_additional_courses',
  'POST',
  z.strictObject({ saveUserId: id, courses: z.array(alias).max(300) }),
);

const oneCourse = z.strictObject({ save_user_id: id, add_course_id: id.optional(), add_course_alias: alias });
export const addAdditionalCourse = contract<{ courses: string[] }>()('add_additional_course', 'POST', oneCourse);
export const removeAdditionalCourse = contract<{ courses: string[] }>()('remove_additional_course', 'POST', oneCourse);

export interface ManualCompletion {
  user_id: number;
  course_alias: string;
  complete: boolean;
  finish_time: string | null;
  status: CourseStatus;
}

/** `set_course_complete_manual`: an admin records (or withdraws) a completion at a given time. */
export const setCourseCompleteManual = contract<ManualCompletion>()(
  'set_course_complete_manual',
  'POST',
  z.strictObject({
    course_user_id: id,
    courseId: id.optional(),
    course_alias: alias,
    complete: z
      .union([z.boolean(), z.enum(['true', 'false', 'completed'])])
      .transform((v) => v === true || v === 'true' || v === 'completed'),
    course_completion_time: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  }),
);

/* ---------- downloads (GET /api?r=<name>&… or /api/download?r=<name>&…, answered with an .xlsx file) ---------- */

// Plain objects: a parameter a download does not take is dropped, as the registry drops it for every call.

export const DOWNLOAD_PATH = '/api/download';
export const FILTER_TYPES = ['department', 'store'] as const;

/** get_users_results_excel's `params` JSON. */
export const usersResultsExcelParams = z.object({
  exportAll: flag.default(false),
  departments: z.array(alias).max(1000).default([]),
  courses: z.array(alias).max(300).default([]),
  lang: lang.default('lv'),
  filterType: z.enum(FILTER_TYPES).default('department'),
});

const bundleExport = z.object({
  exportAll: flag.default(false),
  selectedStore: alias.optional(),
  lang: lang.default('lv'),
});

/** The download calls: route name and query schema. Not JSON calls, so not route contracts. */
export const adminDownloads = {
  usersResults: { route: 'get_users_results_excel', input: usersResultsExcelParams },
  cmaResults: { route: 'get_cma_results_excel', input: bundleExport },
  instructionsResults: { route: 'get_instructions_results_excel', input: bundleExport },
  userData: { route: 'get_user_data_excel', input: z.object({ u: id, lang: lang.default('lv') }) },
} as const;
