// Keeps the learner sessions' touch out of the measured loads.
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '../../apps/server/src/db/connect.js';
import { hashToken, TOUCH_INTERVAL_MS } from '../../apps/server/src/db/sessions.js';

/** Beyond the touch interval, so that every session of a pass is due its touch. */
const MARGIN_MS = 1000;

/**
 * A session's first call a minute after its last touch reads it and touches it again (one write, `db/sessions.ts`).
 * The bench's learner sessions were created, and are touched, all at once, so they fall due together: a load that
 * ran then paid for all of them in its few seconds (`ping` at 50 connections on two processes: 87–96 µs of CPU a
 * request in that load, 67–83 µs in the loads around it), where real use spreads the touches over the minute.
 * Before each load on the portal `beforeLoad` reads when the sessions were last touched; when they would fall due
 * during the load, it waits until every one of them is due and touches them all with `touchAll` (a pass of one call
 * per session). `meanwhile` gets the time they are due at and may use the wait for loads that do not reach the portal.
 */
export function sessionTouches(options: {
  databaseUrl: string;
  baseDir: string;
  tokens: string[];
  touchAll(): Promise<void>;
}) {
  const connection = connect(options.databaseUrl, { baseDir: options.baseDir, poolSize: 1 });
  const hashes = options.tokens.map(hashToken);
  const lastTouches = async () => {
    const row = await connection.db
      .selectFrom('sessions')
      .select((eb) => [eb.fn.min('last_seen_at').as('first'), eb.fn.max('last_seen_at').as('last')])
      .where('token_hash', 'in', hashes)
      .executeTakeFirstOrThrow();
    return { first: Date.parse(row.first), last: Date.parse(row.last) };
  };
  return {
    /** Makes sure no session falls due within the next `loadMs`; gives the milliseconds it idled for that. */
    async beforeLoad(loadMs: number, meanwhile: (dueAt: number) => Promise<void> = async () => {}): Promise<number> {
      const { first, last } = await lastTouches();
      if (Date.now() + loadMs + MARGIN_MS < first + TOUCH_INTERVAL_MS) return 0;
      const dueAt = last + TOUCH_INTERVAL_MS + MARGIN_MS;
      await meanwhile(dueAt);
      const wait = Math.max(0, dueAt - Date.now());
      await sleep(wait);
      await options.touchAll();
      return wait;
    },
    close: () => connection.close(),
  };
}
