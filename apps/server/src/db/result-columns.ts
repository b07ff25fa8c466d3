import type { adminRoutes, CourseType } from '@portal/shared';
import type { Db } from './connect.js';

type GridCourse = adminRoutes.GridCourse;

/** A course alias as one column: its name in the wanted language and its validity. */
export interface CatalogueCourse extends GridCourse {
  order_office: number;
  order_store: number;
}

/**
 * The enabled courses of the given countries (a country's language and English), one entry per alias, named in
 * `lang` when that version exists, else the country's language, English, then any. Expiry is the longest of the
 * versions.
 */
export async function loadCatalogue(
  db: Db,
  options: {
    countries: 'all' | string[];
    lang: string;
    courseType?: CourseType;
    aliases?: string[];
    order: 'office' | 'store';
  },
): Promise<CatalogueCourse[]> {
  let query = db
    .selectFrom('courses')
    .select(['alias', 'language', 'name', 'course_type', 'expiration', 'course_order_office', 'course_order_store'])
    .where('status', '=', 'enabled');
  if (options.countries !== 'all') query = query.where('language', 'in', [...options.countries, 'en', options.lang]);
  if (options.courseType) query = query.where('course_type', '=', options.courseType);
  if (options.aliases) {
    if (options.aliases.length === 0) return [];
    query = query.where('alias', 'in', options.aliases);
  }
  const rows = await query.execute();
  const preference = [options.lang, ...(options.countries === 'all' ? [] : options.countries), 'en'];
  const rank = (language: string) => {
    const i = preference.indexOf(language);
    return i < 0 ? preference.length : i;
  };
  const byAlias = new Map<string, CatalogueCourse & { rank: number }>();
  for (const row of rows) {
    const current = byAlias.get(row.alias);
    const r = row.name ? rank(row.language) : preference.length + 1;
    if (!current) {
      byAlias.set(row.alias, {
        alias: row.alias,
        name: row.name || row.alias,
        course_type: row.course_type,
        expiration: row.expiration,
        order_office: row.course_order_office,
        order_store: row.course_order_store,
        rank: r,
      });
      continue;
    }
    current.expiration = Math.max(current.expiration, row.expiration);
    if (r < current.rank) Object.assign(current, { name: row.name, rank: r, course_type: row.course_type });
  }
  const key = options.order === 'store' ? 'order_store' : 'order_office';
  return [...byAlias.values()]
    .map(({ rank: _rank, ...course }) => course)
    .sort(
      (a, b) =>
        (a.course_type === b.course_type ? 0 : a.course_type === 'mandatory' ? -1 : 1) ||
        a[key] - b[key] ||
        a.alias.localeCompare(b.alias),
    );
}
