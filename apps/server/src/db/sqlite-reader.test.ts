import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import type { Db } from './connect.js';
import { readBeside } from './sqlite-reader.js';

const peopleOf = (db: Db, country: string) =>
  db.selectFrom('users').select(['id', 'login', 'name']).where('country', '=', country).orderBy('id').compile();

describe.each(DIALECTS)('reading beside the connection on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('answers what the connection answers', async () => {
    const db = await databases.open();
    for (const country of ['lv', 'lt', 'ee']) {
      const query = peopleOf(db, country);
      const rows = await readBeside(db, query);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual((await db.executeQuery(query)).rows);
    }
  });

  it('reads a transaction’s own changes inside it', async () => {
    const db = await databases.open();
    const [first] = await readBeside(db, peopleOf(db, 'lv'));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Changed' }).where('id', '=', first!.id).execute();
      const rows = await readBeside(trx, peopleOf(trx, 'lv'));
      expect(rows.find((row) => row.id === first!.id)?.name).toBe('Changed');
    });
  });
});

describe.runIf(DIALECTS.includes('sqlite'))('the second SQLite connection', () => {
  const databases = demoDatabasePerTest('sqlite');
  const count = async (db: Db) =>
    (await readBeside(db, sql<{ n: number }>`select count(*) as n from users`.compile(db)))[0]!.n;

  it('reads on a connection of its own: what is committed, while this one is held by a transaction', async () => {
    const db = await databases.open();
    const absent = async () =>
      (await readBeside(db, sql<{ n: number }>`select count(*) as n from users where long_term = 1`.compile(db)))[0]!.n;
    const [people, absentBefore] = [await count(db), await absent()];
    expect(absentBefore).toBeLessThan(people);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ long_term: 1 }).execute();
      // On the server's own connection these would wait for the transaction that holds it, which waits for them.
      expect(await absent()).toBe(absentBefore);
      expect(await count(db)).toBe(people);
    });
    expect(await absent()).toBe(people);
  });

  it('passes on SQLite’s error and refuses to write; the next read is answered', async () => {
    const db = await databases.open();
    await expect(readBeside(db, sql`select * from no_such_table`.compile(db))).rejects.toThrow('no such table');
    await expect(readBeside(db, sql`delete from users`.compile(db))).rejects.toThrow(/return rows|readonly/);
    expect(await count(db)).toBeGreaterThan(0);
  });
});
