import fs from 'node:fs';
import { once } from 'node:events';
import { adminRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { DownloadBody } from './download-body.js';
import { writeWorkbook } from './xlsx.js';

const PASS = 'demo-pass';
const { DOWNLOAD_PATH } = adminRoutes;

/** The threads of this process, as the kernel counts them. */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]);

/** Runs `work` while sampling the thread count; the most threads seen above the count before. */
async function threadsAddedDuring<T>(work: () => Promise<T>): Promise<{ result: T; added: number }> {
  const before = threads();
  let most = before;
  const sampler = setInterval(() => (most = Math.max(most, threads())), 2);
  try {
    const result = await work();
    return { result, added: most - before };
  } finally {
    clearInterval(sampler);
  }
}

describeEachDatabase(
  'export limits',
  (env) => {
    const exportAll = (token: string) =>
      env().app.inject({
        method: 'GET',
        url: `${DOWNLOAD_PATH}?r=get_users_results_excel&params=${encodeURIComponent(
          JSON.stringify({ exportAll: true, departments: [], lang: 'en' }),
        )}`,
        headers: { cookie: `portal_session=${token}` },
      });

    it('refuses exports over the per-caller and overall caps as rate limited, and bounds the threads', async () => {
      const callers = await Promise.all(
        ['training.manager', 'inga.vitola', 'roberts.liepa'].map((login) => env().login(login, PASS)),
      );
      // The database's own threads start with the first reads.
      for (const token of callers) expect((await exportAll(token)).statusCode).toBe(200);
      const { result, added } = await threadsAddedDuring(() =>
        Promise.all(Array.from({ length: 30 }, (_, index) => exportAll(callers[index % 3]!))),
      );
      const answered = result.filter((res) => res.statusCode === 200);
      const refused = result.filter((res) => res.statusCode === 429);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.length).toBeLessThanOrEqual(3);
      expect(answered.length + refused.length).toBe(30);
      for (const res of refused) expect(res.json()).toMatchObject({ error: 'rate limited' });
      for (const res of answered) expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      // Three writers at most, and the one kept for the next export.
      expect(added).toBeLessThanOrEqual(4);

      // One caller alone gets at most its own cap.
      const own = await Promise.all(Array.from({ length: 10 }, () => exportAll(callers[0]!)));
      expect(own.filter((res) => res.statusCode === 200).length).toBeLessThanOrEqual(2);

      // Every slot is given back: the next exports are answered.
      for (const token of callers) expect((await exportAll(token)).statusCode).toBe(200);
    });
  },
  { EXPORTS_AT_ONCE: '3', EXPORTS_PER_CALLER: '2' },
);

describe('a download nobody reads', () => {
  it('is ended after the unread timeout, and its writer thread ends with it', async () => {
    const body = new DownloadBody(500);
    let ended: Error | undefined;
    body.on('error', (error) => (ended = error));
    const before = threads();
    const started = Date.now();
    const writing = writeWorkbook(body, async (workbook) => {
      const sheet = workbook.addSheet('Rows', [
        { header: 'A', width: 10 },
        { header: 'B', width: 10 },
      ]);
      // Random text does not compress: the output outgrows every buffer on the way and waits for a reader.
      for (let row = 0; row < 200_000; row++) await sheet.addRow([Math.random().toString(36), row]);
    });
    await expect(writing).rejects.toThrow(/closed before the workbook was written/);
    expect(ended?.message).toMatch(/not read for/);
    expect(Date.now() - started).toBeLessThan(20_000);
    if (!body.closed) await once(body, 'close');
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('keeps a download that is read slowly', async () => {
    const body = new DownloadBody(500);
    const chunks: Buffer[] = [];
    const reading = (async () => {
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await writeWorkbook(body, async (workbook) => {
      const sheet = workbook.addSheet('Rows', [{ header: 'A', width: 10 }]);
      for (let row = 0; row < 20_000; row++) await sheet.addRow([Math.random().toString(36)]);
    });
    await reading;
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
  });
});
