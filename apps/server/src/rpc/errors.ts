import type { ErrorCode } from '@portal/shared';
import { ERROR_STATUS } from '@portal/shared';

/** An error that becomes the `{ error, message }` envelope with its status. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After`: how long a refused caller should wait (`rate limited`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const forbidden = (message = 'You may not do this.') => new ApiError('forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError('not found', message);
export const invalidInput = (message: string, fields?: Record<string, string>) =>
  new ApiError('invalid input', message, fields);
export const conflict = (message: string) => new ApiError('conflict', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new ApiError('rate limited', message, undefined, retryAfterSeconds);
