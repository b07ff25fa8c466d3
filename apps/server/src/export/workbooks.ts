import type { Writable } from 'node:stream';
import { clockText, scormTimeSeconds, type adminRoutes, type CourseStatus, type Language } from '@portal/shared';
import type { BundleState } from '../db/result-exports.js';
import { EXPORT_LABELS, type ExportLabels } from './labels.js';
import { excelDate, writeWorkbook, type SheetColumn } from './xlsx.js';

type GridUser = adminRoutes.GridUser;
type GridCourse = adminRoutes.GridCourse;

function personColumns(l: ExportLabels): SheetColumn[] {
  return [
    { header: l.name, width: 16 },
    { header: l.surname, width: 20 },
    { header: l.login, width: 18 },
    { header: l.department, width: 28 },
    { header: l.position, width: 24 },
    { header: l.longTerm, width: 12 },
  ];
}

function personCells(user: GridUser, l: ExportLabels) {
  return [
    user.name,
    user.surname,
    user.login,
    user.department_label,
    user.position_label ?? user.position ?? '',
    user.long_term ? l.yes : l.no,
  ];
}

/** Width that fits a header of this length, within sensible bounds. */
const widthFor = (header: string, min = 12, max = 40) =>
  Math.min(max, Math.max(min, Math.ceil(header.length * 0.9) + 2));

export interface ResultRow {
  user: GridUser;
  cells: { status: CourseStatus; finish_time: string | null }[];
}

/** People by course: a status word and the completion date for each course. */
export async function writeResultsWorkbook(
  stream: Writable,
  options: { lang: Language; courses: GridCourse[]; rows: AsyncIterable<ResultRow> },
): Promise<void> {
  const l = EXPORT_LABELS[options.lang];
  const columns: SheetColumn[] = [...personColumns(l)];
  for (const course of options.courses) {
    columns.push({ header: course.name, width: widthFor(course.name, 14, 30) });
    const dated = `${course.name}: ${l.completedSuffix}`;
    columns.push({ header: dated, width: widthFor(dated, 12, 22), kind: 'date' });
  }
  await writeWorkbook(stream, async (workbook) => {
    const sheet = workbook.addSheet(l.sheets.results, columns, { frozenColumns: 2 });
    for await (const row of options.rows) {
      const values = [...personCells(row.user, l)] as (string | Date | null)[];
      for (const cell of row.cells) values.push(l.statuses[cell.status], excelDate(cell.finish_time));
      await sheet.addRow(values);
    }
  });
}

export interface BundleRow {
  user: GridUser;
  cells: { state: BundleState; completed_at: string | null }[];
}

/** People by CMA or instruction bundle: a state word and the completion date for each bundle. */
export async function writeBundlesWorkbook(
  stream: Writable,
  options: {
    lang: Language;
    kind: 'cma' | 'instruction';
    bundles: { category_name: string }[];
    rows: AsyncIterable<BundleRow>;
  },
): Promise<void> {
  const l = EXPORT_LABELS[options.lang];
  const columns: SheetColumn[] = [...personColumns(l)];
  for (const bundle of options.bundles) {
    columns.push({ header: bundle.category_name, width: widthFor(bundle.category_name, 14, 30) });
    const dated = `${bundle.category_name}: ${l.completedSuffix}`;
    columns.push({ header: dated, width: widthFor(dated, 12, 22), kind: 'date' });
  }
  await writeWorkbook(stream, async (workbook) => {
    const sheet = workbook.addSheet(options.kind === 'cma' ? l.sheets.cma : l.sheets.instructions, columns, {
      frozenColumns: 2,
    });
    for await (const row of options.rows) {
      const values = [...personCells(row.user, l)] as (string | Date | null)[];
      for (const cell of row.cells) values.push(l.bundleStates[cell.state], excelDate(cell.completed_at));
      await sheet.addRow(values);
    }
  });
}

/** One attempt of a course as the player launched it, with what its run-time last reported. */
export interface AttemptRow {
  course_alias: string;
  attempt: number;
  started_at: string;
  launched_at: string;
  status: string | null;
  score: number | null;
  total_time: string | null;
}

/**
 * One person: every course of their country with status and dates, the history of completions, and every attempt
 * the player launched.
 */
export async function writeUserDataWorkbook(
  stream: Writable,
  options: {
    lang: Language;
    details: Pick<adminRoutes.UserDetails, 'user' | 'courses' | 'completions'>;
    attempts: AttemptRow[];
  },
): Promise<void> {
  const l = EXPORT_LABELS[options.lang];
  const { user, courses, completions } = options.details;
  await writeWorkbook(stream, async (workbook) => {
    const courseSheet = workbook.addSheet(
      l.sheets.courses,
      [
        { header: l.name, width: 16 },
        { header: l.surname, width: 20 },
        { header: l.login, width: 16 },
        { header: l.course, width: 36 },
        { header: l.type, width: 14 },
        { header: l.assigned, width: 14 },
        { header: l.status, width: 22 },
        { header: l.completedOn, width: 14, kind: 'date' },
        { header: l.validUntil, width: 14, kind: 'date' },
      ],
      { frozenColumns: 0 },
    );
    for (const course of courses) {
      await courseSheet.addRow([
        user.name,
        user.surname,
        user.login,
        course.name,
        l.types[course.course_type],
        course.assigned ? l.assignedBy[course.assigned] : '',
        l.statuses[course.status],
        excelDate(course.complete ? course.finish_time : null),
        excelDate(course.valid_until),
      ]);
    }
    const names = new Map(courses.map((c) => [c.alias, c.name]));
    const historySheet = workbook.addSheet(l.sheets.completions, [
      { header: l.course, width: 36 },
      { header: l.completedOn, width: 14, kind: 'date' },
      { header: l.source, width: 16 },
      { header: l.recordedBy, width: 22 },
    ]);
    for (const completion of completions) {
      await historySheet.addRow([
        names.get(completion.course_alias) ?? completion.course_alias,
        excelDate(completion.finish_time),
        l.sources[completion.source],
        completion.recorded_by ?? '',
      ]);
    }
    const attemptSheet = workbook.addSheet(l.sheets.attempts, [
      { header: l.course, width: 36 },
      { header: l.attempt, width: 10 },
      { header: l.started, width: 14, kind: 'date' },
      { header: l.lastOpened, width: 14, kind: 'date' },
      { header: l.status, width: 16 },
      { header: l.score, width: 10 },
      { header: l.timeSpent, width: 14 },
    ]);
    for (const attempt of options.attempts) {
      const seconds = scormTimeSeconds(attempt.total_time);
      await attemptSheet.addRow([
        names.get(attempt.course_alias) ?? attempt.course_alias,
        attempt.attempt,
        excelDate(attempt.started_at),
        excelDate(attempt.launched_at),
        attempt.status === null ? '' : (l.scormStatuses[attempt.status] ?? attempt.status),
        attempt.score,
        seconds === null ? '' : clockText(seconds),
      ]);
    }
  });
}
