import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { changedTables, databaseDigest, type Digest } from '../../test/security/digest.js';
import { RAW_BODIES, deepBody, RAW_QUERIES, applyMutations, fieldsOf, mutations } from '../../test/security/hostile.js';
import { isEnvelope, send, type Answer, type SendOptions } from '../../test/security/http.js';
import { setUpPersonas, type Fixture } from '../../test/security/personas.js';
import { ROUTE_TABLE } from '../../test/security/route-table.js';
import { apiRoutes } from '../rpc/index.js';

/*
 * Hostile input on every route of the registry (issue 9), as the training manager (who holds every capability,
 * so validation and the handlers are reached): fields of the wrong type, missing and extra fields, huge strings
 * and arrays, deep nesting, `__proto__`/`constructor` keys, unicode edge cases, SQL metacharacters and path
 * segments, generated with fast-check from each route's zod schema; then broken bodies and query strings.
 * Every answer is a success on a valid input or a 4xx with the envelope, never a 5xx or a hang, and a refused
 * call leaves the database digest unchanged.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 15);
const STACK_TRACE = /\bat\s+\S+\s+\(|\.ts:\d+:\d+|node_modules/;

describeEachDatabase('hostile input', (env) => {
  let fx: Fixture;
  let digest: Digest;
  let cases = 0;

  beforeAll(async () => {
    fx = await setUpPersonas(env());
    digest = await databaseDigest(env().db);
  }, 120_000);

  afterAll(() => {
    console.log(`[security] hostile input [${env().dialect}]: ${cases} fuzz cases over ${apiRoutes.length} routes`);
  });

  /** Checks one answer; a refused call must leave every table as it was. */
  async function judge(what: string, answer: Answer): Promise<void> {
    cases++;
    // FUZZ_TRACE=<file> logs every case (what was sent, the status) to find the one that hangs or exhausts memory.
    if (process.env.FUZZ_TRACE)
      fs.appendFileSync(process.env.FUZZ_TRACE, `${what.slice(0, 200)} -> ${answer.status}\n`);
    const after = await databaseDigest(env().db);
    const summary = `${what}: ${answer.status} ${answer.raw.slice(0, 300)}`;
    if (answer.status === 200) {
      expect(answer.body, summary).toHaveProperty('result');
      digest = after;
      return;
    }
    expect(answer.status, summary).toBeGreaterThanOrEqual(400);
    expect(answer.status, summary).toBeLessThan(500);
    expect(isEnvelope(answer), `${summary}: not the error envelope`).toBe(true);
    expect(answer.raw, `${summary}: leaks a stack trace`).not.toMatch(STACK_TRACE);
    expect(changedTables(digest, after), `${summary}: a refused call changed tables`).toEqual([]);
  }

  for (const def of apiRoutes) {
    const name = def.contract.name;
    it(`${name}: hostile input is refused with a 4xx envelope and changes nothing`, async () => {
      const entry = ROUTE_TABLE[name];
      if (!entry) throw new Error(`route ${name} has no entry in apps/server/test/security/route-table.ts`);
      const me = fx.personas.trainingManager;
      /** The caller's token; a fresh session (sign-out) is signed in before the digest is taken. */
      const token = async () => {
        if (!entry.freshSession) return me.token;
        const fresh = await fx.freshToken('trainingManager');
        digest = await databaseDigest(env().db);
        return fresh;
      };
      const base = await entry.sample({ fx, db: env().db, me });
      digest = await databaseDigest(env().db);
      const fields = fieldsOf(def.contract.input);

      await fc.assert(
        fc.asyncProperty(mutations(fields, Object.keys(base)), async (list) => {
          const input = applyMutations(base, list);
          const answer = await send(env().app, name, input, { token: await token() });
          const shown = JSON.stringify(list, (_k, v: unknown) =>
            typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length})` : v,
          );
          await judge(`${name} ${shown.slice(0, 400)}`, answer);
        }),
        { numRuns: RUNS_PER_ROUTE, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
      );

      const raws: SendOptions[] =
        def.contract.method === 'POST'
          ? [
              ...RAW_BODIES.map((rawBody) => ({ rawBody })),
              // Each field nested far deeper than any generator can build in the test's own stack.
              ...[...fields.keys()].flatMap((key) =>
                [true, false].map((arrays) => ({
                  rawBody: { payload: deepBody(key, 100_000, arrays), contentType: 'application/json' },
                })),
              ),
            ]
          : RAW_QUERIES.map((rawQuery) => ({ rawQuery }));
      // Every field once with a NUL inside (PostgreSQL cannot store it: this was a 500 there).
      for (const key of fields.keys()) {
        const answer = await send(env().app, name, { ...base, [key]: 'ab\u0000cd' }, { token: await token() });
        await judge(`${name} ${key} with NUL`, answer);
      }
      for (const raw of raws) {
        const answer = await send(env().app, name, base, { token: await token(), ...raw });
        const shown = raw.rawBody
          ? `${raw.rawBody.contentType} ${raw.rawBody.payload.slice(0, 60)}`
          : raw.rawQuery!.slice(0, 60);
        await judge(`${name} raw ${shown}`, answer);
      }
    }, 120_000);
  }

  it('an unknown route and a missing r are 404 envelopes; a known call by the wrong method is 405 with Allow', async () => {
    const { app } = env();
    const token = fx.personas.trainingManager.token;
    for (const [route, method] of [
      ['no_such_call', 'GET'],
      ['__proto__', 'POST'],
      ['constructor', 'GET'],
      ['', 'GET'],
    ] as const) {
      const answer = await send(app, route, {}, { token, method });
      await judge(`${method} ${route}`, answer);
      expect(answer.status, `${method} ${route}`).toBe(404);
    }
    for (const [route, method, allow] of [
      ['goals', 'POST', 'GET'],
      ['set_task_percentage', 'GET', 'POST'],
      ['add_courses', 'GET', 'POST'],
      ['get_users_results_excel', 'POST', 'GET'],
    ] as const) {
      const answer = await send(app, route, {}, { token, method });
      await judge(`${method} ${route}`, answer);
      expect([answer.status, answer.body.error, answer.headers.allow], `${method} ${route}`).toEqual([
        405,
        'method not allowed',
        allow,
      ]);
      expect(answer.body.message).toContain(allow);
    }
  });
});
