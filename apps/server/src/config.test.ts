import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('SERVER_PROCESSES', () => {
  it('is one process unless set', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '2' }).SERVER_PROCESSES).toBe(2);
  });

  it('refuses what is not a count of processes', () => {
    for (const value of ['0', '-1', '1.5', 'two', '65'])
      expect(() => loadConfig({ SERVER_PROCESSES: value }), value).toThrow(/SERVER_PROCESSES/);
  });

  it('refuses several processes on an in-memory database, which each would have on its own', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2', DATABASE_URL: 'sqlite::memory:' })).toThrow(
      /must be 1 with an in-memory database/,
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).SERVER_PROCESSES).toBe(1);
  });
});
