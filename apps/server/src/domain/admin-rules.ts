import type { Actor, Persona } from './policy.js';
import { mayCall, personaOf, reachesUser } from './policy.js';
import { needsPassword } from './sign-in.js';

/** A person as the row-level rules need them. */
export interface TargetUser {
  id: number;
  role: string;
  typ: string;
  country: string;
  department_id: number;
}

/** A store or office department as a destination of an add or a transfer. */
export interface Place {
  id: number;
  country: string;
  kind: 'store' | 'office';
}

/**
 * Which people a manager may change, beyond reaching them (architecture.md's table): store admins only their
 * store's learners, office admins anyone in their country but the training manager, the training manager anyone.
 */
function outranks(actor: Persona, target: Persona): boolean {
  if (actor === 'training_manager') return true;
  if (actor === 'office_admin') return target !== 'training_manager';
  if (actor === 'store_admin') return target === 'learner';
  return false;
}

/** Edit, transfer, long-term absence. */
export function mayManage(actor: Actor, target: TargetUser): boolean {
  const persona = personaOf(actor);
  return mayCall(persona, 'manage_users') && reachesUser(actor, target) && outranks(persona, personaOf(target));
}

/** A store learner's PIN is their whole credential: it is shown only to those who may give them a new one. */
export function mayResetPin(actor: Actor, target: TargetUser): boolean {
  return !needsPassword(target) && mayManage(actor, target);
}

/** The login as the caller may see it: empty in place of a PIN the caller may not reset. */
export function visibleLogin(actor: Actor, target: TargetUser & { login: string }): string {
  return needsPassword(target) || mayManage(actor, target) ? target.login : '';
}

/** Delete the person (an employee's training history or a manager profile); never oneself. */
export function mayDelete(actor: Actor, target: TargetUser): boolean {
  const persona = personaOf(actor);
  return (
    actor.id !== target.id &&
    mayCall(persona, 'delete_users') &&
    reachesUser(actor, target) &&
    outranks(persona, personaOf(target))
  );
}

/** Additional courses and manual completion. */
export function mayGiveCourses(actor: Actor, target: TargetUser): boolean {
  return mayCall(personaOf(actor), 'additional_courses') && reachesUser(actor, target);
}

/** Grant or revoke admin rights, set a manager password. */
export function mayGrantAdmin(actor: Actor, target: TargetUser): boolean {
  const persona = personaOf(actor);
  return mayCall(persona, 'grant_admin') && reachesUser(actor, target) && outranks(persona, personaOf(target));
}

/** May the actor give someone this role and type? Only the training manager makes training managers (typ dev). */
export function mayAssignRole(actor: Actor, role: string, typ: string): boolean {
  const persona = personaOf(actor);
  const result = personaOf({ role, typ });
  if (persona === 'training_manager') return true;
  if (typ === 'dev') return false;
  if (result === 'learner')
    return mayCall(persona, 'manage_users') && (persona !== 'store_admin' || typ === 'store_user');
  return mayCall(persona, 'grant_admin');
}

/**
 * May the actor put a person into this department? Store admins add only to their own store and transfer to
 * stores of their country; office admins anywhere in their country; the training manager anywhere.
 */
export function mayPlace(actor: Actor, place: Place, purpose: 'add' | 'transfer'): boolean {
  switch (personaOf(actor)) {
    case 'training_manager':
      return true;
    case 'office_admin':
      return place.country === actor.country;
    case 'store_admin':
      return purpose === 'add'
        ? place.id === actor.department_id
        : place.kind === 'store' && place.country === actor.country;
    default:
      return false;
  }
}

/** Roles that carry a manager password. */
export const isManagerRole = (role: string) => role === 'admin' || role === 'regman';

/** The countries whose places (departments, positions) a caller's screens list. */
export function countriesOf(actor: Actor): 'all' | string[] {
  return personaOf(actor) === 'training_manager' ? 'all' : [actor.country];
}

/**
 * The upper bound of a prefix range over lower-case letters and digits ('ab12' → 'ab13', 'ab19' → 'ab2',
 * 'az' → 'b'), so a PIN prefix is found with `login >= prefix and login < bound` on the login index.
 * Null when there is no bound ('zz…').
 */
export function prefixUpperBound(prefix: string): string | null {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  if (!/^[a-z0-9]*$/.test(prefix)) throw new Error('a prefix range needs lower-case letters and digits only');
  let chars = prefix.split('');
  while (chars.length > 0) {
    const last = chars[chars.length - 1]!;
    const index = alphabet.indexOf(last);
    if (index < alphabet.length - 1) {
      chars[chars.length - 1] = alphabet[index + 1]!;
      return chars.join('');
    }
    chars = chars.slice(0, -1);
  }
  return null;
}

/** Escapes LIKE wildcards for a pattern used with `escape '\'`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
