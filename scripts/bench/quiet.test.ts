import { describe, expect, it } from 'vitest';
import { machineBusyMs, untilQuiet } from './quiet.js';

describe('the bench waiting for an idle machine', () => {
  it('counts every CPU state but idle and I/O wait as busy, in ms of 10 ms ticks', () => {
    const stat = 'cpu  100 5 50 9000 40 3 2 7 0 0\ncpu0 50 2 25 4500 20 1 1 3 0 0\n';
    expect(machineBusyMs(stat)).toBe((100 + 5 + 50 + 3 + 2 + 7) * 10);
  });

  it('reads this machine, and waits at least one window and at most about its limit', async () => {
    expect(machineBusyMs()).toBeGreaterThan(0);
    // A share no machine gets under: it waits to the limit.
    const waited = await untilQuiet({ busyShare: -1, maxMs: 500 });
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(1500);
    expect(await untilQuiet({ busyShare: 1.01 })).toBeLessThan(1000);
  });
});
