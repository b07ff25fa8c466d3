import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';
import { apiRoutes } from './index.js';

/*
 * The calls of the spec's section 7 made exactly as a client written from the spec makes them: by the spec's names,
 * methods and parameter names, with `userId` and `userHash` as parameters (no cookie), each by a persona allowed to
 * make it, each answered with the success envelope. Then all of them again with one parameter the call does not take
 * (`userLang` where the call has none, else a cache-buster `_`): it is ignored, not refused. docs/api.md lists where
 * the portal departs from the spec (add_courses is a POST: its GET is answered 405 with `Allow: POST`).
 */

type Params = Record<string, unknown>;

interface Caller {
  userId: number;
  userHash: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PARAMS = new Map(apiRoutes.map((def) => [def.contract.name, def.contract.params]));

/** The query string of GET parameters as the spec's client writes it: arrays as `key[]=`. */
function query(name: string, params: Params): string {
  const search = new URLSearchParams({ r: name });
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else search.append(key, String(value));
  }
  return search.toString();
}

describeEachDatabase('the calls of spec section 7', (env) => {
  let run = 0;

  /** Runs every call of section 7; `unknown` adds one parameter the call does not take to each. */
  async function makeEverySpecCall(unknown: boolean): Promise<string[]> {
    const { app, db } = env();
    const made: string[] = [];
    const serial = ++run;
    const extra = (name: string): Params => {
      if (!unknown) return {};
      return PARAMS.get(name)?.includes('userLang') ? { _: String(Date.now()) } : { userLang: 'lv' };
    };

    async function call(method: 'GET' | 'POST', name: string, caller: Caller | null, params: Params = {}) {
      const all = { ...(caller ?? {}), ...params, ...extra(name) };
      const response = await app.inject(
        method === 'GET'
          ? { method, url: `/api?${query(name, all)}` }
          : { method, url: `/api?r=${name}`, payload: all, headers: { 'content-type': 'application/json' } },
      );
      made.push(name);
      return response;
    }

    /** A call whose answer must be the success envelope; returns its result. */
    async function ok<T = unknown>(method: 'GET' | 'POST', name: string, caller: Caller | null, params: Params = {}) {
      const response = await call(method, name, caller, params);
      const body = response.json() as { result?: T; error?: string };
      expect(response.statusCode, `${method} ${name} ${JSON.stringify(params)}: ${response.body}`).toBe(200);
      expect(body, name).toHaveProperty('result');
      return body.result as T;
    }

    async function download(name: string, caller: Caller, params: Params) {
      const response = await call('GET', name, caller, params);
      expect(response.statusCode, `${name}: ${response.statusCode === 200 ? '' : response.body}`).toBe(200);
      expect(response.headers['content-type'], name).toBe(XLSX);
      expect(response.rawPayload.subarray(0, 2).toString(), name).toBe('PK');
    }

    /** `login` (login, pass): 'Logged in' with COOKIE.id and COOKIE.hash, the userId and userHash of later calls. */
    async function login(loginName: string, pass: string): Promise<Caller> {
      const response = await call('POST', 'login', null, { login: loginName, pass });
      const body = response.json() as { result: string; COOKIE: { id: number; hash: string } };
      expect([response.statusCode, body.result], loginName).toEqual([200, 'Logged in']);
      return { userId: body.COOKIE.id, userHash: body.COOKIE.hash };
    }

    const idOf = async (table: 'departments' | 'positions', alias: string) =>
      (await db.selectFrom(table).select('id').where('alias', '=', alias).executeTakeFirstOrThrow()).id;
    const courseId = async (alias: string, language: string) =>
      (
        await db
          .selectFrom('courses')
          .select('id')
          .where('alias', '=', alias)
          .where('language', '=', language)
          .executeTakeFirstOrThrow()
      ).id;

    /* ---------- GET check_type, then POST login, for each persona ---------- */
    const [type] = await ok<{ role: string; typ: string }[]>('GET', 'check_type', null, { login: 'ab1234' });
    expect(type).toMatchObject({ role: 'learner', typ: 'store_user' });
    const anna = await login('ab1234', '');
    const karlis = await login('kz1234', '');
    const liga = await login('lo1234', 'demo-pass');
    const inga = await login('inga.vitola', 'demo-pass');
    const manager = await login('training.manager', 'demo-pass');

    /* ---------- a learner's own calls ---------- */
    await ok('GET', 'users', anna, { id: anna.userId, hash: anna.userHash });
    const goals = await ok<{ goal_id: number; tasks: { task_id: number }[] }[]>('GET', 'goals', anna);
    const goal = goals[0]!;
    await ok('GET', 'goal_tasks', anna, { goalId: goal.goal_id });
    await ok('POST', 'set_task_percentage', anna, { task_id: goal.tasks[0]!.task_id, task_percentage: 50 });
    await ok('POST', 'set_task_description', anna, { task_id: goal.tasks[0]!.task_id, task_description: 'Read' });
    await ok('POST', 'set_goal_name', anna, { goal_id: goal.goal_id, goal_name: 'Serve customers better' });
    await ok('POST', 'set_goal_quarter', anna, { goal_id: goal.goal_id, quarter_id: 2 });
    // A free task slot and a free goal slot, as a goal of fewer tasks and a user of fewer goals have.
    await db.deleteFrom('tasks').where('goal_id', '=', goal.goal_id).where('slot', '=', 3).execute();
    await ok('POST', 'add_task', anna, { goal_id: goal.goal_id, name: 'Task 3', description: 'Take the course' });
    const last = goals[2]!.goal_id;
    await db.deleteFrom('tasks').where('goal_id', '=', last).execute();
    await db.deleteFrom('goals').where('id', '=', last).execute();
    await ok('POST', 'add_goal', anna, { name: 'Learn the new till', description: 'With a colleague', quarter: 3 });

    await ok('GET', 'courses', anna, { userLang: 'lv' });
    await ok('GET', 'linked_courses', anna);
    // A completion comes from a launched attempt: the player's launch first.
    await ok('POST', 'launch_course', anna, { course_alias: 'welcome' });
    await ok('POST', 'set_course_complete', anna, { course_alias: 'welcome', complete: true });

    const notifications = await ok<{ alias: string }[]>('GET', 'notifications', anna);
    await ok('POST', 'set_notification_readed', anna, { notification_alias: notifications[0]!.alias });

    const cma = await ok<{ bundleId: number; completion_type: string }[]>('GET', 'cma_resources', karlis);
    const bundle = cma.find((b) => b.completion_type === 'confirm')!;
    await ok('POST', 'set_cma_seen', karlis, { bundleId: bundle.bundleId, seen: true });
    await ok('POST', 'set_cma_bundle_complete', karlis, { bundleId: bundle.bundleId, complete: true });
    const instructions = await ok<{ bundleId: number }[]>('GET', 'get_instructions', karlis);
    const instruction = instructions[0]!.bundleId;
    await ok('POST', 'set_instruction_seen', karlis, { bundleId: instruction, seen: true });
    await ok('POST', 'set_instruction_bundle_complete', karlis, { bundleId: instruction, complete: true });

    /* ---------- managers: results, search, people ---------- */
    const riga = 'lv-riga-01';
    await ok('POST', 'get_user_results', inga, { country: 'lv', dep: 'lv-office-hr' });
    await ok('POST', 'get_user_results_by_stores', liga, { country: 'lv', stores: riga });
    await ok('POST', 'find_user', inga, { search_string: 'Bērziņa', userLang: 'lv' });
    await ok('POST', 'find_user_office', inga, { search_string: 'Kalniņš', userLang: 'lv' });
    await ok('POST', 'find_user_store', liga, { search_string: 'ab1234', userLang: 'lv' });
    await ok('POST', 'get_store_label', liga, { storeAlias: riga });
    await ok('POST', 'get_user_data', liga, { user_id: anna.userId });
    await ok('GET', 'get_all_pins', liga);
    await ok('GET', 'get_all_departments', inga);
    await ok('GET', 'get_positions', inga);
    await ok('GET', 'get_stores', inga);
    await ok('GET', 'get_store_types', inga);

    const created = await ok<{ id: number }>('POST', 'add_user', liga, {
      role: 'learner',
      name: 'Ieva',
      surname: `Jauna${serial}`,
      country: 'lv',
      position: 'cashier',
      department_alias: riga,
      department_id: await idOf('departments', riga),
      login: '',
      password: '',
      type: 'store_user',
    });
    await ok('POST', 'update_user_data', liga, {
      id: created.id,
      role: 'learner',
      name: 'Ieva',
      surname: `Vecā${serial}`,
      country: 'lv',
      position: 'sales-assistant',
      department_alias: riga,
      department_id: await idOf('departments', riga),
      password: '',
      long_term: false,
      typ: 'store_user',
    });
    const extraCourse = { add_course_id: await courseId('time-management', 'lv'), add_course_alias: 'time-management' };
    await ok('POST', 'add_additional_course', liga, { save_user_id: created.id, ...extraCourse });
    await ok('POST', 'remove_additional_course', liga, { save_user_id: created.id, ...extraCourse });
    await ok('POST', 'save_additional_courses', liga, { saveUserId: created.id, courses: ['time-management'] });
    // courses with userId one or many: the lists of people in the caller's scope.
    await ok('GET', 'courses', liga, { userId: anna.userId, userLang: 'lv' });
    await ok('GET', 'courses', liga, { userId: [anna.userId, created.id], userLang: 'lv' });
    await ok('POST', 'set_course_complete_manual', liga, {
      course_user_id: created.id,
      courseId: await courseId('welcome', 'lv'),
      course_alias: 'welcome',
      complete: true,
      course_completion_time: new Date().toISOString(),
    });
    await download('get_users_results_excel', liga, {
      params: JSON.stringify({
        exportAll: false,
        departments: [riga],
        courses: ['welcome'],
        lang: 'lv',
        filterType: 'store',
      }),
    });
    await download('get_cma_results_excel', liga, { exportAll: false, selectedStore: riga });
    await download('get_instructions_results_excel', liga, { exportAll: true });
    await download('get_user_data_excel', liga, { u: created.id, lang: 'lv' });
    await ok('POST', 'delete_user', liga, { id: created.id });

    /* ---------- the training manager ---------- */
    const alias = `spec-course-${serial}`;
    const course = await ok<{ id: number; course_type: string }>('POST', 'add_course', manager, {
      alias,
      language: 'lv',
      name: 'Spec course',
      description: 'Registered from an existing folder',
      expiration: 12,
      folder: 'welcome-lv',
    });
    expect(course.course_type).toBe('optional');
    await ok('POST', 'courses_by_type', manager, { language: 'lv', course_type: 'optional' });
    await ok('GET', 'get_course_positions', manager);
    const position = { courseId: course.id, courseAlias: alias, position: 'category-manager', language: 'lv' };
    await ok('POST', 'add_course_to_position', manager, position);
    await ok('POST', 'remove_course_from_position', manager, position);
    const grid = await ok<{ bundles: { bundleId: number }[] }>('GET', 'get_instruction_positions', manager);
    const onPosition = { bundleId: grid.bundles[0]!.bundleId, position: 'category-manager' };
    await ok('POST', 'add_instruction_to_position', manager, onPosition);
    await ok('POST', 'remove_instruction_from_position', manager, onPosition);
    await ok('POST', 'add_notification', manager, {
      language: 'lv',
      alias: `spec-notice-${serial}`,
      name: 'Spec notice',
      description: 'From the spec client',
      external: 1,
      link: 'https://example.com/notice',
    });
    const toDepartments = { course_ids: [course.id], departments: ['lv-office-hr'] };
    // The spec lists add_courses as GET; it changes data, so the portal takes it as POST and says so.
    const asGet = await call('GET', 'add_courses', manager, toDepartments);
    expect([asGet.statusCode, asGet.headers.allow, asGet.json().error]).toEqual([405, 'POST', 'method not allowed']);
    await ok('POST', 'add_courses', manager, toDepartments);
    return made;
  }

  it('answers every call of section 7, made as the spec writes it, with the success envelope', async () => {
    const made = new Set(await makeEverySpecCall(false));
    // Every call the spec names was made (the downloads included).
    for (const name of SECTION_7) expect(made, name).toContain(name);
  });

  it('answers them all the same with one unknown parameter each', async () => {
    await makeEverySpecCall(true);
  });

  it('ignores an unknown parameter and never passes it to the call: notifications&userLang=lv', async () => {
    const token = await env().login('ab1234');
    const plain = await env().call('notifications', {}, token);
    const response = await env().app.inject({
      method: 'GET',
      url: `/api?r=notifications&userLang=lv&userId=${(await userOf(env(), token)).id}&userHash=${token}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual(plain.body.result);
  });
});

async function userOf(env: TestEnv, token: string): Promise<{ id: number }> {
  return (await env.call('users', {}, token)).body.result as { id: number };
}

/** Every call the spec's section 7 names. */
const SECTION_7 = [
  'login',
  'set_task_percentage',
  'set_task_description',
  'set_goal_name',
  'set_goal_quarter',
  'set_course_complete',
  'set_course_complete_manual',
  'save_additional_courses',
  'add_additional_course',
  'remove_additional_course',
  'set_cma_seen',
  'set_instruction_seen',
  'set_cma_bundle_complete',
  'set_instruction_bundle_complete',
  'set_notification_readed',
  'add_task',
  'add_goal',
  'add_user',
  'update_user_data',
  'delete_user',
  'get_user_results',
  'get_user_results_by_stores',
  'find_user',
  'find_user_office',
  'find_user_store',
  'get_store_label',
  'get_user_data',
  'add_course',
  'add_course_to_position',
  'remove_course_from_position',
  'add_instruction_to_position',
  'remove_instruction_from_position',
  'add_notification',
  'courses_by_type',
  'check_type',
  'cma_resources',
  'get_instructions',
  'courses',
  'linked_courses',
  'get_course_positions',
  'get_instruction_positions',
  'goals',
  'goal_tasks',
  'users',
  'notifications',
  'get_all_pins',
  'get_all_departments',
  'get_positions',
  'get_stores',
  'get_store_types',
  'add_courses',
  'get_users_results_excel',
  'get_cma_results_excel',
  'get_instructions_results_excel',
  'get_user_data_excel',
];
