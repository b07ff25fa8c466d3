import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { attemptsOf, clearAttempts, countAttempt, isLimited } from './login-attempts.js';

const limit = { max: 3, windowMinutes: 15 };
const at = (iso: string) => new Date(iso);

describe.each(DIALECTS)('login attempts on %s', (dialect) => {
  it('count within a window, start a new one once it has passed, and read several keys at once', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      await countAttempt(db, 'acct:a', limit, at('2026-11-23T08:00:00Z'));
      await countAttempt(db, 'acct:a', limit, at('2026-11-23T08:05:00Z'));
      await countAttempt(db, 'acct:a', limit, at('2026-11-23T08:14:00Z'));
      await countAttempt(db, 'ip:1', limit, at('2026-11-23T08:14:00Z'));

      const within = await attemptsOf(db, ['acct:a', 'ip:1', 'acct:none']);
      expect(Object.fromEntries(within)).toEqual({
        'acct:a': { window_start: '2026-11-23T08:00:00.000Z', failures: 3 },
        'ip:1': { window_start: '2026-11-23T08:14:00.000Z', failures: 1 },
      });
      expect(isLimited(within.get('acct:a'), limit, at('2026-11-23T08:14:59Z'))).toBe(true);
      expect(isLimited(within.get('acct:a'), limit, at('2026-11-23T08:15:00Z'))).toBe(false);

      // The window of 08:00 has passed by 08:15: the count starts again from this attempt.
      await countAttempt(db, 'acct:a', limit, at('2026-11-23T08:15:00Z'));
      expect((await attemptsOf(db, ['acct:a'])).get('acct:a')).toEqual({
        window_start: '2026-11-23T08:15:00.000Z',
        failures: 1,
      });

      await clearAttempts(db, 'acct:a');
      expect([...(await attemptsOf(db, ['acct:a', 'ip:1'])).keys()]).toEqual(['ip:1']);
    } finally {
      await database.dispose();
    }
  });
});
