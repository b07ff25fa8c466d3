import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type CellValue = string | number | Date | null;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
  kind?: 'text' | 'date';
}

/**
 * Text that a spreadsheet could take for a formula (= + - @, tab, carriage return) gets a leading apostrophe,
 * so `=HYPERLINK(...)` in a name stays text when the file is opened or re-saved as CSV (OWASP CSV injection).
 */
export function neutralize(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Excel shows dates in this format; the cell holds a real date serial. */
export const DATE_FORMAT = 'yyyy-mm-dd';

/**
 * Every cell of a sheet's rows takes one of these two style objects. ExcelJS works out a cell's style once per style
 * object (it remembers them in a WeakMap) and otherwise renders every cell's style to XML to look it up: with a style
 * object of its own per cell, that took more than half of writing a large export. Frozen, as they are shared.
 */
const DATE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: DATE_FORMAT });
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/** An ISO timestamp or YYYY-MM-DD as a Date for a date cell; null stays empty. */
export function excelDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A streaming workbook: rows go to `stream` as they are written (ExcelJS WorkbookWriter, constant memory). */
export function startWorkbook(stream: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Learning portal';
  workbook.created = new Date();
  return workbook;
}

/** Excel's sheet name rules: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

export interface SheetWriter {
  addRow(values: CellValue[]): void;
  commit(): Promise<void>;
}

/**
 * A sheet with a frozen, bold header row with an auto-filter, the given widths, text neutralized and dates as
 * Excel dates. Rows are committed (streamed out) as they are added.
 */
export function addSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: SheetColumn[],
  options: { frozenColumns?: number } = {},
): SheetWriter {
  const sheet = workbook.addWorksheet(sheetName(name), {
    views: [{ state: 'frozen', xSplit: options.frozenColumns ?? 0, ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({ width: column.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(columns.length, 1) } };
  const header = sheet.addRow(columns.map((column) => neutralize(column.header)));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  header.commit();
  return {
    addRow(values) {
      const row = sheet.addRow(values.map((value) => (typeof value === 'string' ? neutralize(value) : value)));
      values.forEach((value, index) => {
        row.getCell(index + 1).style =
          value instanceof Date || columns[index]?.kind === 'date' ? DATE_STYLE : PLAIN_STYLE;
      });
      row.commit();
    },
    async commit() {
      sheet.commit();
    },
  };
}
