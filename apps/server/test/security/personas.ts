import type { Language } from '@portal/shared';
import { hashPassword } from '../../src/auth/passwords.js';
import type { Db } from '../../src/db/connect.js';
import { searchName } from '../../src/domain/names.js';
import type { Capability, Persona } from '../../src/domain/policy.js';
import { DEMO_PASSWORD } from '../../src/seed/demo-org.js';
import type { TestEnv } from '../test-env.js';
import { send } from './http.js';

/** The callers the matrix tries every route as (issue 9). */
export const PERSONA_KEYS = [
  'anonymous',
  'anna',
  'karlis',
  'mari',
  'liga',
  'roberts',
  'inga',
  'ltAdmin',
  'trainingManager',
] as const;
export type PersonaKey = (typeof PERSONA_KEYS)[number];
export type SignedInKey = Exclude<PersonaKey, 'anonymous'>;

interface Account {
  login: string;
  pass: string;
  /** The kind of caller of architecture.md's table. */
  kind: Persona;
}

/**
 * The demo accounts, plus Rūta Vaitkienė: an office admin of Lithuania, added to the test data by
 * `setUpPersonas` (not to the demo seed) so that "own country" can be told from "every country".
 */
export const ACCOUNTS: Record<SignedInKey, Account> = {
  anna: { login: 'ab1234', pass: '', kind: 'learner' },
  karlis: { login: 'kz1234', pass: '', kind: 'learner' },
  mari: { login: 'mt1234', pass: '', kind: 'learner' },
  liga: { login: 'lo1234', pass: DEMO_PASSWORD, kind: 'store_admin' },
  roberts: { login: 'roberts.liepa', pass: DEMO_PASSWORD, kind: 'regman' },
  inga: { login: 'inga.vitola', pass: DEMO_PASSWORD, kind: 'office_admin' },
  ltAdmin: { login: 'ruta.vaitkiene', pass: DEMO_PASSWORD, kind: 'office_admin' },
  trainingManager: { login: 'training.manager', pass: DEMO_PASSWORD, kind: 'training_manager' },
};

/**
 * Who may make a call of each capability: architecture.md's "Who may do what", written out here on its own
 * (not read from domain/policy.ts) so that the matrix checks the code against the document.
 */
export const EXPECTED_RIGHTS: Record<Capability, readonly Persona[]> = {
  public: ['anonymous', 'learner', 'store_admin', 'regman', 'office_admin', 'training_manager'],
  own: ['learner', 'store_admin', 'regman', 'office_admin', 'training_manager'],
  view_results: ['store_admin', 'regman', 'office_admin', 'training_manager'],
  export: ['store_admin', 'regman', 'office_admin', 'training_manager'],
  manage_users: ['store_admin', 'office_admin', 'training_manager'],
  grant_admin: ['office_admin', 'training_manager'],
  delete_users: ['store_admin', 'office_admin', 'training_manager'],
  additional_courses: ['store_admin', 'office_admin', 'training_manager'],
  catalogue: ['training_manager'],
};

export const kindOf = (key: PersonaKey): Persona => (key === 'anonymous' ? 'anonymous' : ACCOUNTS[key].kind);

export interface PersonaInfo {
  key: SignedInKey;
  kind: Persona;
  id: number;
  login: string;
  token: string;
  country: 'lv' | 'lt' | 'ee';
  language: Language;
  departmentId: number;
  departmentAlias: string;
}

/** Places and people a persona reaches, and some it must not. */
interface Reach {
  /** A store whose people the persona reaches (its own store for a store admin). */
  store: string;
  /** Stores (with their country) outside the persona's reach. */
  foreignStores: { country: string; alias: string }[];
  /** Countries outside the persona's reach. */
  foreignCountries: string[];
  /** Logins of people outside the persona's reach. */
  foreignLogins: string[];
}

const REACH: Record<SignedInKey, Reach> = {
  anna: {
    store: 'lv-riga-01',
    foreignStores: [{ country: 'lv', alias: 'lv-riga-02' }],
    foreignCountries: ['ee'],
    foreignLogins: ['kz1234', 'mt1234', 'lo1234'],
  },
  karlis: {
    store: 'lv-riga-02',
    foreignStores: [{ country: 'lv', alias: 'lv-riga-01' }],
    foreignCountries: ['lt'],
    foreignLogins: ['ab1234'],
  },
  mari: {
    store: 'ee-tallinn-01',
    foreignStores: [{ country: 'lv', alias: 'lv-riga-01' }],
    foreignCountries: ['lv'],
    foreignLogins: ['ab1234'],
  },
  liga: {
    store: 'lv-riga-01',
    foreignStores: [
      { country: 'lv', alias: 'lv-riga-02' },
      { country: 'lt', alias: 'lt-vilnius-01' },
    ],
    foreignCountries: ['lt'],
    foreignLogins: ['kz1234', 'mt1234', 'peteris.kalnins'],
  },
  roberts: {
    store: 'lv-riga-02',
    foreignStores: [
      { country: 'lt', alias: 'lt-vilnius-01' },
      { country: 'ee', alias: 'ee-tallinn-01' },
    ],
    foreignCountries: ['lt', 'ee'],
    foreignLogins: ['jk1234', 'mt1234'],
  },
  inga: {
    store: 'lv-riga-02',
    foreignStores: [
      { country: 'lt', alias: 'lt-vilnius-01' },
      { country: 'ee', alias: 'ee-tallinn-01' },
    ],
    foreignCountries: ['lt', 'ee'],
    foreignLogins: ['jk1234', 'mt1234', 'ruta.vaitkiene'],
  },
  ltAdmin: {
    store: 'lt-kaunas-01',
    foreignStores: [
      { country: 'lv', alias: 'lv-riga-01' },
      { country: 'ee', alias: 'ee-tartu-01' },
    ],
    foreignCountries: ['lv', 'ee'],
    foreignLogins: ['ab1234', 'mt1234', 'inga.vitola'],
  },
  trainingManager: { store: 'ee-tartu-01', foreignStores: [], foreignCountries: [], foreignLogins: [] },
};

export interface Fixture {
  env: TestEnv;
  personas: Record<SignedInKey, PersonaInfo>;
  reach: Record<SignedInKey, Reach>;
  userId(login: string): Promise<number>;
  departmentId(alias: string): Promise<number>;
  /** A new store learner in the given store (test data from a factory, not hand-written rows). */
  buildLearner(store: string, extra?: { name?: string }): Promise<number>;
  /** Signs in again: a second session of the persona. */
  freshToken(key: SignedInKey): Promise<string>;
}

let serial = 0;
/** A number no other call of this process has used: unique aliases and logins for created rows. */
export const nextSerial = () => ++serial;

/** Builds a user row from a few facts; store learners get a unique PIN-like login. */
export async function buildUser(
  db: Db,
  facts: {
    role: string;
    typ: string;
    department: string;
    position: string;
    login?: string;
    name?: string;
    surname?: string;
    password?: string;
  },
): Promise<number> {
  const department = await db
    .selectFrom('departments')
    .select(['id', 'country'])
    .where('alias', '=', facts.department)
    .executeTakeFirstOrThrow();
  const position = await db
    .selectFrom('positions')
    .select('id')
    .where('alias', '=', facts.position)
    .where('country', '=', department.country)
    .executeTakeFirstOrThrow();
  const name = facts.name ?? 'Testa';
  const surname = facts.surname ?? `Persona${nextSerial()}`;
  const row = await db
    .insertInto('users')
    .values({
      login: facts.login ?? `zz${String(100000 + nextSerial()).slice(-6)}${Math.random().toString(36).slice(2, 6)}`,
      pass_hash: facts.password ? await hashPassword(facts.password) : null,
      role: facts.role,
      typ: facts.typ,
      name,
      surname,
      search_name: searchName(name, surname),
      country: department.country,
      language: department.country,
      position_id: position.id,
      department_id: department.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Adds the Lithuanian office admin, gives every position of a country that country's open bundles (so that
 * every persona has bundle progress of its own to write), signs every persona in and opens their goals.
 */
export async function setUpPersonas(env: TestEnv): Promise<Fixture> {
  const { db } = env;
  await buildUser(db, {
    role: 'admin',
    typ: 'ldap_user',
    department: 'lt-office-hr',
    position: 'hr-manager',
    login: ACCOUNTS.ltAdmin.login,
    name: 'Rūta',
    surname: 'Vaitkienė',
    password: DEMO_PASSWORD,
  });

  const bundles = await db
    .selectFrom('bundles')
    .select(['id', 'country'])
    .where('completion_type', '=', 'confirm')
    .execute();
  const positions = await db.selectFrom('positions').select(['id', 'country']).execute();
  const links = await db.selectFrom('bundle_positions').select(['bundle_id', 'position_id']).execute();
  const linked = new Set(links.map((l) => `${l.bundle_id}:${l.position_id}`));
  for (const bundle of bundles) {
    for (const position of positions.filter((p) => p.country === bundle.country)) {
      if (linked.has(`${bundle.id}:${position.id}`)) continue;
      await db.insertInto('bundle_positions').values({ bundle_id: bundle.id, position_id: position.id }).execute();
    }
  }

  const userId = async (login: string) =>
    (await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const departmentId = async (alias: string) =>
    (await db.selectFrom('departments').select('id').where('alias', '=', alias).executeTakeFirstOrThrow()).id;

  const signIn = async (key: SignedInKey) => {
    const account = ACCOUNTS[key];
    const answer = await send(env.app, 'login', { login: account.login, pass: account.pass });
    const cookie = answer.body.COOKIE as { hash: string } | undefined;
    if (answer.status !== 200 || !cookie) throw new Error(`${key} could not sign in: ${answer.raw}`);
    return cookie.hash;
  };

  const personas = {} as Record<SignedInKey, PersonaInfo>;
  for (const key of PERSONA_KEYS) {
    if (key === 'anonymous') continue;
    const row = await db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.id', 'users.country', 'users.language', 'users.department_id', 'departments.alias'])
      .where('users.login', '=', ACCOUNTS[key].login)
      .executeTakeFirstOrThrow();
    const token = await signIn(key);
    personas[key] = {
      key,
      kind: ACCOUNTS[key].kind,
      id: row.id,
      login: ACCOUNTS[key].login,
      token,
      country: row.country as PersonaInfo['country'],
      language: row.language as Language,
      departmentId: row.department_id,
      departmentAlias: row.alias,
    };
    const goals = await send(env.app, 'goals', {}, { token });
    if (goals.status !== 200) throw new Error(`${key} could not open goals: ${goals.raw}`);
  }

  return {
    env,
    personas,
    reach: REACH,
    userId,
    departmentId,
    buildLearner: (store, extra = {}) =>
      buildUser(db, { role: 'learner', typ: 'store_user', department: store, position: 'cashier', ...extra }),
    freshToken: signIn,
  };
}
