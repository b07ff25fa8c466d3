import {
  courseStatus,
  isDue,
  todayOf,
  type CourseStatusResult,
  type Language,
  type courseRoutes,
} from '@portal/shared';
import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { pickVersions } from '../domain/language-versions.js';
import { isScoDone, summarize, type Cmi } from '../domain/scorm-status.js';
import { JsonText, utf8Bytes, type Utf8Bytes } from '../http/json-text.js';
import { contentUrl } from '../scorm/library.js';
import type { Db } from './connect.js';
import { catalogue, type Catalogue } from './catalogue.js';
import { compiledOnce, runCompiled } from './compiled-query.js';
import { jsonColumns, parseJsonColumns, type JsonColumns } from './json-columns.js';
import { MadeFrom } from './made-from.js';
import type { CourseResultsTable, CourseRow } from './schema.js';

type CourseLogAttempt = courseRoutes.CourseLogAttempt;
type ScormLogEntry = courseRoutes.ScormLogEntry;
type ScormVersion = courseRoutes.ScormVersion;
type UserCourse = courseRoutes.UserCourse;
type CatalogueCourse = courseRoutes.CatalogueCourse;
type CourseProgressList = courseRoutes.CourseProgressList;

/** The person whose courses are listed: what decides which courses and in which order. */
export interface CourseSubject {
  id: number;
  typ: string;
  country: string;
  language: string;
  position_id: number | null;
}

type ResultRow = Selectable<CourseResultsTable>;

export async function loadSubjects(db: Db, ids: number[]): Promise<CourseSubject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'typ', 'country', 'language', 'position_id'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CourseSubject => !!r);
}

const byPosition = (subject: CourseSubject, courses: Catalogue): readonly CourseRow[] =>
  subject.position_id === null ? [] : (courses.byPosition.get(subject.position_id) ?? []);

/** Every language version of each alias. */
const versionsOf = (aliases: readonly string[], courses: Catalogue): CourseRow[] =>
  aliases.flatMap((alias) => courses.byAlias.get(alias) ?? []);

/** A course's versions in every language, whether or not they are assigned: what a list is read in. */
const translationsIn =
  (courses: Catalogue) =>
  (alias: string): readonly CourseRow[] =>
    courses.byAlias.get(alias) ?? [];

/** Each person's aliases, from rows of (person, alias). */
type AliasesByPerson = ReadonlyMap<number, readonly string[]>;

function aliasesByPerson(rows: { user_id: number; alias: string }[]): AliasesByPerson {
  const byPerson = new Map<number, string[]>();
  for (const { user_id, alias } of rows) {
    const aliases = byPerson.get(user_id);
    if (aliases) aliases.push(alias);
    else byPerson.set(user_id, [alias]);
  }
  return byPerson;
}

const additionalQuery = (db: Db) => db.selectFrom('additional_courses').select(['user_id', 'course_alias as alias']);
// A person's own list is by far the most common call: its queries are compiled once.
const ownAdditionalQuery = compiledOnce((db) => additionalQuery(db).where('user_id', '=', 0));

/** The courses given to the people in addition to their position's. */
async function additionalAliases(db: Db, userIds: number[]): Promise<AliasesByPerson> {
  const rows =
    userIds.length === 1
      ? await runCompiled(db, ownAdditionalQuery, userIds)
      : await additionalQuery(db).where('user_id', 'in', userIds).execute();
  return aliasesByPerson(rows);
}

/** The courses a person's bundles link to (CMA and instructions). */
async function linkedAliases(db: Db, subject: CourseSubject): Promise<readonly string[]> {
  if (subject.position_id === null) return [];
  const rows = await db
    .selectFrom('bundle_positions')
    .innerJoin('bundle_resources', 'bundle_resources.bundle_id', 'bundle_positions.bundle_id')
    .select('bundle_resources.resource_path as alias')
    .where('bundle_positions.position_id', '=', subject.position_id)
    .where('bundle_resources.resource_type', '=', 'course')
    .execute();
  return rows.map((row) => row.alias);
}

/** Per catalogue copy, the versions picked from a position's courses, by position, language and country. */
const positionPicks = new WeakMap<Catalogue, Map<string, ReadonlyMap<string, CourseRow>>>();

/**
 * The versions of a person's assigned courses (by position and additional), one per alias. Most people have no
 * additional courses: theirs are their position's, the same for everyone of that position, language and country,
 * and are remembered with the catalogue copy they were picked from.
 */
function pickAssigned(
  subject: CourseSubject,
  additional: readonly string[],
  courses: Catalogue,
  language: string,
): ReadonlyMap<string, CourseRow> {
  if (additional.length > 0)
    return pickVersions(
      subject,
      [...byPosition(subject, courses), ...versionsOf(additional, courses)],
      language,
      translationsIn(courses),
    );
  let picks = positionPicks.get(courses);
  if (!picks) {
    picks = new Map();
    positionPicks.set(courses, picks);
  }
  const key = `${subject.position_id}/${language}/${subject.country}`;
  let picked = picks.get(key);
  if (!picked) {
    picked = pickVersions(subject, byPosition(subject, courses), language, translationsIn(courses));
    picks.set(key, picked);
  }
  return picked;
}

/** What a list needs of a result: the SCORM state (suspend data, cmi) can be large and stays in the database. */
type ResultStatus = Pick<ResultRow, 'complete' | 'finish_time'>;

/** Each person's `results_by_person` text (`resultRows` reads it), null for a person with no results. */
type ResultTexts = Map<number, string | null>;

/** Results column by column as grids and exports read them: course aliases, complete (0/1) and finish times. */
type ResultColumns = JsonColumns<[alias: string, complete: number, finishTime: string | null]>;

/** The results as `ResultColumns`, one JSON value named `results`, in an aggregate over `course_results`. */
const resultsJson = (db: Db) =>
  jsonColumns(
    db,
    ['course_alias', 'complete', 'finish_time'].map((column) => sql.ref(column)),
  ).as('results');

/**
 * Per person (`user_id`), their results as one JSON value (`json-columns.ts`), read with `resultColumns`: what result
 * grids and exports read (a country's export a quarter of a million); lists read `results_by_person`.
 */
export const resultsByPerson = (db: Db) =>
  db
    .selectFrom('course_results')
    .select(['user_id', resultsJson(db)])
    .groupBy('user_id');
export const resultColumns = (row: { results: unknown } | undefined): ResultColumns =>
  parseJsonColumns(row?.results, 3);

/** The people's additional courses and the versions of their results: what their lists need besides the catalogue. */
interface CourseState {
  additional: AliasesByPerson;
  versions: ResultsVersions;
}

/** Each person's `results_versions` number, null for a person who never had results. */
type ResultsVersions = Map<number, number | null>;

/** One person's additional courses as a derived table of one row and one JSON value (the person's id its parameter). */
export const ownAdditionalTable = (db: Db) =>
  db
    .selectFrom('additional_courses')
    .select((eb) => jsonColumns(db, [eb.ref('course_alias')]).as('additional'))
    .where('user_id', '=', 0)
    .as('own_additional');

/** One person's `results_by_person` row: their results as JSON text, a column named `results` (their id its parameter). */
const ownResultsRow = (db: Db) => db.selectFrom('results_by_person').select('results').where('user_id', '=', 0);

/** `ownResultsRow` as a column of another query. */
const ownResultsText = (db: Db) => ownResultsRow(db).as('results');

/**
 * One person's results version (`results_versions`, migration 0009) as a column named `results_version` of another
 * query (their id its parameter): what is made from their results is remembered with it.
 */
export const ownResultsVersion = (db: Db) =>
  db.selectFrom('results_versions').select('version').where('user_id', '=', 0).as('results_version');

/**
 * One person's additional courses (`ownAdditionalTable`) and results as the JSON text that triggers keep
 * (`results_by_person`, migration 0008), the person's id the parameter of each: a person's own list asks for both all
 * the time, and on PostgreSQL every query is a round trip that costs the server more than its rows.
 */
const ownCourseStateQuery = compiledOnce((db) =>
  db.selectFrom(ownAdditionalTable(db)).select(['additional', ownResultsText(db)]),
);
const ownResultsQuery = compiledOnce(ownResultsRow);

/** One person's additional courses and results version, the person's id the parameter of each. */
const ownListStateQuery = compiledOnce((db) =>
  db.selectFrom(ownAdditionalTable(db)).select(['additional', ownResultsVersion(db)]),
);

/** A row of `ownListStateQuery` (or of a query with the same two columns). */
interface OwnListStateRow {
  additional: unknown;
  results_version: number | null;
}

/** The person's additional courses' aliases from a row with `ownAdditionalTable`'s column. */
const additionalOf = (row: { additional: unknown } | undefined): string[] =>
  parseJsonColumns<[string]>(row?.additional, 1)[0];

/** The results in the text of a `results_by_person` row; none without a row. */
const resultRows = (text: string | null | undefined): courseRoutes.ProgressResult[] =>
  text ? (JSON.parse(text) as courseRoutes.ProgressResult[]) : [];

/** A person's results by course alias, from the text of their `results_by_person` row. */
function resultsOfRow(text: string | null | undefined): Map<string, ResultStatus> {
  const results = new Map<string, ResultStatus>();
  for (const [alias, complete, finishTime] of resultRows(text))
    results.set(alias, { complete, finish_time: finishTime });
  return results;
}

async function loadCourseState(db: Db, userIds: number[]): Promise<CourseState> {
  if (userIds.length === 1) {
    const [id] = userIds as [number];
    const [row] = await runCompiled(db, ownListStateQuery, [id, id]);
    return {
      additional: new Map([[id, additionalOf(row)]]),
      versions: new Map([[id, row?.results_version ?? null]]),
    };
  }
  const [additional, rows] = await Promise.all([
    additionalAliases(db, userIds),
    db.selectFrom('results_versions').select(['user_id', 'version']).where('user_id', 'in', userIds).execute(),
  ]);
  return { additional, versions: new Map(rows.map((row) => [row.user_id, row.version])) };
}

/** The people's results rows, as text: read only for what is not remembered with their version. */
async function resultTexts(db: Db, userIds: number[]): Promise<ResultTexts> {
  if (userIds.length === 1) {
    const [id] = userIds as [number];
    const [row] = await runCompiled(db, ownResultsQuery, [id]);
    return new Map([[id, row?.results ?? null]]);
  }
  const rows = await db
    .selectFrom('results_by_person')
    .select(['user_id', 'results'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.results]));
}

export function statusOf(result: ResultStatus | undefined, expiration: number, now: Date): CourseStatusResult {
  return courseStatus(
    { assigned: true, complete: result?.complete === 1, finishTime: result?.finish_time ?? null, expiration },
    now,
  );
}

const catalogueMembers = new WeakMap<CourseRow, Utf8Bytes>();

/**
 * A course's catalogue fields as JSON members (no opening brace) and the closing brace, in UTF-8: the same in
 * everyone's list, remembered per catalogue row, which does not change once read.
 */
function catalogueJson(c: CourseRow): Utf8Bytes {
  let members = catalogueMembers.get(c);
  if (members === undefined) {
    const fields: CatalogueCourse = {
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
      scorm_version: (c.scorm_version as ScormVersion | null) ?? null,
      url: c.external_url ? null : contentUrl(c.folder, c.launch_file || 'index.html'),
    };
    members = utf8Bytes(JSON.stringify(fields).slice(1));
    catalogueMembers.set(c, members);
  }
  return members;
}

const sha256Hex16 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex').slice(0, 16);

const rowDigests = new WeakMap<CourseRow, string>();

/**
 * Names the catalogue fields of these course versions, in this order (16 hex digits of a SHA-256): the same versions
 * with the same fields have the same digest in any process or database, and a change to any of them changes it.
 */
function catalogueDigest(courses: Iterable<CourseRow>): string {
  let digests = '';
  for (const course of courses) {
    let digest = rowDigests.get(course);
    if (digest === undefined) {
      digest = sha256Hex16(catalogueJson(course));
      rowDigests.set(course, digest);
    }
    digests += digest;
  }
  return sha256Hex16(digests);
}

const listDigests = new WeakMap<ReadonlyMap<string, CourseRow>, string>();

/** `catalogueDigest` of picked versions by ascending id, as the course page asks for them; remembered with the picks. */
function picksDigest(chosen: ReadonlyMap<string, CourseRow>): string {
  let digest = listDigests.get(chosen);
  if (digest === undefined) {
    digest = catalogueDigest([...chosen.values()].sort((a, b) => a.id - b.id));
    listDigests.set(chosen, digest);
  }
  return digest;
}

/** JSON of a string this process wrote (a status, a day as YYYY-MM-DD): nothing in it needs escaping. */
const ownString = (value: string | null): string => (value === null ? 'null' : `"${value}"`);

const statusMembers = new WeakMap<CourseStatusResult, Utf8Bytes>();

/**
 * A course status as JSON members between commas, remembered per status: `courseStatus` answers with shared objects
 * (one per validity and completion day), so a list of seventy courses writes a handful of them.
 */
function statusJson(status: CourseStatusResult): Utf8Bytes {
  let members = statusMembers.get(status);
  if (members === undefined) {
    members = utf8Bytes(
      `,"course_status":${ownString(status.status)},"days_left":${status.daysLeft}` +
        `,"course_expiration":${ownString(status.validUntil)},`,
    );
    statusMembers.set(status, members);
  }
  return members;
}

/** A listed course's JSON from `additional` to `finish_time`'s name, for each of (additional, complete). */
const personalOpenings = [false, true].flatMap((additional) =>
  [false, true].map((complete) => utf8Bytes(`"additional":${additional},"complete":${complete},"finish_time":`)),
);

/** Writes the fields of a listed course that are the person's own but `user_id`, as JSON members and a comma. */
function writePersonal(
  json: JsonText<unknown>,
  result: ResultStatus | undefined,
  expiration: number,
  now: Date,
  additional: boolean,
): void {
  const finishTime = result?.finish_time ?? null;
  json.utf8(personalOpenings[(additional ? 2 : 0) + (result?.complete === 1 ? 1 : 0)]!);
  if (finishTime === null) json.ascii('null');
  else json.string(finishTime);
  json.utf8(statusJson(statusOf(result, expiration, now)));
}

type Ordered = Pick<CourseRow, 'course_order_store' | 'course_order_office' | 'name' | 'id'>;

function orderFor(subject: CourseSubject) {
  const store = subject.typ === 'store_user';
  return (a: Ordered, b: Ordered) =>
    (store ? a.course_order_store - b.course_order_store : a.course_order_office - b.course_order_office) ||
    a.name.localeCompare(b.name) ||
    a.id - b.id;
}

const listOrders = new WeakMap<
  ReadonlyMap<string, CourseRow>,
  { office?: readonly CourseRow[]; store?: readonly CourseRow[] }
>();

/**
 * Picked versions in list order, remembered with the picks (`pickAssigned` keeps a position's): the order depends on
 * nothing else, and courses of the same order (the form's default for new ones) are compared by name with a collator.
 */
function inListOrder(chosen: ReadonlyMap<string, CourseRow>, subject: CourseSubject): readonly CourseRow[] {
  let orders = listOrders.get(chosen);
  if (!orders) {
    orders = {};
    listOrders.set(chosen, orders);
  }
  const kind = subject.typ === 'store_user' ? 'store' : 'office';
  return (orders[kind] ??= [...chosen.values()].sort(orderFor(subject)));
}

/** A person's list: the versions picked for them, and the aliases they have only as additional courses. */
interface Picked {
  chosen: ReadonlyMap<string, CourseRow>;
  additionalOnly: ReadonlySet<string>;
}

/** Room for a person's list: some seventy courses of about 600 bytes each. */
const LIST_BYTES = 48 * 1024;

/** The language to list in (else each person's own) and the moment the statuses are for (else now). */
type ListOptions = { language?: Language; now?: Date };

/** Room for a course's own fields in a person's list (`ListedFields`): about 160 bytes. */
const FIELDS_BYTES = 192;

/**
 * The person's own fields of each course of their list, in list order, as UTF-8 (`UserCourse`'s from `user_id` to
 * `course_expiration`), each opening with the comma before it: views of one buffer, copied into answers as they are.
 */
type ListedFields = readonly Utf8Bytes[];

/** Writes a person's fields of each course listed (`ListedFields`) from the text of their results row. */
function writeFields(
  subject: CourseSubject,
  ordered: readonly CourseRow[],
  additionalOnly: ReadonlySet<string>,
  results: string | null,
  now: Date,
): ListedFields {
  const mine = resultsOfRow(results);
  const json = new JsonText<unknown>(ordered.length * FIELDS_BYTES);
  const ends: number[] = [];
  const opening = `,{"user_id":${subject.id},`;
  for (const course of ordered) {
    json.ascii(opening);
    writePersonal(json, mine.get(course.alias), course.expiration, now, additionalOnly.has(course.alias));
    ends.push(json.length);
  }
  const kept = json.kept();
  return ends.map((end, i) => kept.subarray(ends[i - 1] ?? 0, end) as Utf8Bytes);
}

/** Bytes a view of a buffer takes beside the bytes it shows (V8's typed array object). */
const VIEW_BYTES = 110;

/**
 * The listed fields of the people who asked last, up to 64 MB by this count: some 160 bytes and a view for each course,
 * about 19 KB a person.
 */
const writtenFields = new MadeFrom<ListedFields>({
  bytes: 64 * 1024 * 1024,
  sizeOf: (fields) => VIEW_BYTES + fields.reduce((bytes, piece) => bytes + VIEW_BYTES + piece.length, 0),
});

/** A person's list as it is written: the courses in list order and the person's fields of each. */
interface Listed {
  ordered: readonly CourseRow[];
  fields: ListedFields;
}

/**
 * Each person's list with their fields as `writeFields` wrote them, remembered with what they were written from: the
 * courses in list order (`inListOrder`: one array per catalogue, position, language, country and kind of user, a new
 * one on every call for people with additional courses, whose fields are written afresh), the version of their
 * results (migration 0009) and the day (`todayOf`: a status changes only from one day to the next). Parsing the
 * results and writing each course's status was some 30% of a course list's call, and people open their list many
 * times a day; the results themselves (3–5 KB of text a person) are read only for the fields not remembered.
 */
async function rememberedLists(
  db: Db,
  subjects: readonly CourseSubject[],
  versions: ResultsVersions,
  pick: (subject: CourseSubject, language: string) => Picked,
  options: ListOptions,
): Promise<Listed[]> {
  const now = options.now ?? new Date();
  const day = todayOf(now);
  const lists = subjects.map((subject) => {
    const { chosen, additionalOnly } = pick(subject, options.language ?? subject.language);
    const ordered = inListOrder(chosen, subject);
    const inputs = [ordered, versions.get(subject.id) ?? null, day];
    return { subject, ordered, additionalOnly, inputs, fields: writtenFields.find(subject.id, inputs) };
  });
  // Read after the versions, the texts are never older than the version their fields are kept with.
  const unwritten = lists.filter((list) => list.fields === undefined).map((list) => list.subject.id);
  const texts: ResultTexts = unwritten.length > 0 ? await resultTexts(db, unwritten) : new Map();
  return lists.map(({ subject, ordered, additionalOnly, inputs, fields }) => {
    if (fields === undefined) {
      fields = writeFields(subject, ordered, additionalOnly, texts.get(subject.id) ?? null, now);
      writtenFields.keep(subject.id, inputs, fields);
    }
    return { ordered, fields };
  });
}

const listCatalogues = new WeakMap<readonly CourseRow[], readonly Utf8Bytes[]>();

/** `catalogueJson` of each course of a list, in its order: remembered with the list, one lookup instead of one a course. */
function cataloguesOf(ordered: readonly CourseRow[]): readonly Utf8Bytes[] {
  let pieces = listCatalogues.get(ordered);
  if (pieces === undefined) {
    pieces = ordered.map(catalogueJson);
    listCatalogues.set(ordered, pieces);
  }
  return pieces;
}

/** Writes the lists as one JSON array of `UserCourse`: each course's fields, then its catalogue row's. */
function writeLists(json: JsonText<UserCourse[]>, lists: readonly Listed[]): JsonText<UserCourse[]> {
  json.ascii('[');
  let first = true;
  for (const { ordered, fields } of lists) {
    // Written piece by piece: JSON.stringify of the whole list was the largest part of the call.
    const catalogue = cataloguesOf(ordered);
    for (let i = 0; i < catalogue.length; i++) {
      // Each course's fields open with a comma; the answer's first course goes without it.
      json.utf8(fields[i]!, first ? 1 : 0).utf8(catalogue[i]!);
      first = false;
    }
  }
  return json.ascii(']');
}

const NONE: ReadonlySet<string> = new Set();

/** Picks each person's assigned versions: their position's courses plus their additional ones. */
function assignedPicker(courses: Catalogue, additional: AliasesByPerson) {
  return (subject: CourseSubject, language: string): Picked => {
    const mine = additional.get(subject.id) ?? [];
    const chosen = pickAssigned(subject, mine, courses, language);
    if (mine.length === 0) return { chosen, additionalOnly: NONE };
    const assigned = new Set(byPosition(subject, courses).map((c) => c.alias));
    return { chosen, additionalOnly: new Set(mine.filter((alias) => !assigned.has(alias))) };
  };
}

/** Each person's courses: their position's courses plus additional ones, one version per alias, ordered. */
export async function listCourses(
  db: Db,
  subjects: CourseSubject[],
  options: ListOptions = {},
): Promise<JsonText<UserCourse[]>> {
  if (subjects.length === 0) return new JsonText<UserCourse[]>().ascii('[]');
  const [courses, { additional, versions }] = await Promise.all([
    catalogue(db),
    loadCourseState(
      db,
      subjects.map((s) => s.id),
    ),
  ]);
  const lists = await rememberedLists(db, subjects, versions, assignedPicker(courses, additional), options);
  return writeLists(new JsonText<UserCourse[]>(subjects.length * LIST_BYTES), lists);
}

const idLists = new WeakMap<readonly CourseRow[], Utf8Bytes>();

/**
 * The ids of a list's versions in its order, as a JSON array: remembered with the list, which everyone of a position
 * in a language shares.
 */
function idsJson(ordered: readonly CourseRow[]): Utf8Bytes {
  let json = idLists.get(ordered);
  if (json === undefined) {
    json = utf8Bytes(JSON.stringify(ordered.map((c) => c.id)));
    idLists.set(ordered, json);
  }
  return json;
}

/** Room for a person's progress list: some eighty ids and some seventy results of about 45 bytes each. */
const PROGRESS_BYTES = 4 * 1024;

/**
 * A person's own list as `course_progress` gives it (`CourseProgressList`): what `listCourses` lists, as the ids of
 * the versions and the person's results as the database wrote them. No result is read here and no status computed:
 * the browser joins them (`joinCourseProgress`) as of the `now` given here.
 */
export async function listCourseProgress(
  db: Db,
  subject: CourseSubject,
  options: ListOptions = {},
): Promise<JsonText<CourseProgressList>> {
  const [courses, [row]] = await Promise.all([
    catalogue(db),
    runCompiled(db, ownCourseStateQuery, [subject.id, subject.id]),
  ]);
  const { chosen, additionalOnly } = assignedPicker(courses, new Map([[subject.id, additionalOf(row)]]))(
    subject,
    options.language ?? subject.language,
  );
  const now = (options.now ?? new Date()).toISOString();
  const json = new JsonText<CourseProgressList>(PROGRESS_BYTES);
  json.ascii(`{"catalogue":"${picksDigest(chosen)}","now":"${now}","ids":`).utf8(idsJson(inListOrder(chosen, subject)));
  const additionalIds = [...additionalOnly].flatMap((alias) => chosen.get(alias)?.id ?? []);
  return json
    .ascii(`,"additional":[${additionalIds.join(',')}],"results":`)
    .text(row?.results ?? '[]')
    .ascii('}');
}

/** The enabled course versions with these ids, in the order asked, as `course_catalogue` answers them. */
export async function catalogueCourses(
  db: Db,
  ids: readonly number[],
): Promise<{ digest: string; json: JsonText<CatalogueCourse[]> }> {
  const courses = await catalogue(db);
  const found = ids.map((id) => courses.byId.get(id)).filter((c): c is CourseRow => c?.status === 'enabled');
  const json = new JsonText<CatalogueCourse[]>(found.length * 512).ascii('[');
  found.forEach((course, index) => json.ascii(index > 0 ? ',{' : '{').utf8(catalogueJson(course)));
  return { digest: catalogueDigest(found), json: json.ascii(']') };
}

/** The courses a person's bundles link to (CMA and instructions), with their status. */
export async function listLinkedCourses(
  db: Db,
  subject: CourseSubject,
  options: ListOptions = {},
): Promise<JsonText<UserCourse[]>> {
  const [courses, linked, results] = await Promise.all([
    catalogue(db),
    linkedAliases(db, subject),
    resultTexts(db, [subject.id]),
  ]);
  const chosen = pickVersions(
    subject,
    versionsOf(linked, courses),
    options.language ?? subject.language,
    translationsIn(courses),
  );
  const ordered = inListOrder(chosen, subject);
  const fields = writeFields(subject, ordered, NONE, results.get(subject.id) ?? null, options.now ?? new Date());
  return writeLists(new JsonText<UserCourse[]>(LIST_BYTES), [{ ordered, fields }]);
}

/** The due counts of the people who asked last: a number and what it was counted from, some 190 bytes each. */
const dueCounts = new MadeFrom<number>({ entries: 20_000 });

/**
 * Number of mandatory courses that are incomplete or expired for the user, in their language (home tile): the
 * courses `listCourses` would list, counted without building the list. `row` holds the person's additional courses
 * (`ownAdditionalTable`) and their results version (`ownResultsVersion`). Every assigned mandatory course is due but
 * those whose completion keeps them done; a person has one result per course, so the results are counted as they
 * come, without a map of them. The count is remembered with what it was counted from, and answered again while the
 * same courses are assigned, the results version is the same and the day is the same: parsing some 75 results was a
 * quarter of the home page's call, and people come back to the home page many times a day. The results are read only
 * to count afresh.
 */
export async function countDueMandatory(
  db: Db,
  subject: CourseSubject,
  courses: Catalogue,
  row: OwnListStateRow | undefined,
  now: Date,
): Promise<number> {
  // The assigned courses are one map per catalogue, position, language and country (`pickAssigned`).
  const assigned = pickAssigned(subject, additionalOf(row), courses, subject.language);
  const inputs = [assigned, row?.results_version ?? null, todayOf(now)];
  const remembered = dueCounts.find(subject.id, inputs);
  if (remembered !== undefined) return remembered;
  const results = await resultTexts(db, [subject.id]);
  let due = 0;
  for (const course of assigned.values()) if (course.course_type === 'mandatory') due++;
  for (const [alias, complete, finishTime] of resultRows(results.get(subject.id))) {
    const course = assigned.get(alias);
    if (complete !== 1 || course?.course_type !== 'mandatory') continue;
    if (!isDue(statusOf({ complete, finish_time: finishTime }, course.expiration, now).status)) due--;
  }
  dueCounts.keep(subject.id, inputs, due);
  return due;
}

/** The version of a course the person may open (assigned, additional or linked), in `language` where it has one. */
export async function findOpenableCourse(
  db: Db,
  subject: CourseSubject,
  alias: string,
  language: string = subject.language,
): Promise<CourseRow | undefined> {
  const [courses, additional, linked] = await Promise.all([
    catalogue(db),
    additionalAliases(db, [subject.id]),
    linkedAliases(db, subject),
  ]);
  const versions = [
    ...byPosition(subject, courses),
    ...versionsOf([...(additional.get(subject.id) ?? []), ...linked], courses),
  ].filter((c) => c.alias === alias);
  return pickVersions(subject, versions, language, translationsIn(courses)).get(alias);
}

export async function findResult(db: Db, userId: number, alias: string): Promise<ResultRow | undefined> {
  return db
    .selectFrom('course_results')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_alias', '=', alias)
    .executeTakeFirst();
}

async function ensureResult(db: Db, userId: number, course: CourseRow, now: Date): Promise<ResultRow> {
  await db
    .insertInto('course_results')
    .values({
      user_id: userId,
      course_alias: course.alias,
      course_id: course.id,
      complete: 0,
      finish_time: null,
      attempt: 1,
      lesson_status: null,
      completion_status: null,
      success_status: null,
      score_raw: null,
      location: null,
      suspend_data: null,
      total_time: null,
      cmi_json: null,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_alias']).doNothing())
    .execute();
  const row = await findResult(db, userId, course.alias);
  if (!row) throw new Error('course result row vanished');
  return row;
}

/** What a completion the content reported rests on: the launched attempt, its time and its score. */
export interface CompletionEvidence {
  attempt: number;
  timeSpent: string | null;
  score: number | null;
}

export interface CompletionOutcome {
  changed: boolean;
  result: ResultRow;
  status: CourseStatusResult;
}

/**
 * Records a completion. A course that is complete and not yet in its renewal window stays as it is
 * (a repeated or concurrent call changes nothing); otherwise finish_time becomes now and the completion
 * is added to the history. The update is conditional on the row being unchanged, so two racing calls
 * record one completion on both databases.
 */
export async function recordCompletion(
  db: Db,
  input: {
    userId: number;
    course: CourseRow;
    source: 'scorm' | 'message' | 'manual' | 'import';
    recordedBy?: number | null;
    /** The run-time evidence of a completion the content reported: its attempt, time and score. */
    evidence?: CompletionEvidence;
    now?: Date;
  },
): Promise<CompletionOutcome> {
  const now = input.now ?? new Date();
  for (let tries = 0; tries < 3; tries++) {
    const row = await ensureResult(db, input.userId, input.course, now);
    const before = statusOf(row, input.course.expiration, now);
    if (row.complete === 1 && before.status === 'complete') return { changed: false, result: row, status: before };
    const finish = now.toISOString();
    const update = await db
      .updateTable('course_results')
      .set({ complete: 1, finish_time: finish, course_id: input.course.id, updated_at: finish })
      .where('id', '=', row.id)
      .where('complete', '=', row.complete)
      .where((eb) =>
        row.finish_time === null ? eb('finish_time', 'is', null) : eb('finish_time', '=', row.finish_time),
      )
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) continue;
    await db
      .insertInto('course_completions')
      .values({
        user_id: input.userId,
        course_alias: input.course.alias,
        finish_time: finish,
        source: input.source,
        recorded_by: input.recordedBy ?? null,
        attempt: input.evidence?.attempt ?? null,
        time_spent: input.evidence?.timeSpent ?? null,
        score: input.evidence?.score ?? null,
      })
      .execute();
    const result = { ...row, complete: 1, finish_time: finish, course_id: input.course.id, updated_at: finish };
    return { changed: true, result, status: statusOf(result, input.course.expiration, now) };
  }
  const result = await ensureResult(db, input.userId, input.course, now);
  return { changed: false, result, status: statusOf(result, input.course.expiration, now) };
}

/** Per-SCO saved state of an attempt, as kept in course_results.cmi_json. */
export interface AttemptState {
  scos: Record<string, { cmi: Cmi; done: boolean }>;
}

export function readAttemptState(row: ResultRow | undefined): AttemptState {
  if (!row?.cmi_json) return { scos: {} };
  try {
    const parsed = JSON.parse(row.cmi_json) as AttemptState;
    return parsed && typeof parsed === 'object' && parsed.scos && typeof parsed.scos === 'object'
      ? parsed
      : { scos: {} };
  } catch {
    return { scos: {} };
  }
}

/** Every SCO of the course is done in this attempt's state. */
export function attemptDone(state: AttemptState, scoIds: string[]): boolean {
  return scoIds.length > 0 && scoIds.every((id) => state.scos[id]?.done === true);
}

/** The saved attempt is over: every SCO done, or a completion recorded without run-time data (manual, imported). */
export function attemptFinished(row: ResultRow, state: AttemptState, scoIds: string[]): boolean {
  return attemptDone(state, scoIds) || (row.complete === 1 && row.cmi_json === null);
}

/**
 * Starts a new attempt from the beginning ("Start again"): empty run-time data, the completion on record kept. The
 * update is conditional on the row being unchanged, so two racing restarts start one attempt.
 */
export async function startNewAttempt(db: Db, userId: number, course: CourseRow, now: Date): Promise<number> {
  const row = await ensureResult(db, userId, course, now);
  await db
    .updateTable('course_results')
    .set({
      attempt: row.attempt + 1,
      state_seq: 0,
      cmi_json: JSON.stringify({ scos: {} } satisfies AttemptState),
      course_id: course.id,
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .where('attempt', '=', row.attempt)
    .execute();
  return row.attempt + 1;
}

/**
 * Where the player continues: the saved attempt, or a fresh one when the saved attempt is finished and
 * the completion is due for renewal (expires soon or expired).
 */
export function currentAttempt(
  row: ResultRow | undefined,
  scoIds: string[],
  expiration: number,
  now: Date,
): { attempt: number; seq: number; state: AttemptState; fresh: boolean } {
  if (!row) return { attempt: 1, seq: 0, state: { scos: {} }, fresh: true };
  const state = readAttemptState(row);
  const status = statusOf(row, expiration, now).status;
  const finished = attemptFinished(row, state, scoIds);
  if (finished && (status === 'expired' || status === 'expires-soon')) {
    return { attempt: row.attempt + 1, seq: 0, state: { scos: {} }, fresh: true };
  }
  return { attempt: row.attempt, seq: row.state_seq, state, fresh: false };
}

export type SaveOutcome =
  | { kind: 'saved'; result: ResultRow; status: CourseStatusResult; done: boolean }
  | { kind: 'stale'; result: ResultRow; status: CourseStatusResult }
  | { kind: 'conflict' };

/**
 * Saves one commit of a SCO's data model. Older commits (a sequence already saved) are ignored; the first
 * commit of a fresh attempt starts it; completion is recorded when this commit makes every SCO done.
 */
export async function saveAttemptState(
  db: Db,
  input: {
    userId: number;
    course: CourseRow;
    scoIds: string[];
    attempt: number;
    seq: number;
    sco: string;
    cmi: Cmi;
    log: ScormLogEntry[];
    now?: Date;
  },
): Promise<SaveOutcome> {
  const now = input.now ?? new Date();
  const version = (input.course.scorm_version as ScormVersion | null) ?? null;
  for (let tries = 0; tries < 3; tries++) {
    const row = await ensureResult(db, input.userId, input.course, now);
    const current = currentAttempt(row, input.scoIds, input.course.expiration, now);
    if (
      input.attempt < current.attempt ||
      (input.attempt === current.attempt && !current.fresh && input.seq <= row.state_seq)
    ) {
      return { kind: 'stale', result: row, status: statusOf(row, input.course.expiration, now) };
    }
    if (input.attempt !== current.attempt) return { kind: 'conflict' };
    const state: AttemptState = current.fresh ? { scos: {} } : current.state;
    const wasDone = attemptDone(state, input.scoIds);
    state.scos[input.sco] = { cmi: input.cmi, done: isScoDone(version, input.cmi) };
    const nowDone = attemptDone(state, input.scoIds);
    const iso = now.toISOString();
    const update = await db
      .updateTable('course_results')
      .set({
        ...summarize(version, input.cmi),
        attempt: input.attempt,
        state_seq: input.seq,
        course_id: input.course.id,
        cmi_json: JSON.stringify(state),
        updated_at: iso,
      })
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state_seq', '=', row.state_seq)
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) continue;
    if (input.log.length > 0) {
      await db
        .insertInto('scorm_call_log')
        .values({
          user_id: input.userId,
          course_id: input.course.id,
          attempt: input.attempt,
          at: iso,
          calls_json: JSON.stringify(input.log),
        })
        .execute();
    }
    const done = state.scos[input.sco]!.done;
    if (!wasDone && nowDone) {
      const summary = summarize(version, input.cmi);
      const outcome = await recordCompletion(db, {
        userId: input.userId,
        course: input.course,
        source: 'scorm',
        evidence: { attempt: input.attempt, timeSpent: summary.total_time, score: summary.score_raw },
        now,
      });
      return { kind: 'saved', result: outcome.result, status: outcome.status, done };
    }
    const saved = (await findResult(db, input.userId, input.course.alias))!;
    return { kind: 'saved', result: saved, status: statusOf(saved, input.course.expiration, now), done };
  }
  return { kind: 'conflict' };
}

/** The run-time log of one person's course, grouped by attempt, oldest first. */
export async function readCourseLog(db: Db, userId: number, alias: string): Promise<CourseLogAttempt[]> {
  const rows = await db
    .selectFrom('scorm_call_log')
    .innerJoin('courses', 'courses.id', 'scorm_call_log.course_id')
    .select([
      'scorm_call_log.attempt',
      'scorm_call_log.course_id',
      'scorm_call_log.at',
      'scorm_call_log.calls_json',
      'courses.language',
    ])
    .where('scorm_call_log.user_id', '=', userId)
    .where('courses.alias', '=', alias)
    .orderBy('scorm_call_log.id')
    .execute();
  const attempts = new Map<string, CourseLogAttempt>();
  for (const row of rows) {
    const key = `${row.attempt}:${row.course_id}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = { attempt: row.attempt, course_id: row.course_id, language: row.language as Language, entries: [] };
      attempts.set(key, attempt);
    }
    const entries = JSON.parse(row.calls_json) as ScormLogEntry[];
    attempt.entries.push(...entries.map((e) => ({ ...e, saved_at: row.at })));
  }
  return [...attempts.values()];
}

export interface CourseVersionInput {
  alias: string;
  language: Language;
  name: string;
  folder: string;
  launch_file: string;
  scorm_version: ScormVersion | null;
  course_type?: 'mandatory' | 'optional';
  expiration?: number;
  description?: string;
}

/**
 * Creates a course version or points an existing one at newly imported content (keeping its name, type,
 * expiry and order unless given). Returns the version's id and whether it was created.
 */
export async function saveCourseVersion(
  db: Db,
  input: CourseVersionInput,
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('courses')
    .select('id')
    .where('alias', '=', input.alias)
    .where('language', '=', input.language)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('courses')
      .set({
        folder: input.folder,
        launch_file: input.launch_file,
        scorm_version: input.scorm_version,
        external_url: null,
        ...(input.course_type ? { course_type: input.course_type } : {}),
        ...(input.expiration !== undefined ? { expiration: input.expiration } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const sibling = await db
    .selectFrom('courses')
    .select(['course_type', 'expiration', 'course_order_office', 'course_order_store'])
    .where('alias', '=', input.alias)
    .executeTakeFirst();
  const row = await db
    .insertInto('courses')
    .values({
      alias: input.alias,
      language: input.language,
      name: input.name,
      description: input.description ?? '',
      expiration: input.expiration ?? sibling?.expiration ?? 0,
      folder: input.folder,
      course_type: input.course_type ?? sibling?.course_type ?? 'optional',
      status: 'enabled',
      course_order_office: sibling?.course_order_office ?? 100,
      course_order_store: sibling?.course_order_store ?? 100,
      external_url: null,
      launch_file: input.launch_file,
      scorm_version: input.scorm_version,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
