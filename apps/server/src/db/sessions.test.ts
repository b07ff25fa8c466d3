import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { createSession, endUserSessions, resolveSession } from './sessions.js';

const policy = { idleMinutes: 30, maxHours: 8 };
const at = (iso: string) => new Date(iso);

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  it('expire after the idle time, are kept alive by use, and end at the absolute limit', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await seedDemoIfEmpty(database.db);
      const start = at('2026-11-23T08:00:00Z');
      const token = await createSession(database.db, 1, policy, start);

      expect(await resolveSession(database.db, token, policy, at('2026-11-23T08:29:00Z'))).not.toBeNull();
      // Used at 08:29, so the idle clock restarts: still valid at 08:58, gone after 30 idle minutes.
      expect(await resolveSession(database.db, token, policy, at('2026-11-23T08:58:00Z'))).not.toBeNull();
      expect(await resolveSession(database.db, token, policy, at('2026-11-23T09:29:00Z'))).toBeNull();

      const busy = await createSession(database.db, 1, policy, start);
      for (let minute = 20; minute < 8 * 60; minute += 20) {
        const now = new Date(start.getTime() + minute * 60_000);
        expect(await resolveSession(database.db, busy, policy, now), `minute ${minute}`).not.toBeNull();
      }
      expect(await resolveSession(database.db, busy, policy, at('2026-11-23T16:00:00Z'))).toBeNull();
    } finally {
      await database.dispose();
    }
  });

  it('ends every session of a user at once', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await seedDemoIfEmpty(database.db);
      const a = await createSession(database.db, 2, policy);
      const b = await createSession(database.db, 2, policy);
      await endUserSessions(database.db, 2);
      expect(await resolveSession(database.db, a, policy)).toBeNull();
      expect(await resolveSession(database.db, b, policy)).toBeNull();
    } finally {
      await database.dispose();
    }
  });

  it('refuses an unknown token', async () => {
    const database = await openTestDatabase(dialect);
    try {
      expect(await resolveSession(database.db, 'not-a-token', policy)).toBeNull();
    } finally {
      await database.dispose();
    }
  });
});
