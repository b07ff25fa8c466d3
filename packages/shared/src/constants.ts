/** Constants of the spec's section 9, shared by server and web. */
export const LANGUAGES = ['lv', 'lt', 'ee', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lv';

export const COUNTRIES = ['lv', 'lt', 'ee'] as const;
export type Country = (typeof COUNTRIES)[number];

/** BCP 47 tag for each portal language code: the portal's 'ee' is Estonian ('et'). */
export const LOCALE_TAG: Record<Language, string> = { lv: 'lv', lt: 'lt', ee: 'et', en: 'en' };

export const ROLES = ['student', 'learner', 'admin', 'regman'] as const;
export type Role = (typeof ROLES)[number];

export const USER_TYPES = ['store_user', 'ldap_user', 'dev', 'other'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const COURSE_TYPES = ['mandatory', 'optional'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const SEARCH_TYPES = ['department', 'store'] as const;

export const WARNING_BANNER_MS = 5000;
export const NO_COURSE_WARNING_MS = 2500;
export const TRANSITION_SECONDS = 0.3;
export const EXPIRES_SOON_DAYS = 30;
export const RESULT_LIMIT = 30;

export const GOALS_PER_USER = 3;
export const TASKS_PER_GOAL = 4;
export const QUARTERS = 4;
export const HOW_TO_SECTIONS = 5;
export const PLACEHOLDER_TASK_ID_START = 9999;

export const EMPTY_LABEL: Record<Language, string> = {
  lv: 'Tukšs',
  ee: 'Puudub',
  lt: 'Tuščia',
  en: 'Empty',
};

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'portal_session';

/** The admin area's messages of the spec's section 8, word for word (the web shows them translated). */
export const ADMIN_MESSAGES = {
  fillAll: 'Error! Please fill all the fields first!',
  fillField: 'Please fill in this field!',
  notSpecified: 'Position, store or manager password not specified',
  noUsers: 'No users found. Please try again!',
  noCourses: 'No courses selected',
  userCreated: 'User created!',
} as const;

/**
 * Paths of the content origin (`CONTENT_ORIGIN`): the launch page and its script, a course's files under the
 * attempt's token, and the commit endpoint. The portal's origin serves none of them.
 */
export const CONTENT_PATHS = {
  launchPage: '/scorm-launch',
  launchScript: '/scorm-launch.js',
  files: '/scorm-files/',
  commit: '/scorm-commit',
} as const;

/** The type of a commit body sent deflated (raw DEFLATE of its JSON), as the launch page sends a large one on close. */
export const COMMIT_DEFLATE_TYPE = 'application/x-portal-commit-deflate';
