import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../apps/server/test/test-env.js';
import { mondayMorning } from './monday-morning.js';

/** The demo portal listening on a port of its own, with `env`'s settings. */
function listeningPortal(env: Record<string, string> = {}) {
  const portal = { env: undefined as unknown as TestEnv, port: 0 };
  beforeAll(async () => {
    portal.env = await createTestEnv('sqlite', env);
    await portal.env.app.listen({ port: 0, host: '127.0.0.1' });
    portal.port = (portal.env.app.server.address() as AddressInfo).port;
  });
  afterAll(() => portal.env.close());
  return portal;
}

describe("the bench's Monday morning", () => {
  // One check of a login's type per address: each learner comes from an address of its own.
  const portal = listeningPortal({ CHECK_TYPE_MAX_PER_ADDRESS: '1' });

  it('signs each learner in from their own address and opens home and the course page with their own session', async () => {
    const learners = [
      { login: 'ab1234', pass: '' },
      { login: 'kz1234', pass: '' },
      { login: 'peteris.kalnins', pass: 'demo-pass' },
    ];
    const result = await mondayMorning({ port: portal.port, learners, seconds: 1 });
    expect(result).toMatchObject({ learners: 3, failures: 0, failureSamples: [] });
    // check_type, login, users, home_counts, notifications, course_progress and course_catalogue each.
    expect(result.calls).toBe(3 * 7);
    expect(result.p99).toBeGreaterThan(0);
    expect(result.signInP99).toBeLessThanOrEqual(result.max);
    const sessions = await portal.env.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('users.login')
      .execute();
    expect(sessions.map((s) => s.login).sort()).toEqual(['ab1234', 'kz1234', 'peteris.kalnins']);
  });
});

describe("the bench's Monday morning meeting an error", () => {
  const portal = listeningPortal();

  it('counts the visit as failed, stops it there and says why', async () => {
    const learners = [{ login: 'peteris.kalnins', pass: 'wrong' }];
    const result = await mondayMorning({ port: portal.port, learners, seconds: 0 });
    expect(result.failures).toBe(1);
    expect(result.calls).toBe(2);
    expect(result.failureSamples[0]).toMatch(/^\/api\?r=login as peteris\.kalnins: 4\d\d /);
  });
});
