import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, contentRoutes } from '@portal/shared';
import { CONTENT_FILE_ROOTS } from '../http/content-files.js';

const { resourceFileSchema, RESOURCE_SECTIONS_BY_LANGUAGE } = contentRoutes;

/** Tags the web app's sanitizer keeps in section descriptions; anything else in a content file is an error. */
export const DESCRIPTION_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'];

/** Portal pages a content link may point to (the spec's routes, with their section ranges). */
const PORTAL_PAGES: { pattern: RegExp; check?(m: RegExpExecArray): boolean }[] = [
  { pattern: /^\/(home|goals|how-to-goals|courses|resources|cma|instructions)$/ },
  { pattern: /^\/how-to-goals\/([1-5])\/([1-6])$/ },
  { pattern: /^\/courses\/([12]|mandatory|optional)$/ },
  { pattern: /^\/(cma|instructions)\/([1-9]\d*)$/ },
  { pattern: /^\/resources\/([1-7])\/([1-6])$/ },
];

/** Where a `/files/…` URL lives on disk, or null when it is outside every served folder. */
export function fileOfUrl(repoRoot: string, url: string): string | null {
  const clean = url.split(/[?#]/)[0]!;
  const root = CONTENT_FILE_ROOTS.find((r) => clean.startsWith(r.prefix));
  if (!root) return null;
  const rel = decodeURIComponent(clean.slice(root.prefix.length));
  if (rel.split('/').some((part) => part === '..' || part.startsWith('.'))) return null;
  return path.join(repoRoot, root.dir, rel);
}

/**
 * Checks a portal-relative link: a known page (and, for resources, a section that exists in `language`)
 * or a file that the content-files plugin serves. Returns a problem or null.
 */
export function checkInternalLink(
  repoRoot: string,
  url: string,
  sectionsOf?: (language: string) => { id: number; subCount: number }[] | undefined,
  language?: string,
): string | null {
  if (url.startsWith('/files/')) {
    const file = fileOfUrl(repoRoot, url);
    return file && fs.existsSync(file) ? null : `broken link ${url}: no such file`;
  }
  const clean = url.split(/[?#]/)[0]!;
  const page = PORTAL_PAGES.map((p) => ({ p, m: p.pattern.exec(clean) })).find((x) => x.m);
  if (!page) return `broken link ${url}: not a page of the portal`;
  const resource = /^\/resources\/(\d)\/(\d)$/.exec(clean);
  if (resource && sectionsOf && language) {
    const sections = sectionsOf(language);
    const section = sections?.find((s) => s.id === Number(resource[1]));
    if (!section) return `broken link ${url}: resources section ${resource[1]} does not exist in ${language}`;
    if (Number(resource[2]) > Math.max(1, section.subCount)) return `broken link ${url}: no such sub-section`;
  }
  return null;
}

/** Validates every content/resources/<lang>.json; returns the problems found (empty when all is well). */
export function checkResourceFiles(repoRoot: string): string[] {
  const dir = path.join(repoRoot, 'content/resources');
  const problems: string[] = [];
  const parsed = new Map<string, { id: number; subCount: number }[]>();
  const files = new Map<string, ReturnType<typeof resourceFileSchema.parse>>();

  for (const language of LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    if (!fs.existsSync(file)) {
      problems.push(`${language}: missing language file content/resources/${language}.json`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${language}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const result = resourceFileSchema.safeParse(json);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${language}: ${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    if (result.data.language !== language) problems.push(`${language}: file says language "${result.data.language}"`);
    files.set(language, result.data);
    parsed.set(
      language,
      result.data.sections.map((s) => ({ id: s.id, subCount: s.sectionLinks?.length ?? 0 })),
    );
  }

  for (const [language, data] of files) {
    const ids = data.sections.map((s) => s.id);
    for (const id of RESOURCE_SECTIONS_BY_LANGUAGE[language as keyof typeof RESOURCE_SECTIONS_BY_LANGUAGE]) {
      if (!ids.includes(id)) problems.push(`${language}: missing section ${id}`);
    }
    if (new Set(ids).size !== ids.length) problems.push(`${language}: a section id appears twice`);
    for (const section of data.sections) {
      for (const tag of section.section_description.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g)) {
        if (!DESCRIPTION_TAGS.includes(tag[1]!.toLowerCase())) {
          problems.push(`${language}: section ${section.id}: tag <${tag[1]}> is not allowed in descriptions`);
        }
        if (/\son\w+\s*=/i.test(tag[0]) || /javascript:/i.test(tag[0])) {
          problems.push(`${language}: section ${section.id}: script in markup`);
        }
      }
      for (const resource of section.section_resources) {
        for (const link of resource.links) {
          const where = `${language}: section ${section.id}: "${resource.resource_title}"`;
          if (link.url.startsWith('pdf/')) {
            if (!link.url.startsWith(`pdf/${language}/`))
              problems.push(`${where}: ${link.url} is not in this language's folder`);
            const problem = checkInternalLink(repoRoot, `/files/resources/${link.url}`);
            if (problem) problems.push(`${where}: ${problem}`);
          } else if (link.url.startsWith('/')) {
            const problem = checkInternalLink(repoRoot, link.url, (l) => parsed.get(l), language);
            if (problem) problems.push(`${where}: ${problem}`);
          }
        }
      }
    }
  }
  return problems;
}
