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
