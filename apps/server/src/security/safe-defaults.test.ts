import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../test/security/server-process.js';
import { createTestEnv, DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { repoRoot } from '../config.js';
import { retirePublishedPassword, seedDemoIfEmpty } from '../seed/demo.js';
import { DEMO_PASSWORD } from '../seed/demo-org.js';

/* Safe by default (issue 68): no demo organisation in production, a first manager made from the command line,
 * the published demo password never kept outside the embedded demo, and slow senders cut off. */

const signIn = (url: string, login: string, pass: string) =>
  fetch(`${url}/api?r=login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, pass }),
  }).then((r) => r.status);

describe('a production server on a new database', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'production' });
  }, 90_000);
  afterAll(() => server.dispose());

  it('has no demo organisation, and its first training manager is made with npm run user:create', async () => {
    expect(await signIn(server.url, 'training.manager', DEMO_PASSWORD)).toBe(401);
    expect(await signIn(server.url, 'ab1234', '')).toBe(401);

    const create = (args: string[], password: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'portal.sqlite')}` },
        input: `${password}\n`,
        encoding: 'utf8',
      });
    const short = create(['--login', 'ilze.ozola', '--name', 'Ilze', '--surname', 'Ozola', '--country', 'lv'], 'short');
    expect([short.status, short.stderr.trim()]).toEqual([1, 'user:create: --password: at least 8 characters']);

    const made = create(
      ['--login', 'Ilze.Ozola', '--name', 'Ilze', '--surname', 'Ozola', '--country', 'lv'],
      'a-long-first-password',
    );
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^Created training_manager ilze\.ozola \(id \d+\)\.$/m);
    expect(await signIn(server.url, 'ilze.ozola', 'a-long-first-password')).toBe(200);

    const again = create(
      ['--login', 'ilze.ozola', '--name', 'I', '--surname', 'O', '--country', 'lv'],
      'another-password',
    );
    expect([again.status, again.stderr.trim()]).toEqual([1, 'user:create: the login ilze.ozola is taken']);
  }, 60_000);
});

describe.each(DIALECTS)('the published demo password on %s', (dialect) => {
  it('is taken from the demo accounts that still have it, and from no other', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await seedDemoIfEmpty(database.db);
      await database.db.updateTable('users').set({ pass_hash: null }).where('login', '=', 'lo1234').execute();
      const retired = await retirePublishedPassword(database.db);
      expect(retired.sort()).toEqual(['inga.vitola', 'peteris.kalnins', 'roberts.liepa', 'training.manager'].sort());
      expect(await retirePublishedPassword(database.db)).toEqual([]);
    } finally {
      await database.dispose();
    }
  }, 60_000);

  it('seeds the demo with the password given', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await seedDemoIfEmpty(database.db, 'a-deployment-secret');
      expect(await retirePublishedPassword(database.db)).toEqual([]);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});

/** Opens a socket to the server and sends `head`, then `trickle` one byte every 200 ms; how it ended. */
function slowSender(port: number, head: string, trickle: boolean): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const timer = trickle ? setInterval(() => socket.writable && socket.write('1'), 200) : undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    setTimeout(() => socket.destroy(), 15_000);
  });
}

describe('slow senders', () => {
  it('are answered 408 and cut off when the body or the headers take too long', async () => {
    const env = await createTestEnv('sqlite', { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    try {
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as net.AddressInfo;
      const body = await slowSender(
        port,
        'POST /api?r=login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        true,
      );
      expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(body.ms).toBeLessThan(5_000);
      const headers = await slowSender(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', true);
      expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(headers.ms).toBeLessThan(4_000);
    } finally {
      await env.close();
    }
  }, 30_000);
});
