// What the server's thread (xlsx.ts) and the spreadsheet writer's thread (xlsx-worker.ts) say to each other.
import type { PackedRows } from './packed-rows.js';

export type { CellValue } from './packed-rows.js';

/** Excel shows dates in this format; the cell holds a real date serial. */
export const DATE_FORMAT = 'yyyy-mm-dd';

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
  kind?: 'text' | 'date';
}

export type ToWriter =
  | { type: 'start' }
  | { type: 'sheet'; name: string; columns: SheetColumn[]; frozenColumns: number }
  | { type: 'rows'; rows: PackedRows }
  | { type: 'finish' }
  /** The download took one piece of output. */
  | { type: 'taken' }
  /** The workbook is given up: the thread ends itself. */
  | { type: 'stop' };

export type FromWriter =
  | { type: 'piece'; bytes: Uint8Array }
  /** A batch of rows is written and there is room for more. */
  | { type: 'rows taken' }
  | { type: 'done' }
  | { type: 'failed'; message: string; stack?: string };
