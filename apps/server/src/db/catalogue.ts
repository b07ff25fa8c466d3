import { sql } from 'kysely';
import { compiledOnce, databaseOf, runCompiled } from './compiled-query.js';
import type { Db } from './connect.js';
import type { CourseRow } from './schema.js';
import { sessionCacheOf } from './session-cache.js';

/** Every version of every course, by id and by alias, and the versions each position is assigned. */
export interface Catalogue {
  /** The catalogue version (`catalogue_version`) the rows were read at. */
  version: string;
  byId: ReadonlyMap<number, CourseRow>;
  byAlias: ReadonlyMap<string, readonly CourseRow[]>;
  byPosition: ReadonlyMap<number, readonly CourseRow[]>;
}

interface Copy {
  /** The session cache's generation the version was last read at (undefined: read it again). */
  generation: number | undefined;
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

async function loadCatalogue(db: Db, version: string): Promise<Catalogue> {
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
  return { version, byId, byAlias, byPosition };
}

/**
 * The course catalogue. Reading whole course rows for every person's list cost more than the rest of the list, and
 * the catalogue is small and rarely changes: each database handle keeps a copy with the catalogue version it was read
 * at (moved on by triggers on `courses` and `course_positions`, migration 0005) and reads it again when the version
 * it sees has moved. The rows are read after the version, so a copy is never older than its version. The version
 * itself is read again only when the session cache's generation has moved (`SessionCache.currentGeneration`: a write
 * to the catalogue, here or in another process, moves it, as writes to sessions do), which spares the lists and the
 * home page a query each. A transaction reads the version every time (it may have changed the catalogue itself),
 * and one that changed the catalogue reads the rows afresh and keeps nothing: it may yet roll back.
 */
export async function catalogue(db: Db): Promise<Catalogue> {
  const cache = sessionCacheOf(db);
  const generation = cache?.currentGeneration();
  const copy = copies.get(databaseOf(db));
  if (copy && generation !== undefined && copy.generation === generation) return copy.catalogue;
  const [row] = await runCompiled(db, versionQuery, []);
  const version = String(row?.version);
  // Only a generation that stayed the same while the version was read vouches for it.
  const readAt = () => (generation !== undefined && cache?.generation === generation ? generation : undefined);
  // Another call may have read this version's rows while the version was read.
  const kept = copies.get(databaseOf(db));
  if (kept?.catalogue.version === version) {
    if (!db.isTransaction) kept.generation = readAt();
    return kept.catalogue;
  }
  if (db.isTransaction) return loadCatalogue(db, version);
  const fresh = await loadShared(db, version);
  copies.set(databaseOf(db), { generation: readAt(), catalogue: fresh });
  return fresh;
}

/** The catalogue being read now, per database handle, and the version it is read for. */
const loads = new WeakMap<object, { version: string; catalogue: Promise<Catalogue> }>();

/**
 * `loadCatalogue` for this version, shared by every call that finds it while it is read: after a change (or at start)
 * each call under way finds the new version, and fifty of them each reading 300 courses held the process for a
 * quarter of a second.
 */
function loadShared(db: Db, version: string): Promise<Catalogue> {
  const handle = databaseOf(db);
  const load = loads.get(handle);
  if (load?.version === version) return load.catalogue;
  const catalogue = loadCatalogue(db, version).finally(() => {
    if (loads.get(handle)?.catalogue === catalogue) loads.delete(handle);
  });
  loads.set(handle, { version, catalogue });
  return catalogue;
}
