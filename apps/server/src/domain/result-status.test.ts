import { courseStatus } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { statusBounds } from './result-status.js';

describe('statusBounds', () => {
  it('splits finish days exactly where the shared status rule does', () => {
    for (const now of [
      new Date('2026-01-31T08:00:00Z'),
      new Date('2026-03-01T23:59:00Z'),
      new Date('2024-02-29T12:00:00Z'),
    ]) {
      for (const expiration of [0, 1, 6, 12, 24]) {
        const bounds = statusBounds(expiration, now);
        for (let offset = -(expiration * 31 + 60); offset <= 60; offset++) {
          const day = new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
          const expected = courseStatus(
            { assigned: true, complete: true, finishTime: `${day}T12:00:00.000Z`, expiration },
            now,
          ).status;
          const bucket = day < bounds.expiredBefore ? 'expired' : day < bounds.soonBefore ? 'expires-soon' : 'complete';
          expect(`${expiration} ${day} ${bucket}`).toBe(`${expiration} ${day} ${expected}`);
        }
      }
    }
  });
});
