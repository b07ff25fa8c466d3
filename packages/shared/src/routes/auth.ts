import { z } from 'zod';
import { LANGUAGES, ROLES, USER_TYPES } from '../constants.js';
import { contract } from '../contract.js';
import { rowId } from './row-id.js';

const login = z.string().trim().min(1).max(200);

export interface UserProfile {
  id: number;
  login: string;
  role: (typeof ROLES)[number];
  typ: (typeof USER_TYPES)[number];
  name: string;
  surname: string;
  country: string;
  language: (typeof LANGUAGES)[number];
  position: string | null;
  position_label: string | null;
  department: string;
  department_alias: string;
  department_id: number;
  user_dep_id: number;
  department_kind: 'store' | 'office';
  storeLabel: string | null;
  store_label: string | null;
  long_term: boolean;
}

export interface CheckTypeRow {
  role: UserProfile['role'];
  typ: UserProfile['typ'];
  /** True when the account signs in with a password of its own (store admins, office users). */
  needs_password: boolean;
}

export interface LoginResult {
  result: 'Logged in';
  COOKIE: { id: number; hash: string };
}

export const checkType = contract<CheckTypeRow[]>()('check_type', 'GET', z.strictObject({ login }));

export const loginRoute = contract<LoginResult['result']>()(
  'login',
  'POST',
  z.strictObject({ login, pass: z.string().max(1000).default('') }),
);

export const users = contract<UserProfile>()(
  'users',
  'GET',
  z.strictObject({ id: rowId.optional(), hash: z.string().max(200).optional() }),
);

export const logout = contract<'Logged out'>()('logout', 'POST', z.strictObject({}));

export const setLanguage = contract<'ok'>()('set_language', 'POST', z.strictObject({ language: z.enum(LANGUAGES) }));
