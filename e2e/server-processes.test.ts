import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, stopPortal, type Portal } from './harness';

/** The server processes the first one started (Linux /proc). */
function childrenOf(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * One request on a new connection: the first process hands each connection to the next server process in turn, so
 * consecutive calls are answered by different processes.
 */
function call(portal: Portal, method: 'GET' | 'POST', route: string, cookie = '', body = '{}') {
  return new Promise<{ status: number; json: { error?: string }; setCookie: string[] }>((resolve, reject) => {
    const request = http.request(
      `${portal.url}/api?r=${route}`,
      { method, agent: false, headers: { cookie, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            json: JSON.parse(text) as { error?: string },
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(method === 'POST' ? body : undefined);
  });
}

/** The processes that have logged that they listen (Fastify's "Server listening" at LOG_LEVEL=info). */
function listening(portal: Portal): Set<number> {
  const logLines = portal.output.split('\n').filter((line) => /^\{.*"msg":"Server listening.*\}$/.test(line));
  return new Set(logLines.map((line) => (JSON.parse(line) as { pid: number }).pid));
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the portal on two server processes (SERVER_PROCESSES=2)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal({ SERVER_PROCESSES: '2', LOG_LEVEL: 'info' });
    // The portal answers once one process listens; a process that dies while it is the only one listening closes the
    // shared port until another listens.
    await until(() => listening(portal).size === 2, 'both processes to listen');
  });

  afterAll(async () => {
    await stopPortal(portal);
  });

  it('serves from two processes, and a sign-out in one ends the session in both', async () => {
    expect(childrenOf(portal.pid)).toHaveLength(2);
    const login = await call(portal, 'POST', 'login', '', JSON.stringify({ login: 'ab1234' }));
    expect(login.status).toBe(200);
    const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
    // Both processes read the session and keep their copy of it.
    for (let i = 0; i < 4; i++) expect((await call(portal, 'GET', 'users', cookie)).status).toBe(200);
    expect((await call(portal, 'POST', 'logout', cookie)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const after = await call(portal, 'GET', 'users', cookie);
      expect([after.status, after.json.error]).toEqual([401, 'not active']);
    }
  });

  it('replaces a process that dies, and ends every process on SIGTERM', async () => {
    const [killed, kept] = childrenOf(portal.pid);
    process.kill(killed!, 'SIGKILL');
    await until(() => {
      const now = childrenOf(portal.pid);
      const listens = listening(portal);
      return now.length === 2 && !now.includes(killed!) && now.includes(kept!) && now.every((pid) => listens.has(pid));
    }, 'a new server process to listen');
    const login = await call(portal, 'POST', 'login', '', JSON.stringify({ login: 'kz1234' }));
    const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
    for (let i = 0; i < 4; i++) expect((await call(portal, 'GET', 'users', cookie)).status).toBe(200);

    const workers = childrenOf(portal.pid);
    expect(await portal.stop('SIGTERM')).toBe(0);
    await until(() => workers.every((pid) => !fs.existsSync(`/proc/${pid}`)), 'the server processes to end');
  });
});

describe('server processes that cannot start', () => {
  it('stop the whole server with an error instead of being started again and again', async () => {
    // An address this machine does not have: every process fails to listen.
    await expect(startPortal({ SERVER_PROCESSES: '2', HOST: '203.0.113.1' })).rejects.toThrow(
      /exited early[\s\S]*a server process ended before it listened; stopping/,
    );
  });
});
