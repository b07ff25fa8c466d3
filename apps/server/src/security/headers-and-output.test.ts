import fs from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/test-env.js';
import { send } from '../../test/security/http.js';
import { repoRoot } from '../config.js';

/*
 * What the browser is told (issue 9): a Content-Security-Policy without inline scripts, framing limited to the
 * portal, no content sniffing, no caching of answers, course content served only from its folder, and links
 * other than http(s) or portal-relative refused where content is written.
 */

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('headers and output', () => {
  let env: TestEnv;
  let token: string;
  let manager: string;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    token = await env.login('ab1234');
    manager = await env.login('training.manager', 'demo-pass');
  }, 60_000);
  afterAll(async () => env?.close());

  it('sends pages a CSP without inline or evaluated scripts, framing only by the portal, and nosniff', async () => {
    for (const answer of [
      await env.app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'text/html' } }),
      await env.app.inject({ method: 'GET', url: '/no/such/file.js' }),
    ]) {
      const csp = directives(String(answer.headers['content-security-policy']));
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('sends API answers a CSP that allows nothing, nosniff, no framing by others, no caching, no page-only headers', async () => {
    for (const answer of [
      await send(env.app, 'home_counts', {}, { token }),
      await send(env.app, 'home_counts', {}),
      await send(env.app, 'no_such_route', {}),
      await env.app.inject({
        method: 'POST',
        url: '/api?r=set_goal_name',
        headers: { 'content-type': 'application/json' },
        payload: '{"goal_id": ',
      }),
    ]) {
      const csp = directives(String(answer.headers['content-security-policy']));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect([...csp.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security'], 'HSTS over plain HTTP').toBeUndefined();
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(answer.headers['referrer-policy']).toBeUndefined();
    }
    const api = await send(env.app, 'home_counts', {}, { token });
    expect(api.status).toBe(200);
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only on answers that came over HTTPS (RFC 6797 7.2), here behind a trusted proxy', async () => {
    const behindProxy = await createTestEnv('sqlite', { TRUST_PROXY: '127.0.0.1' });
    try {
      for (const [proto, hsts] of [
        ['https', /^max-age=\d+; includeSubDomains$/],
        ['http', undefined],
      ] as const) {
        const headers = { 'x-forwarded-proto': proto };
        const answers = [
          await send(behindProxy.app, 'home_counts', {}, { headers }),
          await behindProxy.app.inject({
            method: 'GET',
            url: '/some/page',
            headers: { ...headers, accept: 'text/html' },
          }),
        ];
        for (const answer of answers) {
          if (hsts) expect(answer.headers['strict-transport-security'], proto).toMatch(hsts);
          else expect(answer.headers['strict-transport-security'], proto).toBeUndefined();
        }
      }
    } finally {
      await behindProxy.close();
    }
  }, 60_000);

  it('the web app has no inline script for the CSP to block', () => {
    const dist = path.join(repoRoot, 'apps/web/dist/index.html');
    const source = path.join(repoRoot, 'apps/web/index.html');
    for (const file of [source, dist].filter((f) => fs.existsSync(f))) {
      const html = fs.readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, `${file}: every script is loaded from a file`).toMatch(/\bsrc=/);
        expect(body!.trim(), `${file}: no inline script`).toBe('');
      }
      expect(html, `${file}: no inline event handlers`).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('serves course content only on the content origin, under a launch token, with nosniff and a framing limit', async () => {
    const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
    // The portal's own host serves no course file, whoever asks.
    const portalSide = await env.app.inject({
      method: 'GET',
      url: '/course-content/welcome-lv/imsmanifest.xml',
      headers: cookie,
    });
    expect(portalSide.statusCode).toBe(404);
    const launched = await env.app.inject({
      method: 'POST',
      url: '/api?r=launch_course',
      headers: { ...cookie, host: '127.0.0.1:8080', 'content-type': 'application/json' },
      payload: { course_alias: 'welcome' },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const attempt = launched.json<{ result: { token: string } }>().result.token;
    const content = { host: 'content.localhost:8080' };
    const served = await env.app.inject({
      method: 'GET',
      url: `/scorm-files/${attempt}/imsmanifest.xml`,
      headers: content,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(String(served.headers['content-security-policy'])).get('frame-ancestors')).toEqual([
      "'self'",
      'http://127.0.0.1:8080',
    ]);
    for (const url of [
      `/scorm-files/${attempt}/../package.json`,
      `/scorm-files/${attempt}/..%2f..%2fpackage.json`,
      `/scorm-files/${attempt}/..%2f..%2f..%2fpackage.json`,
      `/scorm-files/${attempt}/%2e%2e/%2e%2e/package.json`,
      `/scorm-files/${attempt}/%00.xml`,
      `/scorm-files/${attempt}/.git/config`,
      '/course-content/welcome-lv/imsmanifest.xml',
    ]) {
      const answer = await env.app.inject({ method: 'GET', url, headers: content });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(answer.body, url).not.toContain('"workspaces"');
    }
  });

  it('refuses links that are not http(s) or portal-relative where content is written', async () => {
    const bad = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example',
      'file:///etc/passwd',
    ];
    for (const link of bad) {
      const notification = await send(
        env.app,
        'add_notification',
        { language: 'en', alias: `link-${bad.indexOf(link)}`, name: 'Notice', external: 1, link },
        { token: manager },
      );
      expect([notification.status, notification.body.error], link).toEqual([400, 'invalid input']);
      const loginLink = await send(
        env.app,
        'save_login_link',
        { link_type: 'external', language: 'en', heading: 'Link', url: link },
        { token: manager },
      );
      expect([loginLink.status, loginLink.body.error], link).toEqual([400, 'invalid input']);
    }
  });

  it('never answers with a stack trace or the server internals', async () => {
    const answer = await env.app.inject({
      method: 'POST',
      url: '/api?r=set_task_percentage',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
      payload: '{"task_id": 1, "task_percentage": ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toMatch(/node_modules|\.ts:\d+|\bat\s+\S+\s+\(/);
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });
});
