import { LANGUAGES, contentRoutes, type Language } from '@portal/shared';
import { z } from 'zod';

type PortalSettings = contentRoutes.PortalSettings;
type VideoSource = contentRoutes.VideoSource;
const { isSafeLink } = contentRoutes;

const httpUrl = z.string().refine((v) => isSafeLink(v) && !v.startsWith('/'), 'must be an http(s) URL');
const videoList = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"title","url"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.strictObject({
          title: z.string().min(1).max(200),
          url: z.string().refine(isSafeLink, 'must be http(s) or /…'),
        }),
      )
      .max(12),
  );

/**
 * Settings of the content area, to be spread into the server's config schema (`...contentSettingsShape`).
 * ABC_LINK_<LANG>: the external ABC system per language. HOME_VIDEOS_STORE / HOME_VIDEOS_OFFICE: JSON arrays of
 * `{"title","url"}` (an https or portal-relative video file). CMA_TEASER_VIDEO_URL: the academy's teaser video.
 */
export const contentSettingsShape = {
  ABC_LINK_LV: httpUrl.optional(),
  ABC_LINK_LT: httpUrl.optional(),
  ABC_LINK_EE: httpUrl.optional(),
  ABC_LINK_EN: httpUrl.optional(),
  HOME_VIDEOS_STORE: videoList.default([]),
  HOME_VIDEOS_OFFICE: videoList.default([]),
  CMA_TEASER_VIDEO_URL: z.string().refine(isSafeLink, 'must be http(s) or /…').optional(),
};

export type ContentSettings = z.output<z.ZodObject<typeof contentSettingsShape>>;

/** The content settings out of the server config (any of them may be absent: defaults then apply). */
export function contentSettingsOf(config: object): ContentSettings {
  const c = config as Partial<ContentSettings>;
  return {
    ABC_LINK_LV: c.ABC_LINK_LV,
    ABC_LINK_LT: c.ABC_LINK_LT,
    ABC_LINK_EE: c.ABC_LINK_EE,
    ABC_LINK_EN: c.ABC_LINK_EN,
    HOME_VIDEOS_STORE: c.HOME_VIDEOS_STORE ?? [],
    HOME_VIDEOS_OFFICE: c.HOME_VIDEOS_OFFICE ?? [],
    CMA_TEASER_VIDEO_URL: c.CMA_TEASER_VIDEO_URL,
  };
}

export type HelpGuide = 'user' | 'admin';
export const HELP_GUIDES: readonly HelpGuide[] = ['user', 'admin'];

/** Store admins and managers get the admin guide, other users the user guide, office directory users none. */
export function helpGuideFor(user: { role: string; typ: string }): HelpGuide | null {
  if (user.typ === 'ldap_user') return null;
  if (user.role === 'admin' || user.role === 'regman') return 'admin';
  return 'user';
}

export const helpGuidePath = (guide: HelpGuide, language: Language) => `/files/help/${guide}-guide-${language}.pdf`;

/** Store and dev users see the store videos, office directory users the office videos, others a placeholder. */
export function videoSectionFor(user: { typ: string }): PortalSettings['video_section'] {
  if (user.typ === 'store_user' || user.typ === 'dev') return 'store';
  if (user.typ === 'ldap_user') return 'office';
  return 'placeholder';
}

const ABC_KEY: Record<Language, keyof ContentSettings> = {
  lv: 'ABC_LINK_LV',
  lt: 'ABC_LINK_LT',
  ee: 'ABC_LINK_EE',
  en: 'ABC_LINK_EN',
};

/** Everything of the settings the browser needs for one user and language. */
export function portalSettingsFor(
  user: { role: string; typ: string },
  language: Language,
  settings: ContentSettings,
  bundles: PortalSettings['bundles'],
): PortalSettings {
  const section = videoSectionFor(user);
  const videos: VideoSource[] =
    section === 'store' ? settings.HOME_VIDEOS_STORE : section === 'office' ? settings.HOME_VIDEOS_OFFICE : [];
  const guide = helpGuideFor(user);
  const abc = settings[ABC_KEY[language]];
  return {
    abc_link: typeof abc === 'string' ? abc : null,
    video_section: section,
    videos,
    cma_teaser: settings.CMA_TEASER_VIDEO_URL ? { url: settings.CMA_TEASER_VIDEO_URL, title: 'cma-teaser' } : null,
    help_guide: guide ? helpGuidePath(guide, language) : null,
    bundles,
  };
}

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
