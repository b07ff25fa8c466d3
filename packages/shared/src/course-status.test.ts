import { describe, expect, it } from 'vitest';
import { addMonths, courseStatus, isDue } from './course-status.js';

const now = new Date('2026-03-15T10:00:00Z');
/** A completion whose 12-month validity ends `days` calendar days after `now`. */
const finishedFor = (days: number) => addMonths(new Date(now.getTime() + days * 86_400_000), -12).toISOString();
const status = (finishTime: string | null, expiration = 12, complete = true) =>
  courseStatus({ assigned: true, complete, finishTime, expiration }, now);

describe('course status', () => {
  it.each([
    [31, 'complete'],
    [30, 'expires-soon'],
    [1, 'expires-soon'],
    [0, 'expired'],
    [-1, 'expired'],
  ] as const)('%i days left is %s', (days, expected) => {
    const result = status(finishedFor(days));
    expect(result.status).toBe(expected);
    expect(result.daysLeft).toBe(days);
  });

  it('counts calendar days, so the time of day does not matter', () => {
    expect(status('2025-04-14T23:59:59Z').daysLeft).toBe(30);
    expect(status('2025-04-14T00:00:00Z').daysLeft).toBe(30);
  });

  it('counts the UTC day a timestamp with an offset falls on, whatever was asked before', () => {
    expect(status('2025-04-14T12:00:00Z').daysLeft).toBe(30);
    expect(status('2025-04-15T12:00:00Z').daysLeft).toBe(31);
    expect(status('2025-04-14T23:30:00-02:00').daysLeft).toBe(31);
    expect(status('2025-04-15T01:30:00+05:00').daysLeft).toBe(30);
    expect(status('2025-04-14T23:30:00.250-02:00').validUntil).toBe('2026-04-15');
  });

  it('answers each day its own status for the same completion, and the same answer again within a day', () => {
    const finished = finishedFor(1);
    const on = (day: string) =>
      courseStatus({ assigned: true, complete: true, finishTime: finished, expiration: 12 }, new Date(day));
    expect(on('2026-03-15T10:00:00Z')).toEqual({ status: 'expires-soon', daysLeft: 1, validUntil: '2026-03-16' });
    expect(on('2026-03-16T08:00:00Z')).toEqual({ status: 'expired', daysLeft: 0, validUntil: '2026-03-16' });
    expect(on('2026-02-13T23:59:59Z')).toEqual({ status: 'complete', daysLeft: 31, validUntil: '2026-03-16' });
    expect(on('2026-03-15T23:00:00Z')).toBe(on('2026-03-15T01:00:00Z'));
    expect(Object.isFrozen(on('2026-03-15T10:00:00Z'))).toBe(true);
  });

  it('never expires with expiration 0', () => {
    expect(status('2001-01-01T00:00:00Z', 0)).toEqual({ status: 'complete', daysLeft: null, validUntil: null });
  });

  it('is incomplete when not complete or without a finish time, and not_assigned when not assigned', () => {
    expect(status(null).status).toBe('incomplete');
    expect(status('2026-01-01T00:00:00Z', 12, false).status).toBe('incomplete');
    expect(
      courseStatus({ assigned: false, complete: true, finishTime: '2026-01-01T00:00:00Z', expiration: 12 }, now).status,
    ).toBe('not_assigned');
  });

  it('clamps month ends: 31 January + 1 month is the last day of February', () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T08:00:00Z'), 1).toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2025-08-31T00:00:00Z'), 6).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2025-12-15T00:00:00Z'), 2).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('gives the valid-until date of a completion at a month end', () => {
    const result = courseStatus(
      { assigned: true, complete: true, finishTime: '2025-08-31T12:00:00Z', expiration: 6 },
      new Date('2026-02-27T12:00:00Z'),
    );
    expect(result).toEqual({ status: 'expires-soon', daysLeft: 1, validUntil: '2026-02-28' });
  });

  it('treats incomplete and expired as due, the others not', () => {
    expect(isDue('incomplete')).toBe(true);
    expect(isDue('expired')).toBe(true);
    expect(isDue('expires-soon')).toBe(false);
    expect(isDue('complete')).toBe(false);
    expect(isDue('not_assigned')).toBe(false);
  });
});
