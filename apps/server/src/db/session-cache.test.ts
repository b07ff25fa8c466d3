import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countReads } from '../../test/count-reads.js';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  currentSchema,
  demoDatabasePerTest,
  openTestDatabase,
} from '../../test/test-env.js';
import type { Db } from './connect.js';
import { listNotifications } from './content.js';
import { listenStatement, sessionChannel } from './postgres-dialect.js';
import { SessionCache, changesCachedRows } from './session-cache.js';
import { createSession, endSession, endUserSessions, resolveSession } from './sessions.js';

const policy = { idleMinutes: 30, maxHours: 8 };
const ANNA = 2;

describe('SessionCache', () => {
  it('keeps a read only if nothing was invalidated while it ran', () => {
    const cache = new SessionCache<string>({ maxEntries: 10 });
    const before = cache.generation;
    cache.clear();
    cache.set('a', 'stale', before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'fresh', cache.generation);
    expect(cache.get('a')).toBe('fresh');
  });

  it('makes room by dropping the entry used longest ago', () => {
    const cache = new SessionCache<number>({ maxEntries: 2 });
    for (const key of ['a', 'b']) cache.set(key, 1, cache.generation);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 1, cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 1]);
  });

  it('empties itself when another process wrote, and answers nothing while not ready', () => {
    let elsewhere = false;
    const cache = new SessionCache<number>({ maxEntries: 10, changedElsewhere: () => elsewhere });
    cache.set('a', 1, cache.generation);
    elsewhere = true;
    expect(cache.get('a')).toBeUndefined();
    elsewhere = false;
    cache.set('a', 1, cache.generation);
    cache.setReady(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1, cache.generation);
    cache.setReady(true);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe.each(DIALECTS)('writes to cached rows on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => database?.dispose());

  it('are the writes that can end a session, change its user or its profile, or change notifications or courses', async () => {
    database = await openTestDatabase(dialect);
    const db = database.db;
    const writes = {
      'role change': db.updateTable('users').set({ role: 'admin' }).where('id', '=', 1),
      'user deleted': db.deleteFrom('users').where('id', '=', 1),
      'sign-out': db.deleteFrom('sessions').where('token_hash', '=', 'x'),
      'session moved to another user': db.updateTable('sessions').set({ user_id: 3 }),
      'user upsert': db
        .insertInto('users')
        .values({ id: 1, login: 'x' } as never)
        .onConflict((oc) => oc.column('id').doUpdateSet({ login: 'x' })),
      'raw delete': sql`delete from sessions where user_id = ${1}`,
      'department renamed': db.updateTable('departments').set({ label: 'x' }).where('id', '=', 1),
      'position removed': db.deleteFrom('positions').where('id', '=', 1),
      'notification added': db.insertInto('notifications').values({ alias: 'x' } as never),
      'notification disabled': db.updateTable('notifications').set({ status: 'disabled' }),
      'notification removed': db.deleteFrom('notifications').where('id', '=', 1),
      'raw notification insert': sql`insert into notifications (alias) values (${'x'})`,
      'course added': db.insertInto('courses').values({ alias: 'x' } as never),
      'course renamed': db.updateTable('courses').set({ name: 'x' }).where('id', '=', 1),
      'course unassigned': db.deleteFrom('course_positions').where('course_id', '=', 1),
      'raw course insert': sql`insert into courses (alias) values (${'x'})`,
    };
    const others = {
      'session touch': db.updateTable('sessions').set({ last_seen_at: 'a', expires_at: 'b' }),
      'sign-in': db.insertInto('sessions').values({ token_hash: 'x' } as never),
      'user read': db.selectFrom('users').selectAll(),
      'goal edit': db.updateTable('goals').set({ name: 'x' }),
      'course result': db.deleteFrom('course_results'),
      'raw read': sql`select * from users`,
      'new department': db.insertInto('departments').values({ alias: 'x' } as never),
      'notification read': db.insertInto('notification_reads').values({ user_id: 1 } as never),
      'additional course': db.insertInto('additional_courses').values({ user_id: 1 } as never),
      'raw additional course': sql`insert into additional_courses (user_id) values (${1})`,
    };
    for (const [name, query] of Object.entries(writes)) expect(changesCachedRows(query.compile(db)), name).toBe(true);
    for (const [name, query] of Object.entries(others)) expect(changesCachedRows(query.compile(db)), name).toBe(false);
  });
});

describe('writes to cached rows on sqlite, seen by another process', () => {
  const databases = demoDatabasePerTest('sqlite');

  it('move cached_rows_version on (migrations 0006 and 0007) exactly when changesCachedRows says so', async () => {
    const db = await databases.open();
    await createSession(db, ANNA, policy);
    const version = async () =>
      (await sql<{ version: number }>`select version from cached_rows_version`.execute(db)).rows[0]!.version;
    const now = new Date().toISOString();
    const anna = await db.selectFrom('users').selectAll().where('id', '=', ANNA).executeTakeFirstOrThrow();
    const { id: _id, ...course } = await db.selectFrom('courses').selectAll().executeTakeFirstOrThrow();
    const { id: positionId } = await db.selectFrom('positions').select('id').executeTakeFirstOrThrow();
    const newCourse = db.selectFrom('courses').select('id').where('alias', '=', 'new-course');
    const writes = {
      'session touch': db.updateTable('sessions').set({ last_seen_at: now, expires_at: now }),
      'sign-in': db
        .insertInto('sessions')
        .values({ token_hash: 'new', user_id: ANNA, created_at: now, last_seen_at: now, expires_at: now }),
      'goal edit': db.updateTable('goals').set({ name: 'x' }),
      'new department': db
        .insertInto('departments')
        .values({ alias: 'new-dep', label: 'New', country: 'lv', kind: 'office' }),
      'notification read': db
        .insertInto('notification_reads')
        .values({ user_id: ANNA, notification_id: 1, read_at: new Date().toISOString() }),
      'additional course': db
        .insertInto('additional_courses')
        .values({ user_id: ANNA, course_alias: course.alias, added_by: null, added_at: now }),
      'course added': db.insertInto('courses').values({ ...course, alias: 'new-course' }),
      'course renamed': db.updateTable('courses').set({ name: 'Renamed' }).where('alias', '=', 'new-course'),
      'course assigned': db.insertInto('course_positions').values({ course_id: newCourse, position_id: positionId }),
      'course unassigned': db.deleteFrom('course_positions').where('course_id', '=', newCourse),
      'course removed': db.deleteFrom('courses').where('alias', '=', 'new-course'),
      'role change': db.updateTable('users').set({ role: 'admin' }).where('id', '=', ANNA),
      'user upsert': db
        .insertInto('users')
        .values(anna)
        .onConflict((oc) => oc.column('id').doUpdateSet({ surname: 'Upserted' })),
      'session moved to another user': db.updateTable('sessions').set({ user_id: 3 }).where('token_hash', '=', 'new'),
      'sign-out': db.deleteFrom('sessions').where('token_hash', '=', 'new'),
      'department renamed': db.updateTable('departments').set({ label: 'Renamed' }).where('alias', '=', 'new-dep'),
      'position renamed': db.updateTable('positions').set({ label: 'Renamed' }),
      'notification disabled': db.updateTable('notifications').set({ status: 'disabled' }),
      'notification removed': db.deleteFrom('notifications').where('id', '=', 1),
      'user deleted': db.deleteFrom('users').where('id', '=', ANNA),
    };
    for (const [name, query] of Object.entries(writes)) {
      const before = await version();
      await query.execute();
      expect({ name, moved: (await version()) !== before }).toEqual({
        name,
        moved: changesCachedRows(query.compile()),
      });
    }
  });
});

/** How many database reads resolving the token took (0: the cache answered). */
async function readsToResolve(db: Db, token: string): Promise<{ role: string | null; reads: number }> {
  const counter = countReads(db);
  try {
    const user = await resolveSession(db, token, policy);
    return { role: user?.role ?? null, reads: counter.reads };
  } finally {
    counter.stop();
  }
}

describe.each(DIALECTS)('the session cache on %s', (dialect) => {
  const databases = demoDatabasePerTest(dialect);
  let db: Db;

  const open = async () => {
    db = await databases.open();
    const token = await createSession(db, ANNA, policy);
    expect(await readsToResolve(db, token)).toEqual({ role: 'learner', reads: 1 });
    // PostgreSQL caches only once its LISTEN connection is up, a moment after the first query.
    await vi.waitFor(async () => {
      await resolveSession(db, token, policy);
      expect(await readsToResolve(db, token)).toEqual({ role: 'learner', reads: 0 });
    });
    return token;
  };

  it('answers a session in use from memory and forgets it the moment this process ends it', async () => {
    const token = await open();
    await endSession(db, (await resolveSession(db, token, policy))!.tokenHash);
    expect(await readsToResolve(db, token)).toEqual({ role: null, reads: 1 });
  });

  it('sees a role change and the end of all a user’s sessions made in this process at once', async () => {
    const token = await open();
    await db
      .transaction()
      .execute((trx) => trx.updateTable('users').set({ role: 'admin' }).where('id', '=', ANNA).execute());
    expect(await readsToResolve(db, token)).toEqual({ role: 'admin', reads: 1 });
    await endUserSessions(db, ANNA);
    expect(await readsToResolve(db, token)).toEqual({ role: null, reads: 1 });
  });

  it('stays answered from memory while the session is only used and touched', async () => {
    const token = await open();
    const later = new Date(Date.now() + 2 * 60_000);
    expect((await resolveSession(db, token, policy, later))?.role).toBe('learner');
    const spy = vi.spyOn(db, 'executeQuery');
    expect((await resolveSession(db, token, policy, later))?.role).toBe('learner');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('drops what it holds when another process ends the session', async () => {
    const token = await open();
    await endUserSessions(await databases.secondProcess(), ANNA);
    // PostgreSQL's notification arrives a moment after the commit.
    await vi.waitFor(async () => expect(await readsToResolve(db, token)).toEqual({ role: null, reads: 1 }));
  });

  it('keeps what it holds while another process commits writes to other rows', async () => {
    const token = await open();
    const other = await databases.secondProcess();
    const touch = () => other.updateTable('sessions').set({ last_seen_at: new Date().toISOString() }).execute();
    const cachedAfter = async (write: () => Promise<unknown>) => {
      await write();
      // A process looks for commits elsewhere at most once a millisecond.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return readsToResolve(db, token);
    };
    // This connection opened before the database was migrated: the first commit elsewhere counts whatever it wrote.
    await touch();
    await vi.waitFor(async () => {
      await resolveSession(db, token, policy);
      expect(await readsToResolve(db, token)).toEqual({ role: 'learner', reads: 0 });
    });
    expect(await cachedAfter(touch)).toEqual({ role: 'learner', reads: 0 });
    const read = { user_id: ANNA, notification_id: 1, read_at: new Date().toISOString() };
    expect(await cachedAfter(() => other.insertInto('notification_reads').values(read).execute())).toEqual({
      role: 'learner',
      reads: 0,
    });
    await other.updateTable('users').set({ role: 'admin' }).where('id', '=', ANNA).execute();
    await vi.waitFor(async () => expect(await readsToResolve(db, token)).toEqual({ role: 'admin', reads: 1 }));
  });

  it('keeps the active notifications until a write to them, in this process or another', async () => {
    await open();
    const titles = async () => (await listNotifications(db, ANNA, 'lv')).map((n) => n.name);
    const first = await titles();
    expect(first.length).toBeGreaterThan(0);
    const counter = countReads(db);
    expect(await titles()).toEqual(first);
    expect(counter.reads).toBe(1); // the person's reads only
    counter.stop();

    await db.updateTable('notifications').set({ name: 'Renamed here' }).where('name', '=', first[0]!).execute();
    expect((await titles())[0]).toBe('Renamed here');
    const other = await databases.secondProcess();
    await other.updateTable('notifications').set({ status: 'disabled' }).where('name', '=', 'Renamed here').execute();
    await vi.waitFor(async () => expect(await titles()).toEqual(first.slice(1)));
  });

  it.runIf(dialect === 'postgres')('reads the database while its LISTEN connection is lost', async () => {
    const token = await open();
    const listen = listenStatement(sessionChannel(await currentSchema(db)));
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where query = $1', [
        listen,
      ]);
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(async () => expect((await readsToResolve(db, token)).reads).toBe(1));
    // Listening again (after a second), it caches again.
    await vi.waitFor(
      async () => {
        await resolveSession(db, token, policy);
        expect(await readsToResolve(db, token)).toEqual({ role: 'learner', reads: 0 });
      },
      { timeout: 5_000, interval: 200 },
    );
  });
});
