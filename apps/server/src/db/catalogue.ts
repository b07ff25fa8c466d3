import { sql } from 'kysely';
import { compiledOnce, databaseOf, runCompiled } from './compiled-query.js';
import type { Db } from './connect.js';
import type { CourseRow } from './schema.js';

/** Every version of every course, by id and by alias, and the versions each position is assigned. */
export interface Catalogue {
  byId: ReadonlyMap<number, CourseRow>;
  byAlias: ReadonlyMap<string, readonly CourseRow[]>;
  byPosition: ReadonlyMap<number, readonly CourseRow[]>;
}

interface Copy {
  version: string;
  catalogue: Catalogue;
}

const copies = new WeakMap<object, Copy>();
const versionQuery = compiledOnce((db) =>
  db.selectFrom('catalogue_version').select('version').where('id', '=', sql.lit(1)),
);

/** Adds `value` to the list at `key`. */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [rows, assignments] = await Promise.all([
    db.selectFrom('courses').selectAll().orderBy('id').execute(),
    db.selectFrom('course_positions').select(['course_id', 'position_id']).execute(),
  ]);
  const byId = new Map<number, CourseRow>();
  const byAlias = new Map<string, CourseRow[]>();
  for (const row of rows) {
    Object.freeze(row);
    byId.set(row.id, row);
    append(byAlias, row.alias, row);
  }
  const byPosition = new Map<number, CourseRow[]>();
  for (const { course_id, position_id } of assignments) {
    const course = byId.get(course_id);
    if (course) append(byPosition, position_id, course);
  }
  return { byId, byAlias, byPosition };
}

/**
 * The course catalogue. Reading whole course rows for every person's list cost more than the rest of the list, and
 * the catalogue is small and rarely changes: each database handle keeps a copy with the catalogue version it was read
 * at (moved on by triggers on `courses` and `course_positions`, migration 0005) and reads it again when the version
 * it sees has moved. The rows are read after the version, so a copy is never older than its version. A transaction
 * that changed the catalogue sees its own version, reads the rows afresh and keeps nothing: it may yet roll back.
 */
export async function catalogue(db: Db): Promise<Catalogue> {
  const [row] = await runCompiled(db, versionQuery, []);
  const version = String(row?.version);
  const copy = copies.get(databaseOf(db));
  if (copy?.version === version) return copy.catalogue;
  const fresh = await loadCatalogue(db);
  if (!db.isTransaction) copies.set(databaseOf(db), { version, catalogue: fresh });
  return fresh;
}
