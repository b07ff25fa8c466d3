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
  status: CourseStatus;
  /** Whole days left before expiry; null when there is no expiry. */
  daysLeft: number | null;
  /** ISO date (YYYY-MM-DD) the completion stops being valid; null when it never does. */
  validUntil: string | null;
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

/**
 * The one course status rule (architecture.md), used by lists, results and exports.
 * Days are counted between calendar days (UTC), so the answer does not change within a day.
 */
export function courseStatus(input: CourseStatusInput, now: Date = new Date()): CourseStatusResult {
  if (!input.assigned) return { status: 'not_assigned', daysLeft: null, validUntil: null };
  if (!input.complete || !input.finishTime) return { status: 'incomplete', daysLeft: null, validUntil: null };
  if (input.expiration <= 0) return { status: 'complete', daysLeft: null, validUntil: null };
  const expiry = addMonths(new Date(input.finishTime), input.expiration);
  const daysLeft = Math.round((startOfUtcDay(expiry) - startOfUtcDay(now)) / DAY_MS);
  const validUntil = expiry.toISOString().slice(0, 10);
  if (daysLeft <= 0) return { status: 'expired', daysLeft, validUntil };
  if (daysLeft <= EXPIRES_SOON_DAYS) return { status: 'expires-soon', daysLeft, validUntil };
  return { status: 'complete', daysLeft, validUntil };
}

/** A mandatory course still to do: never done, or expired and due again. */
export function isDue(status: CourseStatus): boolean {
  return status === 'incomplete' || status === 'expired';
}
