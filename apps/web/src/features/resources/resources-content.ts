import { contentRoutes, type Language } from '@portal/shared';

export type ResourceFile = contentRoutes.ResourceFile;
export type ResourceSection = contentRoutes.ResourceSection;
export type Resource = contentRoutes.Resource;
export type ResourceLink = contentRoutes.ResourceLink;

/** Each language's file (content/resources/<lang>.json), fetched only when that language is shown. */
const files = import.meta.glob<{ default: unknown }>('../../../../../content/resources/*.json');

/** Loads and checks the resources of one language against the shared schema. */
export async function loadResources(language: Language): Promise<ResourceFile> {
  const load = files[`../../../../../content/resources/${language}.json`];
  if (!load) throw new Error(`no resources for ${language}`);
  return contentRoutes.resourceFileSchema.parse((await load()).default);
}

/** The store-user variant: store users see `all` and `store` resources, everyone else `all` and `office`. */
export function forAudience(resources: Resource[], storeUser: boolean): Resource[] {
  return resources.filter((r) => r.audience === 'all' || r.audience === (storeUser ? 'store' : 'office'));
}

/** Where a resource link leads: a PDF of the resources folder, a page of the portal, or a web site. */
export function linkTarget(url: string): { kind: 'pdf' | 'portal' | 'web'; href: string } {
  if (url.startsWith('pdf/')) return { kind: 'pdf', href: `/files/resources/${url}` };
  if (url.startsWith('/')) return { kind: 'portal', href: url };
  return { kind: 'web', href: url };
}

/** The expert's addresses: several are joined by the line-break marker. */
export const expertMails = (value: string) =>
  value
    .split(contentRoutes.MAIL_SEPARATOR)
    .map((m) => m.trim())
    .filter(Boolean);
