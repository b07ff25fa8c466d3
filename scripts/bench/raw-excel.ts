// The floor of a results export: the same cells (people × courses, a status word and a completion date per course,
// the same styles) written straight with ExcelJS's streaming WorkbookWriter, no database and no HTTP, in a process
// of its own. Prints {"ms": …, "peakRssMb": …, "bytes": …} as its last line.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { EXPORT_LABELS } from '../../apps/server/src/export/labels.js';
import { DATE_FORMAT } from '../../apps/server/src/export/xlsx-messages.js';

const { values } = parseArgs({ options: { rows: { type: 'string' }, courses: { type: 'string', default: '50' } } });
const rows = Number(values.rows);
const courses = Number(values.courses);
if (!Number.isInteger(rows) || rows <= 0) throw new Error('--rows must be a positive integer');

const l = EXPORT_LABELS.lv;
const statuses = [l.statuses.complete, l.statuses.incomplete, l.statuses['expires-soon'], l.statuses.expired];
let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    done();
  },
});

const started = process.hrtime.bigint();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
const sheet = workbook.addWorksheet(l.sheets.results, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
const header = [l.name, l.surname, l.login, l.department, l.position, l.longTerm];
for (let c = 0; c < courses; c++) header.push(`Course ${c + 1} (lv)`, `Course ${c + 1} (lv): ${l.completedSuffix}`);
sheet.columns = header.map((_, i) => ({ width: i < 6 ? 20 : 16 }));
sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
const head = sheet.addRow(header);
head.font = { bold: true };
head.eachCell((cell) => {
  cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
  cell.alignment = { vertical: 'middle', wrapText: true };
});
head.commit();
const day = 86_400_000;
// One style object per kind of cell, as the portal's writer does (export/xlsx-worker.ts): ExcelJS works a style out
// once per style object.
const DATE_STYLE = Object.freeze({ numFmt: DATE_FORMAT });
const PLAIN_STYLE = Object.freeze({});
const now = Date.now();
for (let r = 0; r < rows; r++) {
  const values: (string | Date | null)[] = [
    `Name${r % 97}`,
    `Surname${r % 89}`,
    `pin${100000 + r}`,
    `Store LV ${r % 90}`,
    'Kasieris',
    l.no,
  ];
  for (let c = 0; c < courses; c++) {
    const k = (r * 31 + c * 7) % 10;
    const done = k < 7;
    values.push(done ? statuses[k % 4]! : l.statuses.incomplete, done ? new Date(now - ((r + c) % 900) * day) : null);
  }
  const row = sheet.addRow(values);
  for (let column = 1; column <= values.length; column++)
    row.getCell(column).style = column >= 8 && (column - 8) % 2 === 0 ? DATE_STYLE : PLAIN_STYLE;
  row.commit();
}
sheet.commit();
await workbook.commit();
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
console.log(JSON.stringify({ ms, peakRssMb: hwm ? Number(hwm[1]) / 1024 : null, bytes, rows, courses }));
