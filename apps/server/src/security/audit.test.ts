import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { send } from '../../test/security/http.js';
import { setUpPersonas, type Fixture, type SignedInKey } from '../../test/security/personas.js';
import { ADMINISTRATIVE, ROUTE_TABLE } from '../../test/security/route-table.js';
import { apiRoutes } from '../rpc/index.js';

/*
 * Every administrative write leaves an audit row with the actor, the subject, and the state before and after
 * (issue 9). The routes are taken from the registry: every writing route whose capability is administrative.
 */

/** Input fields that name the person a call acts on. */
const SUBJECT_FIELDS = ['id', 'saveUserId', 'save_user_id', 'course_user_id'];
const adminWrites = apiRoutes.filter((def) => def.writes && ADMINISTRATIVE.includes(def.allow));

describeEachDatabase('audit log', (env) => {
  let fx: Fixture;
  let checked = 0;
  beforeAll(async () => {
    fx = await setUpPersonas(env());
  }, 120_000);
  afterAll(() => {
    console.log(`[security] audit: ${checked} administrative writes checked [${env().dialect}]`);
  });

  it('covers the administrative writes of the registry', () => {
    expect(adminWrites.length).toBeGreaterThan(10);
  });

  for (const def of adminWrites) {
    const name = def.contract.name;
    // The training manager, and an office admin where the capability allows one (a second actor, another scope).
    const callers: SignedInKey[] = def.allow === 'catalogue' ? ['trainingManager'] : ['trainingManager', 'ltAdmin'];
    it(`${name} records actor, subject, before and after`, async () => {
      const entry = ROUTE_TABLE[name];
      if (!entry) throw new Error(`route ${name} has no entry in apps/server/test/security/route-table.ts`);
      const { app, db } = env();
      for (const key of callers) {
        const me = fx.personas[key];
        const input = await entry.sample({ fx, db, me });
        const last = await db.selectFrom('audit_log').select(db.fn.max('id').as('id')).executeTakeFirst();
        const answer = await send(app, name, input, { token: me.token });
        expect(answer.status, `${name} as ${key}: ${answer.raw.slice(0, 300)}`).toBe(200);
        const rows = await db
          .selectFrom('audit_log')
          .selectAll()
          .where('id', '>', Number(last?.id ?? 0))
          .orderBy('id')
          .execute();
        expect(rows.length, `${name} as ${key} wrote no audit row`).toBeGreaterThan(0);
        const row = rows.find((r) => r.actor_id === me.id);
        expect(row, `${name}: no audit row names ${key} as the actor`).toBeDefined();
        expect(row!.action).not.toBe('');
        expect(row!.subject_type).not.toBe('');
        expect(row!.subject_id, `${name}: the audit row names no subject`).not.toBeNull();
        const subjectField = SUBJECT_FIELDS.find((f) => typeof input[f] === 'number');
        if (subjectField) expect(row!.subject_id).toBe(String(input[subjectField]));
        const expected = entry.audit ?? { before: true, after: true };
        expect(row!.before_json !== null && row!.before_json !== 'null', `${name}: before`).toBe(expected.before);
        expect(row!.after_json !== null && row!.after_json !== 'null', `${name}: after`).toBe(expected.after);
        if (expected.before && expected.after) expect(row!.before_json).not.toBe(row!.after_json);
        const written = `${row!.before_json} ${row!.after_json}`;
        expect(written, `${name}: a password hash in the audit log`).not.toMatch(/\$argon2/);
        checked++;
      }
    });
  }
});
