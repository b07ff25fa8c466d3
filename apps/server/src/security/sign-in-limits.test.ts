import { afterAll, beforeEach, expect, it } from 'vitest';
import { createTestEnv, describeEachDatabase } from '../../test/test-env.js';
import { send, type Answer } from '../../test/security/http.js';
import { DEMO_PASSWORD } from '../seed/demo-org.js';

/*
 * Sign-in limits under concurrent bursts, per IPv6 /64, across the service for PINs, without locking the owner out,
 * and behind a trusted proxy (issue 68). Small limits so that the bursts stay short.
 */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
  LOGIN_MAX_PIN_FAILURES: '8',
  CHECK_TYPE_MAX_PER_ADDRESS: '5',
};
const BURST = 40;

let address = 0;
const newAddress = () => `10.8.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const wrongPin = (i: number) => `qx${String(1000 + i)}`;
const evaluated = (answers: Answer[]) => answers.filter((a) => a.status === 401).length;
const statuses = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].sort();
const deviceOf = (answer: Answer) => /portal_device=([^;]+)/.exec(String(answer.headers['set-cookie']))?.[1];

describeEachDatabase(
  'sign-in limits',
  (env) => {
    const login = (login: string, pass: string, options: { ip?: string; device?: string; xff?: string } = {}) =>
      send(
        env().app,
        'login',
        { login, pass },
        {
          remoteAddress: options.ip ?? newAddress(),
          headers: {
            ...(options.device ? { cookie: `portal_device=${options.device}` } : {}),
            ...(options.xff ? { 'x-forwarded-for': options.xff } : {}),
          },
        },
      );
    const burst = (make: (i: number) => Promise<Answer>) =>
      Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));
    const counted = { pin: 0, account: 0, check: 0 };

    beforeEach(async () => {
      await env().db.deleteFrom('login_attempts').execute();
    });
    afterAll(() => {
      console.log(
        `[security] bursts of ${BURST} [${env().dialect}]: ${counted.pin} PIN guesses from one address, ` +
          `${counted.account} passwords against one account, ${counted.check} check_type answers evaluated`,
      );
    });

    it('checks no more PINs from one address than its limit, however many arrive at once', async () => {
      const ip = newAddress();
      const answers = await burst((i) => login(wrongPin(i), '', { ip }));
      counted.pin = evaluated(answers);
      expect(counted.pin).toBeLessThanOrEqual(5);
      expect(statuses(answers)).toEqual([401, 429]);
      const refused = await login('ab1234', '', { ip });
      expect(refused.status).toBe(429);
      // The sign-in form tells how long to wait from this (15 minutes, the default window).
      expect(refused.headers['retry-after']).toBe('900');
    });

    it('checks no more passwords of one account than its limit, from however many addresses at once', async () => {
      const answers = await burst((i) => login('inga.vitola', `guess-${i}`));
      counted.account = evaluated(answers);
      expect(counted.account).toBeLessThanOrEqual(3);
      expect(statuses(answers)).toEqual([401, 429]);
    });

    it('answers no more check_type calls from one address than its limit, however many arrive at once', async () => {
      const ip = newAddress();
      const answers = await burst((i) => send(env().app, 'check_type', { login: `x${i}` }, { remoteAddress: ip }));
      counted.check = answers.filter((a) => a.status === 200).length;
      expect(counted.check).toBeLessThanOrEqual(5);
      expect(statuses(answers)).toEqual([200, 429]);
    });

    it('gives a successful sign-in back to its address', async () => {
      const ip = newAddress();
      for (let i = 0; i < 8; i++) expect((await login('mt1234', '', { ip })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(wrongPin(i), '', { ip })).status).toBe(401);
      expect((await login('mt1234', '', { ip })).status).toBe(200);
    });

    it('counts an IPv6 client by its /64', async () => {
      for (let i = 1; i <= 5; i++) {
        expect((await login(wrongPin(i), '', { ip: `2001:db8:7:1::${i.toString(16)}` })).status).toBe(401);
      }
      expect((await login('ab1234', '', { ip: '2001:db8:7:1:ffff:1:2:3' })).status).toBe(429);
      expect((await login('ab1234', '', { ip: '2001:db8:7:2::1' })).status).toBe(200);
    });

    it('limits failed PIN sign-ins across the service, but not on browsers people have signed in from', async () => {
      const storeDevice = deviceOf(await login('jk1234', ''));
      expect(storeDevice).toBeTruthy();
      for (let i = 0; i < 8; i++) expect((await login(wrongPin(i), '')).status).toBe(401);
      // From any new address, and even with the right PIN, a browser no one has signed in from is refused now.
      expect((await login(wrongPin(9), '')).status).toBe(429);
      expect((await login('ab1234', '')).status).toBe(429);
      expect((await login('ab1234', '', { device: 'made-up' })).status).toBe(429);
      // The store's shared device still signs its people in.
      expect((await login('ab1234', '', { device: storeDevice })).status).toBe(200);
    });

    it('lets the owner in from a browser they signed in from while strangers hold the account', async () => {
      const first = await login('roberts.liepa', DEMO_PASSWORD);
      expect(first.status).toBe(200);
      const device = deviceOf(first)!;
      expect(String(first.headers['set-cookie'])).toMatch(/portal_device=[^;]+;.*HttpOnly/i);

      const attack = await burst((i) => login('roberts.liepa', `guess-${i}`));
      expect(evaluated(attack)).toBeLessThanOrEqual(3);
      expect((await login('roberts.liepa', DEMO_PASSWORD)).status).toBe(429);
      expect((await login('roberts.liepa', DEMO_PASSWORD, { device })).status).toBe(200);
      // That browser has limits of its own: wrong passwords from it stop at the account limit there too.
      for (let i = 0; i < 3; i++) expect((await login('roberts.liepa', `slip-${i}`, { device })).status).toBe(401);
      expect((await login('roberts.liepa', DEMO_PASSWORD, { device })).status).toBe(429);
    });
  },
  LIMITS,
);

describeEachDatabase(
  'the client address behind a trusted proxy',
  (env) => {
    const viaProxy = (xff: string) =>
      send(
        env().app,
        'login',
        { login: 'qz9999', pass: '' },
        { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': xff } },
      );

    beforeEach(async () => {
      await env().db.deleteFrom('login_attempts').execute();
    });

    it('is the address the trusted proxy saw, whatever the client wrote before it', async () => {
      for (let i = 0; i < 5; i++) expect((await viaProxy(`198.51.100.${i}, 203.0.113.7`)).status).toBe(401);
      expect((await viaProxy('198.51.100.99, 203.0.113.7')).status).toBe(429);
      expect((await viaProxy('203.0.113.8')).status).toBe(401);
    });

    it('is the proxy itself when the proxy passes on something that is not an address', async () => {
      for (let i = 0; i < 5; i++) expect((await viaProxy(`junk-${i}`)).status).toBe(401);
      expect((await viaProxy('junk-99')).status).toBe(429);
      expect((await viaProxy('not an address')).status).toBe(429);
    });
  },
  { ...LIMITS, TRUST_PROXY: '10.0.0.0/24' },
);

it('takes the client address after a number of proxy hops', async () => {
  const env = await createTestEnv('sqlite', { ...LIMITS, TRUST_PROXY: '2' });
  try {
    const via = (xff: string) =>
      send(
        env.app,
        'login',
        { login: 'qz9999', pass: '' },
        { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': xff } },
      );
    for (let i = 0; i < 5; i++) expect((await via(`198.51.100.${i}, 203.0.113.9, 10.0.0.1`)).status).toBe(401);
    expect((await via('1.1.1.1, 203.0.113.9, 10.0.0.1')).status).toBe(429);
  } finally {
    await env.close();
  }
}, 60_000);
