import fc from 'fast-check';
import { SESSION_COOKIE } from '@portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEnv, describeEachDatabase } from '../../test/test-env.js';
import { changedTables, databaseDigest } from '../../test/security/digest.js';
import { send } from '../../test/security/http.js';
import { setUpPersonas, type Fixture } from '../../test/security/personas.js';
import { ROUTE_TABLE } from '../../test/security/route-table.js';
import { createSession, hashToken, resolveSession } from '../db/sessions.js';
import { apiRoutes } from '../rpc/index.js';
import { DEMO_PASSWORD } from '../seed/demo-org.js';

/*
 * Sign-in limits, session tokens and their end, the session cookie, and cross-site requests (issue 9).
 * The limits are settings: small ones here so the tests stay short.
 */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
  CHECK_TYPE_MAX_PER_ADDRESS: '5',
};

let address = 0;
/** A client address no other test has used, so that the per-address counters start at zero. */
const newAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describeEachDatabase(
  'sign-in and sessions',
  (env) => {
    let fx: Fixture;
    let origin = 0;
    beforeAll(async () => {
      fx = await setUpPersonas(env());
    }, 120_000);
    afterAll(() => {
      console.log(`[security] cross-site POST refused on ${origin} routes [${env().dialect}]`);
    });

    const login = (login: string, pass: string, ip: string) =>
      send(env().app, 'login', { login, pass }, { remoteAddress: ip });

    it('limits PIN guessing per client address, whatever PINs are tried', async () => {
      const ip = newAddress();
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.stringMatching(/^[a-z]{2}[0-9]{4}$/), { minLength: 5, maxLength: 5 }),
          async (guesses) => {
            for (const pin of guesses.filter((p) => p !== 'ab1234')) {
              const answer = await login(pin, '', ip);
              expect([401, 429]).toContain(answer.status);
            }
            return true;
          },
        ),
        { numRuns: 1 },
      );
      // Five failures from this address: even the right PIN is refused from it now, not from another address.
      for (let i = 0; i < 5; i++) await login(`qq${1000 + i}`, '', ip);
      const blocked = await login('ab1234', '', ip);
      expect([blocked.status, blocked.body.error]).toEqual([429, 'rate limited']);
      expect((await login('ab1234', '', newAddress())).status).toBe(200);
    });

    it('limits password guessing per account, across client addresses', async () => {
      for (let i = 0; i < 3; i++) {
        const answer = await login('inga.vitola', `guess-${i}`, newAddress());
        expect([answer.status, answer.body.error]).toEqual([401, 'wrong password']);
      }
      const blocked = await login('inga.vitola', DEMO_PASSWORD, newAddress());
      expect([blocked.status, blocked.body.error]).toEqual([429, 'rate limited']);
      // Another account is not affected.
      expect((await login('roberts.liepa', DEMO_PASSWORD, newAddress())).status).toBe(200);
    });

    it('limits check_type per client address', async () => {
      const ip = newAddress();
      for (let i = 0; i < 5; i++) {
        const answer = await send(env().app, 'check_type', { login: `someone${i}` }, { remoteAddress: ip });
        expect(answer.status).toBe(200);
      }
      const blocked = await send(env().app, 'check_type', { login: 'ab1234' }, { remoteAddress: ip });
      expect([blocked.status, blocked.body.error]).toEqual([429, 'rate limited']);
      expect((await send(env().app, 'check_type', { login: 'ab1234' }, { remoteAddress: newAddress() })).status).toBe(
        200,
      );
    });

    it('answers a wrong password the same way whether or not the account exists', async () => {
      const unknown = await login('nobody.here', 'some-password', newAddress());
      const known = await login('peteris.kalnins', 'some-password', newAddress());
      const storeLearner = await login('kz1234', 'some-password', newAddress());
      for (const answer of [unknown, known, storeLearner]) {
        expect([answer.status, answer.body]).toEqual([401, { error: 'wrong password', message: 'wrong password' }]);
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    });

    it('issues random 256-bit tokens and stores only their hash', async () => {
      const tokens = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const answer = await login('mt1234', '', newAddress());
        const token = (answer.body.COOKIE as { hash: string }).hash;
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        tokens.add(token);
      }
      expect(tokens.size).toBe(20);
      const rows = await env().db.selectFrom('sessions').selectAll().execute();
      const stored = JSON.stringify(rows);
      for (const token of tokens) {
        expect(stored).not.toContain(token);
        expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
      }
    });

    it('a session lives only while every pause is within the idle time and the absolute limit is not reached', async () => {
      const policy = { idleMinutes: 30, maxHours: 2 };
      const userId = fx.personas.mari.id;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 2, max: 45 }), { minLength: 1, maxLength: 8 }), async (gaps) => {
          const start = new Date('2026-03-01T08:00:00Z');
          const token = await createSession(env().db, userId, policy, start);
          let now = start.getTime();
          let alive = true;
          for (const gap of gaps) {
            now += gap * 60_000;
            const expected: boolean =
              alive && gap < policy.idleMinutes && now - start.getTime() < policy.maxHours * 3_600_000;
            const user = await resolveSession(env().db, token, policy, new Date(now));
            expect(user !== null, `gaps ${gaps.join(',')} at +${(now - start.getTime()) / 60_000} min`).toBe(expected);
            alive = expected;
          }
        }),
        { numRuns: 25 },
      );
    });

    it('ends sessions on sign-out, password change, role change and deletion', async () => {
      const { app } = env();
      const alive = async (token: string) => (await send(app, 'users', {}, { token })).status === 200;
      const inga = fx.personas.inga.token;

      const own = await fx.freshToken('karlis');
      expect(await alive(own)).toBe(true);
      expect((await send(app, 'logout', {}, { token: own })).status).toBe(200);
      expect(await alive(own)).toBe(false);

      const liga = await fx.freshToken('liga');
      const changed = await send(
        app,
        'update_user_data',
        { id: fx.personas.liga.id, password: 'a-new-password-1' },
        { token: inga },
      );
      expect(changed.status, changed.raw).toBe(200);
      expect(await alive(liga)).toBe(false);

      const learner = await fx.buildLearner('lv-riga-02', { name: 'Rolands' });
      const pin = (
        await env().db.selectFrom('users').select('login').where('id', '=', learner).executeTakeFirstOrThrow()
      ).login;
      const before = (await login(pin, '', newAddress())).body.COOKIE as { hash: string };
      const promoted = await send(
        app,
        'update_user_data',
        { id: learner, role: 'admin', password: 'store-admin-pass-1' },
        { token: inga },
      );
      expect(promoted.status, promoted.raw).toBe(200);
      expect(await alive(before.hash)).toBe(false);

      const again = (await login(pin, 'store-admin-pass-1', newAddress())).body.COOKIE as { hash: string };
      expect(await alive(again.hash)).toBe(true);
      expect((await send(app, 'delete_user', { id: learner }, { token: inga })).status).toBe(200);
      expect(await alive(again.hash)).toBe(false);
    });

    it('sets the session and device cookies HttpOnly, SameSite=Lax, path /, and not Secure over plain HTTP', async () => {
      const answer = await login('jk1234', '', newAddress());
      const cookies = [answer.headers['set-cookie']].flat().map(String);
      expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual([SESSION_COOKIE, 'portal_device']);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/; HttpOnly/i);
        expect(cookie).toMatch(/; SameSite=Lax/i);
        expect(cookie).toMatch(/; Path=\//i);
        expect(cookie).not.toMatch(/; Secure/i);
      }
    });

    it('refuses every state-changing call from another origin, and changes nothing', async () => {
      const { app, db } = env();
      const me = fx.personas.trainingManager;
      for (const def of apiRoutes.filter((d) => d.contract.method === 'POST')) {
        const entry = ROUTE_TABLE[def.contract.name];
        if (!entry)
          throw new Error(`route ${def.contract.name} has no entry in apps/server/test/security/route-table.ts`);
        const input = await entry.sample({ fx, db, me });
        for (const bad of ['https://evil.example', 'null', 'http://localhost:80.evil.example']) {
          const before = await databaseDigest(db);
          const answer = await send(app, def.contract.name, input, { token: me.token, headers: { origin: bad } });
          expect([answer.status, answer.body.error], `${def.contract.name} from ${bad}`).toEqual([403, 'forbidden']);
          expect(changedTables(before, await databaseDigest(db))).toEqual([]);
        }
        origin++;
      }
      // The portal's own pages are let through.
      const same = await send(
        app,
        'set_goals_intro_seen',
        {},
        { token: me.token, headers: { host: 'portal.example.lv', origin: 'https://portal.example.lv' } },
      );
      expect(same.status).toBe(200);
    });
  },
  LIMITS,
);

it('sets the Secure flag on the session cookie behind HTTPS', async () => {
  for (const [settings, headers] of [
    [{ COOKIE_SECURE: 'always' }, {}],
    [{ TRUST_PROXY: '127.0.0.1' }, { 'x-forwarded-proto': 'https' }],
  ] as const) {
    const env = await createTestEnv('sqlite', settings);
    try {
      const answer = await send(env.app, 'login', { login: 'ab1234', pass: '' }, { headers });
      expect(answer.status).toBe(200);
      expect(String(answer.headers['set-cookie'])).toMatch(/; Secure/i);
    } finally {
      await env.close();
    }
  }
}, 60_000);
