// Shared expectations for the hostile-input tests (issue 8): a schema failure is the CONTRACT's 422
// with the field's own message, never a 5xx.
import { expect } from 'vitest';
import type { ApiResponse } from '../support/test-server';

/** Beyond PostgreSQL's `integer`: the id that used to reach the database and answer 500. */
export const TOO_BIG_ID = '2147483648';

export const messages = {
  idTooBig: 'Enter a number of at most 2147483647.',
  invalidCharacters: 'Remove the characters that are not allowed (such as NUL).',
  email: 'Enter a valid e-mail address.',
  dateRange: 'Date must be between 1900-01-01 and 2200-12-31.',
  bodyTooLarge: 'The request is too large.',
};

/** 422 `{ message, errors }` whose `field` lists `message` (and whose top message is the first error). */
export function expectFieldError(response: ApiResponse, field: string, message: string): void {
  expect(response.status, `${response.status} ${response.text.slice(0, 300)}`).toBe(422);
  expect(response.body.errors?.[field]).toContain(message);
  const first = Object.values(response.body.errors as Record<string, string[]>)[0]?.[0];
  expect(response.body.message).toBe(first);
}
