// The bench's data: the large synthetic data set in a database of its own, a few notifications (the synthetic set has
// none), real sessions of many people, and the people, places, courses and results the scenarios use.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { SESSION_COOKIE } from '@portal/shared';
import { connect, migrateToLatest, type Db } from '../../apps/server/src/db/connect.js';
import { createSession } from '../../apps/server/src/db/sessions.js';
import { foldForSearch } from '../../apps/server/src/domain/names.js';
import type { Unfinished } from './finishing-learners.js';
import type { Learner } from './monday-morning.js';

const POLICY = { idleMinutes: 120, maxHours: 12 };
/** The password of every password user of the synthetic data set. */
const PASSWORD = 'demo-pass';

/** Builds the large data set with `scripts/seed.ts --size large` (a new database) and returns how long it took. */
export async function seedLarge(root: string, databaseUrl: string): Promise<number> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/seed.ts'), '--size', 'large', '--database-url', databaseUrl],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the large data set failed:\n${output}`);
  return (Date.now() - started) / 1000;
}

/** A new, empty PostgreSQL database beside the one `url` names; returns its URL and how to drop it. */
export async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * PostgreSQL plans by table statistics, and reads an index alone only for pages that the visibility map marks
 * all-visible; autovacuum does both within minutes of a table growing by inserts. The data set has just been loaded
 * and the warm-up fills `goals` and `tasks` from empty, so do it now, as a server running for a while would have it:
 * without it a country's results page read every result of the organisation instead of its people's (EXPLAIN). With
 * `tables`, only their statistics (`analyze`), as autovacuum takes them of a table that grows.
 */
export async function refreshStatistics(databaseUrl: string, tables?: readonly string[]): Promise<void> {
  if (!databaseUrl.startsWith('postgres')) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(tables ? `analyze ${tables.join(', ')}` : 'vacuum (analyze)');
  await client.end();
}

export interface Fixtures {
  country: string;
  users: number;
  countryUsers: number;
  /** Learners' session tokens, spread over the whole organisation. */
  learnerTokens: string[];
  /** Their cookie headers, in the same order. */
  learnerCookies: string[];
  /** One learner's session for the browser (the web app keeps the user id in local storage). */
  browserLearner: { id: number; token: string };
  /** Store admins' sessions, each with their own store's alias and country. */
  storeAdmins: { cookie: string; store: string; country: string }[];
  /** Office admins of `country` (their scope is the country). */
  officeAdminCookies: string[];
  /** Unfinished results of the country's people, spread over them. */
  unfinished: Unfinished[];
  /** Learners with no session yet, spread over the organisation, who sign in on a Monday morning. */
  mondayLearners: Learner[];
  countryDepartments: string[];
  /** People in each of `countryDepartments`, in the same order. */
  countryDepartmentUsers: number[];
  /** The first 50 courses of the country's catalogue. */
  exportCourses: string[];
  surnamePrefixes: string[];
  pins: string[];
  /** Password users (office staff) and the demo password. */
  passwordLogins: string[];
  password: string;
  passwordHash: string;
}

const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;

/** Every k-th row, so that a sample spreads over the whole table. */
function spread<T>(rows: T[], count: number): T[] {
  if (rows.length <= count) return rows;
  const step = rows.length / count;
  return Array.from({ length: count }, (_, i) => rows[Math.floor(i * step)]!);
}

async function addNotifications(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('notifications')
    .select('id')
    .where('alias', 'like', 'bench-%')
    .executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  const rows = [];
  for (const language of ['lv', 'lt', 'ee', 'en']) {
    for (let i = 0; i < 12; i++) {
      rows.push({
        alias: `bench-${i + 1}`,
        language,
        status: i < 10 ? ('active' as const) : ('disabled' as const),
        name: `Notification ${i + 1} (${language})`,
        description: 'A notification of the benchmark data set, long enough to look like a real one.',
        external: i % 4 === 0 ? 1 : 0,
        link: i % 4 === 0 ? 'https://example.com/news' : null,
        created_at: new Date(now - i * 86_400_000).toISOString(),
      });
    }
  }
  await db.insertInto('notifications').values(rows).execute();
}

/** Half of the sampled learners have read the first three notifications of their language. */
async function addReads(db: Db, learners: { id: number; language: string }[]): Promise<void> {
  const notifications = await db
    .selectFrom('notifications')
    .select(['id', 'language', 'alias'])
    .where('alias', 'in', ['bench-1', 'bench-2', 'bench-3'])
    .execute();
  const reads = learners
    .filter((_, i) => i % 2 === 0)
    .flatMap((l) =>
      notifications
        .filter((n) => n.language === l.language)
        .map((n) => ({ user_id: l.id, notification_id: n.id, read_at: new Date().toISOString() })),
    );
  for (let i = 0; i < reads.length; i += 500) {
    await db
      .insertInto('notification_reads')
      .values(reads.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
      .execute();
  }
}

/** Learners with a session, and as many others who sign in on a Monday morning. */
const LEARNERS = 2000;

/** Prepares what the scenarios need in the database the server will run on. */
export async function prepareFixtures(databaseUrl: string, root: string): Promise<Fixtures> {
  const connection = connect(databaseUrl, { baseDir: root, poolSize: 4 });
  try {
    await migrateToLatest(connection);
    const { db } = connection;
    const country = 'lv';
    await addNotifications(db);
    // A running PostgreSQL has statistics (autovacuum analyses changed tables); a freshly filled one has not yet.
    if (connection.dialect === 'postgres') await sql`analyze`.execute(db);

    const allLearners = await db
      .selectFrom('users')
      .select(['id', 'language', 'login', 'typ'])
      .where('role', '=', 'learner')
      .orderBy('id')
      .execute();
    const learnerRows = spread(
      allLearners.filter((_, i) => i % 2 === 0),
      LEARNERS,
    );
    await addReads(db, learnerRows);
    // Each session last touched at its own moment of the past minute, as in use: a call writes a new touch once a
    // minute has passed since the last, so sessions touched together would all be written during one load.
    const learnerTokens = [];
    const now = Date.now();
    for (const [i, row] of learnerRows.entries()) {
      const touched = new Date(now - (i * 60_000) / learnerRows.length);
      learnerTokens.push(await createSession(db, row.id, POLICY, touched));
    }
    const mondayLearners = spread(
      allLearners.filter((_, i) => i % 2 === 1),
      LEARNERS,
    ).map((row) => ({ login: row.login, pass: row.typ === 'store_user' ? '' : PASSWORD }));
    const browserLearner = { id: learnerRows[0]!.id, token: learnerTokens[0]! };

    const storeAdminRows = await db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.id', 'departments.alias', 'departments.country'])
      .where('users.role', '=', 'admin')
      .where('users.typ', '=', 'store_user')
      .where('departments.kind', '=', 'store')
      .orderBy('users.id')
      .execute();
    const oneAdminPerStore = [...new Map(storeAdminRows.map((r) => [r.alias, r])).values()];
    const storeAdmins = [];
    for (const row of spread(oneAdminPerStore, 100)) {
      const cookie = cookieOf(await createSession(db, row.id, POLICY));
      storeAdmins.push({ cookie, store: row.alias, country: row.country });
    }

    const officeAdminRows = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('typ', '=', 'ldap_user')
      .where('country', '=', country)
      .orderBy('id')
      .limit(30)
      .execute();
    if (officeAdminRows.length === 0) throw new Error(`the data set has no office admin in ${country}`);
    const officeAdminCookies = [];
    for (const row of officeAdminRows) officeAdminCookies.push(cookieOf(await createSession(db, row.id, POLICY)));

    const departmentRows = await db
      .selectFrom('departments')
      .leftJoin('users', 'users.department_id', 'departments.id')
      .select((eb) => ['departments.alias', 'departments.label', eb.fn.count<number>('users.id').as('n')])
      .where('departments.country', '=', country)
      .groupBy(['departments.alias', 'departments.label'])
      .orderBy('departments.label')
      .execute();
    const countryDepartments = departmentRows.map((d) => d.alias);
    const countryDepartmentUsers = departmentRows.map((d) => Number(d.n));
    const exportCourses = (
      await db
        .selectFrom('courses')
        .select('alias')
        .where('language', '=', country)
        .where('status', '=', 'enabled')
        .orderBy('alias')
        .limit(50)
        .execute()
    ).map((c) => c.alias);

    const countryPeople = await db
      .selectFrom('users')
      .select(['surname', 'login', 'typ'])
      .where('country', '=', country)
      .orderBy('id')
      .execute();
    const surnamePrefixes = [
      ...new Set(spread(countryPeople, 200).map((p) => foldForSearch(p.surname).slice(0, 4))),
    ].slice(0, 50);
    const pins = spread(
      countryPeople.filter((p) => p.typ === 'store_user'),
      50,
    ).map((p) => p.login);

    const passwordRows = await db
      .selectFrom('users')
      .select(['login', 'pass_hash'])
      .where('typ', '=', 'ldap_user')
      .where('pass_hash', 'is not', null)
      .orderBy('id')
      .execute();
    const passwordLogins = spread(passwordRows, 500).map((r) => r.login);
    const unfinished = spread(
      await db
        .selectFrom('course_results')
        .innerJoin('users', 'users.id', 'course_results.user_id')
        .select(['course_results.user_id as userId', 'course_results.course_alias as course'])
        .where('users.country', '=', country)
        .where('users.role', '=', 'learner')
        .where('course_results.complete', '=', 0)
        .orderBy('course_results.id')
        .execute(),
      5_000,
    );
    const passwordHash = passwordRows[0]?.pass_hash;
    if (!passwordHash) throw new Error('the data set has no password user');

    const [users, countryUsers] = await Promise.all([
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('country', '=', country)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      country,
      users: Number(users.n),
      countryUsers: Number(countryUsers.n),
      learnerTokens,
      learnerCookies: learnerTokens.map(cookieOf),
      browserLearner,
      storeAdmins,
      officeAdminCookies,
      unfinished,
      mondayLearners,
      countryDepartments,
      countryDepartmentUsers,
      exportCourses,
      surnamePrefixes,
      pins,
      passwordLogins,
      password: PASSWORD,
      passwordHash,
    };
  } finally {
    await connection.close();
  }
}
