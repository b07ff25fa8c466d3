import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';

describeEachDatabase('ping', (env) => {
  it('needs a session', async () => {
    const res = await env().call('ping', {}, null, 'GET');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('not active');
  });

  it('refuses unknown parameters', async () => {
    const token = await env().login('ab1234');
    const res = await env().call('ping', { extra: 'x' }, token, 'GET');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid input');
  });

  it('is not a POST call', async () => {
    const token = await env().login('ab1234');
    expect((await env().call('ping', {}, token, 'POST')).body.error).toBe('not found');
  });

  it('answers pong to any signed-in caller, without caching', async () => {
    for (const login of ['ab1234', 'roberts.liepa']) {
      const token = await env().login(login, login.includes('.') ? 'demo-pass' : '');
      const res = await env().call('ping', {}, token, 'GET');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'pong' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
