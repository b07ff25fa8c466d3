import { EXPIRES_SOON_DAYS } from './constants.js';

export const COURSE_STATUSES = ['not_assigned', 'incomplete', 'complete', 'expires-soon', 'expired'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export interface CourseStatusInput {
  assigned: boolean;
  complete: boolean;
  /** ISO timestamp of the last completion. */
  finishTime: string | null;
  /** Validity in months; 0 means it never expires. */
  expiration: number;
}

export interface CourseStatusResult {
  readonly status: CourseStatus;
  /** Whole days left before expiry; null when there is no expiry. */
  readonly daysLeft: number | null;
  /** ISO date (YYYY-MM-DD) the completion stops being valid; null when it never does. */
  readonly validUntil: string | null;
}

const DAY_MS = 86_400_000;

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

function startOfUtcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** When a completion stops being valid: the start of that UTC day, and the day as YYYY-MM-DD. */
interface Expiry {
  dayStart: number;
  validUntil: string;
}

function computeExpiry(finishTime: string, months: number): Expiry {
  const expiry = addMonths(new Date(finishTime), months);
  return { dayStart: startOfUtcDay(expiry), validUntil: expiry.toISOString().slice(0, 10) };
}

/** The status of a completion that expires, on the day starting at `today`. */
function statusOn({ dayStart, validUntil }: Expiry, today: number): CourseStatusResult {
  const daysLeft = Math.round((dayStart - today) / DAY_MS);
  if (daysLeft <= 0) return { status: 'expired', daysLeft, validUntil };
  if (daysLeft <= EXPIRES_SOON_DAYS) return { status: 'expires-soon', daysLeft, validUntil };
  return { status: 'complete', daysLeft, validUntil };
}

/** A timestamp as `Date.prototype.toISOString` writes it: its first ten characters are its UTC calendar day. */
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const MAX_REMEMBERED_STATUSES = 20_000;
/** Statuses of completions on the day `rememberedDay` starts: by validity in months, then by the completion's day. */
const statuses = new Map<number, Map<number, CourseStatusResult>>();
let rememberedDay = Number.NaN;
let rememberedStatuses = 0;

const DAY_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/** A `UTC_TIMESTAMP`'s day as the number YYYYMMDD: a key with no string to make and hash for every course listed. */
function dayNumber(timestamp: string): number {
  let day = 0;
  for (const i of DAY_DIGITS) day = day * 10 + timestamp.charCodeAt(i) - 48;
  return day;
}

/**
 * The status of a completion that expires. On a given day it depends only on the completion's UTC calendar day and
 * the validity, so it is remembered per day and validity for the day asked about: date arithmetic and a new object for
 * every course of every list were a large part of listing courses. Timestamps in another form are computed each time.
 */
function completedStatus(finishTime: string, months: number, today: number): CourseStatusResult {
  if (!UTC_TIMESTAMP.test(finishTime)) return statusOn(computeExpiry(finishTime, months), today);
  if (today !== rememberedDay || rememberedStatuses >= MAX_REMEMBERED_STATUSES) {
    statuses.clear();
    rememberedDay = today;
    rememberedStatuses = 0;
  }
  let byDay = statuses.get(months);
  if (!byDay) {
    byDay = new Map();
    statuses.set(months, byDay);
  }
  const day = dayNumber(finishTime);
  let status = byDay.get(day);
  if (!status) {
    status = Object.freeze(statusOn(computeExpiry(finishTime, months), today));
    byDay.set(day, status);
    rememberedStatuses++;
  }
  return status;
}

let lastNow = Number.NaN;
let lastToday = 0;

/**
 * The start of the UTC day of `now`, remembered for the last `now` asked about: a list asks once per course. Every
 * status is counted on this day, so statuses asked about at two moments of one day are the same.
 */
export function todayOf(now: Date): number {
  const ms = now.getTime();
  if (ms !== lastNow) {
    lastNow = ms;
    lastToday = startOfUtcDay(now);
  }
  return lastToday;
}

const NOT_ASSIGNED: CourseStatusResult = Object.freeze({ status: 'not_assigned', daysLeft: null, validUntil: null });
const INCOMPLETE: CourseStatusResult = Object.freeze({ status: 'incomplete', daysLeft: null, validUntil: null });
const NEVER_EXPIRES: CourseStatusResult = Object.freeze({ status: 'complete', daysLeft: null, validUntil: null });

/**
 * The one course status rule (architecture.md), used by lists, results and exports.
 * Days are counted between calendar days (UTC), so the answer does not change within a day. The answer is shared
 * (frozen): callers read it.
 */
export function courseStatus(input: CourseStatusInput, now: Date = new Date()): CourseStatusResult {
  if (!input.assigned) return NOT_ASSIGNED;
  if (!input.complete || !input.finishTime) return INCOMPLETE;
  if (input.expiration <= 0) return NEVER_EXPIRES;
  return completedStatus(input.finishTime, input.expiration, todayOf(now));
}

/** A mandatory course still to do: never done, or expired and due again. */
export function isDue(status: CourseStatus): boolean {
  return status === 'incomplete' || status === 'expired';
}
