import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/security/personas.js';
import { call, commitAttempt, signIn, type Reply } from '../../test/security/portal-client.js';
import { startServer, type ServerProcess } from '../../test/security/server-process.js';
import { connect, type Connection } from '../db/connect.js';

/*
 * A bounded load test on 127.0.0.1 (issue 9): LOAD_LEARNERS (default 500) store learners sign in with their
 * PIN, open their course list and a course, commit SCORM progress three times and complete it, with
 * LOAD_CONCURRENCY of them at once. Zero 5xx, zero lost completions; p50/p99 latency is printed, not asserted.
 */

const LEARNERS = Number(process.env.LOAD_LEARNERS ?? 500);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 40);

describe('load', () => {
  let server: ServerProcess;
  let connection: Connection;
  const logins: string[] = [];
  const userIds: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    connection = connect(`sqlite:${path.join(server.dataDir, 'portal.sqlite')}`);
    for (let i = 0; i < LEARNERS; i++) {
      const login = `ld${String(i).padStart(5, '0')}`;
      userIds.push(
        await buildUser(connection.db, {
          role: 'learner',
          typ: 'store_user',
          department: ['lv-riga-01', 'lt-vilnius-01', 'ee-tallinn-01'][i % 3]!,
          position: 'cashier',
          login,
          name: 'Load',
          surname: `Learner${i}`,
        }),
      );
      logins.push(login);
    }
  }, 120_000);

  afterAll(async () => {
    await connection?.close();
    await server?.dispose();
  });

  it(`${LEARNERS} learners sign in, open a course, commit progress and complete it: no 5xx, nothing lost`, async () => {
    const url = server.url;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const timed = async (run: () => Promise<Reply>): Promise<Reply> => {
      const started = performance.now();
      const reply = await run();
      latencies.push(performance.now() - started);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      return reply;
    };
    const completed: string[] = [];

    const learner = async (login: string) => {
      const started = performance.now();
      const token = await signIn(url, login);
      latencies.push(performance.now() - started);
      statuses.set(200, (statuses.get(200) ?? 0) + 1);
      const list = await timed(() => call(url, 'courses', {}, token));
      expect(list.status).toBe(200);
      const launched = await timed(() => call(url, 'launch_course', { course_alias: 'welcome' }, token));
      expect(launched.status, JSON.stringify(launched.body)).toBe(200);
      const s = launched.body.result as { token: string; seq: number; scos: { id: string }[] };
      for (let page = 1; page <= 3; page++) {
        const commit = await timed(() =>
          commitAttempt(url, {
            token: s.token,
            seq: s.seq + page,
            sco: s.scos[0]!.id,
            cmi: { core: { lesson_location: `page-${page}`, lesson_status: 'incomplete', score: { raw: page * 10 } } },
            log: [{ t: Date.now(), call: 'LMSCommit', result: 'true' }],
          }),
        );
        expect(commit.status, JSON.stringify(commit.body)).toBe(200);
      }
      const done = await timed(() =>
        call(url, 'set_course_complete', { course_alias: 'welcome', complete: true }, token),
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      completed.push(login);
    };

    const queue = [...logins];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let login = queue.shift(); login; login = queue.shift()) await learner(login);
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    expect(serverErrors).toBe(0);
    expect(completed).toHaveLength(LEARNERS);
    const stored = await connection.db
      .selectFrom('course_results')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('course_alias', '=', 'welcome')
      .where('complete', '=', 1)
      .where('user_id', 'in', userIds)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n), 'completions lost').toBe(LEARNERS);

    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(
      `[security] load: ${LEARNERS} learners, ${latencies.length} requests in ${seconds.toFixed(1)} s ` +
        `(${CONCURRENCY} at once), statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, 5xx ${serverErrors}, completions ${stored.n}/${LEARNERS}`,
    );
  }, 240_000);
});
