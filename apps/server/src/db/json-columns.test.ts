import { describe, expect, it } from 'vitest';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { jsonColumns, parseJsonColumns } from './json-columns.js';

describe.each(DIALECTS)('rows as JSON columns on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);

  it('line the columns of each group up, with numbers, text and null as stored', async () => {
    const db = await databases.open();
    const [first] = await db.selectFrom('users').select('id').orderBy('id').limit(1).execute();
    await db.updateTable('users').set({ position_id: null }).where('id', '=', first!.id).execute();
    const expected = await db
      .selectFrom('users')
      .select(['country', 'id', 'login', 'position_id'])
      .orderBy('country')
      .execute();
    const groups = await db
      .selectFrom('users')
      .select((eb) => ['country', jsonColumns(db, [eb.ref('id'), eb.ref('login'), eb.ref('position_id')]).as('people')])
      .groupBy('country')
      .execute();
    expect(groups.map((g) => g.country).sort()).toEqual([...new Set(expected.map((e) => e.country))].sort());
    for (const group of groups) {
      const [ids, logins, positions] = parseJsonColumns<[number, string, number | null]>(group.people, 3);
      const read = ids.map((id, i) => ({ country: group.country, id, login: logins[i], position_id: positions[i] }));
      const stored = expected.filter((e) => e.country === group.country);
      expect(read.sort((a, b) => a.id - b.id)).toEqual(stored.sort((a, b) => a.id - b.id));
    }
  });

  it('answer an empty list for each column of no rows', async () => {
    const db = await databases.open();
    const row = await db
      .selectFrom('users')
      .select((eb) => jsonColumns(db, [eb.ref('id'), eb.ref('login')]).as('people'))
      .where('id', '<', 0)
      .executeTakeFirstOrThrow();
    expect(parseJsonColumns<[number, string]>(row.people, 2)).toEqual([[], []]);
    expect(parseJsonColumns<[number, string]>(undefined, 2)).toEqual([[], []]);
  });
});
