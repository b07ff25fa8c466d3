import { createHash } from 'node:crypto';
import type { courseRoutes, Language } from '@portal/shared';
import { contentUrl } from '../domain/content-url.js';
import type { Db } from './connect.js';
import type { CourseRow } from './schema.js';

type CatalogueCourse = courseRoutes.CatalogueCourse;

/**
 * The course catalogue: every course version, and the versions each position is assigned. Every learner's course
 * list, due count and launch picks from it; read from the database on each of those calls it cost more than the rest
 * of the call (docs/performance.md), so it is read whole and reused.
 *
 * The one rule: a catalogue read lives `CATALOGUE_MAX_AGE_MS`, and every write to `courses` or `course_positions`
 * calls `catalogueChanged()`, which makes the next call of this process read it again. Another server process, or a
 * row edited by hand, is seen when its read expires. Reads inside a transaction (another `Db` object) are never
 * shared with calls outside it.
 */
export const CATALOGUE_MAX_AGE_MS = 5_000;

export interface Catalogue {
  byId: ReadonlyMap<number, CourseRow>;
  /** The versions assigned to a position. */
  ofPosition(positionId: number): readonly CourseRow[];
  /** Every version of a course, in every language, enabled or not. */
  versionsOf(alias: string): readonly CourseRow[];
  /** A version's fields as every person's list shows them, and 16 hex digits of a SHA-256 naming them. */
  shown(id: number): { fields: CatalogueCourse; digest: string };
}

let generation = 0;
const reads = new WeakMap<Db, { generation: number; at: number; catalogue: Promise<Catalogue> }>();

/** Called by every write to `courses` or `course_positions`. */
export function catalogueChanged(): void {
  generation++;
}

export function catalogue(db: Db, now = Date.now()): Promise<Catalogue> {
  const read = reads.get(db);
  if (read && read.generation === generation && now - read.at < CATALOGUE_MAX_AGE_MS) return read.catalogue;
  const fresh = { generation, at: now, catalogue: readCatalogue(db) };
  reads.set(db, fresh);
  fresh.catalogue.catch(() => reads.get(db) === fresh && reads.delete(db));
  return fresh.catalogue;
}

async function readCatalogue(db: Db): Promise<Catalogue> {
  const [courses, links] = await Promise.all([
    db.selectFrom('courses').selectAll().orderBy('id').execute(),
    db.selectFrom('course_positions').select(['course_id', 'position_id']).orderBy('course_id').execute(),
  ]);
  const byId = new Map(courses.map((course) => [course.id, Object.freeze(course)]));
  const byAlias = new Map<string, CourseRow[]>();
  for (const course of byId.values()) addTo(byAlias, course.alias, course);
  const byPosition = new Map<number, CourseRow[]>();
  for (const { course_id, position_id } of links) {
    const course = byId.get(course_id);
    if (course) addTo(byPosition, position_id, course);
  }
  const shown = new Map(
    [...byId.values()].map((course) => {
      const fields = catalogueFields(course);
      const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 16);
      return [course.id, { fields, digest }];
    }),
  );
  return {
    byId,
    ofPosition: (positionId) => byPosition.get(positionId) ?? [],
    versionsOf: (alias) => byAlias.get(alias) ?? [],
    shown: (id) => shown.get(id)!,
  };
}

function catalogueFields(c: CourseRow): CatalogueCourse {
  return {
    id: c.id,
    alias: c.alias,
    language: c.language as Language,
    name: c.name,
    description: c.description,
    expiration: c.expiration,
    folder: c.folder,
    course_type: c.course_type,
    course_mandatory: c.course_type === 'mandatory' ? 'true' : 'false',
    status: 'enabled',
    course_order_office: c.course_order_office,
    course_order_store: c.course_order_store,
    external_url: c.external_url,
    launch_file: c.launch_file,
    scorm_version: (c.scorm_version as courseRoutes.ScormVersion | null) ?? null,
    url: c.external_url ? null : contentUrl(c.folder, c.launch_file || 'index.html'),
  };
}

function addTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
