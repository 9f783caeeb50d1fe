// Answer envelopes of the API (CONTRACT.md): `{data}` for resources, `{message, data?}` for actions.
import { isApiError } from './http';
import { t } from '@/shared/messages';
import { DecodeError } from './schemas/common';

function asRecord(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}

export function dataOf(raw: unknown): unknown {
  const record = asRecord(raw);
  if (!('data' in record)) throw new DecodeError('The answer has no data.');
  return record.data;
}

export function listOf(raw: unknown): unknown[] {
  const data = dataOf(raw);
  if (!Array.isArray(data)) throw new DecodeError('The answer data is not a list.');
  return data;
}

/** The server's `message`, or the given fallback when it sent none (e.g. a 204). */
export function messageOf(raw: unknown, fallback: string): string {
  const message = asRecord(raw).message;
  return typeof message === 'string' && message ? message : fallback;
}

/** Text to show for any failure. */
export function errorText(error: unknown): string {
  if (isApiError(error) || error instanceof DecodeError) return error.message;
  return t('messages.general');
}
