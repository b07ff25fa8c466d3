import { SESSION_COOKIE, rowId } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeEachDatabase } from '../../test/test-env.js';
import { changedTables, databaseDigest } from '../../test/security/digest.js';
import { send, type Answer } from '../../test/security/http.js';
import { setUpPersonas, type Fixture } from '../../test/security/personas.js';
import { ROUTE_TABLE } from '../../test/security/route-table.js';
import { apiRoutes } from '../rpc/index.js';

/*
 * Ids are positive whole numbers and nothing else, on every route: a JSON number, or its decimal digits (all a query
 * string can carry). Loose coercion read `true` as 1, "0x7" as 7, "1e1" as 10, " 7" and [7] as 7, so that one
 * `delete_user` with `{"id": true}` deleted user 1. Each id a call takes (and the caller's own `userId`) is tried with
 * each of these values over a valid input; every answer must be `invalid input` naming the field, with nothing written.
 */

/** Values that are not an id, for a field that takes one id (GET sends each as query text, arrays as `key[]`). */
const NOT_AN_ID: unknown[] = [
  true,
  false,
  '0x7',
  '1e1',
  ' 7',
  '7 ',
  '+7',
  '07',
  '',
  [7],
  7.5,
  -1,
  0,
  {},
  { id: 7 },
  null,
];
/** And for a field that takes a list of ids. */
const NOT_IDS: unknown[] = [[true], ['0x7'], ['1e1'], [' 7'], [[7]], [7.5], [0], [-1], [{}], 7, '7', true];

interface ZodDef {
  _zod: { def: { type: string; innerType?: unknown; in?: unknown; element?: unknown; options?: unknown[] } };
}
const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault']);

/** The schema inside optional/default wrappers and transforms. */
function unwrap(schema: unknown): ZodDef {
  let current = schema as ZodDef;
  for (;;) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type)) current = def.innerType as ZodDef;
    else if (def.type === 'pipe') current = def.in as ZodDef;
    else return current;
  }
}

const isIdList = (schema: unknown) => {
  const def = unwrap(schema)._zod.def;
  return def.type === 'array' && (unwrap(def.element) as unknown) === rowId;
};

type IdField = 'one' | 'many' | 'one or blank' | 'one or many';

/**
 * The fields of a call's input that take one id (`one`), a list of them (`many`), one id or '' (`one or blank`, an
 * empty form field), or one id or a list (`one or many`), found by the shared id schema.
 */
function idFields(input: z.ZodType): Map<string, IdField> {
  const object = unwrap(input);
  const shape = (object._zod.def as { shape?: Record<string, unknown> }).shape ?? {};
  const found = new Map<string, IdField>();
  for (const [key, field] of Object.entries(shape)) {
    const inner = unwrap(field);
    const def = inner._zod.def;
    if ((inner as unknown) === rowId) found.set(key, 'one');
    else if (isIdList(inner)) found.set(key, 'many');
    else if (def.type === 'union' && def.options!.includes(rowId))
      found.set(key, def.options!.some(isIdList) ? 'one or many' : 'one or blank');
  }
  return found;
}

const fieldNamed = (answer: Answer, key: string) =>
  Object.keys(answer.body.fields ?? {}).some((field) => field === key || field.startsWith(`${key}.`));

describeEachDatabase('ids are positive whole numbers only', (env) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await setUpPersonas(env());
  }, 120_000);

  it('finds the id fields of the calls (the shared id schema is used by every contract)', () => {
    const found = Object.fromEntries(apiRoutes.map((def) => [def.contract.name, [...idFields(def.contract.input)]]));
    expect(found.delete_user).toEqual([['id', 'one']]);
    expect(found.goal_tasks).toEqual([['goalId', 'one']]);
    expect(found.set_task_percentage).toEqual([['task_id', 'one']]);
    expect(found.set_cma_seen).toEqual([['bundleId', 'one']]);
    expect(found.set_notification_status).toEqual([['id', 'one']]);
    expect(found.users).toEqual([['id', 'one']]);
    expect(found.courses).toEqual([['userId', 'one or many']]);
    expect(found.add_courses).toEqual([['course_ids', 'many']]);
  });

  for (const def of apiRoutes) {
    const name = def.contract.name;
    const fields = idFields(def.contract.input);
    it(`${name}: an id of the wrong type or form is invalid input, and nothing is written`, async () => {
      const me = fx.personas.trainingManager;
      const base = await ROUTE_TABLE[name]!.sample({ fx, db: env().db, me });
      const token = ROUTE_TABLE[name]!.freshSession ? await fx.freshToken('trainingManager') : me.token;
      const before = await databaseDigest(env().db);
      // The caller's own id, as scripted clients send it beside userHash (also in hexadecimal), unless the call takes a
      // userId of its own (courses: whose lists), which is then tried as its field.
      const callerIds: [string, unknown][] = fields.has('userId')
        ? []
        : [...NOT_AN_ID.map((value): [string, unknown] => ['userId', value]), ['userId', `0x${me.id.toString(16)}`]];
      const tries: [string, unknown][] = [
        ...callerIds,
        ...[...fields].flatMap(([key, kind]) => {
          const values = kind === 'many' ? NOT_IDS : NOT_AN_ID;
          return values
            .filter((value) => !(kind === 'one or blank' && value === ''))
            .filter((value) => !(kind === 'one or many' && JSON.stringify(value) === '[7]'))
            .map((value): [string, unknown] => [key, value]);
        }),
      ];
      for (const [key, value] of tries) {
        // `null` is how a JSON body leaves out an optional field: the caller's userId is then simply not given.
        if (value === null && key === 'userId') continue;
        const answer = await send(env().app, name, { ...base, [key]: value }, { token });
        const what = `${name} ${key}=${JSON.stringify(value)}: ${answer.status} ${answer.raw.slice(0, 200)}`;
        expect([answer.status, answer.body.error], what).toEqual([400, 'invalid input']);
        expect(fieldNamed(answer, key), what).toBe(true);
      }
      expect(changedTables(before, await databaseDigest(env().db)), name).toEqual([]);
    });
  }

  it('delete_user with {"id": true} deletes nobody (it was user 1)', async () => {
    const me = fx.personas.trainingManager;
    const count = async () =>
      Number(
        (
          await env()
            .db.selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const people = await count();
    for (const id of [true, '0x1', '1e0', ' 1', [1], 1.0000001]) {
      const answer = await send(env().app, 'delete_user', { id }, { token: me.token });
      expect([answer.status, answer.body.error], JSON.stringify(id)).toEqual([400, 'invalid input']);
    }
    expect(await count()).toBe(people);
    expect(await env().db.selectFrom('users').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
  });

  it('a download takes its person as an id only, at /api and /api/download', async () => {
    const me = fx.personas.trainingManager;
    for (const path of ['/api', '/api/download']) {
      for (const u of ['true', '0x1', '1e0', '%201', '1.5', '0', '-1']) {
        const response = await env().app.inject({
          method: 'GET',
          url: `${path}?r=get_user_data_excel&u=${u}`,
          headers: { cookie: `${SESSION_COOKIE}=${me.token}` },
        });
        expect([response.statusCode, response.json().error], `${path} u=${u}`).toEqual([400, 'invalid input']);
      }
    }
  });
});
