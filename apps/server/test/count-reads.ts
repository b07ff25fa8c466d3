import { vi } from 'vitest';
import type { Db } from '../src/db/connect.js';
import { PipelinedReads } from '../src/db/postgres-pipeline.js';
import { PortalSqliteDialect } from '../src/db/sqlite-dialect.js';

/**
 * Counts the database reads from here on: through Kysely, straight on SQLite's statement (`readIfIdle`) or on
 * PostgreSQL's pipelined connection (`PipelinedReads.read`).
 */
export function countReads(db: Db): { readonly reads: number; stop(): void } {
  const throughKysely = vi.spyOn(db, 'executeQuery');
  const direct = [vi.spyOn(PortalSqliteDialect.prototype, 'readIfIdle'), vi.spyOn(PipelinedReads.prototype, 'read')];
  return {
    get reads() {
      const taken = direct.map((spy) => spy.mock.results.filter((r) => r.value !== undefined).length);
      return throughKysely.mock.calls.length + taken.reduce((a, b) => a + b, 0);
    },
    stop() {
      throughKysely.mockRestore();
      for (const spy of direct) spy.mockRestore();
    },
  };
}

/**
 * The turn of the event loop in which each direct read (`readAtTurnEnd`, `PipelinedReads.read`) is asked for, from
 * here on: reads asked for in one turn go to the database together.
 */
export function recordReadTurns(): { readonly turns: readonly number[]; stop(): void } {
  let turn = 0;
  let ticking = true;
  // Rescheduled from its own callback, the tick runs first in every later turn's immediates, before any read's.
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const turns: number[] = [];
  // Taken before the spies replace them: the spies note the turn, then call them.
  const sqliteRead = PortalSqliteDialect.prototype.readAtTurnEnd;
  const postgresRead = PipelinedReads.prototype.read;
  const noted = <T, A extends unknown[], R>(read: (this: T, ...args: A) => R) =>
    function (this: T, ...args: A): R {
      turns.push(turn);
      return read.apply(this, args);
    };
  const spies = [
    vi.spyOn(PortalSqliteDialect.prototype, 'readAtTurnEnd').mockImplementation(noted(sqliteRead)),
    vi.spyOn(PipelinedReads.prototype, 'read').mockImplementation(noted(postgresRead)),
  ];
  return {
    turns,
    stop() {
      ticking = false;
      for (const spy of spies) spy.mockRestore();
    },
  };
}
