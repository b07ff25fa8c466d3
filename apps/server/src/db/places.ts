import type { Db } from './connect.js';

/** The id of the office department with this alias, created in the country when there is none. */
export async function ensureOffice(db: Db, alias: string, label: string, country: string): Promise<number> {
  const found = await db
    .selectFrom('departments')
    .select(['id', 'country'])
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (found) {
    if (found.country !== country) throw new Error(`department ${alias} is in ${found.country}, not ${country}`);
    return found.id;
  }
  const row = await db
    .insertInto('departments')
    .values({ alias, label, country, kind: 'office', store_type_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of the country's position with this alias, created when there is none. */
export async function ensurePosition(db: Db, alias: string, label: string, country: string): Promise<number> {
  const found = await db
    .selectFrom('positions')
    .select('id')
    .where('alias', '=', alias)
    .where('country', '=', country)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('positions')
    .values({ alias, country, label })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
