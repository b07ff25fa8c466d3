// Waiting for the machine to be idle before a load, so that what the load before left running (a server still
// answering its queue, collecting garbage, writing its log) does not count against the next one.
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Milliseconds the machine's cores have spent busy since boot (Linux /proc/stat: all but idle and I/O wait). */
export function machineBusyMs(stat = fs.readFileSync('/proc/stat', 'utf8')): number {
  const ticks = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  return (ticks.reduce((sum, n) => sum + n, 0) - idle) * 10;
}

const WINDOW_MS = 200;
/** The longest `untilQuiet` waits by default. */
const QUIET_MAX_MS = 3000;

/**
 * Waits until the machine spends less than `busyShare` of its cores over 200 ms, or `maxMs` have passed; gives the
 * milliseconds it waited (at least one window).
 */
export async function untilQuiet({ busyShare = 0.1, maxMs = QUIET_MAX_MS } = {}): Promise<number> {
  const started = performance.now();
  const cores = os.availableParallelism();
  for (;;) {
    const before = machineBusyMs();
    await sleep(WINDOW_MS);
    const waited = performance.now() - started;
    if (machineBusyMs() - before < busyShare * WINDOW_MS * cores || waited >= maxMs) return waited;
  }
}
