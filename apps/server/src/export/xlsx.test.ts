import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { writeWorkbook, type CellValue } from './xlsx.js';

const COLUMNS = [
  { header: '=Name', width: 16 },
  { header: 'Count', width: 8 },
  { header: 'Done', width: 12, kind: 'date' as const },
];
const rowOf = (index: number): CellValue[] => [
  `=person ${index}`,
  index,
  new Date(Date.UTC(2026, 0, 1 + (index % 300))),
];

/** Writes `count` rows to `stream`; `written` counts the rows the writer has accepted so far. */
function writeRows(stream: PassThrough, count: number) {
  const progress = { written: 0 };
  const done = writeWorkbook(stream, async (workbook) => {
    const sheet = workbook.addSheet('People', COLUMNS, { frozenColumns: 1 });
    for (let index = 0; index < count; index++) {
      await sheet.addRow(rowOf(index));
      progress.written += 1;
    }
  });
  return { progress, done };
}

async function open(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet('People')!;
}

/** Writes `count` rows to a download that takes its output as it comes, and opens the sheet written. */
async function writeAndOpen(count: number) {
  const stream = new PassThrough();
  const bytes = buffer(stream);
  await writeRows(stream, count).done;
  return open(await bytes);
}

describe('writeWorkbook (ExcelJS on a thread of its own)', () => {
  it('writes the header, neutralized text, numbers and dates of every row, in order', async () => {
    const sheet = await writeAndOpen(5_000);
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell('A1').value).toBe("'=Name");
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    for (const index of [0, 1, 2_500, 4_999]) {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(`'=person ${index}`);
      expect(row.getCell(2).value).toBe(index);
      expect(row.getCell(3).value).toEqual(rowOf(index)[2]);
      expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    }
  });

  it('waits while the download does not take the output, then finishes when it does', async () => {
    const rows = 200_000;
    const stream = new PassThrough();
    const { progress, done } = writeRows(stream, rows);
    // Nobody reads the stream: the rows accepted stop growing long before all of them are in.
    let last = -1;
    let still = 0;
    await vi.waitFor(
      () => {
        still = progress.written === last ? still + 1 : 0;
        last = progress.written;
        if (still < 5) throw new Error('still writing');
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(progress.written).toBeGreaterThan(0);
    expect(progress.written).toBeLessThan(rows / 4);
    expect(stream.writableEnded).toBe(false);

    const bytes = buffer(stream);
    await done;
    expect((await open(await bytes)).rowCount).toBe(rows + 1);
  }, 120_000);

  it('stops when the download closes, and the next workbook is written whole', async () => {
    const stream = new PassThrough();
    const { done } = writeRows(stream, 200_000);
    stream.once('data', () => stream.destroy());
    await expect(done).rejects.toThrow('The download closed before the workbook was written.');

    expect((await writeAndOpen(100)).rowCount).toBe(101);
  }, 60_000);

  it.runIf(fs.existsSync('/proc/self/task'))(
    'ends the thread of a writer it gives up',
    async () => {
      await writeAndOpen(10); // leaves a writer waiting for the next workbook
      // This process's threads, once no writer is still ending from before: the waiting writer's are among them.
      const threads = () => fs.readdirSync('/proc/self/task').length;
      let before = threads();
      await vi.waitFor(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const now = threads();
          if (now !== before) throw new Error(`${before} threads, then ${(before = now)}`);
        },
        { timeout: 10_000, interval: 0 },
      );

      const stream = new PassThrough();
      const { done } = writeRows(stream, 200_000);
      stream.once('data', () => stream.destroy());
      await expect(done).rejects.toThrow('The download closed before the workbook was written.');
      await vi.waitFor(() => expect(threads()).toBeLessThan(before), { timeout: 10_000 });
    },
    30_000,
  );

  it('does not let downloads that have not taken their last pieces hold the next workbook back', async () => {
    for (let round = 0; round < 5; round++) {
      const unread = new PassThrough({ highWaterMark: 1 });
      await writeRows(unread, 100).done;
      expect(unread.readableLength).toBeGreaterThan(0);
    }
    expect((await writeAndOpen(100)).rowCount).toBe(101);
  }, 60_000);

  it('passes on a failure of the rows it is given, and the next workbook is written whole', async () => {
    const stream = new PassThrough();
    stream.resume();
    const failing = writeWorkbook(stream, async (workbook) => {
      const sheet = workbook.addSheet('People', COLUMNS);
      for (let index = 0; index < 50_000; index++) await sheet.addRow(rowOf(index));
      throw new Error('the database went away');
    });
    await expect(failing).rejects.toThrow('the database went away');
    expect(stream.writableEnded).toBe(false);

    expect((await writeAndOpen(100)).rowCount).toBe(101);
  }, 60_000);

  it("keeps each sheet's rows in their sheet, empty rows included", async () => {
    const stream = new PassThrough();
    const bytes = buffer(stream);
    await writeWorkbook(stream, async (workbook) => {
      const first = workbook.addSheet('First', COLUMNS);
      await first.addRow([]);
      await first.addRow([]);
      const second = workbook.addSheet('Second', COLUMNS);
      await second.addRow(['b', 2, null]);
      await second.addRow([]);
      await second.addRow(['c', 3, null]);
    });
    const written = new ExcelJS.Workbook();
    await written.xlsx.load((await bytes) as unknown as ArrayBuffer);
    expect(written.getWorksheet('First')!.rowCount).toBe(1);
    const second = written.getWorksheet('Second')!;
    expect([second.getCell('A2').value, second.getCell('A3').value, second.getCell('A4').value]).toEqual([
      'b',
      null,
      'c',
    ]);
  });

  it('writes two workbooks at once, each with its own rows', async () => {
    const [a, b] = await Promise.all([writeAndOpen(30_000), writeAndOpen(20_000)]);
    expect([a.rowCount, b.rowCount]).toEqual([30_001, 20_001]);
    expect(a.getRow(30_001).getCell(2).value).toBe(29_999);
    expect(b.getRow(20_001).getCell(2).value).toBe(19_999);
  }, 60_000);
});
