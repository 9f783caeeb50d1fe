// Reading untyped JSON bodies without trusting their types.
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../src/shared/validation';

export type Body = Record<string, unknown>;

export function readBody(request: FastifyRequest): Body {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

/** Strings are trimmed; anything that is not a string reads as ''. */
export const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Passwords keep their spaces. */
export const raw = (value: unknown): string => (typeof value === 'string' ? value : '');

export const bool = (value: unknown): boolean =>
  value === true || value === 'true' || value === 1 || value === '1' || value === 'on';

/** A positive integer id from a number or a numeric string, else null. */
export function id(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

export const nullable = (value: string): string | null => (value === '' ? null : value);

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Shared validators key errors in camelCase; the wire is snake_case. */
export function snakeKeys(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, list]) => [snake(key), list]));
}
