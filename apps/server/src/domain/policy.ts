import type { Role, UserType } from '@portal/shared';

/** The kinds of caller of architecture.md's permission table. */
export const PERSONAS = ['anonymous', 'learner', 'store_admin', 'regman', 'office_admin', 'training_manager'] as const;
export type Persona = (typeof PERSONAS)[number];

export type Capability =
  | 'public'
  | 'own'
  | 'view_results'
  | 'export'
  | 'manage_users'
  | 'grant_admin'
  | 'delete_users'
  | 'additional_courses'
  | 'catalogue';

const everyone = ['anonymous', 'learner', 'store_admin', 'regman', 'office_admin', 'training_manager'] as const;
const signedIn = ['learner', 'store_admin', 'regman', 'office_admin', 'training_manager'] as const;
const managers = ['store_admin', 'regman', 'office_admin', 'training_manager'] as const;
const editors = ['store_admin', 'office_admin', 'training_manager'] as const;

/** Who may make a call at all, by capability (architecture.md, "Who may do what"). */
export const RIGHTS = {
  public: everyone,
  own: signedIn,
  view_results: managers,
  export: managers,
  manage_users: editors,
  grant_admin: ['office_admin', 'training_manager'],
  delete_users: editors,
  additional_courses: editors,
  catalogue: ['training_manager'],
} as const satisfies Record<Capability, readonly Persona[]>;

export function personaOf(user: { role: string; typ: string } | null): Persona {
  if (!user) return 'anonymous';
  const role = user.role as Role;
  const typ = user.typ as UserType;
  if (role === 'regman') return 'regman';
  if (role !== 'admin') return 'learner';
  if (typ === 'store_user') return 'store_admin';
  if (typ === 'dev') return 'training_manager';
  return 'office_admin';
}

export function mayCall(persona: Persona, capability: Capability): boolean {
  return (RIGHTS[capability] as readonly Persona[]).includes(persona);
}

/** The people a caller reaches: only themselves, their store, their country, or everyone. */
export type Scope =
  | { kind: 'self'; userId: number }
  | { kind: 'department'; departmentId: number }
  | { kind: 'country'; country: string }
  | { kind: 'all' };

export interface Actor {
  id: number;
  role: string;
  typ: string;
  country: string;
  department_id: number;
}

export function scopeOf(actor: Actor): Scope {
  switch (personaOf(actor)) {
    case 'training_manager':
      return { kind: 'all' };
    case 'office_admin':
    case 'regman':
      return { kind: 'country', country: actor.country };
    case 'store_admin':
      return { kind: 'department', departmentId: actor.department_id };
    default:
      return { kind: 'self', userId: actor.id };
  }
}

/** Row-level rule: may the actor reach this user at all? */
export function reachesUser(actor: Actor, target: { id: number; country: string; department_id: number }): boolean {
  const scope = scopeOf(actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'country':
      return target.country === scope.country;
    case 'department':
      return target.department_id === scope.departmentId;
    case 'self':
      return target.id === scope.userId;
  }
}
