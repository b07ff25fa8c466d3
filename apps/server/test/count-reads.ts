import { vi } from 'vitest';
import type { Db } from '../src/db/connect.js';
import { PortalSqliteDialect } from '../src/db/sqlite-dialect.js';

/** Counts the database reads from here on: through Kysely, or straight on SQLite's statement (`readIfIdle`). */
export function countReads(db: Db): { readonly reads: number; stop(): void } {
  const throughKysely = vi.spyOn(db, 'executeQuery');
  const atOnce = vi.spyOn(PortalSqliteDialect.prototype, 'readIfIdle');
  return {
    get reads() {
      return throughKysely.mock.calls.length + atOnce.mock.results.filter((r) => r.value !== undefined).length;
    },
    stop() {
      throughKysely.mockRestore();
      atOnce.mockRestore();
    },
  };
}
