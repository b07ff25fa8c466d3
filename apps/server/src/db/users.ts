import type { UserProfile } from '@portal/shared';
import type { Db } from './connect.js';
import { searchName } from '../domain/names.js';

export async function findUserByLogin(db: Db, login: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login', 'pass_hash', 'role', 'typ', 'country'])
    .where('login', '=', login)
    .executeTakeFirst();
}

/** The columns of a profile (`toProfile`): `users` joined with `departments` and, left, with `positions`. */
export const PROFILE_COLUMNS = [
  'users.id',
  'users.login',
  'users.role',
  'users.typ',
  'users.name',
  'users.surname',
  'users.country',
  'users.language',
  'users.department_id',
  'users.long_term',
  'departments.alias as department_alias',
  'departments.label as department_label',
  'departments.kind as department_kind',
  'positions.alias as position',
  'positions.label as position_label',
] as const;

export interface ProfileRow {
  id: number;
  login: string;
  role: string;
  typ: string;
  name: string;
  surname: string;
  country: string;
  language: string;
  department_id: number;
  long_term: number;
  department_alias: string;
  department_label: string;
  department_kind: UserProfile['department_kind'];
  position: string | null;
  position_label: string | null;
}

/** The User of the spec's section 3, without secrets, from a row of `PROFILE_COLUMNS`. */
export function toProfile(row: ProfileRow): UserProfile {
  const storeLabel = row.department_kind === 'store' ? row.department_label : null;
  return {
    id: row.id,
    login: row.login,
    role: row.role as UserProfile['role'],
    typ: row.typ as UserProfile['typ'],
    name: row.name,
    surname: row.surname,
    country: row.country,
    language: row.language as UserProfile['language'],
    position: row.position,
    position_label: row.position_label,
    department: row.department_label,
    department_alias: row.department_alias,
    department_id: row.department_id,
    user_dep_id: row.department_id,
    department_kind: row.department_kind,
    storeLabel,
    store_label: storeLabel,
    long_term: row.long_term === 1,
  };
}

export async function setUserLanguage(db: Db, id: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

export interface DirectoryValues {
  name?: string;
  surname?: string;
  /** A department's alias or label in the person's country. */
  department?: string;
}

/**
 * Copies an office user's name, surname and department from the company directory (LDAP_REFRESH_ATTRIBUTES).
 * Returns `changes` (before/after, null when nothing changed) and `unknownDepartment` when the directory names
 * a department the portal does not have (the department is then left as it is); null for an unknown user id.
 */
export async function refreshFromDirectory(db: Db, id: number, values: DirectoryValues) {
  const user = await db
    .selectFrom('users')
    .select(['name', 'surname', 'country', 'department_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return null;
  let departmentId = user.department_id;
  let unknownDepartment: string | null = null;
  if (values.department !== undefined) {
    const wanted = values.department;
    const matches = await db
      .selectFrom('departments')
      .select(['id', 'alias'])
      .where('country', '=', user.country)
      .where((eb) => eb.or([eb('alias', '=', wanted), eb('label', '=', wanted)]))
      .execute();
    const match = matches.find((d) => d.alias === wanted) ?? matches[0];
    if (match) departmentId = match.id;
    else unknownDepartment = wanted;
  }
  const after = {
    name: values.name ?? user.name,
    surname: values.surname ?? user.surname,
    department_id: departmentId,
  };
  const before = { name: user.name, surname: user.surname, department_id: user.department_id };
  const changed =
    after.name !== before.name || after.surname !== before.surname || after.department_id !== before.department_id;
  if (changed) {
    await db
      .updateTable('users')
      .set({ ...after, search_name: searchName(after.name, after.surname) })
      .where('id', '=', id)
      .execute();
  }
  return { changes: changed ? { before, after } : null, unknownDepartment };
}
