import type { Writable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../worker-thread.js';
import { RowPacker } from './packed-rows.js';
import type { CellValue, FromWriter, SheetColumn, ToWriter } from './xlsx-messages.js';

export type { CellValue, SheetColumn };

/**
 * Text that a spreadsheet could take for a formula (= + - @, tab, carriage return) gets a leading apostrophe,
 * so `=HYPERLINK(...)` in a name stays text when the file is opened or re-saved as CSV (OWASP CSV injection).
 */
export function neutralize(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** An ISO timestamp or YYYY-MM-DD as a Date for a date cell; null stays empty. */
export function excelDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Excel's sheet name rules: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

/**
 * Rows go to the writer in batches of about this many cells, at most this many batches ahead of it. Measured on a
 * country export: a tenth faster than 16,384 cells two ahead, the same memory.
 */
const BATCH_CELLS = 4_096;
const BATCHES_AHEAD = 8;

/**
 * The writer's heap: its live data is a few batches of rows, but left to itself V8 lets a thread that allocates this
 * fast grow its young generation and take ~70 MB more of the server's memory during an export.
 */
const WRITER_LIMITS = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 128 };

/** One writer thread is kept once an export is over: starting one (loading ExcelJS) takes about a third of a second. */
const idleWriters: Worker[] = [];

function startWriter(): Worker {
  const writer = startWorkerThread('export/xlsx-worker', { resourceLimits: WRITER_LIMITS });
  // An idle writer that fails only leaves the pool; a busy one's export handles its own 'error' and 'exit'.
  writer.on('error', () => {});
  writer.on('exit', () => {
    const index = idleWriters.indexOf(writer);
    if (index >= 0) idleWriters.splice(index, 1);
  });
  return writer;
}

/**
 * Asks a writer to end itself rather than terminating it: Node 20 aborts the whole process when a thread is terminated
 * between creating a zlib stream and initialising it ("close before init"), and ExcelJS creates one per zip entry.
 * Resolves once the thread has ended, so an export is over only when its thread is gone.
 */
function stopWriter(writer: Worker): Promise<void> {
  const ended = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
  writer.postMessage({ type: 'stop' } satisfies ToWriter);
  return ended;
}

export interface SheetWriter {
  /**
   * Adds a row (text neutralized in place). The promise waits while the writer or the download is behind, which
   * keeps memory flat however large the export.
   */
  addRow(values: CellValue[]): Promise<void>;
}

export interface Workbook {
  /** A sheet with a frozen, bold header row with an auto-filter, the given widths and dates as Excel dates. */
  addSheet(name: string, columns: SheetColumn[], options?: { frozenColumns?: number }): SheetWriter;
}

const READY = Promise.resolve();

/**
 * Writes a workbook to `stream` and ends it. ExcelJS's streaming writer runs on a thread of its own, so rows are
 * turned into XML while `write` reads the next ones; its output comes back in pieces as the download takes them.
 * If `write` or the writer fails, or the stream closes first, the writer thread is stopped and the promise rejects
 * once it has ended.
 */
export async function writeWorkbook(stream: Writable, write: (workbook: Workbook) => Promise<void>): Promise<void> {
  const writer = idleWriters.pop() ?? startWriter();
  writer.ref();
  let failure: Error | undefined;
  let exited = false;
  const batch = new RowPacker();
  let batchesAhead = 0;
  let piecesUntaken = 0;
  let waitingForRoom: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let finished!: { resolve: () => void; reject: (error: Error) => void };
  const done = new Promise<void>((resolve, reject) => (finished = { resolve, reject }));
  done.catch(() => {}); // observed below, or the failure reached `write` first

  const post = (message: ToWriter, transfer: ArrayBuffer[] = []) => writer.postMessage(message, transfer);
  const taken = () => {
    piecesUntaken -= 1;
    post({ type: 'taken' });
  };
  const detach = () => {
    writer.off('message', onMessage).off('error', fail).off('exit', onExit);
    stream.off('close', onClose);
  };
  function fail(error: Error) {
    if (failure) return;
    failure = error;
    detach();
    waitingForRoom?.reject(error);
    void (exited ? Promise.resolve() : stopWriter(writer)).then(() => finished.reject(error));
  }
  const onExit = () => {
    exited = true;
    fail(new Error('The spreadsheet writer stopped.'));
  };
  const onClose = () => fail(new Error('The download closed before the workbook was written.'));
  function onMessage(message: FromWriter) {
    switch (message.type) {
      case 'piece': {
        const { bytes } = message;
        piecesUntaken += 1;
        if (stream.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) taken();
        else stream.once('drain', taken);
        break;
      }
      case 'rows taken':
        batchesAhead -= 1;
        waitingForRoom?.resolve();
        waitingForRoom = undefined;
        break;
      case 'done':
        detach();
        stream.end();
        // A writer still counting pieces this download has not taken would hold the next export back.
        if (piecesUntaken === 0 && idleWriters.length === 0) {
          writer.unref();
          idleWriters.push(writer);
          finished.resolve();
        } else {
          void stopWriter(writer).then(() => finished.resolve());
        }
        break;
      case 'failed':
        fail(Object.assign(new Error(message.message), { stack: message.stack }));
        break;
    }
  }
  writer.on('message', onMessage).on('error', fail).on('exit', onExit);
  stream.on('close', onClose);

  const sendRows = () => {
    if (batch.rows === 0) return;
    const { rows, transfer } = batch.take();
    post({ type: 'rows', rows }, transfer);
    batchesAhead += 1;
  };
  const workbook: Workbook = {
    addSheet(name, columns, options = {}) {
      sendRows();
      post({
        type: 'sheet',
        name: sheetName(name),
        columns: columns.map((column) => ({ ...column, header: neutralize(column.header) })),
        frozenColumns: options.frozenColumns ?? 0,
      });
      return {
        addRow(values) {
          if (failure) return Promise.reject(failure);
          for (let index = 0; index < values.length; index++) {
            const value = values[index];
            if (typeof value === 'string') values[index] = neutralize(value);
          }
          batch.add(values);
          if (batch.cells < BATCH_CELLS) return READY;
          sendRows();
          if (batchesAhead < BATCHES_AHEAD) return READY;
          return new Promise((resolve, reject) => (waitingForRoom = { resolve, reject }));
        },
      };
    },
  };

  post({ type: 'start' });
  try {
    await write(workbook);
  } catch (error) {
    fail(error instanceof Error ? error : new Error(String(error)));
    await done.catch(() => {});
    throw error;
  }
  if (failure) await done;
  sendRows();
  post({ type: 'finish' });
  await done;
}
