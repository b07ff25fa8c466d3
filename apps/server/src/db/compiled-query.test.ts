import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { compiledOnce, runCompiled } from './compiled-query.js';

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

  it.runIf(dialect === 'postgres')('are prepared by name on PostgreSQL, and other queries are not', async () => {
    const db = await databases.open();
    const [user] = await db.selectFrom('users').select('id').limit(1).execute();
    const other = db.selectFrom('users').select('login').where('id', '=', user!.id);
    const prepared = await db.transaction().execute(async (trx) => {
      expect(await runCompiled(trx, loginOf, [user!.id])).toEqual(await runCompiled(trx, loginOf, [user!.id]));
      await trx.executeQuery(other.compile());
      const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.rows.map((row) => row.statement);
    });
    expect(prepared).toContain(loginOf(db).sql);
    expect(prepared).not.toContain(other.compile().sql);
  });
});
