// The spreadsheet writer's thread (started by xlsx.ts). ExcelJS turns rows into XML on this thread while the
// server's thread reads the next rows from the database, so a large export takes both cores.
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { unpackRows, type PackedRows } from './packed-rows.js';
import { DATE_FORMAT, type FromWriter, type SheetColumn, type ToWriter } from './xlsx-messages.js';

/** Output goes to the server's thread in pieces of about this size. */
const PIECE_BYTES = 64 * 1024;
/** Pieces sent and not yet taken by the download: beyond this the writer waits (a slow download holds it back). */
const PIECES_AHEAD = 4;

/** XML handed on by ExcelJS and not yet taken by the compressor: beyond this, wait. */
const XML_AHEAD_BYTES = 4 * 1024 * 1024;

/** Every date cell shares one style object: ExcelJS works a style out once per object (a WeakMap), not per cell. */
const DATE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: DATE_FORMAT });
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

const port = parentPort!;
const send = (message: FromWriter, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let piecesAhead = 0;
const waitingForRoom: (() => void)[] = [];
/** Runs `next` once the download has taken enough of the output. */
function whenRoom(next: () => void) {
  if (piecesAhead < PIECES_AHEAD) next();
  else waitingForRoom.push(next);
}

let pending: Buffer[] = [];
let pendingBytes = 0;
function sendPiece() {
  if (pendingBytes === 0) return;
  // A fresh buffer of its own: ExcelJS's chunks may be views into shared pools, which must not be transferred.
  const piece = new Uint8Array(pendingBytes);
  let offset = 0;
  for (const chunk of pending) {
    piece.set(chunk, offset);
    offset += chunk.length;
  }
  pending = [];
  pendingBytes = 0;
  piecesAhead += 1;
  send({ type: 'piece', bytes: piece }, [piece.buffer]);
}

/**
 * ExcelJS hands a sheet's XML on without waiting (its StreamBuf ignores backpressure), so XML would pile up in front of
 * the compressor whenever it or the download is slower than the rows come. How much waits shows in the stream that
 * takes the sheet's XML: archiver's PassThrough, from readable-stream 2, which has no `writableLength`. Both are ExcelJS
 * internals, so they are looked for defensively: without them only the output is held back. `next` runs once the
 * waiting XML is within bounds.
 */
function whenXmlTaken(worksheet: ExcelJS.Worksheet, next: () => void) {
  const taker = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    { _writableState?: { length?: unknown } } | undefined;
  const waiting = taker?._writableState?.length;
  if (typeof waiting !== 'number' || waiting <= XML_AHEAD_BYTES) return next();
  // Looked at again shortly rather than on 'drain', which comes only once all of it is taken: the compressor would
  // then sit idle while the next rows are turned into XML.
  setTimeout(() => whenXmlTaken(worksheet, next), 2);
}

let workbook: ExcelJS.stream.xlsx.WorkbookWriter | undefined;
let sheet: { worksheet: ExcelJS.Worksheet; dated: boolean[] } | undefined;

function startWorkbook() {
  pending = [];
  pendingBytes = 0;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= PIECE_BYTES) sendPiece();
      whenRoom(done);
    },
    final(done) {
      sendPiece();
      done();
    },
  });
  workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Learning portal';
  workbook.created = new Date();
  sheet = undefined;
}

/** A sheet with a frozen, bold header row with an auto-filter and the given widths. */
function startSheet(name: string, columns: SheetColumn[], frozenColumns: number) {
  sheet?.worksheet.commit();
  const worksheet = workbook!.addWorksheet(name, { views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: 1 }] });
  worksheet.columns = columns.map((column) => ({ width: column.width }));
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(columns.length, 1) } };
  const header = worksheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  header.commit();
  sheet = { worksheet, dated: columns.map((column) => column.kind === 'date') };
}

function addRows(rows: PackedRows) {
  const { worksheet, dated } = sheet!;
  unpackRows(rows, (values) => {
    const row = worksheet.addRow(values);
    for (let index = 0; index < values.length; index++) {
      row.getCell(index + 1).style = values[index] instanceof Date || dated[index] ? DATE_STYLE : PLAIN_STYLE;
    }
    row.commit();
  });
}

async function finish() {
  sheet?.worksheet.commit();
  await workbook!.commit();
  workbook = undefined;
  sheet = undefined;
  send({ type: 'done' });
}

function fail(error: unknown) {
  const failure = error instanceof Error ? error : new Error(String(error));
  send({ type: 'failed', message: failure.message, stack: failure.stack });
}

port.on('message', (message: ToWriter) => {
  try {
    switch (message.type) {
      case 'start':
        startWorkbook();
        break;
      case 'sheet':
        startSheet(message.name, message.columns, message.frozenColumns);
        break;
      case 'rows':
        addRows(message.rows);
        whenXmlTaken(sheet!.worksheet, () => whenRoom(() => send({ type: 'rows taken' })));
        break;
      case 'finish':
        finish().catch(fail);
        break;
      case 'taken':
        piecesAhead -= 1;
        while (piecesAhead < PIECES_AHEAD && waitingForRoom.length > 0) waitingForRoom.shift()!();
        break;
      case 'stop':
        process.exit();
    }
  } catch (error) {
    fail(error);
  }
});
