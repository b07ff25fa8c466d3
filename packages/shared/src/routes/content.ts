import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { contract } from '../contract.js';
import { isSafeLink } from '../links.js';
import { rowId } from './row-id.js';

// ---------------------------------------------------------------------------------------------
// Links: only http(s) or portal-relative ("/x", never "//host"). Used by content files and calls.
// ---------------------------------------------------------------------------------------------

export { isSafeLink, safeHref } from '../links.js';

export const safeLink = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine(isSafeLink, 'Links must start with https://, http:// or / (a page of the portal).');

// ---------------------------------------------------------------------------------------------
// Category management academy and instructions (bundles)
// ---------------------------------------------------------------------------------------------

export const BUNDLE_RESOURCE_TYPES = ['external', 'internal', 'course'] as const;
export type BundleResourceType = (typeof BUNDLE_RESOURCE_TYPES)[number];

/** `confirm`: the learner confirms when done; `coming_soon`: announced, not yet open (sorted last). */
export const COMPLETION_TYPES = ['confirm', 'coming_soon'] as const;
export type CompletionType = (typeof COMPLETION_TYPES)[number];

export interface BundleResource {
  resource_id: number;
  bundle_id: number;
  title: string;
  /** external: a web page in a new tab; internal: a page or file of the portal; course: a course alias for the player. */
  resource_type: BundleResourceType;
  resource_path: string;
}

export interface InstructionResource extends BundleResource {
  /** The label of the resource's button ("Open the instruction", "Watch the video"). */
  button_string: string | null;
}

export interface CmaBundle {
  bundleId: number;
  category_id: number;
  category_name: string;
  description: string;
  completion_type: CompletionType;
  seen: boolean;
  complete: boolean;
  resources: BundleResource[];
}

export interface InstructionBundle extends Omit<CmaBundle, 'resources'> {
  mandatory: boolean;
  order: number;
  resources: InstructionResource[];
}

export interface BundleState {
  bundleId: number;
  seen: boolean;
  complete: boolean;
}

const bundleId = rowId;
/** The legacy client sends `seen: 1` / `complete: 1`; only "true" is accepted, since the way is one-way. */
const truthy = z.union([z.literal(true), z.literal(1), z.literal('1'), z.literal('true')], {
  error: 'Progress only moves forward: this value can only be true.',
});

/** The caller's bundles; userLang: the language to read their texts in where they have them (default: the country's). */
const bundleList = z.strictObject({ userLang: z.enum(LANGUAGES).optional() });
export const cmaResources = contract<CmaBundle[]>()('cma_resources', 'GET', bundleList);
export const getInstructions = contract<InstructionBundle[]>()('get_instructions', 'GET', bundleList);

export const setCmaSeen = contract<BundleState>()(
  'set_cma_seen',
  'POST',
  z.strictObject({ bundleId, seen: truthy.optional() }),
);
export const setCmaBundleComplete = contract<BundleState>()(
  'set_cma_bundle_complete',
  'POST',
  z.strictObject({ bundleId, complete: truthy.optional() }),
);
export const setInstructionSeen = contract<BundleState>()(
  'set_instruction_seen',
  'POST',
  z.strictObject({ bundleId, seen: truthy.optional() }),
);
export const setInstructionBundleComplete = contract<BundleState>()(
  'set_instruction_bundle_complete',
  'POST',
  z.strictObject({ bundleId, complete: truthy.optional() }),
);

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export interface Notification {
  alias: string;
  id: number;
  /** initial: not read yet; seen: read (hidden on the home page). */
  status: 'initial' | 'seen';
  name: string;
  description: string;
  language: string;
  /** 1 opens the link in a new tab. */
  external: 0 | 1;
  link: string | null;
}

export const notificationAlias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Use lower-case letters, digits, dots, dashes and underscores.');

export const notifications = contract<Notification[]>()(
  'notifications',
  'GET',
  z.strictObject({ language: z.enum(LANGUAGES).optional() }),
);

export const setNotificationReaded = contract<'ok'>()(
  'set_notification_readed',
  'POST',
  z.strictObject({ notification_alias: notificationAlias }),
);

// ---------------------------------------------------------------------------------------------
// Login page link lists (public)
// ---------------------------------------------------------------------------------------------

export interface LoginExternalLink {
  linkId: number;
  linkHeading: string;
  linkDescription: string;
  linkUrl: string;
}

export interface LoginSurvey {
  surveyId: number;
  surveyHeading: string;
  surveyDescription: string;
  surveyUrl: string;
  surveyIsAnon: boolean;
  surveyLang: string;
  boldBorder: boolean;
}

export interface LoginScholarCourse {
  courseId: number;
  courseHeading: string;
  courseDescription: string;
  courseUrl: string;
}

export interface LoginLinks {
  linkLang: string;
  links: LoginExternalLink[];
  linkSurveys: LoginSurvey[];
  linkCourses: LoginScholarCourse[];
}

export const loginLinks = contract<LoginLinks>()('login_links', 'GET', z.strictObject({ language: z.enum(LANGUAGES) }));

// ---------------------------------------------------------------------------------------------
// Settings the browser needs (ABC link, home videos, help guide, teaser video, menu counts)
// ---------------------------------------------------------------------------------------------

export interface VideoSource {
  url: string;
  title: string;
}

export interface PortalSettings {
  /** The external ABC system for the user's language, or null when none is configured. */
  abc_link: string | null;
  /** Which video section the home page shows: by the user's type (spec: Home). */
  video_section: 'store' | 'office' | 'placeholder';
  videos: VideoSource[];
  /** The category management academy's teaser video, or null. */
  cma_teaser: VideoSource | null;
  /** Path of the user guide PDF for the user's role and language; null for office directory users. */
  help_guide: string | null;
  /** How many bundles the user's position has: the menu shows CMA and Instructions only when > 0. */
  bundles: { cma: number; instructions: number };
}

export const portalSettings = contract<PortalSettings>()(
  'portal_settings',
  'GET',
  z.strictObject({ language: z.enum(LANGUAGES).optional() }),
);

// ---------------------------------------------------------------------------------------------
// Resources content files (content/resources/<lang>.json), validated by the content test.
// ---------------------------------------------------------------------------------------------

export const RESOURCE_SECTION_IDS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Section 6 (logistics and supply network) exists in lv, lt and ee only. */
export const RESOURCE_SECTIONS_BY_LANGUAGE: Record<(typeof LANGUAGES)[number], readonly number[]> = {
  lv: RESOURCE_SECTION_IDS,
  lt: RESOURCE_SECTION_IDS,
  ee: RESOURCE_SECTION_IDS,
  en: [1, 2, 3, 4, 5, 7],
};
/** The marker that joins several expert e-mail addresses in one field. */
export const MAIL_SEPARATOR = '<br>';

/**
 * A link of a resource: `https://…`, a portal page (`/courses/1`), or a PDF of the resources folder
 * (`pdf/<lang>/<name>.pdf`, served under /files/resources/). `access` marks links that work only inside
 * the company network or need a corporate social network account.
 */
export const resourceLinkSchema = z.strictObject({
  label: z.string().min(1).max(200),
  url: z
    .string()
    .min(1)
    .max(2000)
    .refine(
      (url) => isSafeLink(url) || /^pdf\/[a-z]{2}\/[a-z0-9-]+\.pdf$/.test(url),
      'A link must be https://, http://, a portal page (/…) or pdf/<lang>/<name>.pdf.',
    ),
  access: z.enum(['public', 'intranet', 'social']).default('public'),
});

export const resourceSchema = z.strictObject({
  resource_title: z.string().min(1).max(200),
  resource_description: z.string().max(2000),
  links: z.array(resourceLinkSchema).min(1),
  subSection: z.number().int().min(1).max(6).optional(),
  /** Who the resource is for: store users see `all` and `store`, everyone else `all` and `office`. */
  audience: z.enum(['all', 'store', 'office']).default('all'),
});

export const resourceSectionSchema = z
  .strictObject({
    id: z.number().int().min(1).max(7),
    section_name: z.string().min(1).max(120),
    /** May hold simple markup (p, strong, em, ul, li, a); the web app sanitizes it with an allow-list. */
    section_description: z.string().min(1).max(4000),
    section_expert_name: z.string().max(120),
    section_expert_phone: z.string().max(40),
    /** One or more addresses joined by MAIL_SEPARATOR. */
    section_expert_mail: z
      .string()
      .max(500)
      .refine(
        (v) => v === '' || v.split(MAIL_SEPARATOR).every((m) => z.email().safeParse(m.trim()).success),
        'Every address between the line-break markers must be an e-mail address.',
      ),
    hide_expert: z.boolean().optional(),
    /** Sub-heading labels, in subSection order (1, 2, …). */
    sectionLinks: z.array(z.string().min(1).max(120)).max(6).optional(),
    section_resources: z.array(resourceSchema).min(1),
  })
  .superRefine((section, ctx) => {
    const subCount = section.sectionLinks?.length ?? 0;
    section.section_resources.forEach((r, i) => {
      if (r.subSection !== undefined && r.subSection > subCount) {
        ctx.addIssue({
          code: 'custom',
          path: ['section_resources', i, 'subSection'],
          message: `subSection ${r.subSection} has no sub-heading in sectionLinks`,
        });
      }
      if (subCount > 0 && r.subSection === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['section_resources', i, 'subSection'],
          message: 'a section with sub-headings needs a subSection on every resource',
        });
      }
    });
    if (!section.hide_expert && (!section.section_expert_name || !section.section_expert_mail)) {
      ctx.addIssue({
        code: 'custom',
        path: ['section_expert_name'],
        message: 'an expert is shown: give a name and e-mail, or hide_expert',
      });
    }
  });

export const resourceFileSchema = z.strictObject({
  language: z.enum(LANGUAGES),
  sections: z.array(resourceSectionSchema).min(1),
});

export type ResourceLink = z.output<typeof resourceLinkSchema>;
export type Resource = z.output<typeof resourceSchema>;
export type ResourceSection = z.output<typeof resourceSectionSchema>;
export type ResourceFile = z.output<typeof resourceFileSchema>;
