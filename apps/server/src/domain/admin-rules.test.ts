import { describe, expect, it } from 'vitest';
import { escapeLike, mayAssignRole, mayDelete, mayManage, mayPlace, prefixUpperBound } from './admin-rules.js';

const storeAdmin = { id: 1, role: 'admin', typ: 'store_user', country: 'lv', department_id: 10 };
const officeAdmin = { id: 2, role: 'admin', typ: 'ldap_user', country: 'lv', department_id: 20 };
const regman = { id: 3, role: 'regman', typ: 'ldap_user', country: 'lv', department_id: 20 };
const trainer = { id: 4, role: 'admin', typ: 'dev', country: 'lv', department_id: 20 };
const learnerHere = { id: 5, role: 'learner', typ: 'store_user', country: 'lv', department_id: 10 };
const learnerThere = { id: 6, role: 'learner', typ: 'store_user', country: 'lv', department_id: 11 };
const learnerAbroad = { id: 7, role: 'learner', typ: 'store_user', country: 'lt', department_id: 30 };

describe('admin rules', () => {
  it('prefix ranges over a-z0-9 carry like counting', () => {
    expect(prefixUpperBound('ab12')).toBe('ab13');
    expect(prefixUpperBound('ab19')).toBe('ab1a');
    expect(prefixUpperBound('az')).toBe('b');
    expect(prefixUpperBound('zz')).toBeNull();
    expect(() => prefixUpperBound('a.b')).toThrow();
    expect(escapeLike('50%_a\\')).toBe('50\\%\\_a\\\\');
  });

  it('who may change whom', () => {
    expect(mayManage(storeAdmin, learnerHere)).toBe(true);
    expect(mayManage(storeAdmin, learnerThere)).toBe(false);
    expect(mayManage(storeAdmin, { ...storeAdmin, id: 9 })).toBe(false);
    expect(mayManage(regman, learnerHere)).toBe(false);
    expect(mayManage(officeAdmin, learnerThere)).toBe(true);
    expect(mayManage(officeAdmin, learnerAbroad)).toBe(false);
    expect(mayManage(officeAdmin, trainer)).toBe(false);
    expect(mayManage(trainer, learnerAbroad)).toBe(true);
    expect(mayDelete(officeAdmin, officeAdmin)).toBe(false);
    expect(mayDelete(officeAdmin, storeAdmin)).toBe(true);
  });

  it('who may give which rights, and place people where', () => {
    expect(mayAssignRole(storeAdmin, 'learner', 'store_user')).toBe(true);
    expect(mayAssignRole(storeAdmin, 'learner', 'ldap_user')).toBe(false);
    expect(mayAssignRole(storeAdmin, 'admin', 'store_user')).toBe(false);
    expect(mayAssignRole(regman, 'learner', 'store_user')).toBe(false);
    expect(mayAssignRole(officeAdmin, 'regman', 'ldap_user')).toBe(true);
    expect(mayAssignRole(officeAdmin, 'admin', 'dev')).toBe(false);
    expect(mayAssignRole(trainer, 'admin', 'dev')).toBe(true);
    const store = (id: number, country = 'lv') => ({ id, country, kind: 'store' as const });
    expect(mayPlace(storeAdmin, store(10), 'add')).toBe(true);
    expect(mayPlace(storeAdmin, store(11), 'add')).toBe(false);
    expect(mayPlace(storeAdmin, store(11), 'transfer')).toBe(true);
    expect(mayPlace(storeAdmin, { id: 20, country: 'lv', kind: 'office' }, 'transfer')).toBe(false);
    expect(mayPlace(storeAdmin, store(30, 'lt'), 'transfer')).toBe(false);
    expect(mayPlace(officeAdmin, store(30, 'lt'), 'transfer')).toBe(false);
    expect(mayPlace(regman, store(10), 'add')).toBe(false);
  });
});
