// Errors a service may throw; the error handler turns them into CONTRACT.md bodies.
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 422 with Laravel's shape: `message` is the first field error; `extra` adds fields to the body. */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(422, Object.values(errors)[0]?.[0] ?? t('validation.general'));
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const unauthenticated = () => new HttpError(401, t('auth.unauthenticated'));
export const unauthorized = () => new HttpError(403, t('auth.unauthorized'));
export const notFound = () => new HttpError(404, t('messages.notFound'));

export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
