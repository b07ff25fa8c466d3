import { describe, expect, it } from 'vitest';
import { hashesAtOnce, hashPassword, shareHashingCores, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('shares the cores among the server processes, at least one hash each', () => {
    expect(hashesAtOnce(2, 1)).toBe(2);
    expect(hashesAtOnce(2, 2)).toBe(1);
    expect(hashesAtOnce(8, 3)).toBe(2);
    expect(hashesAtOnce(2, 4)).toBe(1);
  });

  it('verifies calls made at once, beyond the hashes run at once, each against its own hash', async () => {
    shareHashingCores(64);
    const right = await hashPassword('right horse');
    const checks = await Promise.all([
      verifyPassword(right, 'right horse'),
      verifyPassword(right, 'wrong horse'),
      verifyPassword(null, 'right horse'),
      verifyPassword('not a hash', 'right horse'),
      verifyPassword(right, 'right horse'),
    ]);
    expect(checks).toEqual([true, false, false, false, true]);
  });
});
