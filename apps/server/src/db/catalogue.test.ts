import { describe, expect, it, vi } from 'vitest';
import { countReads } from '../../test/count-reads.js';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { catalogue } from './catalogue.js';
import type { Db } from './connect.js';

describe.each(DIALECTS)('the catalogue copy on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);
  const open = async () => {
    const db = await databases.open();
    const first = await db.selectFrom('courses').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    return { db, courseId: first.id, name: first.name };
  };
  const version = async (db: Db) =>
    String((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
  const rename = (db: Db, id: number, name: string) =>
    db.updateTable('courses').set({ name }).where('id', '=', id).execute();

  it('answers from its copy without a query while the catalogue is unchanged', async () => {
    const { db } = await open();
    const first = await catalogue(db);
    // PostgreSQL vouches for a copy only once its LISTEN connection is up, a moment after the first query.
    await vi.waitFor(async () => {
      await catalogue(db);
      const counter = countReads(db);
      try {
        expect(await catalogue(db)).toBe(first);
        expect(counter.reads).toBe(0);
      } finally {
        counter.stop();
      }
    });
  });

  it('reads the version, and only the version, inside a transaction', async () => {
    const { db } = await open();
    const first = await catalogue(db);
    await db.transaction().execute(async (trx) => {
      const counter = countReads(trx);
      try {
        expect(await catalogue(trx)).toBe(first);
        expect(counter.reads).toBe(1);
      } finally {
        counter.stop();
      }
    });
  });

  it('moves the version on every insert, update and delete of a course or of its positions', async () => {
    const { db, courseId } = await open();
    const seen = [await version(db)];
    const row = await db.selectFrom('courses').selectAll().where('id', '=', courseId).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    const inserted = await db
      .insertInto('courses')
      .values({ ...copy, alias: 'catalogue-test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    seen.push(await version(db));
    await rename(db, inserted.id, 'Renamed');
    seen.push(await version(db));
    const { id: positionId } = await db.selectFrom('positions').select('id').executeTakeFirstOrThrow();
    await db.insertInto('course_positions').values({ course_id: inserted.id, position_id: positionId }).execute();
    seen.push(await version(db));
    expect((await catalogue(db)).byPosition.get(positionId)).toContainEqual(
      expect.objectContaining({ id: inserted.id }),
    );
    await db.deleteFrom('course_positions').where('course_id', '=', inserted.id).execute();
    seen.push(await version(db));
    await db.deleteFrom('courses').where('id', '=', inserted.id).execute();
    seen.push(await version(db));
    expect(new Set(seen).size).toBe(6);
    expect((await catalogue(db)).byId.has(inserted.id)).toBe(false);
  });

  it('reads the courses once for the calls that find a new version at the same time', async () => {
    const { db, courseId } = await open();
    await catalogue(db);
    await rename(db, courseId, 'Read once');
    const queries = vi.spyOn(db.getExecutor(), 'executeQuery');
    try {
      const copies = await Promise.all(Array.from({ length: 20 }, () => catalogue(db)));
      expect(new Set(copies).size).toBe(1);
      expect(copies[0]!.byId.get(courseId)?.name).toBe('Read once');
      const courseReads = queries.mock.calls.filter(([query]) => query.sql.includes('from "courses"'));
      expect(courseReads).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('sees a change another process committed', async () => {
    const { db, courseId } = await open();
    await catalogue(db);
    await rename(await databases.secondProcess(), courseId, 'Changed elsewhere');
    // A process looks for commits elsewhere at most once a millisecond; PostgreSQL's notification arrives a moment
    // after the commit.
    await vi.waitFor(async () => expect((await catalogue(db)).byId.get(courseId)?.name).toBe('Changed elsewhere'));
  });

  it('shows a transaction its own change and keeps nothing of it once rolled back', async () => {
    const { db, courseId, name } = await open();
    await catalogue(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await rename(trx, courseId, 'Rolled back');
        expect((await catalogue(trx)).byId.get(courseId)?.name).toBe('Rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // The next committed change takes the version the rolled-back one had: its rows must be read, not a copy's.
    await rename(db, courseId, 'Committed');
    expect((await catalogue(db)).byId.get(courseId)?.name).toBe('Committed');
    await rename(db, courseId, name);
    expect((await catalogue(db)).byId.get(courseId)?.name).toBe(name);
  });
});
