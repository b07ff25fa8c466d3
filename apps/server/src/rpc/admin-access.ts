import type { adminRoutes, Language } from '@portal/shared';
import { LANGUAGES } from '@portal/shared';
import type { Db } from '../db/connect.js';
import { findDepartments } from '../db/admin.js';
import type { SessionUser } from '../db/sessions.js';
import { countriesOf } from '../domain/admin-rules.js';
import { scopeOf } from '../domain/policy.js';
import { forbidden, invalidInput, notFound } from './errors.js';

type Department = adminRoutes.Department;

/** The language a screen or export asked for, else the caller's own. */
export function languageFor(actor: SessionUser, asked?: string): Language {
  const wanted = asked ?? actor.language;
  return (LANGUAGES as readonly string[]).includes(wanted) ? (wanted as Language) : 'lv';
}

/** The countries a list may cover: the one asked for when the caller reaches it (forbidden otherwise), else all the caller reaches. */
export function countriesFor(actor: SessionUser, asked?: string): 'all' | string[] {
  const reach = countriesOf(actor);
  if (!asked) return reach;
  if (reach !== 'all' && !reach.includes(asked)) throw forbidden('That country is outside your scope.');
  return [asked];
}

/**
 * The departments a results call or an export names, each checked against the caller's scope: an unknown alias
 * is `not found`, one in another country `invalid input`, one outside the caller's reach `forbidden`.
 */
export async function departmentsInScope(
  db: Db,
  actor: SessionUser,
  country: string | null,
  aliases: string[],
  kind?: 'store',
): Promise<Department[]> {
  const unique = [...new Set(aliases)];
  const found = await findDepartments(db, unique);
  if (found.length !== unique.length) {
    const known = new Set(found.map((d) => d.alias));
    throw notFound(`Unknown store or department: ${unique.find((a) => !known.has(a))}.`);
  }
  const scope = scopeOf(actor);
  for (const department of found) {
    if (country && department.country !== country) {
      throw invalidInput('The request is not valid.', { dep: `${department.alias} is not in ${country}.` });
    }
    if (kind && department.kind !== kind) {
      throw invalidInput('The request is not valid.', { stores: `${department.alias} is not a store.` });
    }
    const reached =
      scope.kind === 'all' ||
      (scope.kind === 'country' && department.country === scope.country) ||
      (scope.kind === 'department' && department.id === scope.departmentId);
    if (!reached) throw forbidden(`${department.alias} is outside your scope.`);
  }
  return found;
}
