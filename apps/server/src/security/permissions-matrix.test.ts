import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { changedTables, databaseDigest } from '../../test/security/digest.js';
import { send, type Answer } from '../../test/security/http.js';
import {
  EXPECTED_RIGHTS,
  PERSONA_KEYS,
  kindOf,
  setUpPersonas,
  type Fixture,
  type PersonaInfo,
} from '../../test/security/personas.js';
import { ROUTE_TABLE, type CaseContext } from '../../test/security/route-table.js';
import { apiRoutes } from '../rpc/index.js';

/*
 * Every route of the registry × every persona (issue 9): anonymous callers get `not active`, callers without
 * the capability `forbidden` whatever the input, callers with it succeed on a valid input; subjects outside the
 * caller's scope are refused; a refused call changes nothing (digest of every table before and after).
 */

const describeAnswer = (a: Answer) => `${a.status} ${a.raw.slice(0, 300)}`;
const REFUSED_CODES = ['forbidden', 'not found', 'no_user_found'];

describeEachDatabase('permissions matrix', (env) => {
  let fx: Fixture;
  const counts = { cells: 0, refusedWithDigest: 0, outOfScope: 0 };

  beforeAll(async () => {
    fx = await setUpPersonas(env());
  }, 120_000);

  afterAll(() => {
    console.log(
      `[security] permissions matrix [${env().dialect}]: ${counts.cells} cells ` +
        `(${counts.refusedWithDigest} refusals with an unchanged digest, ${counts.outOfScope} out-of-scope subjects)`,
    );
  });

  it('has an entry for every route of the registry, and none for routes that are gone', () => {
    const names = apiRoutes.map((def) => def.contract.name);
    const missing = names.filter((name) => !ROUTE_TABLE[name]);
    const stale = Object.keys(ROUTE_TABLE).filter((name) => !names.includes(name));
    expect(
      missing,
      `routes without an entry in apps/server/test/security/route-table.ts (add one: capability, sample input, refused inputs): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(stale, `entries for routes that are no longer in the registry: ${stale.join(', ')}`).toEqual([]);
  });

  for (const def of apiRoutes) {
    const name = def.contract.name;
    it(`${name}: every persona gets what architecture.md allows, refusals change nothing`, async () => {
      const entry = ROUTE_TABLE[name];
      if (!entry) {
        throw new Error(
          `route ${name} is in the registry but has no entry in apps/server/test/security/route-table.ts`,
        );
      }
      expect(def.allow, `${name}: capability in the registry vs architecture.md`).toBe(entry.capability);
      const { app, db } = env();

      for (const key of PERSONA_KEYS) {
        const kind = kindOf(key);
        const me: PersonaInfo = key === 'anonymous' ? fx.personas.anna : fx.personas[key];
        const ctx: CaseContext = { fx, db, me };
        const input = await entry.sample(ctx);
        const token =
          key === 'anonymous' ? null : entry.freshSession ? await fx.freshToken(key) : fx.personas[key].token;
        const allowed = EXPECTED_RIGHTS[entry.capability].includes(kind);
        const before = allowed ? null : await databaseDigest(db);
        const answer = await send(app, name, input, { token });
        counts.cells++;
        const cell = `${name} as ${key} (${kind}) with ${JSON.stringify(input).slice(0, 200)}`;
        if (allowed) {
          expect(answer.status, `${cell}: expected success, got ${describeAnswer(answer)}`).toBe(200);
          expect(answer.body, cell).toHaveProperty('result');
          continue;
        }
        const expected = key === 'anonymous' ? [401, 'not active'] : [403, 'forbidden'];
        expect([answer.status, answer.body.error], `${cell}: ${describeAnswer(answer)}`).toEqual(expected);
        expect(changedTables(before!, await databaseDigest(db)), `${cell}: a refused call changed tables`).toEqual([]);
        counts.refusedWithDigest++;
      }

      // Subjects outside each allowed caller's scope, and rights beyond theirs.
      for (const key of PERSONA_KEYS) {
        if (key === 'anonymous' || !entry.refused) continue;
        if (!EXPECTED_RIGHTS[entry.capability].includes(kindOf(key))) continue;
        const me = fx.personas[key];
        for (const input of await entry.refused({ fx, db, me })) {
          const before = await databaseDigest(db);
          const answer = await send(app, name, input, { token: me.token });
          counts.cells++;
          counts.outOfScope++;
          const cell = `${name} as ${key} on another's subject ${JSON.stringify(input).slice(0, 200)}`;
          expect([403, 404], `${cell}: ${describeAnswer(answer)}`).toContain(answer.status);
          expect(REFUSED_CODES, `${cell}: ${describeAnswer(answer)}`).toContain(answer.body.error);
          expect(changedTables(before, await databaseDigest(db)), `${cell}: changed tables`).toEqual([]);
          counts.refusedWithDigest++;
        }
      }

      // A `userId` beside the session must be the caller's own (architecture.md, "The call protocol").
      if (EXPECTED_RIGHTS[entry.capability].includes('learner')) {
        const anna = fx.personas.anna;
        const input = { ...(await entry.sample({ fx, db, me: anna })), userId: fx.personas.karlis.id };
        const token = entry.freshSession ? await fx.freshToken('anna') : anna.token;
        const before = await databaseDigest(db);
        const answer = await send(app, name, input, { token });
        counts.cells++;
        expect([answer.status, answer.body.error], `${name} with another's userId: ${describeAnswer(answer)}`).toEqual([
          403,
          'forbidden',
        ]);
        expect(changedTables(before, await databaseDigest(db))).toEqual([]);
        counts.refusedWithDigest++;
      }
    });
  }
});
