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

  it('asked for in one turn of the event loop, run at its end in one read transaction, each answered on its own', async () => {
    const database = new SQLite(':memory:');
    database.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b')");
    database.function('in_transaction', () => (database.inTransaction ? 1 : 0));
    const dialect = new PortalSqliteDialect({ database, sessionCache: new SessionCache({ maxEntries: 10 }) });
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect });
    const read = (id: number) =>
      dialect.readAtTurnEnd('select name, in_transaction() as inside from t where id = ?', [id]);

    const [a, broken, b] = [read(1), dialect.readAtTurnEnd('select missing from t', []), read(2)];
    expect(database.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    expect(await a).toEqual([{ name: 'a', inside: 1 }]);
    await expect(broken).rejects.toThrow(/no such column/);
    expect(await b).toEqual([{ name: 'b', inside: 1 }]);
    expect(database.inTransaction).toBe(false);
    // A read alone needs no transaction of its own.
    expect(await read(2)).toEqual([{ name: 'b', inside: 0 }]);

    // While a transaction holds the connection at the turn's end, the reads are left to Kysely's queue.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ name: 'uncommitted' }).where('id', '=', 1).execute();
      expect(await Promise.all([read(1), read(2)])).toEqual([undefined, undefined]);
    });
    expect(await read(1)).toEqual([{ name: 'uncommitted', inside: 0 }]);
    await db.destroy();
  });
});
