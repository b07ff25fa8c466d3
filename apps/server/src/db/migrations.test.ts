import { NO_MIGRATIONS, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, ownTables } from '../../test/test-env.js';
import { migrateToLatest, migrator, type Db } from './connect.js';

async function tableNames(db: Db) {
  const tables = await ownTables(db);
  return tables.map((t) => t.name).sort();
}

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it('run up, all the way down, and up again', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const afterUp = await tableNames(database.db);
      expect(afterUp).toEqual(
        expect.arrayContaining(['users', 'courses', 'course_results', 'goals', 'tasks', 'sessions', 'audit_log']),
      );

      const down = await migrator(database).migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await tableNames(database.db)).toEqual([]);

      await migrateToLatest(database);
      expect(await tableNames(database.db)).toEqual(afterUp);
      await sql`select count(*) from users`.execute(database.db);
    } finally {
      await database.dispose();
    }
  });
});
