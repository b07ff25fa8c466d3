import { describe, expect, it } from 'vitest';
import { PERSONAS, RIGHTS, personaOf, reachesUser, scopeOf, mayCall } from './policy.js';

describe('permission table', () => {
  it('is the table of architecture.md, as a literal grid', () => {
    const grid = Object.fromEntries(
      Object.keys(RIGHTS).map((capability) => [
        capability,
        PERSONAS.map((p) => (mayCall(p, capability as keyof typeof RIGHTS) ? p : '-')).join(' '),
      ]),
    );
    expect(grid).toEqual({
      public: 'anonymous learner store_admin regman office_admin training_manager',
      own: '- learner store_admin regman office_admin training_manager',
      view_results: '- - store_admin regman office_admin training_manager',
      export: '- - store_admin regman office_admin training_manager',
      manage_users: '- - store_admin - office_admin training_manager',
      grant_admin: '- - - - office_admin training_manager',
      delete_users: '- - store_admin - office_admin training_manager',
      additional_courses: '- - store_admin - office_admin training_manager',
      catalogue: '- - - - - training_manager',
    });
  });

  it('names each kind of caller from role and typ', () => {
    expect(personaOf(null)).toBe('anonymous');
    expect(personaOf({ role: 'learner', typ: 'store_user' })).toBe('learner');
    expect(personaOf({ role: 'student', typ: 'ldap_user' })).toBe('learner');
    expect(personaOf({ role: 'admin', typ: 'store_user' })).toBe('store_admin');
    expect(personaOf({ role: 'regman', typ: 'ldap_user' })).toBe('regman');
    expect(personaOf({ role: 'admin', typ: 'ldap_user' })).toBe('office_admin');
    expect(personaOf({ role: 'admin', typ: 'other' })).toBe('office_admin');
    expect(personaOf({ role: 'admin', typ: 'dev' })).toBe('training_manager');
  });
});

describe('scope', () => {
  const liga = { id: 5, role: 'admin', typ: 'store_user', country: 'lv', department_id: 1 };
  const inga = { id: 8, role: 'admin', typ: 'ldap_user', country: 'lv', department_id: 8 };
  const anna = { id: 1, role: 'learner', typ: 'store_user', country: 'lv', department_id: 1 };
  const trainer = { id: 9, role: 'admin', typ: 'dev', country: 'lv', department_id: 8 };
  const karlis = { id: 2, country: 'lv', department_id: 2 };
  const mari = { id: 4, country: 'ee', department_id: 5 };

  it('keeps a store admin to her store, an office admin to her country, a learner to herself', () => {
    expect(scopeOf(liga)).toEqual({ kind: 'department', departmentId: 1 });
    expect(reachesUser(liga, { id: 1, country: 'lv', department_id: 1 })).toBe(true);
    expect(reachesUser(liga, karlis)).toBe(false);
    expect(reachesUser(inga, karlis)).toBe(true);
    expect(reachesUser(inga, mari)).toBe(false);
    expect(reachesUser(anna, { id: 1, country: 'lv', department_id: 1 })).toBe(true);
    expect(reachesUser(anna, { id: 3, country: 'lv', department_id: 1 })).toBe(false);
    expect(reachesUser(trainer, mari)).toBe(true);
  });
});
