import { COMMIT_DEFLATE_TYPE, courseRoutes, joinCourseProgress, type HomeCounts, type Language } from '@portal/shared';
import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { catalogueChanged } from '../db/catalogue.js';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';

type UserCourse = courseRoutes.UserCourse;
type CourseState = courseRoutes.CourseState;
type CourseLaunch = courseRoutes.CourseLaunch;

const today = () => new Date().toISOString().slice(0, 10);

async function userId(env: TestEnv, login: string): Promise<number> {
  const row = await env.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  return row.id;
}

const USER_COURSE_FIELDS: Record<keyof UserCourse, true> = {
  user_id: true,
  id: true,
  alias: true,
  language: true,
  name: true,
  description: true,
  expiration: true,
  folder: true,
  course_type: true,
  course_mandatory: true,
  status: true,
  course_order_office: true,
  course_order_store: true,
  additional: true,
  external_url: true,
  launch_file: true,
  scorm_version: true,
  url: true,
  complete: true,
  finish_time: true,
  course_status: true,
  days_left: true,
  course_expiration: true,
};

async function list(env: TestEnv, token: string, input: Record<string, unknown> = {}): Promise<UserCourse[]> {
  const res = await env.call('courses', input, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as UserCourse[];
}

/** The home page's count of mandatory courses due. */
async function dueMandatory(env: TestEnv, token: string): Promise<number> {
  const res = await env.call('home_counts', {}, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.result as HomeCounts).due_mandatory;
}

/** A new cashier of store lv-riga-01, added by that store's admin. */
async function addCashier(env: TestEnv, storeAdmin: string, name: string, surname: string) {
  const added = await env.call(
    'add_user',
    {
      role: 'learner',
      name,
      surname,
      country: 'lv',
      position: 'cashier',
      department_alias: 'lv-riga-01',
      type: 'store_user',
    },
    storeAdmin,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.result as { id: number; login: string };
}

/** Opens a course in the player as the holder of `token` (`launch_course`). */
async function launch(
  env: TestEnv,
  token: string,
  alias: string,
  restart = false,
  userLang?: Language,
): Promise<CourseLaunch> {
  const res = await env.call(
    'launch_course',
    { course_alias: alias, restart, ...(userLang ? { userLang } : {}) },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as CourseLaunch;
}

/** The player's launch page committing on the content origin with its attempt's token. */
async function commitAttempt(env: TestEnv, body: Record<string, unknown>, origin = 'content.localhost') {
  const res = await env.app.inject({
    method: 'POST',
    url: '/scorm-commit',
    headers: { host: `${origin}:8080`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { result?: courseRoutes.SavedCourseState; error?: string } };
}

/** A learner's completion, as the player reports it: the course launched, then completed. */
async function launchAndComplete(env: TestEnv, token: string, alias: string, complete: true | 'completed' = true) {
  await launch(env, token, alias);
  return env.call('set_course_complete', { course_alias: alias, complete }, token);
}

const aliases = (courses: UserCourse[], type?: 'mandatory' | 'optional') =>
  courses.filter((c) => !type || c.course_type === type).map((c) => c.alias);

describeEachDatabase('courses', (env) => {
  it('answers not active without a session', async () => {
    for (const route of ['courses', 'linked_courses', 'get_course_state', 'set_course_complete', 'launch_course']) {
      const res = await env().call(route, { course_alias: 'welcome' });
      expect(res.status, route).toBe(401);
      expect(res.body.error).toBe('not active');
    }
  });

  it('answers many people’s lists at once over HTTP, compressed as browsers ask, each whole and their own', async () => {
    const logins = ['ab1234', 'kz1234', 'jk1234', 'mt1234'];
    const tokens = await Promise.all(logins.map((login) => env().login(login)));
    const expected = await Promise.all(tokens.map((token) => list(env(), token)));
    const address = await env().app.listen({ port: 0, host: '127.0.0.1' });
    for (let round = 0; round < 3; round++) {
      const asked = Array.from({ length: 24 }, (_, i) => i % logins.length);
      // fetch asks for gzip, deflate and br: the compressor reads an answer after its call has returned it.
      const answers = await Promise.all(
        asked.map((person) =>
          fetch(`${address}/api?r=courses`, { headers: { cookie: `portal_session=${tokens[person]}` } }).then((r) =>
            r.json(),
          ),
        ),
      );
      answers.forEach((answer, i) => expect(answer, logins[asked[i]!]).toEqual({ result: expected[asked[i]!] }));
    }
  });

  it('answers invalid input with the failing field and its message', async () => {
    const token = await env().login('kz1234');
    const noAlias = await env().call('set_course_complete', { complete: true }, token);
    expect(noAlias.status).toBe(400);
    expect(noAlias.body.error).toBe('invalid input');
    expect(Object.keys(noAlias.body.fields ?? {})).toContain('course_alias');
    const emptyAlias = await env().call('set_course_complete', { course_alias: '', complete: true }, token);
    expect(emptyAlias.body.fields?.course_alias).toBe('Course alias is required.');
    const notComplete = await env().call('set_course_complete', { course_alias: 'welcome', complete: false }, token);
    expect(notComplete.status).toBe(400);
    expect(notComplete.body.fields?.complete).toBe('complete must be true or "completed".');
    const badIds = await env().call('courses', { userId: ['x'] }, token);
    expect(badIds.status).toBe(400);
    expect(Object.keys(badIds.body.fields ?? {})).toContain('userId');
    const badLang = await env().call('courses', { userLang: 'de' }, token);
    expect(badLang.status).toBe(400);
  });

  it('refuses other people’s lists outside the caller’s scope, and the run-time log to learners', async () => {
    const anna = await userId(env(), 'ab1234');
    const karlis = await userId(env(), 'kz1234');
    const learner = await env().login('kz1234');
    expect((await env().call('courses', { userId: [anna] }, learner)).status).toBe(403);
    expect((await env().call('get_course_log', { user_id: karlis, course_alias: 'welcome' }, learner)).status).toBe(
      403,
    );

    const storeAdmin = await env().login('lo1234', 'demo-pass'); // lv-riga-01, Anna's store
    const annas = await list(env(), storeAdmin, { userId: [anna] });
    expect(annas.every((c) => c.user_id === anna)).toBe(true);
    // One person as the spec writes it (`userId=`), the caller's own list when it is the caller.
    expect(await list(env(), storeAdmin, { userId: anna })).toEqual(annas);
    const liga = await userId(env(), 'lo1234');
    expect((await list(env(), storeAdmin, { userId: liga })).every((c) => c.user_id === liga)).toBe(true);
    expect((await env().call('courses', { userId: [anna, karlis] }, storeAdmin)).status).toBe(403);
    expect((await env().call('courses', { userId: [999_999] }, storeAdmin)).status).toBe(404);

    const regman = await env().login('roberts.liepa', 'demo-pass'); // lv country
    const both = await list(env(), regman, { userId: [anna, karlis] });
    expect(new Set(both.map((c) => c.user_id))).toEqual(new Set([anna, karlis]));
    // Each person's part of a list of several is what they see themselves, results included.
    for (const [id, login] of [
      [anna, 'ab1234'],
      [karlis, 'kz1234'],
    ] as const) {
      const own = await list(env(), await env().login(login));
      expect(both.filter((c) => c.user_id === id)).toEqual(own);
    }
    expect(both.some((c) => c.user_id === anna && c.finish_time !== null)).toBe(true);
    const jonas = await userId(env(), 'jk1234');
    expect((await env().call('courses', { userId: [jonas] }, regman)).status).toBe(403);
  });

  it('follows a change of position in the person’s next list and home count (signed in meanwhile)', async () => {
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const { id, login } = await addCashier(env(), storeAdmin, 'Marta', 'Pārvietota');
    const token = await env().login(login);
    expect(aliases(await list(env(), token))).toContain('cash-handling');
    const dueAsCashier = await dueMandatory(env(), token);

    const moved = await env().call('update_user_data', { id, position: 'warehouse-worker' }, storeAdmin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(aliases(await list(env(), token))).not.toContain('cash-handling');
    expect(await dueMandatory(env(), token)).toBe(dueAsCashier - 1);
  });

  it('lists a store learner’s position courses in her language, split and ordered by store order', async () => {
    const token = await env().login('ab1234');
    const courses = await list(env(), token);
    expect(aliases(courses, 'mandatory')).toEqual([
      'welcome',
      'food-hygiene',
      'safe-work',
      'data-protection',
      'cash-handling',
    ]);
    expect(aliases(courses, 'optional')).toEqual(['customer-service', 'time-management']);
    expect(courses.every((c) => c.language === 'lv')).toBe(true);
    const welcome = courses.find((c) => c.alias === 'welcome')!;
    expect(welcome).toMatchObject({
      name: 'Laipni lūgti komandā',
      course_mandatory: 'true',
      course_status: 'incomplete',
      complete: false,
    });
    expect(welcome.url).toMatch(/^\/course-content\/welcome-lv\//);
    // Every field of the contract, each once, in every item.
    for (const course of courses) expect(Object.keys(course).sort()).toEqual(Object.keys(USER_COURSE_FIELDS).sort());
    expect(courses.find((c) => c.alias === 'customer-service')?.course_mandatory).toBe('false');

    // Anna's seeded results: one of each status.
    const byAlias = Object.fromEntries(courses.map((c) => [c.alias, c]));
    expect(byAlias['food-hygiene']!.course_status).toBe('expires-soon');
    expect(byAlias['food-hygiene']!.days_left).toBeGreaterThan(0);
    expect(byAlias['food-hygiene']!.days_left).toBeLessThanOrEqual(30);
    expect(byAlias['data-protection']!.course_status).toBe('expired');
    expect(byAlias['cash-handling']!).toMatchObject({ course_status: 'complete', complete: true });
    expect(byAlias['cash-handling']!.course_expiration).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const english = await list(env(), token, { userLang: 'en' });
    expect(english.find((c) => c.alias === 'welcome')?.name).toBe('Welcome to the team');
    // Read in Lithuanian, each course is shown in its Lithuanian version where there is one (none is assigned to a
    // Latvian position), in the country's otherwise; the courses and their statuses are those of her own list.
    const lithuanian = await list(env(), token, { userLang: 'lt' });
    expect(lithuanian.find((c) => c.alias === 'welcome')?.language).toBe('lt');
    for (const read of [english, lithuanian]) {
      expect(read.map((c) => [c.alias, c.course_status, c.complete])).toEqual(
        courses.map((c) => [c.alias, c.course_status, c.complete]),
      );
    }
  });

  it('orders office users by office order, without store-only courses', async () => {
    const token = await env().login('peteris.kalnins', 'demo-pass');
    const courses = await list(env(), token);
    expect(aliases(courses, 'mandatory')).toEqual(['welcome', 'safe-work', 'data-protection']);
    expect(aliases(courses, 'optional')).toEqual(['customer-service', 'time-management']);
  });

  it('moves a course in learners’ next lists when a manager changes its order', async () => {
    const anna = await env().login('ab1234');
    const before = await list(env(), anna);
    const cash = before.find((c) => c.alias === 'cash-handling')!;
    const manager = await env().login('training.manager', 'demo-pass');
    const move = (order: number) => env().call('update_course', { id: cash.id, course_order_store: order }, manager);
    expect((await move(0)).status).toBe(200);
    try {
      expect(aliases(await list(env(), anna), 'mandatory')[0]).toBe('cash-handling');
    } finally {
      expect((await move(cash.course_order_store)).status).toBe(200);
    }
    expect(aliases(await list(env(), anna), 'mandatory')).toEqual(aliases(before, 'mandatory'));
  });

  it('shows the Lithuanian bonus course, an external link, in optional for Lithuanian users only', async () => {
    const jonas = await list(env(), await env().login('jk1234'));
    const bonus = jonas.find((c) => c.alias === 'anti-discrimination');
    expect(bonus).toMatchObject({ course_type: 'optional', language: 'lt', url: null });
    expect(bonus?.external_url).toMatch(/^https:\/\//);
    expect(aliases(jonas, 'mandatory')).not.toContain('cash-handling');
    const mari = await list(env(), await env().login('mt1234'));
    expect(aliases(mari)).not.toContain('anti-discrimination');
  });

  it('adds additional courses and drops disabled ones', async () => {
    const peteris = await userId(env(), 'peteris.kalnins');
    await env()
      .db.insertInto('additional_courses')
      .values({ user_id: peteris, course_alias: 'food-hygiene', added_by: null, added_at: new Date().toISOString() })
      .execute();
    const token = await env().login('peteris.kalnins', 'demo-pass');
    const withExtra = await list(env(), token);
    expect(withExtra.find((c) => c.alias === 'food-hygiene')).toMatchObject({ additional: true, language: 'lv' });
    expect(withExtra.find((c) => c.alias === 'welcome')?.additional).toBe(false);

    await env()
      .db.updateTable('courses')
      .set({ status: 'disabled' })
      .where('alias', '=', 'time-management')
      .where('language', '=', 'lv')
      .execute();
    catalogueChanged();
    const without = await list(env(), token);
    expect(aliases(without)).not.toContain('time-management');
    // The list is the same in every language: the English version, still enabled, does not bring it back.
    expect(aliases(await list(env(), token, { userLang: 'en' }))).not.toContain('time-management');
    await env().db.updateTable('courses').set({ status: 'enabled' }).where('alias', '=', 'time-management').execute();
    catalogueChanged();
  });

  it('gives the own list as progress and catalogue, which join to the courses list; the catalogue cached at its digest', async () => {
    for (const route of ['course_progress', 'course_catalogue']) {
      const res = await env().call(route, { v: '0123456789abcdef', ids: [1] });
      expect(res.status, route).toBe(401);
      expect(res.body.error).toBe('not active');
    }
    const token = await env().login('peteris.kalnins', 'demo-pass');
    const badDigest = await env().call('course_catalogue', { v: '1', ids: [1] }, token);
    expect(badDigest.status).toBe(400);
    expect(badDigest.body.fields?.v).toBe('v must be the digest that course_progress gave.');
    const noIds = await env().call('course_catalogue', { v: '0123456789abcdef' }, token);
    expect(Object.keys(noIds.body.fields ?? {})).toContain('ids');
    expect((await env().call('course_progress', { userId: 999_999 }, token)).status).toBe(403);

    const peteris = await userId(env(), 'peteris.kalnins');
    await env()
      .db.insertInto('additional_courses')
      .values({ user_id: peteris, course_alias: 'food-hygiene', added_by: null, added_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await launchAndComplete(env(), token, 'welcome');
    /** The list as the course page builds it: progress, then the catalogue fields of its versions by ascending id. */
    const joined = async (input: Record<string, unknown> = {}) => {
      const progress = await env().call('course_progress', input, token);
      expect(progress.status, JSON.stringify(progress.body)).toBe(200);
      expect(progress.headers['cache-control']).toBe('no-store');
      const answer = progress.body.result as courseRoutes.CourseProgressList;
      const v = answer.catalogue;
      const ids = [...answer.ids].sort((a, b) => a - b);
      const fields = await env().call('course_catalogue', { v, ids }, token);
      expect(fields.status, JSON.stringify(fields.body)).toBe(200);
      expect(fields.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const catalogue = fields.body.result as courseRoutes.CatalogueCourse[];
      expect(catalogue.map((c) => c.id)).toEqual(ids);
      return { v, ids, list: joinCourseProgress(answer, catalogue) };
    };
    // Completions whose validity has ended and is ending, so that the join computes those statuses too.
    const expiring = (await list(env(), token)).filter((c) => c.expiration > 0 && !c.complete).slice(0, 2);
    expect(expiring).toHaveLength(2);
    for (const [index, course] of expiring.entries()) {
      const finished = new Date();
      finished.setUTCMonth(finished.getUTCMonth() - course.expiration, finished.getUTCDate() + (index === 0 ? -3 : 10));
      await env()
        .db.insertInto('course_results')
        .values({
          user_id: peteris,
          course_alias: course.alias,
          course_id: course.id,
          attempt: 1,
          complete: 1,
          finish_time: finished.toISOString(),
          updated_at: finished.toISOString(),
        })
        .execute();
    }
    for (const input of [{}, { userLang: 'en' }]) {
      const { list: progress } = await joined(input);
      expect(progress.map((c) => c.course_status)).toEqual(expect.arrayContaining(['expired', 'expires-soon']));
      const full = await list(env(), token, input);
      expect(progress.length).toBeGreaterThan(3);
      expect(full.every((c) => c.user_id === peteris)).toBe(true);
      expect(progress).toEqual(full.map(({ user_id: _, ...course }) => course));
    }
    expect((await joined()).list.find((c) => c.alias === 'food-hygiene')).toMatchObject({ additional: true });

    // The digest names the listed versions' fields: a change to another course leaves it, a change to a listed one
    // moves it, and asked with the old digest the answer is today's and is not kept.
    const { v: before, ids, list: courses } = await joined();
    const elsewhere = await env()
      .db.selectFrom('courses')
      .select('id')
      .where('id', 'not in', ids)
      .where('status', '=', 'enabled')
      .executeTakeFirstOrThrow();
    await env().db.updateTable('courses').set({ description: 'Changed' }).where('id', '=', elsewhere.id).execute();
    catalogueChanged();
    const changed = await env().call('course_catalogue', { v: '0000000000000000', ids: [elsewhere.id] }, token);
    expect(changed.body.result).toEqual([expect.objectContaining({ id: elsewhere.id, description: 'Changed' })]);
    expect((await joined()).v).toBe(before);
    const welcome = courses.find((c) => c.alias === 'welcome')!;
    await env().db.updateTable('courses').set({ name: 'Sveicināti!' }).where('id', '=', welcome.id).execute();
    catalogueChanged();
    const { v: after, list: renamed } = await joined();
    expect(after).not.toBe(before);
    expect(renamed.find((c) => c.id === welcome.id)?.name).toBe('Sveicināti!');
    const stale = await env().call('course_catalogue', { v: before, ids }, token);
    expect(stale.headers['cache-control']).toBe('no-store');
    expect(stale.body.result).toContainEqual(expect.objectContaining({ id: welcome.id, name: 'Sveicināti!' }));
    // Disabled versions and unknown ids are left out.
    await env()
      .db.updateTable('courses')
      .set({ name: welcome.name, status: 'disabled' })
      .where('id', '=', welcome.id)
      .execute();
    catalogueChanged();
    const disabled = await env().call('course_catalogue', { v: after, ids: [welcome.id, 2_000_000] }, token);
    expect(disabled.body.result).toEqual([]);
    await env().db.updateTable('courses').set({ status: 'enabled' }).where('id', '=', welcome.id).execute();
    catalogueChanged();
  });

  it('completes a course once: a second or concurrent call changes nothing, and the home count drops', async () => {
    const kz = await userId(env(), 'kz1234');
    const token = await env().login('kz1234');
    const before = await dueMandatory(env(), token);
    await launch(env(), token, 'welcome');
    const [first, second] = await Promise.all([
      env().call('set_course_complete', { course_alias: 'welcome', complete: true }, token),
      env().call('set_course_complete', { course_alias: 'welcome', complete: 'completed' }, token),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const results = [first.body.result, second.body.result] as courseRoutes.CourseCompletion[];
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results[0]!.finish_time).toBe(results[1]!.finish_time);
    expect(results[0]!.finish_time.slice(0, 10)).toBe(today());
    const again = (await env().call('set_course_complete', { course_alias: 'welcome', complete: true }, token)).body
      .result as courseRoutes.CourseCompletion;
    expect(again).toMatchObject({ changed: false, finish_time: results[0]!.finish_time, course_status: 'complete' });

    const completions = await env()
      .db.selectFrom('course_completions')
      .select('id')
      .where('user_id', '=', kz)
      .where('course_alias', '=', 'welcome')
      .execute();
    expect(completions).toHaveLength(1);
    expect(await dueMandatory(env(), token)).toBe(before - 1);
    const welcome = (await list(env(), token)).find((c) => c.alias === 'welcome')!;
    expect(welcome).toMatchObject({ complete: true, course_status: 'complete' });
    expect(welcome.finish_time?.slice(0, 10)).toBe(today());
  });

  it('counts as due on the home page exactly the mandatory courses the list shows incomplete or expired', async () => {
    const dueInList = (courses: UserCourse[]) =>
      courses.filter(
        (c) => c.course_type === 'mandatory' && (c.course_status === 'incomplete' || c.course_status === 'expired'),
      ).length;
    for (const [login, pass] of [['ab1234'], ['kz1234'], ['peteris.kalnins', 'demo-pass']] as const) {
      const token = await env().login(login, pass);
      expect(await dueMandatory(env(), token), login).toBe(dueInList(await list(env(), token)));
    }

    // A new person's completed optional course is a result too, and leaves the count as it was.
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const token = await env().login((await addCashier(env(), storeAdmin, 'Ilze', 'Jaunā')).login);
    const courses = await list(env(), token);
    const optional = courses.find((c) => c.course_type === 'optional')!;
    const mandatory = courses.find((c) => c.course_type === 'mandatory')!;
    expect(await dueMandatory(env(), token)).toBe(dueInList(courses));
    const done = await launchAndComplete(env(), token, optional.alias);
    expect(done.body.result).toMatchObject({ changed: true, course_status: 'complete' });
    expect(await dueMandatory(env(), token)).toBe(dueInList(courses));
    await launchAndComplete(env(), token, mandatory.alias);
    expect(await dueMandatory(env(), token)).toBe(dueInList(courses) - 1);
  });

  it('renews an expired mandatory course, which then no longer counts as due', async () => {
    const token = await env().login('ab1234');
    const before = await dueMandatory(env(), token);
    const res = await launchAndComplete(env(), token, 'data-protection');
    expect(res.body.result).toMatchObject({ changed: true, course_status: 'complete' });
    expect(await dueMandatory(env(), token)).toBe(before - 1);
  });

  it('refuses to complete a course that is not in the caller’s list', async () => {
    const token = await env().login('peteris.kalnins', 'demo-pass');
    const res = await env().call('set_course_complete', { course_alias: 'cash-handling', complete: true }, token);
    expect(res.status).toBe(404);
    const jonas = await env().login('jk1234');
    const external = await env().call(
      'set_course_complete',
      { course_alias: 'anti-discrimination', complete: true },
      jonas,
    );
    expect(external.status).toBe(400);
  });

  it('plays a course in the language the person reads, and its result is the course’s in every language', async () => {
    // Someone new, whose course is not complete yet (a completed one would open in review).
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const cashier = await addCashier(env(), storeAdmin, 'Ilze', 'Valoda');
    const token = await env().login(cashier.login);
    const state = (await env().call('get_course_state', { course_alias: 'welcome', userLang: 'en' }, token)).body
      .result as CourseState;
    expect(state.course).toMatchObject({ alias: 'welcome', language: 'en', name: 'Welcome to the team' });
    const own = (await env().call('get_course_state', { course_alias: 'welcome' }, token)).body.result as CourseState;
    expect(own.course.language).toBe('lv');
    const launched = await launch(env(), token, 'welcome', false, 'en');
    const passed =
      launched.scorm_version === '2004'
        ? { completion_status: 'completed', success_status: 'passed' }
        : { core: { lesson_status: 'passed' } };
    let seq = 0;
    for (const sco of launched.scos) {
      const res = await commitAttempt(env(), { token: launched.token, seq: ++seq, sco: sco.id, cmi: passed });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const played = await env()
      .db.selectFrom('course_results')
      .select('course_id')
      .where('user_id', '=', cashier.id)
      .where('course_alias', '=', 'welcome')
      .executeTakeFirstOrThrow();
    expect(played.course_id).toBe(state.course.id);
    for (const userLang of ['lv', 'en'] as const) {
      const welcome = (await list(env(), token, { userLang })).find((c) => c.alias === 'welcome')!;
      expect(welcome, userLang).toMatchObject({ complete: true, course_status: 'complete' });
    }
    expect((await env().call('launch_course', { course_alias: 'welcome', userLang: 'de' }, token)).status).toBe(400);
  });

  it('saves and resumes SCORM state by the launch token, ignores old commits, completes on passed, and keeps a log', async () => {
    const token = await env().login('ab1234');
    const launched = await launch(env(), token, 'safe-work');
    expect(launched).toMatchObject({ attempt: 1, seq: 0, complete: false, mode: 'normal' });
    expect(launched.launch_url).toBe('http://content.localhost/scorm-launch');
    expect(launched.scos.length).toBeGreaterThan(0);
    const sco = launched.scos[0]!;
    expect(sco.cmi).toBeNull();
    const version = launched.scorm_version;
    const cmi = (status: string, location: string) =>
      version === '2004'
        ? {
            completion_status: status === 'passed' ? 'completed' : 'incomplete',
            success_status: status === 'passed' ? 'passed' : 'unknown',
            score: { raw: '90' },
            location,
            suspend_data: `p=${location}`,
            total_time: 'PT1M',
          }
        : {
            core: { lesson_status: status, lesson_location: location, total_time: '00:01:00', score: { raw: '90' } },
            suspend_data: `p=${location}`,
          };
    const commit = (seq: number, status: string, location: string) =>
      commitAttempt(env(), {
        token: launched.token,
        seq,
        sco: sco.id,
        cmi: cmi(status, location),
        log: [{ t: Date.now(), call: 'Commit', result: 'true' }],
      });

    const first = await commit(1, 'incomplete', '3');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({ saved: true, seq: 1, complete: false });
    const resumed = await launch(env(), token, 'safe-work');
    expect(resumed).toMatchObject({ seq: 1, mode: 'normal' });
    expect(JSON.stringify(resumed.scos[0]!.cmi)).toContain('p=3');

    const retried = await commit(1, 'incomplete', '2');
    expect(retried.body.result).toMatchObject({ saved: false, seq: 1 });
    const kept = (await env().call('get_course_state', { course_alias: 'safe-work' }, token)).body
      .result as CourseState;
    expect(JSON.stringify(kept.scos[0]!.cmi)).toContain('p=3');

    // A page closing sends a large commit deflated (64,000 characters of suspend_data do not fit a beacon as JSON).
    const long = 'abcdefghij0123456789'.repeat(3200);
    const deflated = await env().app.inject({
      method: 'POST',
      url: '/scorm-commit',
      headers: { host: 'content.localhost:8080', 'content-type': COMMIT_DEFLATE_TYPE },
      payload: zlib.deflateRawSync(
        JSON.stringify({
          token: launched.token,
          seq: 2,
          sco: sco.id,
          cmi: { ...cmi('incomplete', '4'), suspend_data: long },
        }),
      ),
    });
    expect(deflated.statusCode, deflated.body).toBe(200);
    const withLong = (await env().call('get_course_state', { course_alias: 'safe-work' }, token)).body
      .result as CourseState;
    expect(JSON.stringify(withLong.scos[0]!.cmi)).toContain(long);
    const garbage = await env().app.inject({
      method: 'POST',
      url: '/scorm-commit',
      headers: { host: 'content.localhost:8080', 'content-type': COMMIT_DEFLATE_TYPE },
      payload: Buffer.from('not deflated at all'),
    });
    expect(garbage.statusCode).toBe(400);

    const passed = await commit(3, 'passed', '5');
    expect(passed.body.result).toMatchObject({ saved: true, complete: true, course_status: 'complete' });
    const listed = (await list(env(), token)).find((c) => c.alias === 'safe-work')!;
    expect(listed.finish_time?.slice(0, 10)).toBe(today());
    const anna = await userId(env(), 'ab1234');
    const evidence = await env()
      .db.selectFrom('course_completions')
      .select(['source', 'attempt', 'time_spent', 'score'])
      .where('user_id', '=', anna)
      .where('course_alias', '=', 'safe-work')
      .execute();
    expect(evidence).toEqual([
      { source: 'scorm', attempt: 1, time_spent: version === '2004' ? 'PT1M' : '00:01:00', score: 90 },
    ]);

    const wrongSco = await commitAttempt(env(), { token: launched.token, seq: 4, sco: 'nope', cmi: {} });
    expect(wrongSco.status).toBe(400);
    const unknown = await commitAttempt(env(), { token: 'x'.repeat(43), seq: 3, sco: sco.id, cmi: {} });
    expect(unknown.status).toBe(401);
    expect((await commitAttempt(env(), { token: launched.token, seq: 2 ** 31, sco: sco.id, cmi: {} })).status).toBe(
      400,
    );
    // The portal's own host takes no commits.
    expect(
      (await commitAttempt(env(), { token: launched.token, seq: 3, sco: sco.id, cmi: {} }, '127.0.0.1')).status,
    ).toBe(404);

    const admin = await env().login('lo1234', 'demo-pass');
    const log = await env().call('get_course_log', { user_id: anna, course_alias: 'safe-work' }, admin);
    expect(log.status).toBe(200);
    const attempts = log.body.result as courseRoutes.CourseLogAttempt[];
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.entries).toHaveLength(2); // the ignored retry adds nothing
    const otherStore = await env().login('inga.vitola', 'demo-pass'); // lv office admin: same country, may read
    expect((await env().call('get_course_log', { user_id: anna, course_alias: 'safe-work' }, otherStore)).status).toBe(
      200,
    );
  });

  it('opens a completed course in review, where nothing changes the record; "Start again" begins a new attempt', async () => {
    const token = await env().login('ab1234');
    const anna = await userId(env(), 'ab1234');
    const first = await launch(env(), token, 'welcome');
    const sco = first.scos[0]!.id;
    const passed = { core: { lesson_status: 'passed', lesson_location: '4', total_time: '00:02:00' } };
    expect((await commitAttempt(env(), { token: first.token, seq: 1, sco, cmi: passed })).body.result).toMatchObject({
      saved: true,
      complete: true,
    });
    const record = () =>
      env()
        .db.selectFrom('course_results')
        .selectAll()
        .where('user_id', '=', anna)
        .where('course_alias', '=', 'welcome')
        .executeTakeFirstOrThrow();
    const before = await record();

    const review = await launch(env(), token, 'welcome');
    expect(review).toMatchObject({ mode: 'review', attempt: 1, complete: true });
    expect(review.scos[0]!.cmi).toEqual(passed);
    const overwrite = { core: { lesson_status: 'incomplete', lesson_location: '1' } };
    const ignored = await commitAttempt(env(), { token: review.token, seq: 2, sco, cmi: overwrite });
    expect(ignored.body.result).toMatchObject({ saved: false, complete: true });
    const after = await record();
    expect(after).toEqual(before);

    const again = await launch(env(), token, 'welcome', true);
    expect(again).toMatchObject({ mode: 'normal', attempt: 2, seq: 0, complete: true });
    expect(again.scos[0]!.cmi).toBeNull();
    const started = await commitAttempt(env(), { token: again.token, seq: 1, sco, cmi: overwrite });
    expect(started.body.result).toMatchObject({ saved: true, attempt: 2, complete: true });
    // The completion on record stays; the old attempt's token writes nothing any more.
    const late = await commitAttempt(env(), { token: first.token, seq: 9, sco, cmi: passed });
    expect(late.body.result).toMatchObject({ saved: false, attempt: 2 });
    const resumed = await launch(env(), token, 'welcome');
    expect(resumed).toMatchObject({ mode: 'normal', attempt: 2, seq: 1 });
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const seen = await env().call('get_course_attempts', { user_id: anna, course_alias: 'welcome' }, storeAdmin);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.result).toEqual([
      expect.objectContaining({ attempt: 2, status: 'incomplete', score: null }),
      expect.objectContaining({ attempt: 1, status: 'passed', total_time: '00:02:00' }),
    ]);
    expect((await env().call('get_course_attempts', { user_id: anna, course_alias: 'welcome' }, token)).status).toBe(
      403,
    );
    const attempts = await env()
      .db.selectFrom('course_attempts')
      .select(['attempt', 'status'])
      .where('user_id', '=', anna)
      .where('course_alias', '=', 'welcome')
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, status: 'passed' },
      { attempt: 2, status: 'incomplete' },
    ]);
  });

  it('keeps a sequenced course’s engine state per attempt, and records the course from its rolled-up root', async () => {
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const cashier = await addCashier(env(), storeAdmin, 'Ieva', 'Sprūde');
    const token = await env().login(cashier.login);
    const first = await launch(env(), token, 'safe-work');
    expect(first.sequencing).toMatchObject({ activityTree: { id: expect.any(String) }, state: null });
    const sco = first.scos[0]!.id;
    expect(Object.keys(first.sequencing!.launches)).toContain(sco);
    const passedSco = { completion_status: 'completed', success_status: 'passed', total_time: 'PT2M' };
    const state = (current: string | null) => ({ sequencing: { currentActivity: current, suspendedActivity: null } });
    const root = (completion: string, success: string, scaled: number | null) => ({ completion, success, scaled });
    const commit = (seq: number, sequencing: unknown, token = first.token) =>
      commitAttempt(env(), { token, seq, sco, cmi: passedSco, sequencing });

    // The SCO passed, but the root has not rolled up to completed: the course is not complete.
    const saved = await commit(1, { state: state(sco), rollup: root('incomplete', 'unknown', null) });
    expect(saved.body.result).toMatchObject({ saved: true, complete: false });
    expect((await launch(env(), token, 'safe-work')).sequencing!.state).toEqual(state(sco));
    // The same attempt in another language's version has another tree: its sequencing starts afresh there.
    expect(await launch(env(), token, 'safe-work', false, 'en')).toMatchObject({
      attempt: 1,
      sequencing: { state: null },
    });

    for (const invalid of [
      { state: { activityStates: {} }, rollup: root('incomplete', 'unknown', null) },
      { state: state(sco), rollup: root('done', 'unknown', null) },
      { state: state(sco), rollup: root('completed', 'passed', 2) },
      {
        state: { ...state(sco), pad: 'x'.repeat(courseRoutes.MAX_SEQUENCING_STATE_JSON) },
        rollup: root('unknown', 'unknown', null),
      },
    ]) {
      expect((await commit(2, invalid)).status).toBe(400);
    }
    const welcome = await launch(env(), token, 'welcome');
    expect(welcome.sequencing).toBeNull();
    const unsequenced = await commitAttempt(env(), {
      token: welcome.token,
      seq: 1,
      sco: welcome.scos[0]!.id,
      cmi: { core: { lesson_status: 'incomplete' } },
      sequencing: { state: state(null), rollup: root('completed', 'passed', 1) },
    });
    expect(unsequenced.status).toBe(400);

    const completed = await commit(2, { state: state(null), rollup: root('completed', 'passed', 0.8) });
    expect(completed.body.result).toMatchObject({ saved: true, complete: true });
    const result = await env()
      .db.selectFrom('course_results')
      .select(['complete', 'completion_status', 'success_status', 'score_raw'])
      .where('user_id', '=', cashier.id)
      .where('course_alias', '=', 'safe-work')
      .executeTakeFirstOrThrow();
    expect(result).toEqual({ complete: 1, completion_status: 'completed', success_status: 'passed', score_raw: 80 });
    const attempts = await env().call(
      'get_course_attempts',
      { user_id: cashier.id, course_alias: 'safe-work' },
      storeAdmin,
    );
    expect(attempts.body.result).toEqual([expect.objectContaining({ attempt: 1, status: 'passed', score: 80 })]);

    // A completed course opens in review from its start, and nothing it commits reaches the record or the state.
    const review = await launch(env(), token, 'safe-work');
    expect(review).toMatchObject({ mode: 'review', sequencing: { state: null } });
    const ignored = await commit(3, { state: state(sco), rollup: root('incomplete', 'failed', -1) }, review.token);
    expect(ignored.body.result).toMatchObject({ saved: false, complete: true });
    const kept = await env()
      .db.selectFrom('attempt_sequencing')
      .select(['attempt', 'state_json'])
      .where('user_id', '=', cashier.id)
      .execute();
    expect(kept.map((row) => ({ attempt: row.attempt, state: JSON.parse(row.state_json) as unknown }))).toEqual([
      { attempt: 1, state: state(null) },
    ]);

    // A new attempt starts its sequencing afresh; a lower rollup never takes the completion away.
    const again = await launch(env(), token, 'safe-work', true);
    expect(again).toMatchObject({ mode: 'normal', attempt: 2, sequencing: { state: null } });
    const lower = await commit(1, { state: state(sco), rollup: root('incomplete', 'failed', 0.1) }, again.token);
    expect(lower.body.result).toMatchObject({ saved: true, attempt: 2, complete: true });
    expect((await launch(env(), token, 'safe-work')).sequencing!.state).toEqual(state(sco));
  });

  it('accepts a completion only from a launched attempt of the caller’s own course', async () => {
    const storeAdmin = await env().login('lo1234', 'demo-pass');
    const cashier = await addCashier(env(), storeAdmin, 'Maija', 'Jaunā');
    const token = await env().login(cashier.login);
    const karlis = cashier.id;
    const claimed = await env().call('set_course_complete', { course_alias: 'welcome', complete: true }, token);
    expect(claimed.status).toBe(409);
    expect(claimed.body.message).toMatch(/launched attempt/);
    const results = await env()
      .db.selectFrom('course_results')
      .select('complete')
      .where('user_id', '=', karlis)
      .where('course_alias', '=', 'welcome')
      .execute();
    expect(results.every((r) => r.complete === 0)).toBe(true);
    // Not in the caller's list: not even a launch.
    expect((await env().call('launch_course', { course_alias: 'no-such-course' }, token)).status).toBe(404);
    const earned = await launchAndComplete(env(), token, 'welcome');
    expect(earned.status, JSON.stringify(earned.body)).toBe(200);
    const evidence = await env()
      .db.selectFrom('course_completions')
      .select(['source', 'attempt', 'time_spent'])
      .where('user_id', '=', karlis)
      .where('course_alias', '=', 'welcome')
      .executeTakeFirstOrThrow();
    expect(evidence).toMatchObject({ source: 'message', attempt: 1, time_spent: expect.stringMatching(/^PT\d+S$/) });
  });

  it('never writes another person’s progress: a launch token is its learner’s only', async () => {
    const anna = await userId(env(), 'ab1234');
    const karlis = await env().login('kz1234');
    const launched = await launch(env(), karlis, 'time-management');
    const body = {
      token: launched.token,
      seq: 1,
      sco: launched.scos[0]!.id,
      cmi: { core: { lesson_status: 'passed' } },
    };
    expect((await commitAttempt(env(), { ...body, user_id: anna })).status).toBe(400);
    expect((await env().call('launch_course', { course_alias: 'time-management', userId: anna }, karlis)).status).toBe(
      403,
    );
    const annaRow = await env()
      .db.selectFrom('course_results')
      .select('id')
      .where('user_id', '=', anna)
      .where('course_alias', '=', 'time-management')
      .executeTakeFirst();
    expect(annaRow).toBeUndefined();
  });

  it('starts a fresh attempt when a finished course is due for renewal', async () => {
    const token = await env().login('ab1234');
    // food-hygiene is complete and expires soon (seeded without SCORM state).
    const state = (await env().call('get_course_state', { course_alias: 'food-hygiene' }, token)).body
      .result as CourseState;
    expect(state).toMatchObject({ attempt: 2, seq: 0, complete: true, course_status: 'expires-soon' });
    expect(state.scos.every((s) => s.cmi === null)).toBe(true);
    const stillComplete = (await list(env(), token)).find((c) => c.alias === 'food-hygiene')!;
    expect(stillComplete.course_status).toBe('expires-soon');
  });

  it('lists the courses the person’s bundles link to, with their own results', async () => {
    const token = await env().login('kz1234'); // sales-assistant: has CMA bundles
    const linked = async () => {
      const res = await env().call('linked_courses', {}, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result as UserCourse[];
    };
    const before = await linked();
    expect(aliases(before)).toEqual(expect.arrayContaining(['customer-service', 'food-hygiene']));
    const open = before.find((c) => !c.complete && !c.external_url)!;
    expect(open.course_status).toBe('incomplete');
    expect((await launchAndComplete(env(), token, open.alias)).status).toBe(200);
    const after = (await linked()).find((c) => c.alias === open.alias)!;
    expect(after.complete).toBe(true);
    expect(after.finish_time?.slice(0, 10)).toBe(today());
  });
});
