import { SESSION_COOKIE } from '@portal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/test-env.js';
import { loggerOptions, redactUrl } from './logging.js';

interface Line {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('redactUrl', () => {
  it('hides a secret parameter however its name is written, and keeps the rest', () => {
    for (const name of [
      'userHash',
      'USERHASH',
      'user%48ash',
      'userHash[]',
      'userHash%5B%5D',
      'h%61sh',
      'pass',
      'pa%73sword',
    ]) {
      expect(redactUrl(`/api?r=home_counts&${name}=s3cret&x=1`)).toBe(`/api?r=home_counts&${name}=[redacted]&x=1`);
    }
    expect(redactUrl('/api?userHash')).toBe('/api?userHash=[redacted]');
    expect(redactUrl('/api?r=x&hashtag=1&%zz=2')).toBe('/api?r=x&hashtag=1&%zz=2');
    expect(redactUrl('/api/download')).toBe('/api/download');
  });
});

describe('request logs', () => {
  let env: TestEnv | undefined;
  afterEach(async () => env?.close());

  /**
   * What the app logs at `level` for a sign-in with a password and a call carrying the session three ways (cookie,
   * `userHash`, a bearer header): no line may hold the token, the password, a cookie or an authorization header.
   */
  async function linesAt(level: string): Promise<Line[]> {
    const written: string[] = [];
    env = await createTestEnv(
      'sqlite',
      {},
      { ...loggerOptions(level), stream: { write: (line: string) => void written.push(line) } },
    );
    const before = written.length;
    const password = 'demo-pass';
    const login = await env.app.inject({
      method: 'POST',
      url: '/api?r=login',
      payload: { login: 'training.manager', pass: password },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { COOKIE: { hash: string } }).COOKIE.hash;
    const call = await env.app.inject({
      method: 'GET',
      url: `/api?r=home_counts&userHash=${token}`,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(200);
    // The query parser decodes names: a token sent as `user%48ash` is a session too, and must not be logged either.
    const encoded = await env.app.inject({ method: 'GET', url: `/api?r=home_counts&user%48ash=${token}` });
    expect(encoded.statusCode).toBe(200);
    const lines = written.slice(before);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(password);
      expect(line.toLowerCase()).not.toMatch(/cookie|authorization/);
    }
    return lines.map((line) => JSON.parse(line) as Line);
  }

  it('writes one line a request at info, once it is answered: method, address without secrets, status and time', async () => {
    const lines = await linesAt('info');
    expect(lines.map((line) => line.msg)).toEqual(['request completed', 'request completed', 'request completed']);
    expect(lines.map((line) => [line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['POST', '/api?r=login', 200],
      ['GET', '/api?r=home_counts&userHash=[redacted]', 200],
      ['GET', '/api?r=home_counts&user%48ash=[redacted]', 200],
    ]);
    for (const line of lines) {
      expect(line.reqId).toMatch(/^req-/);
      expect(line.responseTime).toBeGreaterThan(0);
    }
  });

  it('adds a line when a request comes in at debug, with no secret either', async () => {
    const messages = (await linesAt('debug')).map((line) => line.msg);
    expect(messages.filter((msg) => msg === 'incoming request')).toHaveLength(3);
    expect(messages.filter((msg) => msg === 'request completed')).toHaveLength(3);
  });
});
