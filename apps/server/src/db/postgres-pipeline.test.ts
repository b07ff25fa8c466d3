import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { demoDatabasePerTest, TEST_DATABASE_URL } from '../../test/test-env.js';
import { compiledOnce, runCompiled } from './compiled-query.js';
import { PIPELINE_APPLICATION_NAME, PipelinedReads } from './postgres-pipeline.js';

const loginOf = compiledOnce((db) => db.selectFrom('users').select('login').where('id', '=', 0));
const asInteger = compiledOnce((db) => db.selectNoFrom(sql<number>`cast(${'0'} as integer)`.as('n')));
const sleep = compiledOnce((db) => db.selectNoFrom(sql<string>`pg_sleep(${0})::text`.as('slept')));
const backendPid = compiledOnce((db) => db.selectNoFrom(sql<number>`pg_backend_pid()`.as('pid')));

describe.runIf(TEST_DATABASE_URL)('reads of one turn on PostgreSQL', () => {
  const databases = demoDatabasePerTest('postgres');

  /** A database whose pipelined connection is up: the first query starts the driver, which opens it. */
  async function openWithPipeline() {
    const db = await databases.open();
    await runCompiled(db, loginOf, [0]);
    return db;
  }

  it('go to the database in one send, each answered with its own rows', async () => {
    const db = await openWithPipeline();
    const users = await db.selectFrom('users').select(['id', 'login']).orderBy('id').limit(20).execute();
    const writev = vi.spyOn(net.Socket.prototype, '_writev');
    const write = vi.spyOn(net.Socket.prototype, '_write');
    try {
      const answers = await Promise.all(users.map((user) => runCompiled(db, loginOf, [user.id])));
      expect(answers).toEqual(users.map((user) => [{ login: user.login }]));
      expect(writev.mock.calls.length + write.mock.calls.length).toBe(1);
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
  });

  it('fail one by one: a read that fails leaves the others of its turn', async () => {
    const db = await openWithPipeline();
    const answers = await Promise.allSettled(
      ['1', 'not a number', '3'].map((text) => runCompiled(db, asInteger, [text])),
    );
    expect(answers[0]).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { message: /invalid input syntax/ } });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: [{ n: 3 }] });
  });

  it('answer the reads under way from the pool when the connection is lost, and open it again', async () => {
    const db = await openWithPipeline();
    const [{ pid } = { pid: 0 }] = await runCompiled(db, backendPid, []);
    const users = await db.selectFrom('users').select(['id', 'login']).orderBy('id').limit(5).execute();
    const slow = runCompiled(db, sleep, [0.5]);
    const behind = Promise.all(users.map((user) => runCompiled(db, loginOf, [user.id])));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sql`select pg_terminate_backend(${pid})`.execute(db);
    expect(await slow).toEqual([{ slept: '' }]);
    expect(await behind).toEqual(users.map((user) => [{ login: user.login }]));
    await vi.waitFor(
      async () => {
        const [{ pid: now } = { pid }] = await runCompiled(db, backendPid, []);
        const pipelined = await sql<{ pid: number }>`
          select pid from pg_stat_activity where application_name = ${PIPELINE_APPLICATION_NAME} and pid = ${now}`.execute(
          db,
        );
        expect(now).not.toBe(pid);
        expect(pipelined.rows).toHaveLength(1);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('leave writes to the driver', async () => {
    const reads = new PipelinedReads({ connectionString: TEST_DATABASE_URL });
    await reads.start();
    try {
      expect(await reads.read('select 1 as one', [])).toEqual([{ one: 1 }]);
      expect(reads.read('update users set login = login', [])).toBeUndefined();
      expect(reads.read('with x as (delete from users returning id) select * from x', [])).toBeUndefined();
    } finally {
      await reads.stop();
    }
  });
});
