import { z } from 'zod';

/** The largest value of the database's integer columns (PostgreSQL `integer`, 32 bits). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A row's id or another counter stored in an integer column: a larger number is refused here, not by the database. */
export const dbInteger = z.number().int().positive().max(MAX_DB_INTEGER);

/** Decimal digits as a query string writes a whole number: no sign, blank, leading zero, exponent or hex. */
const DECIMAL_DIGITS = /^(0|[1-9][0-9]{0,9})$/;

/**
 * A whole number from `min` to `max`: a JSON number, or its decimal digits (a query string or a form field carries
 * only text). Nothing else: not `true`, `"0x7"`, `"1e1"`, `" 7"`, `[7]` or `7.5`, which loose coercion read as numbers.
 */
export function wholeNumber(min: number, max: number, message = `Must be a whole number from ${min} to ${max}.`) {
  const inRange = z.number({ error: message }).int(message).min(min, message).max(max, message);
  return z.union([inRange, z.string().regex(DECIMAL_DIGITS, message).transform(Number).pipe(inRange)], {
    error: message,
  });
}

/** Every id a call takes (user, course, goal, task, bundle, notification, link …): a positive whole number. */
export const rowId = wholeNumber(1, MAX_DB_INTEGER, 'An id is a positive whole number.');
