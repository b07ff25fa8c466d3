import type { ErrorCode, ErrorEnvelope, managerRoutes } from '@portal/shared';
import { ERROR_STATUS } from '@portal/shared';

/** An error that becomes the `{ error, message }` envelope with its status. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After`: how long a refused caller should wait (`rate limited`). */
    readonly retryAfterSeconds?: number,
    /** Per field, a stable reason code with its parameters, for a client that says the reason itself. */
    readonly reasons?: ErrorEnvelope['reasons'],
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

/** An uploaded package refused: the English sentence in `message` and `fields`, its reason code in `reasons`. */
export const packageRefused = (refusal: managerRoutes.PackageRefusal, detail: string) =>
  new ApiError('invalid input', `The package was refused: ${detail}`, { package: detail }, undefined, {
    package: { ...refusal },
  });
