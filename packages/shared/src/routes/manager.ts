import { z } from 'zod';
import { COUNTRIES, COURSE_TYPES, LANGUAGES, type CourseType, type Language } from '../constants.js';
import { contract } from '../contract.js';
import { rowId, wholeNumber } from './row-id.js';
import { notificationAlias, safeLink } from './content.js';

/*
 * Calls of the training manager (role admin + typ dev; capability `catalogue`): the course catalogue,
 * assignments of courses and instruction bundles to positions, notifications and the login page's links.
 * Every call is refused (`forbidden`) for everyone else, whatever the input.
 */

/** Longest validity a course may have, in months (0 = never expires). */
export const MAX_EXPIRATION_MONTHS = 120;
/** Largest SCORM .zip the upload accepts (the course import's own limit). */
export const MAX_PACKAGE_BYTES = 500 * 1024 * 1024;
/** Where the add-course form posts a SCORM package (multipart: the add_course fields first, then `package`). */
export const COURSE_UPLOAD_PATH = '/api/course-upload';

/**
 * Why the upload refuses a package: a stable code the web says in the manager's language. It travels as the error
 * envelope's `reasons.package` beside the English `fields.package` (docs/api.md).
 */
export const PACKAGE_REASONS = [
  'not-zip',
  'too-large',
  'zip-bomb',
  'unsafe-entry',
  'encrypted',
  'no-manifest',
  'manifest-not-at-root',
  'nested-package',
  'manifest-not-utf8',
  'manifest-too-complex',
  'manifest-not-xml',
  'manifest-unreadable',
  'unknown-version',
  'outside-path',
  'no-organization',
  'no-launchable-sco',
  'unsupported-launch',
  'missing-sco',
  'sequencing',
  'invalid-folder',
] as const;
export type PackageReason = (typeof PACKAGE_REASONS)[number];

/** A refused package's reason with what names the problem: a file or folder of the package, a line, a detail. */
export interface PackageRefusal {
  reason: PackageReason;
  /** A file of the package (`unsafe-entry`, `encrypted`, `nested-package`, `unsupported-launch`, `missing-sco`). */
  file?: string;
  /** `manifest-not-at-root`: the folder that holds imsmanifest.xml; `invalid-folder`: the course folder. */
  folder?: string;
  /** `manifest-not-xml`: the line of the first XML error. */
  line?: number;
  /** `outside-path`: the path that leaves the package. */
  path?: string;
  /** `sequencing`: what is wrong, in English, as the manifest's own terms name it. */
  detail?: string;
}

const id = rowId;
const lang = z.enum(LANGUAGES);
const country = z.enum(COUNTRIES);
const text = (max: number) => z.string().trim().max(max);
const order = wholeNumber(0, 9999);
const expiration = wholeNumber(0, MAX_EXPIRATION_MONTHS);

/** A new course alias: lower-case, so that the same course is never spelt two ways. */
export const newCourseAlias = z
  .string()
  .trim()
  .min(1, 'Course alias is required.')
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Course alias may hold only lower-case letters, digits, - and _.');
const courseAlias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'Course alias may hold only letters, digits, - and _.');
/** A course folder: one path segment under the courses folder. */
export const courseFolder = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'A folder name may hold only letters, digits, ., - and _.')
  .refine((v) => !v.includes('..'), 'A folder name may not contain "..".');
const positionAlias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'A position alias may hold only letters, digits, - and _.');
const departmentAlias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, 'A department alias may hold only letters, digits, ., - and _.');
/** 0 / 1 also as booleans and the strings a form sends. */
const flag01 = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v): 0 | 1 => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
/** An http(s) link only (external course). */
const webLink = safeLink.refine(
  (v) => /^https?:\/\//i.test(v),
  'An external course needs an https:// or http:// link.',
);

/* ---------- shapes ---------- */

export type CourseState = 'enabled' | 'disabled';

/** A course version as the training manager sees it (disabled ones too). */
export interface ManagerCourse {
  id: number;
  alias: string;
  language: Language;
  name: string;
  description: string;
  /** Validity in months; 0 = never expires. */
  expiration: number;
  folder: string;
  course_type: CourseType;
  status: CourseState;
  course_order_office: number;
  course_order_store: number;
  external_url: string | null;
  launch_file: string | null;
  scorm_version: string | null;
  created_at: string;
  /** How many positions this version is assigned to. */
  positions: number;
}

export interface ManagerPosition {
  id: number;
  alias: string;
  country: string;
  label: string;
  /** People who hold this position now. */
  people: number;
}

export interface CoursePositionGrid {
  language: Language;
  positions: ManagerPosition[];
  courses: Pick<ManagerCourse, 'id' | 'alias' | 'name' | 'course_type' | 'status'>[];
  /**
   * One cell per course × position: whether the course is assigned, and how many people would gain it
   * (when it is not assigned) or lose it (when it is) if the cell were switched. People who get the course
   * another way (another language version on the position, or as an additional course) are not counted.
   */
  cells: { course_id: number; position_id: number; assigned: boolean; affected: number }[];
}

export interface PositionChange {
  /** False when the assignment already was as asked (nothing changed). */
  changed: boolean;
  /** People who gained or lost the course or bundle with this change. */
  affected: number;
}

export interface InstructionPositionGrid {
  country: string;
  positions: ManagerPosition[];
  bundles: { bundleId: number; category_name: string; mandatory: boolean; completion_type: string }[];
  assignments: { bundle_id: number; position_id: number }[];
}

export interface AddCoursesImpact {
  /** The aliases of the chosen course versions. */
  courses: string[];
  departments: number;
  /** People in the chosen departments. */
  people: number;
  /** Person × course pairs that are new (additional courses that did not exist yet). */
  added: number;
}

export interface ManagerNotification {
  id: number;
  alias: string;
  language: Language;
  status: 'active' | 'disabled';
  name: string;
  description: string;
  external: 0 | 1;
  link: string | null;
  created_at: string;
  /** People who have read (hidden) it. */
  reads: number;
}

export const LOGIN_LINK_TYPES = ['external', 'survey', 'scholar'] as const;
export type LoginLinkType = (typeof LOGIN_LINK_TYPES)[number];

export interface ManagerLoginLink {
  id: number;
  link_type: LoginLinkType;
  language: Language;
  heading: string;
  description: string;
  url: string;
  is_anon: boolean;
  bold_border: boolean;
  sort_order: number;
}

/* ---------- courses ---------- */

/** The fields of `add_course`; the upload route takes the same ones as multipart fields. */
export const addCourseInput = z
  .strictObject({
    alias: newCourseAlias,
    language: lang,
    name: text(200).min(1, 'Course name is required.'),
    description: text(2000).default(''),
    expiration,
    /** The course's folder under the courses folder; with an upload, default `<alias>-<language>`. */
    folder: courseFolder.optional(),
    course_type: z.enum(COURSE_TYPES).default('optional'),
    course_order_office: order.default(100),
    course_order_store: order.default(100),
    status: z.enum(['enabled', 'disabled']).default('enabled'),
    /** An external link instead of packaged content (opened in a new tab). */
    external_url: webLink.optional(),
  })
  .refine((v) => !(v.folder && v.external_url), {
    message: 'A course has either a folder or an external link, not both.',
    path: ['external_url'],
  });

/**
 * `add_course`: registers a course version whose content already lies in the courses folder (`folder`) or is
 * an external link. A new SCORM package is uploaded to COURSE_UPLOAD_PATH instead, with the same fields.
 */
export const addCourse = contract<ManagerCourse>()('add_course', 'POST', addCourseInput);

export const updateCourse = contract<ManagerCourse>()(
  'update_course',
  'POST',
  z
    .strictObject({
      id,
      name: text(200).min(1, 'Course name is required.').optional(),
      description: text(2000).optional(),
      expiration: expiration.optional(),
      course_type: z.enum(COURSE_TYPES).optional(),
      course_order_office: order.optional(),
      course_order_store: order.optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
    })
    .refine((v) => Object.keys(v).length > 1, { message: 'Nothing to change.', path: ['id'] }),
);

/** `courses_by_type`: every version of a language (disabled too), of one type or both. */
export const coursesByType = contract<ManagerCourse[]>()(
  'courses_by_type',
  'POST',
  z.strictObject({ language: lang, course_type: z.enum(COURSE_TYPES).optional() }),
);

/* ---------- courses on positions ---------- */

/**
 * `get_course_positions`: positions × course versions of a language (default: the caller's). A country's language
 * shows that country's positions; English (`en`) shows the positions of `country`, or of every country.
 */
export const getCoursePositions = contract<CoursePositionGrid>()(
  'get_course_positions',
  'GET',
  z.strictObject({ language: lang.optional(), country: country.optional() }),
);

const coursePositionInput = z.strictObject({
  courseId: id,
  courseAlias,
  /** The position's alias; its country is the course's language, or `country` for English versions. */
  position: positionAlias,
  language: lang,
  country: country.optional(),
});

export const addCourseToPosition = contract<PositionChange>()('add_course_to_position', 'POST', coursePositionInput);
export const removeCourseFromPosition = contract<PositionChange>()(
  'remove_course_from_position',
  'POST',
  coursePositionInput,
);

/* ---------- instruction bundles on positions ---------- */

/** `get_instruction_positions`: positions × instruction bundles of a country (default: the caller's). */
export const getInstructionPositions = contract<InstructionPositionGrid>()(
  'get_instruction_positions',
  'GET',
  z.strictObject({ country: country.optional() }),
);

const instructionPositionInput = z.strictObject({
  bundleId: id,
  /** The position's alias in the bundle's country. */
  position: positionAlias,
});

export const addInstructionToPosition = contract<PositionChange>()(
  'add_instruction_to_position',
  'POST',
  instructionPositionInput,
);
export const removeInstructionFromPosition = contract<PositionChange>()(
  'remove_instruction_from_position',
  'POST',
  instructionPositionInput,
);

/* ---------- courses for whole departments ---------- */

const addCoursesInput = z.strictObject({
  course_ids: z.array(id).min(1, 'Choose at least one course.').max(100),
  departments: z.array(departmentAlias).min(1, 'Choose at least one department.').max(500),
});

/** What `add_courses` would do, before it is done. */
export const addCoursesImpact = contract<AddCoursesImpact>()('add_courses_impact', 'GET', addCoursesInput);

/**
 * `add_courses`: gives the chosen courses to every person of the departments as additional courses.
 * The spec lists it as GET; it changes data, so it is a POST here (a GET could be set off by a link).
 */
export const addCourses = contract<AddCoursesImpact>()('add_courses', 'POST', addCoursesInput);

/* ---------- notifications ---------- */

export const addNotificationInput = z
  .strictObject({
    language: lang,
    alias: notificationAlias,
    name: text(200).min(1, 'A heading is required.'),
    description: text(2000).default(''),
    /** 1 opens the link in a new tab. */
    external: flag01.default(0),
    link: z.union([safeLink, z.literal('').transform(() => undefined)]).optional(),
  })
  .refine((v) => !(v.external === 1 && !v.link), {
    message: 'A notification that opens in a new tab needs a link.',
    path: ['link'],
  });

export const addNotification = contract<ManagerNotification>()('add_notification', 'POST', addNotificationInput);

export const managerNotifications = contract<ManagerNotification[]>()(
  'manager_notifications',
  'GET',
  z.strictObject({ language: lang }),
);

export const setNotificationStatus = contract<ManagerNotification>()(
  'set_notification_status',
  'POST',
  z.strictObject({ id, status: z.enum(['active', 'disabled']) }),
);

/* ---------- login page links ---------- */

export const managerLoginLinks = contract<ManagerLoginLink[]>()(
  'manager_login_links',
  'GET',
  z.strictObject({ language: lang }),
);

export const saveLoginLinkInput = z.strictObject({
  /** Absent: a new link; present: that link is changed. */
  id: id.optional(),
  link_type: z.enum(LOGIN_LINK_TYPES),
  language: lang,
  heading: text(200).min(1, 'A heading is required.'),
  description: text(1000).default(''),
  url: safeLink,
  is_anon: z.boolean().default(false),
  bold_border: z.boolean().default(false),
  sort_order: order.default(0),
});

export const saveLoginLink = contract<ManagerLoginLink>()('save_login_link', 'POST', saveLoginLinkInput);
export const deleteLoginLink = contract<'ok'>()('delete_login_link', 'POST', z.strictObject({ id }));
