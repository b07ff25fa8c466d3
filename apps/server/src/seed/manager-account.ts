import { COUNTRIES } from '@portal/shared';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import { insertUserIfLoginFree } from '../db/admin.js';
import { recordAudit } from '../db/audit.js';
import type { Db } from '../db/connect.js';
import { ensureOffice, ensurePosition } from '../db/places.js';
import { searchName } from '../domain/names.js';
import { MIN_PASSWORD_LENGTH } from '../rpc/admin-users.js';

const alias = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'letters, digits, ., - and _');

/** A manager account made from the command line (`npm run user:create`), the first training manager above all. */
export const managerAccount = z.strictObject({
  login: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9_.@-]{2,199}$/, 'letters, digits, ., @, - and _, at least 3'),
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  country: z.enum(COUNTRIES),
  /** training_manager (admin, dev), office_admin (admin, other) or regman (regman, other). */
  role: z.enum(['training_manager', 'office_admin', 'regman']),
  department: alias,
  position: alias,
  password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});
export type ManagerAccount = z.infer<typeof managerAccount>;

const ROLE_OF = {
  training_manager: { role: 'admin', typ: 'dev' },
  office_admin: { role: 'admin', typ: 'other' },
  regman: { role: 'regman', typ: 'other' },
} as const;

/** Creates the account, and its office and position when they do not exist yet; its id. Audited without an actor. */
export async function createManagerAccount(db: Db, account: ManagerAccount): Promise<number> {
  const passHash = await hashPassword(account.password);
  return db.transaction().execute(async (trx) => {
    const departmentId = await ensureOffice(trx, account.department, account.department, account.country);
    const positionId = await ensurePosition(trx, account.position, account.position, account.country);
    const { role, typ } = ROLE_OF[account.role];
    const id = await insertUserIfLoginFree(trx, {
      login: account.login,
      pass_hash: passHash,
      role,
      typ,
      name: account.name,
      surname: account.surname,
      search_name: searchName(account.name, account.surname),
      country: account.country,
      language: account.country,
      position_id: positionId,
      department_id: departmentId,
      created_at: new Date().toISOString(),
    });
    if (id === null) throw new Error(`the login ${account.login} is taken`);
    await recordAudit(trx, {
      actorId: null,
      action: 'user_create_cli',
      subjectType: 'user',
      subjectId: id,
      after: { login: account.login, role, typ, country: account.country, department: account.department },
    });
    return id;
  });
}
