import { LANGUAGES, type Language } from '@portal/shared';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { catalogueChanged } from '../db/catalogue.js';
import type { Db } from '../db/connect.js';
import { saveCourseSequencing } from '../db/course-sequencing.js';
import { searchName } from '../domain/names.js';
import { generatePin } from '../domain/pin.js';
import { addMonths } from '@portal/shared';
import { parseSequencing } from '../scorm/sequencing/activity-tree.js';
import { DEMO_COURSES } from './demo-courses.js';
import { demoPackages } from './demo-packages.js';
import { seedDemoContent, type Trx } from './demo-content.js';
import { ACCOUNTS, DEMO_PASSWORD, DEPARTMENTS, NAMES, POSITIONS, STORE_TYPES } from './demo-org.js';
import { pick, seededRandom } from './random.js';

const LEARNERS_PER_STORE = 12;
const STORE_POSITIONS = ['cashier', 'sales-assistant', 'warehouse-worker'];

/** Fills an empty database with the demo organisation; does nothing when any user exists. */
export async function seedDemoIfEmpty(db: Db, password = DEMO_PASSWORD, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passHash = await hashPassword(password);
  await db.transaction().execute((trx) => seedDemo(trx, passHash, now));
  return true;
}

/**
 * Takes the published demo password from the demo accounts that still have it (they sign in again once a manager or
 * `npm run user:create` gives them a password); the logins of those it was taken from.
 */
export async function retirePublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['login', 'pass_hash'])
    .where(
      'login',
      'in',
      ACCOUNTS.map((a) => a.login),
    )
    .where('pass_hash', 'is not', null)
    .execute();
  const retired: string[] = [];
  for (const row of rows) if (await verifyPassword(row.pass_hash, DEMO_PASSWORD)) retired.push(row.login);
  if (retired.length > 0)
    await db.updateTable('users').set({ pass_hash: null }).where('login', 'in', retired).execute();
  return retired;
}

async function seedDemo(trx: Trx, passHash: string, now: Date): Promise<void> {
  const iso = now.toISOString();
  const random = seededRandom(20261123);

  const storeTypeIds = new Map<string, number>();
  for (const type of STORE_TYPES) {
    const row = await trx.insertInto('store_types').values(type).returning('id').executeTakeFirstOrThrow();
    storeTypeIds.set(type.alias, row.id);
  }

  const departmentIds = new Map<string, number>();
  for (const d of DEPARTMENTS) {
    const row = await trx
      .insertInto('departments')
      .values({
        alias: d.alias,
        label: d.label,
        country: d.country,
        kind: d.kind,
        store_type_id: d.storeType ? storeTypeIds.get(d.storeType)! : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    departmentIds.set(d.alias, row.id);
  }

  const positionIds = new Map<string, number>();
  for (const country of ['lv', 'lt', 'ee'] as const) {
    for (const [alias, labels] of Object.entries(POSITIONS)) {
      const row = await trx
        .insertInto('positions')
        .values({ alias, country, label: labels[country] })
        .returning('id')
        .executeTakeFirstOrThrow();
      positionIds.set(`${country}:${alias}`, row.id);
    }
  }

  const courseIds = await seedCourses(trx, positionIds, iso);

  const pins = new Set(ACCOUNTS.map((a) => a.login));
  const people: { id: number; country: 'lv' | 'lt' | 'ee'; position: string; named: boolean }[] = [];
  const userIds = new Map<string, number>();
  const insertUser = async (u: {
    login: string;
    name: string;
    surname: string;
    role: string;
    typ: string;
    country: 'lv' | 'lt' | 'ee';
    department: string;
    position: string;
    passHash: string | null;
  }) => {
    const row = await trx
      .insertInto('users')
      .values({
        login: u.login,
        pass_hash: u.passHash,
        role: u.role,
        typ: u.typ,
        name: u.name,
        surname: u.surname,
        search_name: searchName(u.name, u.surname),
        country: u.country,
        language: u.country,
        position_id: positionIds.get(`${u.country}:${u.position}`)!,
        department_id: departmentIds.get(u.department)!,
        created_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.set(u.login, row.id);
    return row.id;
  };

  for (const account of ACCOUNTS) {
    const needsPassword = account.typ !== 'store_user' || account.role === 'admin';
    const id = await insertUser({ ...account, passHash: needsPassword ? passHash : null });
    people.push({ id, country: account.country, position: account.position, named: true });
  }

  for (const store of DEPARTMENTS.filter((d) => d.kind === 'store')) {
    const names = NAMES[store.country];
    for (let i = 0; i < LEARNERS_PER_STORE; i++) {
      const name = pick(random, names.first);
      const surname = pick(random, names.last);
      const login = generatePin(name, surname, (pin) => pins.has(pin), random);
      pins.add(login);
      const position = STORE_POSITIONS[i % STORE_POSITIONS.length]!;
      const id = await insertUser({
        login,
        name,
        surname,
        role: 'learner',
        typ: 'store_user',
        country: store.country,
        department: store.alias,
        position,
        passHash: null,
      });
      people.push({ id, country: store.country, position, named: false });
    }
  }

  await seedResults(trx, people, courseIds, now, random);
  await seedDemoContent(trx, {
    departments: departmentIds,
    positions: positionIds,
    courses: courseIds,
    users: userIds,
    now,
  });
}

/**
 * Inserts every demo course in each of its languages, with the activity tree of a SCORM 2004 one, and assigns it to
 * the positions it is for.
 */
async function seedCourses(trx: Trx, positionIds: Map<string, number>, iso: string) {
  const courseIds = new Map<string, number>();
  const packages = demoPackages();
  for (const course of DEMO_COURSES) {
    for (const language of course.languages ?? LANGUAGES) {
      const row = await trx
        .insertInto('courses')
        .values({
          alias: course.alias,
          language,
          name: course.name[language],
          description: course.description[language],
          expiration: course.expiration,
          folder: course.externalUrl ? '' : `${course.folder}-${language}`,
          course_type: course.type,
          status: 'enabled',
          course_order_office: course.orderOffice,
          course_order_store: course.orderStore,
          external_url: course.externalUrl ?? null,
          // The demo packages (seed/demo-packages.ts) launch index.html.
          launch_file: course.externalUrl ? null : 'index.html',
          scorm_version: course.externalUrl ? null : (course.scormVersion ?? null),
          created_at: iso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      courseIds.set(`${course.alias}:${language}`, row.id);
      if (course.scormVersion === '2004' && !course.externalUrl) {
        const manifest = packages.get(`${course.folder}-${language}`)!.get('imsmanifest.xml')!;
        await saveCourseSequencing(trx, row.id, parseSequencing(manifest));
      }
      for (const country of ['lv', 'lt', 'ee'] as const) {
        if (language !== country && language !== 'en') continue;
        for (const [alias, info] of Object.entries(POSITIONS)) {
          const assigned =
            course.positions === 'all' ||
            (course.positions === 'store' && info.store) ||
            (course.positions === 'office' && !info.store) ||
            (Array.isArray(course.positions) && course.positions.includes(alias));
          if (!assigned) continue;
          await trx
            .insertInto('course_positions')
            .values({ course_id: row.id, position_id: positionIds.get(`${country}:${alias}`)! })
            .execute();
        }
      }
    }
  }
  catalogueChanged();
  return courseIds;
}

type Outcome = 'complete' | 'expires-soon' | 'expired' | 'incomplete' | 'none';

/** Anna's results are fixed so the browser tests know what she sees; everyone else gets a spread. */
const ANNA_RESULTS: Record<string, Outcome> = {
  'food-hygiene': 'expires-soon',
  'data-protection': 'expired',
  'cash-handling': 'complete',
  'customer-service': 'complete',
};

async function seedResults(
  trx: Trx,
  people: { id: number; country: 'lv' | 'lt' | 'ee'; position: string; named: boolean }[],
  courseIds: Map<string, number>,
  now: Date,
  random: () => number,
): Promise<void> {
  const outcomes: Outcome[] = ['complete', 'complete', 'expires-soon', 'expired', 'incomplete', 'none', 'none'];
  for (const person of people) {
    const isAnna = person.id === people[0]!.id;
    for (const course of DEMO_COURSES) {
      if (course.languages && !course.languages.includes(person.country as Language)) continue;
      const outcome = isAnna ? (ANNA_RESULTS[course.alias] ?? 'none') : person.named ? 'none' : pick(random, outcomes);
      if (outcome === 'none') continue;
      const finish = finishTimeFor(outcome, course.expiration, now, random);
      await trx
        .insertInto('course_results')
        .values({
          user_id: person.id,
          course_alias: course.alias,
          course_id: courseIds.get(`${course.alias}:${person.country}`) ?? null,
          complete: outcome === 'incomplete' ? 0 : 1,
          finish_time: finish,
          attempt: 1,
          lesson_status: outcome === 'incomplete' ? 'incomplete' : 'completed',
          updated_at: finish ?? now.toISOString(),
        })
        .execute();
      if (finish) {
        await trx
          .insertInto('course_completions')
          .values({
            user_id: person.id,
            course_alias: course.alias,
            finish_time: finish,
            source: 'import',
            recorded_by: null,
          })
          .execute();
      }
    }
  }
}

function finishTimeFor(outcome: Outcome, expiration: number, now: Date, random: () => number): string | null {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  if (outcome === 'incomplete' || outcome === 'none') return null;
  if (expiration === 0) return daysAgo(10 + Math.floor(random() * 300)).toISOString();
  const expiresAt = (daysFromNow: number) => addMonths(daysAgo(-daysFromNow), -expiration).toISOString();
  if (outcome === 'expires-soon') return expiresAt(5 + Math.floor(random() * 20));
  if (outcome === 'expired') return expiresAt(-(10 + Math.floor(random() * 100)));
  return expiresAt(60 + Math.floor(random() * 200));
}
