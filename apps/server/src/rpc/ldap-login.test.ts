import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  authenticate,
  buildUserFilter,
  directorySettings,
  DirectoryUnavailableError,
  type DirectoryLog,
  type DirectorySettings,
} from '../auth/ldap.js';
import {
  DIRECTORY_PEOPLE,
  opensslMissing,
  PEOPLE_DN,
  SERVICE_DN,
  SERVICE_PASSWORD,
  slapdMissing,
  startLdapServer,
  type LdapServer,
} from '../../test/ldap-server.js';
import { createTestEnv, DIALECTS, type TestEnv } from '../../test/test-env.js';
import type { Db } from '../db/connect.js';

const SLAPD_MISSING = slapdMissing();
const TLS_MISSING = SLAPD_MISSING ?? opensslMissing();

// CI sets LDAP_TESTS_REQUIRED=1 so that a missing slapd fails the run instead of skipping these tests.
if (TLS_MISSING && process.env.LDAP_TESTS_REQUIRED === '1') {
  it('has slapd and openssl installed (LDAP_TESTS_REQUIRED=1)', () => {
    throw new Error(TLS_MISSING);
  });
}
const password = (uid: string) => DIRECTORY_PEOPLE.find((p) => p.uid === uid)!.password;

/** A log that remembers its lines, so a test can see that a failure was logged. */
function recordingLog() {
  const lines: { level: 'warn' | 'error'; details: Record<string, unknown>; message: string }[] = [];
  const log: DirectoryLog = {
    warn: (details, message) =>
      void lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
    error: (details, message) =>
      void lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
  return { log, lines };
}

/** Adds a portal account of typ ldap_user with the given login, placed like Roberts Liepa. */
async function addOfficeUser(db: Db, login: string): Promise<number> {
  const model = await db.selectFrom('users').selectAll().where('login', '=', 'roberts.liepa').executeTakeFirstOrThrow();
  const { id: _id, ...rest } = model;
  const row = await db
    .insertInto('users')
    .values({ ...rest, login, pass_hash: null, role: 'learner', name: 'Test', surname: login, search_name: login })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('directory filter (RFC 4515)', () => {
  it('escapes every filter special in the login, so it stays one value', () => {
    expect(buildUserFilter('(uid={login})', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(buildUserFilter('(sAMAccountName={login})', 'a\\b\u0000c')).toBe('(sAMAccountName=a\\5cb\\00c)');
    expect(buildUserFilter('(|(uid={login})(mail={login}))', 'x*')).toBe('(|(uid=x\\2a)(mail=x\\2a))');
  });

  it('keeps replacement patterns such as $& in a login literal', () => {
    expect(buildUserFilter('(uid={login})', "a$&b$'c")).toBe("(uid=a$&b$'c)");
  });

  it('refuses settings without the service account once LDAP_URL is set, and an unusable filter', () => {
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1:389' })).toThrow(/LDAP_BIND_DN is required/);
    expect(() =>
      loadConfig({ LDAP_URL: 'http://x', LDAP_BIND_DN: 'a', LDAP_BIND_PASSWORD: 'b', LDAP_BASE_DN: 'c' }),
    ).toThrow(/ldap:\/\//);
    expect(() => loadConfig({ LDAP_USER_FILTER: '(uid=x)' })).toThrow(/must contain \{login\}/);
    expect(directorySettings(loadConfig({ LOG_LEVEL: 'silent' }))).toBeNull();
    const broken = loadConfig({
      LOG_LEVEL: 'silent',
      LDAP_URL: 'ldap://127.0.0.1:389',
      LDAP_BIND_DN: 'cn=a',
      LDAP_BIND_PASSWORD: 'b',
      LDAP_BASE_DN: 'dc=c',
      LDAP_USER_FILTER: '(uid={login}',
    });
    expect(() => directorySettings(broken)).toThrow(DirectoryUnavailableError);
  });
});

if (SLAPD_MISSING) {
  describe.skip(`directory sign-in against slapd [skipped: ${SLAPD_MISSING}]`, () => {
    it('needs slapd', () => undefined);
  });
} else {
  let directory: LdapServer;
  beforeAll(async () => {
    directory = await startLdapServer();
  }, 30_000);
  afterAll(async () => {
    await directory?.dispose();
  });

  const settings = (overrides: Partial<DirectorySettings> = {}): DirectorySettings => ({
    url: directory.url,
    bindDN: SERVICE_DN,
    bindPassword: SERVICE_PASSWORD,
    baseDN: PEOPLE_DN,
    userFilter: '(uid={login})',
    startTls: false,
    tls: {},
    timeoutMs: 3000,
    refresh: null,
    ...overrides,
  });

  describe('directory client against slapd', () => {
    it('binds as the found entry with the right password, and says which entry it was', async () => {
      const { log, lines } = recordingLog();
      const verdict = await authenticate(settings(), 'inga.vitola', password('inga.vitola'), log);
      expect(verdict).toEqual({ ok: true, dn: `uid=inga.vitola,${PEOPLE_DN}`, attributes: {} });
      expect(lines).toEqual([]);
    });

    it('refuses a wrong password, an empty one (no unauthenticated bind) and an unknown login', async () => {
      const { log } = recordingLog();
      expect(await authenticate(settings(), 'inga.vitola', 'not-her-password', log)).toEqual({
        ok: false,
        reason: 'wrong password',
      });
      expect(await authenticate(settings(), 'inga.vitola', '', log)).toEqual({ ok: false, reason: 'empty password' });
      expect(await authenticate(settings(), 'nobody.here', 'x', log)).toEqual({ ok: false, reason: 'unknown user' });
    });

    it('finds nobody for injection logins, where an unescaped filter would have matched', async () => {
      const { log } = recordingLog();
      for (const login of ['*)(uid=*', '*', 'roberts*', 'roberts.liepa)(|(uid=*', '*)(objectClass=*']) {
        expect(await authenticate(settings(), login, password('roberts.liepa'), log)).toEqual({
          ok: false,
          reason: 'unknown user',
        });
      }
      // The same wildcard, written into the template by an administrator, does match: the test can tell.
      const wildcard = settings({ userFilter: '(uid=roberts*{login})' });
      expect((await authenticate(wildcard, '.liepa', password('roberts.liepa'), log)).ok).toBe(true);
    });

    it('refuses a login that matches more than one entry, and logs it', async () => {
      const { log, lines } = recordingLog();
      const loose = settings({ userFilter: '(&(objectClass=inetOrgPerson)(departmentNumber={login}))' });
      expect(await authenticate(loose, 'lv-office-hr', password('inga.vitola'), log)).toEqual({
        ok: false,
        reason: 'ambiguous user',
      });
      expect(lines.map((l) => l.level)).toEqual(['warn']);
    });

    it('reads the mapped attributes when refresh is on (UTF-8 names intact)', async () => {
      const { log } = recordingLog();
      const refresh = { name: 'givenName', surname: 'sn', department: 'departmentNumber' };
      const verdict = await authenticate(settings({ refresh }), 'peteris.kalnins', password('peteris.kalnins'), log);
      expect(verdict).toMatchObject({
        ok: true,
        attributes: { name: 'Pēteris', surname: 'Kalniņš', department: 'lv-office-hr' },
      });
    });

    it('treats a refused service account as an unavailable directory and logs it without the password', async () => {
      const { log, lines } = recordingLog();
      const wrongService = settings({ bindPassword: 'not-the-service-password' });
      await expect(authenticate(wrongService, 'inga.vitola', password('inga.vitola'), log)).rejects.toBeInstanceOf(
        DirectoryUnavailableError,
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'error', details: { stage: 'service bind' } });
      expect(lines[0]!.message).toMatch(/service account/);
      expect(JSON.stringify(lines)).not.toContain('not-the-service-password');
      expect(JSON.stringify(lines)).not.toContain(password('inga.vitola'));
    });

    it('treats a search base that does not exist as an unavailable directory', async () => {
      const { log, lines } = recordingLog();
      const nowhere = settings({ baseDN: 'ou=nowhere,dc=retail,dc=example' });
      await expect(authenticate(nowhere, 'inga.vitola', password('inga.vitola'), log)).rejects.toBeInstanceOf(
        DirectoryUnavailableError,
      );
      expect(lines[0]).toMatchObject({ level: 'error', details: { stage: 'search' } });
    });

    it('gives up after LDAP_TIMEOUT_MS on a server that accepts connections but never answers', async () => {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => void sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as net.AddressInfo;
      try {
        const { log, lines } = recordingLog();
        const started = Date.now();
        await expect(
          authenticate(settings({ url: `ldap://127.0.0.1:${port}`, timeoutMs: 300 }), 'inga.vitola', 'x', log),
        ).rejects.toBeInstanceOf(DirectoryUnavailableError);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(lines[0]).toMatchObject({ level: 'error', details: { stage: 'service bind' } });
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });
  });

  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (!DIALECTS.includes(dialect)) {
      describe.skip(`directory sign-in [${dialect}: skipped, TEST_DATABASE_URL is not set]`, () => {
        it('needs the database', () => undefined);
      });
      continue;
    }

    describe(`directory sign-in [${dialect}]`, () => {
      let env: TestEnv;
      beforeAll(async () => {
        env = await createTestEnv(dialect, { ...directory.env, LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
      }, 60_000);
      afterAll(async () => {
        await env?.close();
      });

      it('still tells that an office user needs a password', async () => {
        const res = await env.call('check_type', { login: 'inga.vitola' });
        expect(res.body.result).toEqual([{ role: 'admin', typ: 'ldap_user', needs_password: true }]);
      });

      it('signs an office user in with the directory password', async () => {
        const res = await env.call('login', { login: 'Peteris.Kalnins', pass: password('peteris.kalnins') });
        expect(res.status).toBe(200);
        expect(res.body.result).toBe('Logged in');
        const cookie = res.body.COOKIE as { id: number; hash: string };
        const profile = await env.call('users', {}, cookie.hash);
        expect(profile.body.result).toMatchObject({
          id: cookie.id,
          login: 'peteris.kalnins',
          typ: 'ldap_user',
          name: 'Pēteris',
        });
      });

      it('refuses a wrong password with wrong password, and never falls back to the local hash', async () => {
        const wrong = await env.call('login', { login: 'inga.vitola', pass: 'guess' });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ error: 'wrong password', message: 'wrong password' });
        // The demo seed gave her the local password demo-pass; with a directory it is not accepted.
        const local = await env.call('login', { login: 'inga.vitola', pass: 'demo-pass' });
        expect(local.status).toBe(401);
        const empty = await env.call('login', { login: 'inga.vitola', pass: '' });
        expect(empty.status).toBe(401);
        // Three failures reached the limit of this environment: now even the right password waits.
        const limited = await env.call('login', { login: 'inga.vitola', pass: password('inga.vitola') });
        expect(limited.status).toBe(429);
        expect(limited.body.error).toBe('rate limited');
      });

      it('refuses an office account the directory does not know', async () => {
        await addOfficeUser(env.db, 'ghost.user');
        const res = await env.call('login', { login: 'ghost.user', pass: password('roberts.liepa') });
        expect(res.status).toBe(401);
        expect(res.body.error).toBe('wrong password');
      });

      it('finds nobody for injection logins, even when the portal has such an account', async () => {
        for (const login of ['*)(uid=*', 'roberts*']) {
          await addOfficeUser(env.db, login);
          const res = await env.call('login', { login, pass: password('roberts.liepa') });
          expect(res.status).toBe(401);
          expect(res.body.error).toBe('wrong password');
        }
        const sessions = await env.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('users.login')
          .execute();
        expect(sessions.map((s) => s.login)).not.toContain('roberts*');
      });

      it('keeps store sign-in as it was', async () => {
        expect((await env.call('login', { login: 'ab1234', pass: '' })).status).toBe(200);
        expect((await env.call('login', { login: 'lo1234', pass: 'demo-pass' })).status).toBe(200);
      });

      it('never stores an office password: no hash, nothing in sessions, attempts or audit', async () => {
        await env.db.updateTable('users').set({ pass_hash: null }).where('login', '=', 'roberts.liepa').execute();
        const before = await env.db
          .selectFrom('users')
          .select(['login', 'pass_hash'])
          .where('typ', '=', 'ldap_user')
          .execute();
        const right = await env.call('login', { login: 'roberts.liepa', pass: password('roberts.liepa') });
        expect(right.status).toBe(200);
        expect((await env.call('login', { login: 'roberts.liepa', pass: 'Liepa-wrong-1' })).status).toBe(401);

        const after = await env.db
          .selectFrom('users')
          .select(['login', 'pass_hash'])
          .where('typ', '=', 'ldap_user')
          .execute();
        expect(after).toEqual(before);
        expect(after.find((u) => u.login === 'roberts.liepa')?.pass_hash).toBeNull();

        const stored = JSON.stringify([
          await env.db.selectFrom('users').selectAll().execute(),
          await env.db.selectFrom('sessions').selectAll().execute(),
          await env.db.selectFrom('login_attempts').selectAll().execute(),
          await env.db.selectFrom('audit_log').selectAll().execute(),
        ]);
        expect(stored).toContain('roberts.liepa');
        for (const secret of [...DIRECTORY_PEOPLE.map((p) => p.password), 'Liepa-wrong-1', SERVICE_PASSWORD]) {
          expect(stored).not.toContain(secret);
        }
      });

      it('answers 503 directory unavailable when the directory is stopped, and recovers when it is back', async () => {
        await directory.stop();
        try {
          const res = await env.call('login', { login: 'peteris.kalnins', pass: password('peteris.kalnins') });
          expect(res.status).toBe(503);
          expect(res.body.error).toBe('directory unavailable');
          expect(res.body.message).toMatch(/directory/);
          // Not a silent fallback: the local demo password does not help either.
          expect((await env.call('login', { login: 'peteris.kalnins', pass: 'demo-pass' })).status).toBe(503);
          // The limits are checked before the directory is asked, so a limited account stays limited.
          expect((await env.call('login', { login: 'inga.vitola', pass: 'x' })).status).toBe(429);
        } finally {
          await directory.start();
        }
        const back = await env.call('login', { login: 'peteris.kalnins', pass: password('peteris.kalnins') });
        expect(back.status).toBe(200);
      });
    });

    describe(`directory sign-in with attribute refresh [${dialect}]`, () => {
      let env: TestEnv;
      beforeAll(async () => {
        env = await createTestEnv(dialect, {
          ...directory.env,
          LDAP_REFRESH_ATTRIBUTES: 'true',
          LDAP_ATTR_DEPARTMENT: 'departmentNumber',
        });
      }, 60_000);
      afterAll(async () => {
        await env?.close();
      });

      it('copies name, surname and department from the directory at sign-in, and audits the change', async () => {
        const retail = await env.db
          .selectFrom('departments')
          .select('id')
          .where('alias', '=', 'lv-office-retail')
          .executeTakeFirstOrThrow();
        await env.db
          .updateTable('users')
          .set({ name: 'Peter', surname: 'Old', search_name: 'peter old', department_id: retail.id })
          .where('login', '=', 'peteris.kalnins')
          .execute();
        const token = await env.login('peteris.kalnins', password('peteris.kalnins'));
        const profile = await env.call('users', {}, token);
        expect(profile.body.result).toMatchObject({
          name: 'Pēteris',
          surname: 'Kalniņš',
          department_alias: 'lv-office-hr',
        });
        const row = await env.db
          .selectFrom('users')
          .select('search_name')
          .where('login', '=', 'peteris.kalnins')
          .executeTakeFirstOrThrow();
        expect(row.search_name).toBe('peteris kalnins');
        const audit = await env.db
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'directory_refresh')
          .execute();
        expect(audit).toHaveLength(1);
        expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({
          name: 'Peter',
          surname: 'Old',
          department_id: retail.id,
        });

        // A second sign-in changes nothing and records nothing.
        await env.login('peteris.kalnins', password('peteris.kalnins'));
        expect(
          await env.db.selectFrom('audit_log').select('id').where('action', '=', 'directory_refresh').execute(),
        ).toHaveLength(1);
      });

      it('leaves the department alone when the directory names one the portal does not have', async () => {
        await env.db
          .updateTable('departments')
          .set({ alias: 'lv-office-sales' })
          .where('alias', '=', 'lv-office-retail')
          .execute();
        const before = await env.db
          .selectFrom('users')
          .select(['name', 'surname', 'department_id'])
          .where('login', '=', 'roberts.liepa')
          .executeTakeFirstOrThrow();
        await env.login('roberts.liepa', password('roberts.liepa'));
        const after = await env.db
          .selectFrom('users')
          .select(['name', 'surname', 'department_id'])
          .where('login', '=', 'roberts.liepa')
          .executeTakeFirstOrThrow();
        expect(after).toEqual(before);
      });

      it('does not ask the directory about accounts of another typ (the training manager is dev)', async () => {
        expect(
          (await env.call('login', { login: 'training.manager', pass: password('training.manager') })).status,
        ).toBe(401);
        expect((await env.call('login', { login: 'training.manager', pass: 'demo-pass' })).status).toBe(200);
      });
    });
  }
}

if (TLS_MISSING) {
  describe.skip(`directory sign-in over TLS [skipped: ${TLS_MISSING}]`, () => {
    it('needs slapd and openssl', () => undefined);
  });
} else {
  describe('directory sign-in over TLS (ldaps:// and StartTLS, settings read by loadConfig)', () => {
    let directory: LdapServer;
    beforeAll(async () => {
      directory = await startLdapServer({ tls: true });
    }, 30_000);
    afterAll(async () => {
      await directory?.dispose();
    });

    const settingsFrom = (env: Record<string, string>) =>
      directorySettings(loadConfig({ ...directory.env, LOG_LEVEL: 'silent', ...env }))!;
    const signIn = (settings: DirectorySettings, log: DirectoryLog) =>
      authenticate(settings, 'inga.vitola', password('inga.vitola'), log);

    it('signs in over ldaps:// when LDAP_TLS_CA_FILE names the CA that signed the directory certificate', async () => {
      const { log } = recordingLog();
      const verdict = await signIn(
        settingsFrom({ LDAP_URL: directory.ldapsUrl!, LDAP_TLS_CA_FILE: directory.caFile! }),
        log,
      );
      expect(verdict.ok).toBe(true);
    });

    it('signs in with StartTLS on ldap://', async () => {
      const { log } = recordingLog();
      const verdict = await signIn(settingsFrom({ LDAP_STARTTLS: 'true', LDAP_TLS_CA_FILE: directory.caFile! }), log);
      expect(verdict.ok).toBe(true);
    });

    it('refuses a directory certificate it cannot verify, unless told not to check', async () => {
      const { log, lines } = recordingLog();
      await expect(signIn(settingsFrom({ LDAP_URL: directory.ldapsUrl! }), log)).rejects.toBeInstanceOf(
        DirectoryUnavailableError,
      );
      await expect(signIn(settingsFrom({ LDAP_STARTTLS: 'true' }), log)).rejects.toBeInstanceOf(
        DirectoryUnavailableError,
      );
      expect(lines.map((l) => l.details.stage)).toEqual(['service bind', 'starttls']);
      const unchecked = settingsFrom({ LDAP_URL: directory.ldapsUrl!, LDAP_TLS_REJECT_UNAUTHORIZED: 'false' });
      expect((await signIn(unchecked, log)).ok).toBe(true);
    });

    it('answers directory unavailable when the CA file cannot be read', () => {
      expect(() => settingsFrom({ LDAP_URL: directory.ldapsUrl!, LDAP_TLS_CA_FILE: '/nonexistent/ca.crt' })).toThrow(
        DirectoryUnavailableError,
      );
    });
  });
}
