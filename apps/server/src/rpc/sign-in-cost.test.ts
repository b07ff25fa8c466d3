import * as argon2 from '@node-rs/argon2';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';

// The real argon2id, with its verifications counted.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

describeEachDatabase('the work a sign-in does', (env) => {
  /** The password hashes verified for one sign-in, and its status. */
  async function hashChecks(login: string, pass: string) {
    vi.mocked(argon2.verify).mockClear();
    const { status } = await env().call('login', { login, pass });
    return { status, checks: vi.mocked(argon2.verify).mock.calls.length };
  }

  it('verifies one hash for a valid PIN, as for an unknown PIN, a wrong password and an unknown login', async () => {
    expect(await hashChecks('ab1234', '')).toEqual({ status: 200, checks: 1 });
    expect(await hashChecks('zz9876', '')).toEqual({ status: 401, checks: 1 });
    expect(await hashChecks('inga.vitola', 'not-it')).toEqual({ status: 401, checks: 1 });
    expect(await hashChecks('inga.vitola', 'demo-pass')).toEqual({ status: 200, checks: 1 });
    expect(await hashChecks('nobody.here', 'x')).toEqual({ status: 401, checks: 1 });
  });
});
