import { COUNTRIES } from '@portal/shared';
import { addMonths } from '@portal/shared';
import { hashPassword } from '../auth/passwords.js';
import { catalogueChanged } from '../db/catalogue.js';
import type { Connection } from '../db/connect.js';
import { searchName } from '../domain/names.js';
import { generatePin } from '../domain/pin.js';
import { DEMO_PASSWORD, NAMES, POSITIONS, STORE_TYPES } from './demo-org.js';
import { pick, seededRandom } from './random.js';

export interface SyntheticSize {
  users: number;
  /** Stores and offices together, spread over the three countries. */
  departments: number;
  /** Courses, spread over the three country languages. */
  courses: number;
  /** Share of a person's assigned courses that have a result. */
  resultShare: number;
}

/** The benchmark organisation of demo-data.md: 20,000 people, 300 places, 300 courses, about 1.5 million results. */
export const LARGE: SyntheticSize = { users: 20_000, departments: 300, courses: 300, resultShare: 0.94 };

const BATCH = 500;
const STORE_POSITIONS = Object.entries(POSITIONS)
  .filter(([, p]) => p.store)
  .map(([alias]) => alias);
const OFFICE_POSITIONS = Object.entries(POSITIONS)
  .filter(([, p]) => !p.store)
  .map(([alias]) => alias);

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Fills an empty, migrated database with a large synthetic organisation for benchmarks.
 * Every country gets the same shape: 90 % stores, 10 % offices; the first 80 % of a country's courses go to store
 * positions, the last 80 % to office positions; results follow assignments with a spread of outcomes.
 */
export async function seedSynthetic(
  { db }: Pick<Connection, 'db'>,
  size: SyntheticSize = LARGE,
  now = new Date(),
  log: (line: string) => void = () => {},
) {
  const random = seededRandom(42);
  const iso = now.toISOString();
  const adminHash = await hashPassword(DEMO_PASSWORD);

  const storeTypeIds = [];
  for (const type of STORE_TYPES) {
    storeTypeIds.push((await db.insertInto('store_types').values(type).returning('id').executeTakeFirstOrThrow()).id);
  }

  const positionIds = new Map<string, number>();
  for (const country of COUNTRIES) {
    for (const [alias, labels] of Object.entries(POSITIONS)) {
      const row = await db
        .insertInto('positions')
        .values({ alias, country, label: labels[country] })
        .returning('id')
        .executeTakeFirstOrThrow();
      positionIds.set(`${country}:${alias}`, row.id);
    }
  }

  const perCountry = Math.floor(size.departments / COUNTRIES.length);
  const departments: { id: number; country: string; kind: 'store' | 'office' }[] = [];
  for (const country of COUNTRIES) {
    const offices = Math.max(1, Math.round(perCountry * 0.1));
    for (let i = 0; i < perCountry; i++) {
      const kind = i < perCountry - offices ? 'store' : 'office';
      const alias = `${country}-${kind}-${String(i + 1).padStart(3, '0')}`;
      const row = await db
        .insertInto('departments')
        .values({
          alias,
          label:
            kind === 'store' ? `Store ${country.toUpperCase()} ${i + 1}` : `Office ${country.toUpperCase()} ${i + 1}`,
          country,
          kind,
          store_type_id: kind === 'store' ? storeTypeIds[i % storeTypeIds.length]! : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      departments.push({ id: row.id, country, kind });
    }
  }
  log(`${departments.length} departments`);

  const coursesPerCountry = Math.floor(size.courses / COUNTRIES.length);
  const assigned = new Map<string, { alias: string; id: number; expiration: number }[]>();
  for (const country of COUNTRIES) {
    for (let i = 0; i < coursesPerCountry; i++) {
      const expiration = [0, 12, 24][i % 3]!;
      const row = await db
        .insertInto('courses')
        .values({
          alias: `course-${String(i + 1).padStart(3, '0')}`,
          language: country,
          name: `Course ${i + 1} (${country})`,
          description: 'Synthetic course for benchmarks.',
          expiration,
          folder: `synthetic-${i + 1}`,
          course_type: i % 5 < 3 ? 'mandatory' : 'optional',
          status: 'enabled',
          course_order_office: i,
          course_order_store: i,
          external_url: null,
          launch_file: 'index.html',
          scorm_version: null,
          created_at: iso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const forStores = i < coursesPerCountry * 0.8;
      const forOffices = i >= coursesPerCountry * 0.2;
      const links = [...(forStores ? STORE_POSITIONS : []), ...(forOffices ? OFFICE_POSITIONS : [])];
      await db
        .insertInto('course_positions')
        .values(links.map((alias) => ({ course_id: row.id, position_id: positionIds.get(`${country}:${alias}`)! })))
        .execute();
      for (const alias of links) {
        const key = `${country}:${alias}`;
        assigned.set(key, [
          ...(assigned.get(key) ?? []),
          { alias: `course-${String(i + 1).padStart(3, '0')}`, id: row.id, expiration },
        ]);
      }
    }
  }
  catalogueChanged();
  log(`${coursesPerCountry * COUNTRIES.length} courses`);

  const pins = new Set<string>();
  const people: { login: string; country: string; position: string }[] = [];
  const userRows = [];
  for (let i = 0; i < size.users; i++) {
    const department = departments[i % departments.length]!;
    const country = department.country as (typeof COUNTRIES)[number];
    const names = NAMES[country];
    const name = pick(random, names.first);
    const surname = pick(random, names.last);
    const isStore = department.kind === 'store';
    const position = isStore
      ? STORE_POSITIONS[i % STORE_POSITIONS.length]!
      : OFFICE_POSITIONS[i % OFFICE_POSITIONS.length]!;
    const isAdmin = position === 'store-manager' || position === 'hr-manager';
    const login = isStore ? generatePin(name, surname, (p) => pins.has(p), random) : `user.${i + 1}`;
    pins.add(login);
    people.push({ login, country, position });
    userRows.push({
      login,
      pass_hash: isStore && !isAdmin ? null : adminHash,
      role: isAdmin ? 'admin' : 'learner',
      typ: isStore ? 'store_user' : 'ldap_user',
      name,
      surname,
      search_name: searchName(name, surname),
      country,
      language: country,
      position_id: positionIds.get(`${country}:${position}`)!,
      department_id: department.id,
      created_at: iso,
    });
  }
  await insertBatches(userRows, (batch) => db.insertInto('users').values(batch).execute());
  const ids = new Map((await db.selectFrom('users').select(['id', 'login']).execute()).map((u) => [u.login, u.id]));
  log(`${userRows.length} users`);

  let results = 0;
  let pending: {
    user_id: number;
    course_alias: string;
    course_id: number;
    complete: number;
    finish_time: string | null;
    attempt: number;
    lesson_status: string;
    updated_at: string;
  }[] = [];
  const flush = async () => {
    await db.insertInto('course_results').values(pending).execute();
    results += pending.length;
    pending = [];
  };
  for (const person of people) {
    const userId = ids.get(person.login)!;
    for (const course of assigned.get(`${person.country}:${person.position}`) ?? []) {
      if (random() > size.resultShare) continue;
      const complete = random() < 0.8;
      const daysAgo = Math.floor(random() * 900);
      const finish = complete ? new Date(now.getTime() - daysAgo * 86_400_000) : null;
      pending.push({
        user_id: userId,
        course_alias: course.alias,
        course_id: course.id,
        complete: complete ? 1 : 0,
        finish_time: finish ? finish.toISOString() : null,
        attempt: 1,
        lesson_status: complete ? 'completed' : 'incomplete',
        updated_at: (finish ?? addMonths(now, -1)).toISOString(),
      });
      if (pending.length >= BATCH) await flush();
    }
  }
  if (pending.length) await flush();
  log(`${results} course results`);
  return {
    users: userRows.length,
    departments: departments.length,
    courses: coursesPerCountry * COUNTRIES.length,
    results,
  };
}
