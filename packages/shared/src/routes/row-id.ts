import { z } from 'zod';

/** The largest value of the database's integer columns (PostgreSQL `integer`, 32 bits). */
const MAX_DB_INTEGER = 2_147_483_647;

/** A row's id or another counter stored in an integer column: a larger number is refused here, not by the database. */
export const dbInteger = z.number().int().positive().max(MAX_DB_INTEGER);

/** The same, read from a query string too. */
export const rowId = z.coerce.number().int().positive().max(MAX_DB_INTEGER);
