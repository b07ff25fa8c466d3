import { describe, expect, it } from 'vitest';
import { DIALECTS, demoDatabasePerTest } from '../../test/test-env.js';
import { CATALOGUE_MAX_AGE_MS, catalogue } from './catalogue.js';
import { linkCourse, unlinkCourse, updateCourseRow } from './manager.js';

describe.each(DIALECTS)('the course catalogue on %s', (dialect) => {
  const database = demoDatabasePerTest(dialect);

  const welcomeLv = async (db: Awaited<ReturnType<typeof database.open>>) =>
    db
      .selectFrom('courses')
      .select(['id', 'name'])
      .where('alias', '=', 'welcome')
      .where('language', '=', 'lv')
      .executeTakeFirstOrThrow();

  it('shows the portal’s own writes to courses and their positions at the next read', async () => {
    const db = await database.open();
    const welcome = await welcomeLv(db);
    expect((await catalogue(db)).byId.get(welcome.id)?.name).toBe(welcome.name);
    const before = (await catalogue(db)).shown(welcome.id).digest;

    await updateCourseRow(db, welcome.id, { name: 'Sveicināti!' });
    const renamed = await catalogue(db);
    expect(renamed.byId.get(welcome.id)?.name).toBe('Sveicināti!');
    expect(renamed.shown(welcome.id)).toMatchObject({ fields: { name: 'Sveicināti!' } });
    expect(renamed.shown(welcome.id).digest).not.toBe(before);

    const position = await db.selectFrom('positions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const assigned = () => catalogue(db).then((c) => c.ofPosition(position.id).map((course) => course.id));
    await unlinkCourse(db, welcome.id, position.id);
    expect(await assigned()).not.toContain(welcome.id);
    await linkCourse(db, welcome.id, position.id);
    expect(await assigned()).toContain(welcome.id);
  });

  it('reuses a read for its lifetime and sees a row edited by hand once it has expired', async () => {
    const db = await database.open();
    const welcome = await welcomeLv(db);
    const now = Date.now();
    const first = await catalogue(db, now);
    await db.updateTable('courses').set({ name: 'Edited by hand' }).where('id', '=', welcome.id).execute();

    expect(await catalogue(db, now + CATALOGUE_MAX_AGE_MS - 1)).toBe(first);
    expect((await catalogue(db, now + CATALOGUE_MAX_AGE_MS - 1)).byId.get(welcome.id)?.name).toBe(welcome.name);
    const later = await catalogue(db, now + CATALOGUE_MAX_AGE_MS);
    expect(later.byId.get(welcome.id)?.name).toBe('Edited by hand');
  });

  it('reads inside a transaction on its own, never from or into the shared read', async () => {
    const db = await database.open();
    const welcome = await welcomeLv(db);
    const shared = await catalogue(db);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('courses').set({ name: 'Not yet' }).where('id', '=', welcome.id).execute();
        expect((await catalogue(trx)).byId.get(welcome.id)?.name).toBe('Not yet');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await catalogue(db)).toBe(shared);
    expect(shared.byId.get(welcome.id)?.name).toBe(welcome.name);
  });
});
