import { SESSION_COOKIE } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/test-env.js';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { contentOriginFor } from './content-origin.js';

describe('the content origin and the portal, kept apart', () => {
  let env: TestEnv;
  let admin: string;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    admin = await env.login('inga.vitola', 'demo-pass');
  }, 60_000);
  afterAll(async () => env?.close());

  const grant = (headers: Record<string, string>) =>
    env.app.inject({
      method: 'POST',
      url: '/api?r=update_user_data',
      headers: { cookie: `${SESSION_COOKIE}=${admin}`, 'content-type': 'application/json', ...headers },
      payload: { id: 1, role: 'admin', password: 'hostile-pass-1234' },
    });

  it("refuses every /api call a page of the content origin makes, even one that carries the viewer's cookie", async () => {
    for (const headers of <Record<string, string>[]>[
      { host: '127.0.0.1:8080', origin: 'http://content.localhost:8080' },
      { host: '127.0.0.1:8080', origin: 'null' },
      { host: '127.0.0.1:8080', 'sec-fetch-site': 'same-site' },
      { host: '127.0.0.1:8080', 'sec-fetch-site': 'cross-site' },
      { host: 'content.localhost:8080' },
    ]) {
      const answer = await grant(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBeGreaterThanOrEqual(403);
      expect(answer.statusCode, JSON.stringify(headers)).toBeLessThan(500);
    }
    const users = await env.app.inject({
      method: 'GET',
      url: '/api?r=users',
      headers: { cookie: `${SESSION_COOKIE}=${admin}`, origin: 'http://content.localhost:8080' },
    });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ error: 'forbidden' });
    const role = await env.db.selectFrom('users').select('role').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(role.role).not.toBe('admin');
    // The portal's own page still calls.
    const own = await env.app.inject({
      method: 'GET',
      url: '/api?r=users',
      headers: { cookie: `${SESSION_COOKIE}=${admin}`, host: '127.0.0.1:8080', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('serves only the content paths on the content host, and none of them on the portal host', async () => {
    const onContent = (url: string) =>
      env.app.inject({ method: 'GET', url, headers: { host: 'content.localhost:8080' } });
    expect((await onContent('/scorm-launch')).statusCode).toBe(200);
    expect((await onContent('/scorm-launch')).headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/home', '/healthz', '/api?r=portal_settings&language=lv', '/content/lv/x.pdf']) {
      expect((await onContent(url)).statusCode, url).toBe(404);
    }
    const onPortal = await env.app.inject({ method: 'GET', url: '/scorm-launch', headers: { host: '127.0.0.1:8080' } });
    expect(onPortal.statusCode).toBe(404);
  });

  it('names content.localhost on the portal port by default, or the configured origin', async () => {
    const defaults = loadConfig({ LOG_LEVEL: 'silent' });
    expect(contentOriginFor(defaults, 'http://127.0.0.1:8080')).toBe('http://content.localhost:8080');
    expect(contentOriginFor(defaults, 'https://learn.example.com')).toBe('https://content.localhost');
    const configured = loadConfig({ LOG_LEVEL: 'silent', CONTENT_ORIGIN: 'https://content.example.com/' });
    expect(configured.CONTENT_ORIGIN).toBe('https://content.example.com');
    expect(contentOriginFor(configured, 'https://learn.example.com')).toBe('https://content.example.com');
    expect(() => loadConfig({ CONTENT_ORIGIN: 'https://content.example.com/path' })).toThrow(/origin only/);
    expect(() => loadConfig({ CONTENT_ORIGIN: 'ftp://content.example.com' })).toThrow(/http\(s\) origin/);
    // With a host name of its own, that host is the content host and nothing else is.
    const app = await buildApp({ config: { ...configured, LOG_LEVEL: 'silent' }, db: env.db, logger: false });
    const launch = (host: string) => app.inject({ method: 'GET', url: '/scorm-launch', headers: { host } });
    expect((await launch('content.example.com')).statusCode).toBe(200);
    expect((await launch('content.localhost:8080')).statusCode).toBe(404);
    await app.close();
  });
});
