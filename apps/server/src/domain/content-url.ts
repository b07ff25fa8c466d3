import { courseRoutes } from '@portal/shared';

/** The URL the player frame loads for a path inside a course folder. */
export function contentUrl(folder: string, href: string): string {
  const [file = '', rest] = href.split(/(?=[?#])/, 2);
  const encoded = file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${courseRoutes.COURSE_CONTENT_PREFIX}${encodeURIComponent(folder)}/${encoded}${rest ?? ''}`;
}
