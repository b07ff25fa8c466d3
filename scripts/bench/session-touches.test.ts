import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrateToLatest, type Connection } from '../../apps/server/src/db/connect.js';
import { createSession, hashToken, resolveSession, TOUCH_INTERVAL_MS } from '../../apps/server/src/db/sessions.js';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/demo.js';
import { sessionTouches } from './session-touches.js';

const policy = { idleMinutes: 120, maxHours: 12 };

describe('the bench keeping the sessions’ touch out of its loads', () => {
  let dir: string;
  let url: string;
  let connection: Connection;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-touches-'));
    url = `sqlite:${path.join(dir, 'test.sqlite')}`;
    connection = connect(url);
    await migrateToLatest(connection);
    await seedDemoIfEmpty(connection.db);
  });

  afterEach(async () => {
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lastSeen = async (tokens: string[]) =>
    (
      await connection.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', 'in', tokens.map(hashToken))
        .execute()
    ).map((row) => Date.parse(row.last_seen_at));

  /** Sessions last touched this many seconds ago, and what the bench's pass would do with them. */
  async function setUp(secondsAgo: number[]) {
    const tokens: string[] = [];
    for (const [i, seconds] of secondsAgo.entries())
      tokens.push(await createSession(connection.db, i + 1, policy, new Date(Date.now() - seconds * 1000)));
    const passes: { at: number; due: boolean[] }[] = [];
    const touches = sessionTouches({
      databaseUrl: url,
      baseDir: dir,
      tokens,
      touchAll: async () => {
        const at = Date.now();
        passes.push({ at, due: (await lastSeen(tokens)).map((seen) => at - seen > TOUCH_INTERVAL_MS) });
        for (const token of tokens) await resolveSession(connection.db, token, policy);
      },
    });
    return { tokens, passes, touches };
  }

  it('leaves sessions alone that stay fresh through the load', async () => {
    const { passes, touches } = await setUp([10, 20]);
    try {
      expect(await touches.beforeLoad(3000)).toBe(0);
      expect(passes).toEqual([]);
    } finally {
      await touches.close();
    }
  });

  it('waits until every session that would fall due during the load is due, and touches them all before it', async () => {
    const { tokens, passes, touches } = await setUp([58.5, 58]);
    try {
      const waited = await touches.beforeLoad(3000);
      expect(waited).toBeGreaterThan(0);
      expect(passes.map((pass) => pass.due)).toEqual([[true, true]]);
      // Every session was touched by the pass, so none falls due in the next minute's loads.
      for (const seen of await lastSeen(tokens)) expect(seen).toBeGreaterThanOrEqual(passes[0]!.at);
      expect(await touches.beforeLoad(3000)).toBe(0);
      expect(passes).toHaveLength(1);
    } finally {
      await touches.close();
    }
  });

  it('gives the wait to other work first and idles only for what that leaves', async () => {
    const { passes, touches } = await setUp([58.5, 58]);
    try {
      const meanwhile: { dueAt: number; passesBefore: number }[] = [];
      const waited = await touches.beforeLoad(3000, async (dueAt) => {
        meanwhile.push({ dueAt, passesBefore: passes.length });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now() - 1000)));
      });
      expect(meanwhile).toHaveLength(1);
      expect(meanwhile[0]!.passesBefore).toBe(0);
      expect(meanwhile[0]!.dueAt).toBeGreaterThan(Date.now() - 1000);
      expect(waited).toBeGreaterThan(500);
      expect(waited).toBeLessThan(1500);
      expect(passes.map((pass) => pass.due)).toEqual([[true, true]]);
    } finally {
      await touches.close();
    }
  });
});
