import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';
import { PortalSqliteDialect } from './sqlite-dialect.js';

describe('reads run at once on SQLite', () => {
  it('only when no query or transaction holds the connection, and never a statement that writes', async () => {
    const database = new SQLite(':memory:');
    database.exec("create table t (id integer primary key, name text); insert into t (name) values ('a')");
    const dialect = new PortalSqliteDialect({ database, sessionCache: new SessionCache({ maxEntries: 10 }) });
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect });
    const read = () => dialect.readIfIdle('select name from t where id = ?', [1]);

    expect(read()).toEqual([{ name: 'a' }]);
    expect(dialect.readIfIdle("insert into t (name) values ('b') returning id", [])).toBeUndefined();
    expect(database.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'uncommitted' }).where('id', '=', 1).execute();
      expect(read()).toBeUndefined();
    });
    const pending = db.selectFrom('t').selectAll().execute();
    expect(read()).toBeUndefined();
    await pending;
    expect(read()).toEqual([{ name: 'uncommitted' }]);
    await db.destroy();
  });
});
