import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { clearAttempts, giveBackAttempts, reserveAttempts } from './login-attempts.js';

const at = (iso: string) => new Date(iso);

describe.each(DIALECTS)('login attempts on %s', (dialect) => {
  it('reserve within a window, start a new one once it has passed, give back and clear', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      await reserveAttempts(db, ['acct:a'], 15, at('2026-11-23T08:00:00Z'));
      await reserveAttempts(db, ['acct:a'], 15, at('2026-11-23T08:05:00Z'));
      const both = await reserveAttempts(db, ['ip:1', 'acct:a'], 15, at('2026-11-23T08:14:00Z'));
      expect(Object.fromEntries(both)).toEqual({ 'acct:a': 3, 'ip:1': 1 });

      // The window of 08:00 has passed by 08:15: the count starts again from this attempt.
      expect((await reserveAttempts(db, ['acct:a'], 15, at('2026-11-23T08:15:00Z'))).get('acct:a')).toBe(1);

      await giveBackAttempts(db, ['acct:a', 'ip:1']);
      await giveBackAttempts(db, ['ip:1']);
      expect(Object.fromEntries(await reserveAttempts(db, ['acct:a', 'ip:1'], 15, at('2026-11-23T08:16:00Z')))).toEqual(
        {
          'acct:a': 1,
          'ip:1': 1,
        },
      );
      await clearAttempts(db, 'acct:a');
      expect((await reserveAttempts(db, ['acct:a'], 15, at('2026-11-23T08:17:00Z'))).get('acct:a')).toBe(1);
    } finally {
      await database.dispose();
    }
  });

  it('gives each of a burst of concurrent reservations its own count', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const now = at('2026-11-23T08:00:00Z');
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => reserveAttempts(database.db, ['ip:2', 'pin-failures'], 15, now)),
      );
      const counts = answers.map((answer) => answer.get('ip:2')).sort((a, b) => a! - b!);
      expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await database.dispose();
    }
  });
});
