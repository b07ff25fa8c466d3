import zlib from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';

describeEachDatabase('ping', (env) => {
  it('needs a session', async () => {
    const res = await env().call('ping', {}, null, 'GET');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('not active');
  });

  it('ignores unknown parameters', async () => {
    const token = await env().login('ab1234');
    const res = await env().call('ping', { extra: 'x' }, token, 'GET');
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('pong');
  });

  it('is not a POST call: 405 naming GET', async () => {
    const token = await env().login('ab1234');
    const res = await env().call('ping', {}, token, 'POST');
    expect([res.status, res.body.error, res.headers.allow]).toEqual([405, 'method not allowed', 'GET']);
    expect(res.body.message).toContain('GET');
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

describeEachDatabase('compression of API answers', (env) => {
  const get = async (route: string, headers: Record<string, string>) => {
    const token = await env().login('ab1234');
    return env().app.inject({
      method: 'GET',
      url: `/api?r=${route}`,
      headers: { cookie: `portal_session=${token}`, ...headers },
    });
  };

  it('sends a large answer compressed to a browser that accepts it, the same JSON once decoded', async () => {
    const plain = await get('courses', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await get('courses', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('courses', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a large answer built as an object, not only one written as JSON text', async () => {
    const plain = await get('get_instructions', {});
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await get('get_instructions', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const res = await get('ping', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ result: 'pong' });
  });
});
