import type { adminRoutes } from '@portal/shared';
import type { Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Scope } from '../domain/policy.js';
import { escapeLike, prefixUpperBound } from '../domain/admin-rules.js';
import { foldForSearch } from '../domain/names.js';
import { generatePin, secureRandom } from '../domain/pin.js';
import type { Db } from './connect.js';
import type { NewUser, UserUpdate } from './schema.js';
import { PROFILE_COLUMNS, toProfile } from './users.js';

type Department = adminRoutes.Department;
type FoundUser = adminRoutes.FoundUser;
type Position = adminRoutes.Position;
type StoreType = adminRoutes.StoreType;

/** The people a scope reaches, as a condition on the `users` table (lists are scoped in SQL, never filtered after). */
export function userScope(scope: Scope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`1 = 1`;
    case 'country':
      return sql<SqlBool>`${sql.ref('users.country')} = ${scope.country}`;
    case 'department':
      return sql<SqlBool>`${sql.ref('users.department_id')} = ${scope.departmentId}`;
    case 'self':
      return sql<SqlBool>`${sql.ref('users.id')} = ${scope.userId}`;
  }
}

/* ---------- places ---------- */

const departmentColumns = [
  'departments.id',
  'departments.alias',
  'departments.label',
  'departments.country',
  'departments.kind',
  'store_types.alias as store_type',
] as const;

/** Departments (offices and stores) of the given countries, stores only when `kind` says so. */
export async function listDepartments(
  db: Db,
  filter: { countries: 'all' | string[]; kind?: 'store' | 'office'; storeType?: string },
): Promise<Department[]> {
  let query = db
    .selectFrom('departments')
    .leftJoin('store_types', 'store_types.id', 'departments.store_type_id')
    .select(departmentColumns)
    .orderBy('departments.country')
    .orderBy('departments.kind')
    .orderBy('departments.label');
  if (filter.countries !== 'all') {
    if (filter.countries.length === 0) return [];
    query = query.where('departments.country', 'in', filter.countries);
  }
  if (filter.kind) query = query.where('departments.kind', '=', filter.kind);
  if (filter.storeType) query = query.where('store_types.alias', '=', filter.storeType);
  return (await query.execute()) as Department[];
}

export async function findDepartments(db: Db, aliases: string[]): Promise<Department[]> {
  if (aliases.length === 0) return [];
  return (await db
    .selectFrom('departments')
    .leftJoin('store_types', 'store_types.id', 'departments.store_type_id')
    .select(departmentColumns)
    .where('departments.alias', 'in', aliases)
    .execute()) as Department[];
}

export async function findDepartmentById(db: Db, id: number): Promise<Department | undefined> {
  return (await db
    .selectFrom('departments')
    .leftJoin('store_types', 'store_types.id', 'departments.store_type_id')
    .select(departmentColumns)
    .where('departments.id', '=', id)
    .executeTakeFirst()) as Department | undefined;
}

export async function listPositions(db: Db, countries: 'all' | string[]): Promise<Position[]> {
  let query = db
    .selectFrom('positions')
    .select(['id', 'alias', 'country', 'label'])
    .orderBy('country')
    .orderBy('label');
  if (countries !== 'all') {
    if (countries.length === 0) return [];
    query = query.where('country', 'in', countries);
  }
  return query.execute();
}

export async function findPosition(db: Db, alias: string, country: string): Promise<Position | undefined> {
  return db
    .selectFrom('positions')
    .select(['id', 'alias', 'country', 'label'])
    .where('alias', '=', alias)
    .where('country', '=', country)
    .executeTakeFirst();
}

export async function listStoreTypes(db: Db): Promise<StoreType[]> {
  return db.selectFrom('store_types').select(['id', 'alias', 'label']).orderBy('label').execute();
}

/* ---------- people ---------- */

/** The PINs of the store learners the scope reaches (store admins sign in with a password too). */
export async function pinsInScope(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('login')
    .where('typ', '=', 'store_user')
    .where('role', '<>', 'admin')
    .where(userScope(scope))
    .orderBy('login')
    .execute();
  return rows.map((r) => r.login);
}

/** A grid row's columns; a store learner's login is their PIN, a credential, and comes only with `pins`. */
export const gridUserColumns = (pins: boolean) =>
  [
    'users.id',
    pins
      ? sql<string>`users.login`.as('login')
      : sql<string>`case when users.typ = 'store_user' and users.role <> 'admin' then '' else users.login end`.as(
          'login',
        ),
    'users.name',
    'users.surname',
    'users.role',
    'users.typ',
    'users.long_term',
    'departments.alias as department_alias',
    'departments.label as department_label',
    'positions.alias as position',
    'positions.label as position_label',
  ] as const;

/**
 * People in the scope by name, surname, id or PIN: the folded `search_name` starts with the text or has a word
 * (also after a hyphen, as in double surnames) starting with it; a number is also an id; a PIN prefix is a range on the login index.
 */
export async function searchUsers(
  db: Db,
  scope: Scope,
  searchString: string,
  options: { kind?: 'store' | 'office'; limit: number; pins: boolean },
): Promise<FoundUser[]> {
  const folded = foldForSearch(searchString);
  if (!folded) return [];
  const pattern = escapeLike(folded);
  const pinPrefix = /^[a-z0-9]+$/.test(folded) ? folded : null;
  const idValue = /^\d{1,9}$/.test(folded) ? Number(folded) : null;
  let query = db
    .selectFrom('users')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .select(gridUserColumns(true))
    .where(userScope(scope))
    .where((eb) => {
      const any: Expression<SqlBool>[] = [
        sql<SqlBool>`${sql.ref('users.search_name')} like ${`${pattern}%`} escape '\\'`,
        sql<SqlBool>`${sql.ref('users.search_name')} like ${`% ${pattern}%`} escape '\\'`,
        sql<SqlBool>`${sql.ref('users.search_name')} like ${`%-${pattern}%`} escape '\\'`,
      ];
      if (pinPrefix) {
        const upper = prefixUpperBound(pinPrefix);
        const range = upper
          ? eb.and([eb('users.login', '>=', pinPrefix), eb('users.login', '<', upper)])
          : eb('users.login', '>=', pinPrefix);
        // Whoever may not see PINs may not find people by one either: each search would tell a PIN's digits.
        const withPassword = eb.or([eb('users.typ', '<>', 'store_user'), eb('users.role', '=', 'admin')]);
        any.push(options.pins ? range : eb.and([range, withPassword]));
      }
      if (idValue !== null) any.push(eb('users.id', '=', idValue));
      return eb.or(any);
    })
    .orderBy('users.surname')
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(options.limit);
  if (options.kind) query = query.where('departments.kind', '=', options.kind);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    role: row.role as FoundUser['role'],
    typ: row.typ as FoundUser['typ'],
    long_term: row.long_term === 1,
    user_id: row.id,
    alias: row.department_alias,
    user_surname: row.surname,
  }));
}

/** What the write rules and the audit need of a person, and their profile as the calls answer it. */
export async function loadTarget(db: Db, id: number) {
  const row = await db
    .selectFrom('users')
    .innerJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('positions', 'positions.id', 'users.position_id')
    .select([...PROFILE_COLUMNS, 'users.position_id', 'users.pass_hash'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { pass_hash, ...rest } = row;
  return { ...rest, has_password: pass_hash !== null, profile: toProfile(rest) };
}
export type Target = NonNullable<Awaited<ReturnType<typeof loadTarget>>>;

/** Inserts a person unless the login is taken (even by a concurrent insert); the new id, or null when taken. */
export async function insertUserIfLoginFree(db: Db, values: NewUser): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('login').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

async function pinsWithPrefix(db: Db, prefix: string): Promise<Set<string>> {
  const upper = prefixUpperBound(prefix);
  let query = db.selectFrom('users').select('login').where('login', '>=', prefix);
  if (upper) query = query.where('login', '<', upper);
  return new Set((await query.execute()).map((r) => r.login));
}

const PIN_ATTEMPTS = 25;

/**
 * Inserts a store person under a new PIN (domain/pin.ts). Two adds racing for the same PIN are settled by the
 * unique login: the loser draws again against the PINs now taken.
 */
export async function insertUserWithPin(
  db: Db,
  values: Omit<NewUser, 'login'>,
  random: () => number = secureRandom,
): Promise<{ id: number; login: string }> {
  /** The two letters of the PIN rule: the rule itself with nothing taken and the digits 0000. */
  const prefix = generatePin(
    values.name,
    values.surname,
    () => false,
    () => 0,
  ).slice(0, 2);
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const taken = await pinsWithPrefix(db, prefix);
    const login = generatePin(values.name, values.surname, (pin) => taken.has(pin), random);
    const id = await insertUserIfLoginFree(db, { ...values, login });
    if (id !== null) return { id, login };
  }
  throw new Error('no free PIN found after repeated conflicts');
}

/** Gives a store person a new PIN (domain/pin.ts) in place of the old one; the new PIN. */
export async function replacePin(db: Db, id: number, name: string, surname: string): Promise<string> {
  const prefix = generatePin(
    name,
    surname,
    () => false,
    () => 0,
  ).slice(0, 2);
  const taken = await pinsWithPrefix(db, prefix);
  const login = generatePin(name, surname, (pin) => taken.has(pin));
  await db.updateTable('users').set({ login }).where('id', '=', id).execute();
  return login;
}

export async function updateUserRow(db: Db, id: number, patch: UserUpdate): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Deletes a person with everything that is theirs (results, completions, goals, sessions cascade). */
export async function deleteUserRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** A compact summary of what is deleted with a person, for the audit log. */
export async function historyCounts(db: Db, id: number) {
  const [results, completions] = await Promise.all([
    db
      .selectFrom('course_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('course_completions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirst(),
  ]);
  return { course_results: Number(results?.n ?? 0), course_completions: Number(completions?.n ?? 0) };
}

/* ---------- additional courses and manual completion ---------- */

export async function additionalCourses(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('additional_courses')
    .select('course_alias')
    .where('user_id', '=', userId)
    .orderBy('course_alias')
    .execute();
  return rows.map((r) => r.course_alias);
}

/** Aliases among `aliases` that name an enabled course (in any language). */
export async function existingAliases(db: Db, aliases: string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select('alias')
    .distinct()
    .where('alias', 'in', aliases)
    .where('status', '=', 'enabled')
    .execute();
  return new Set(rows.map((r) => r.alias));
}

export async function addAdditionalCourses(db: Db, userId: number, aliases: string[], addedBy: number): Promise<void> {
  if (aliases.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('additional_courses')
    .values(aliases.map((alias) => ({ user_id: userId, course_alias: alias, added_by: addedBy, added_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'course_alias']).doNothing())
    .execute();
}

export async function removeAdditionalCourses(db: Db, userId: number, aliases: string[]): Promise<void> {
  if (aliases.length === 0) return;
  await db
    .deleteFrom('additional_courses')
    .where('user_id', '=', userId)
    .where('course_alias', 'in', aliases)
    .execute();
}

export async function courseResult(db: Db, userId: number, alias: string) {
  return db
    .selectFrom('course_results')
    .select(['id', 'complete', 'finish_time', 'course_id'])
    .where('user_id', '=', userId)
    .where('course_alias', '=', alias)
    .executeTakeFirst();
}

/**
 * Records a manual completion (kept in course_completions with who recorded it) or withdraws the current one;
 * earlier completions always stay in the history.
 */
export async function setManualCompletion(
  db: Db,
  args: {
    userId: number;
    alias: string;
    courseId: number | null;
    complete: boolean;
    finishTime: string | null;
    recordedBy: number;
  },
): Promise<void> {
  const now = new Date().toISOString();
  const existing = await courseResult(db, args.userId, args.alias);
  const values = {
    complete: args.complete ? 1 : 0,
    finish_time: args.complete ? args.finishTime : null,
    updated_at: now,
  };
  if (existing) {
    await db
      .updateTable('course_results')
      .set({ ...values, ...(args.courseId ? { course_id: args.courseId } : {}) })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('course_results')
      .values({ user_id: args.userId, course_alias: args.alias, course_id: args.courseId, attempt: 1, ...values })
      .execute();
  }
  if (args.complete && args.finishTime) {
    await db
      .insertInto('course_completions')
      .values({
        user_id: args.userId,
        course_alias: args.alias,
        finish_time: args.finishTime,
        source: 'manual',
        recorded_by: args.recordedBy,
      })
      .execute();
  }
}

/** The id of the course version with this alias, when it exists. */
export async function courseVersion(db: Db, id: number, alias: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'alias', 'language'])
    .where('id', '=', id)
    .where('alias', '=', alias)
    .executeTakeFirst();
}
