import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DIALECTS, demoDatabasePerTest, TEST_DATABASE_URL } from '../../test/test-env.js';
import { compiledOnce, runCompiled, StatementNames } from './compiled-query.js';
import { nameStatements } from './postgres-dialect.js';

const loginOf = compiledOnce((db) =>
  db.selectFrom('users').select('login').where('id', '=', 0).where('role', '!=', sql.lit('none')),
);

describe.each(DIALECTS)('queries compiled once on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('run with the parameters given, inside a transaction too, with literals left as written', async () => {
    const db = await databases.open();
    const users = await db.selectFrom('users').select(['id', 'login']).orderBy('id').limit(2).execute();
    for (const user of users) expect(await runCompiled(db, loginOf, [user.id])).toEqual([{ login: user.login }]);
    const inTransaction = await db.transaction().execute((trx) => runCompiled(trx, loginOf, [users[1]!.id]));
    expect(inTransaction).toEqual([{ login: users[1]!.login }]);
  });

  it('run outside a transaction wait for it and never see its uncommitted rows', async () => {
    const db = await databases.open();
    const [user] = await db.selectFrom('users').select(['id', 'login']).limit(1).execute();
    let during: Promise<{ login: string }[]> | undefined;
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ login: 'renamed-inside' }).where('id', '=', user!.id).execute();
      during = runCompiled(db, loginOf, [user!.id]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await during).toEqual([{ login: user!.login }]);
  });

  it('refuse a call with a different number of parameters than the query has placeholders', async () => {
    const db = await databases.open();
    await expect(runCompiled(db, loginOf, [1, 'extra'])).rejects.toThrow(/takes 1 parameters, got 2/);
    await expect(runCompiled(db, loginOf, [])).rejects.toThrow(/takes 1 parameters, got 0/);
  });

  it.runIf(dialect === 'postgres')(
    'are prepared by name on PostgreSQL, and other reads from their third time',
    async () => {
      const db = await databases.open();
      const users = await db.selectFrom('users').select(['id', 'login']).orderBy('id').limit(3).execute();
      // A text of its own, which no other test has sent.
      const marker = `n${Date.now()}`;
      const other = (id: number) =>
        db
          .selectFrom('users')
          .select(['login', sql.lit(1).as(marker)])
          .where('id', '=', id);
      const preparedAfter = await db.transaction().execute(async (trx) => {
        const statements = async () =>
          (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map(
            (row) => row.statement,
          );
        expect(await runCompiled(trx, loginOf, [users[0]!.id])).toEqual(
          await runCompiled(trx, loginOf, [users[0]!.id]),
        );
        const answers = [];
        const after = [];
        for (const user of users) {
          answers.push((await trx.executeQuery(other(user.id).compile())).rows);
          after.push(await statements());
        }
        expect(answers).toEqual(users.map((user) => [{ login: user.login, [marker]: 1 }]));
        return after;
      });
      const otherSql = other(0).compile().sql;
      expect(preparedAfter.map((statements) => statements.includes(loginOf(db).sql))).toEqual([true, true, true]);
      expect(preparedAfter.map((statements) => statements.includes(otherSql))).toEqual([false, false, true]);
    },
  );
});

describe('statement names', () => {
  const read = (n: number) => `select login from users where id = $1 and ${n} = ${n}`;
  const threeTimes = (names: StatementNames, sql: string) => [0, 1, 2].map(() => names.nameOf(sql));

  it('name compiled SQL at once and a read the third time it comes, never a write, each name once', () => {
    const names = new StatementNames();
    names.compiled('update users set login = $1');
    const compiled = names.nameOf('update users set login = $1');
    expect(compiled).toEqual({ name: expect.stringMatching(/^portal_/), repeated: false });
    const [first, second, third] = threeTimes(names, read(1));
    expect([first, second]).toEqual([undefined, undefined]);
    expect(third).toEqual({ name: expect.stringMatching(/^portal_/), repeated: true });
    expect(names.nameOf(read(1))).toBe(third);
    const withRead = threeTimes(names, `with x as (${read(2)}) select * from x`).at(-1);
    expect(withRead).toEqual({ name: expect.stringMatching(/^portal_/), repeated: true });
    expect(threeTimes(names, 'delete from users where id = $1')).toEqual([undefined, undefined, undefined]);
    expect(new Set([compiled, third, withRead].map((named) => named?.name)).size).toBe(3);
  });
});

describe.runIf(TEST_DATABASE_URL)('repeated reads on a PostgreSQL connection', () => {
  /**
   * One pooled connection that keeps `limit` repeated reads prepared, reads of their own (`select $1 + n`, which no
   * other test sends) and their answer for 10.
   */
  async function withConnection(limit: number, test: (client: pg.PoolClient, reads: string[]) => Promise<void>) {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    pool.on('connect', nameStatements(limit));
    const client = await pool.connect();
    const marker = `v${Date.now()}`;
    try {
      await test(
        client,
        [1, 2, 3].map((n) => `select $1::int + ${n} as ${marker}`),
      );
    } finally {
      client.release();
      await pool.end();
    }
  }
  const answer = async (client: pg.PoolClient, sql: string) =>
    Object.values((await client.query(sql, [10])).rows[0] as object)[0] as number;

  it('stay prepared up to the limit, the least recent let go, and are prepared again when they come back', () =>
    withConnection(2, async (client, reads) => {
      // Not a select, so never named itself.
      const prepared = async () =>
        (await client.query<{ statement: string }>('table pg_prepared_statements')).rows
          .map((row) => row.statement)
          .filter((statement) => reads.includes(statement))
          .sort();
      for (const sql of reads.slice(0, 2)) for (let i = 0; i < 3; i++) await answer(client, sql);
      expect(await prepared()).toEqual([reads[0], reads[1]]);
      for (let i = 0; i < 3; i++) expect(await answer(client, reads[2]!)).toBe(13);
      expect(await prepared()).toEqual([reads[1], reads[2]]);
      expect(await answer(client, reads[0]!)).toBe(11);
      expect(await prepared()).toEqual([reads[0], reads[2]]);
    }));

  it('stay known to the driver when letting one go fails inside a failed transaction', () =>
    withConnection(1, async (client, [kept, next]) => {
      for (let i = 0; i < 3; i++) await answer(client, kept!);
      await client.query('begin');
      await expect(client.query('select 1 / 0')).rejects.toThrow(/division by zero/);
      // The third makes room for itself: the deallocation of the first fails with the transaction.
      for (let i = 0; i < 3; i++) await expect(answer(client, next!)).rejects.toThrow(/current transaction is aborted/);
      await client.query('rollback');
      expect(await answer(client, kept!)).toBe(11);
      expect(await answer(client, next!)).toBe(12);
    }));
});
