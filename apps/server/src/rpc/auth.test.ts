import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';

describeEachDatabase('sign-in', (env) => {
  it('signs a store learner in with the PIN alone and returns her profile', async () => {
    const res = await env().call('login', { login: 'ab1234', pass: '' });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('Logged in');
    const cookie = res.body.COOKIE as { id: number; hash: string };
    expect(cookie.hash.length).toBeGreaterThanOrEqual(22);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=.*HttpOnly.*SameSite=Lax/i);

    const profile = await env().call('users', {}, cookie.hash);
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({
      id: cookie.id,
      name: 'Anna',
      surname: 'Bērziņa',
      role: 'learner',
      typ: 'store_user',
      country: 'lv',
      position: 'cashier',
      department_alias: 'lv-riga-01',
      store_label: 'Rīga, Brīvības iela',
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/pass_hash|argon2/);
  });

  it('answers the profile with the session, and a changed department or name at once', async () => {
    const token = await env().login('ab1234');
    const profileOf = async () => (await env().call('users', {}, token)).body.result as Record<string, unknown>;
    const { db } = env();
    const renameStore = (label: string) =>
      db.updateTable('departments').set({ label }).where('alias', '=', 'lv-riga-01').execute();
    const rename = (name: string) => db.updateTable('users').set({ name }).where('login', '=', 'ab1234').execute();
    expect(await profileOf()).toMatchObject({ name: 'Anna', store_label: 'Rīga, Brīvības iela' });
    await renameStore('Rīga, Centrs');
    expect(await profileOf()).toMatchObject({ department: 'Rīga, Centrs', store_label: 'Rīga, Centrs' });
    await rename('Anna Marija');
    expect(await profileOf()).toMatchObject({ name: 'Anna Marija' });
    await renameStore('Rīga, Brīvības iela');
    await rename('Anna');
  });

  it('accepts the session as userId + userHash parameters for scripted clients', async () => {
    const token = await env().login('ab1234');
    const profile = (await env().call('login', { login: 'ab1234' })).body.COOKIE as { id: number };
    const res = await env().app.inject({ method: 'GET', url: `/api?r=users&userId=${profile.id}&userHash=${token}` });
    expect(res.statusCode).toBe(200);
    const other = await env().app.inject({
      method: 'GET',
      url: `/api?r=users&userId=${profile.id + 1}&userHash=${token}`,
    });
    expect(other.statusCode).toBe(403);
  });

  it('tells which accounts need a password', async () => {
    expect((await env().call('check_type', { login: 'lo1234' })).body.result).toEqual([
      { role: 'admin', typ: 'store_user', needs_password: true },
    ]);
    expect((await env().call('check_type', { login: 'ab1234' })).body.result).toEqual([
      { role: 'learner', typ: 'store_user', needs_password: false },
    ]);
    expect((await env().call('check_type', { login: 'nobody-here' })).body.result).toEqual([]);
    expect((await env().call('check_type', {})).status).toBe(400);
  });

  it('refuses a wrong password with 401 wrong password, and accepts the right one', async () => {
    const wrong = await env().call('login', { login: 'lo1234', pass: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'wrong password', message: 'wrong password' });
    const right = await env().call('login', { login: 'lo1234', pass: 'demo-pass' });
    expect(right.status).toBe(200);
    const office = await env().call('login', { login: 'inga.vitola', pass: '' });
    expect(office.status).toBe(401);
  });

  it('answers not found for an unknown route and not active without a session', async () => {
    const unknown = await env().call('no_such_route', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not found');
    const anonymous = await env().call('users', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('not active');
  });

  it('answers invalid input with the failing fields, and never a stack trace', async () => {
    const res = await env().call('login', { login: 1234, pass: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid input');
    const malformed = await env().app.inject({
      method: 'POST',
      url: '/api?r=login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid input');
    expect(malformed.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a cross-site POST', async () => {
    const res = await env().app.inject({
      method: 'POST',
      url: '/api?r=login',
      headers: { origin: 'https://evil.example', host: 'portal.example' },
      payload: { login: 'ab1234', pass: '' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('ends the session on sign-out and tells the browser to drop its cookie', async () => {
    const token = await env().login('kz1234');
    expect((await env().call('users', {}, token)).status).toBe(200);
    const logout = await env().call('logout', {}, token);
    expect(logout.status).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(
      /^portal_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/,
    );
    expect((await env().call('users', {}, token)).body.error).toBe('not active');
  });

  it('stores only a hash of the session token', async () => {
    const token = await env().login('mt1234');
    const rows = await env().db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describeEachDatabase(
  'sign-in rate limits',
  (env) => {
    it('ends repeated wrong passwords for one account in rate limited, even with the right password', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await env().call('login', { login: 'inga.vitola', pass: `guess-${i}` })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const right = await env().call('login', { login: 'inga.vitola', pass: 'demo-pass' });
      expect(right.status).toBe(429);
      expect(right.body.error).toBe('rate limited');
    });

    it('limits check_type per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await env().call('check_type', { login: `x${i}` })).status);
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses[5]).toBe(429);
    });
  },
  { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', CHECK_TYPE_MAX_PER_ADDRESS: '5' },
);

describeEachDatabase(
  'sign-in rate limits after a successful sign-in',
  (env) => {
    it("clears the account's failed attempts when the right password comes within the limit", async () => {
      const statuses: number[] = [];
      for (const pass of ['guess-1', 'guess-2', 'demo-pass', 'guess-3', 'guess-4', 'demo-pass'])
        statuses.push((await env().call('login', { login: 'inga.vitola', pass })).status);
      expect(statuses).toEqual([401, 401, 200, 401, 401, 200]);
    });
  },
  { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' },
);

describeEachDatabase(
  'sign-in rate limits per address',
  (env) => {
    it('refuses the right password from an address whose wrong ones reached the limit over many accounts', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await env().call('login', { login: `nobody${i}`, pass: 'x' })).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
      const right = await env().call('login', { login: 'inga.vitola', pass: 'demo-pass' });
      expect(right.status).toBe(429);
    });
  },
  { LOGIN_MAX_FAILURES_PER_ADDRESS: '4' },
);

describeEachDatabase('same-origin check', (env) => {
  it('accepts the portal own origin, also with the default port written out', async () => {
    const asOrigin = (origin: string, host: string) =>
      env().app.inject({
        method: 'POST',
        url: '/api?r=login',
        headers: { origin, host },
        payload: { login: 'ab1234', pass: '' },
      });
    expect((await asOrigin('http://portal.example', 'portal.example')).statusCode).toBe(200);
    expect((await asOrigin('http://portal.example', 'portal.example:80')).statusCode).toBe(200);
    expect((await asOrigin('http://portal.example:8080', 'portal.example:8080')).statusCode).toBe(200);
    expect((await asOrigin('http://portal.example:8081', 'portal.example:8080')).statusCode).toBe(403);
    expect((await asOrigin('null', 'portal.example')).statusCode).toBe(403);
  });
});
