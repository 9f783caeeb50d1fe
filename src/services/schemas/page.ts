// A page of a list (CONTRACT.md "Lists"): `{data: [...], meta: {current_page, last_page, per_page, total}}`.
import { coerce, defaulted, number, string, type } from 'superstruct';
import { DecodeError, decodeWith } from './common';
import { toCamel } from '@/services/http';

const whole = coerce(number(), string(), (value) => Number(value));

export const PageMetaStruct = type({
  currentPage: defaulted(whole, 1),
  lastPage: defaulted(whole, 1),
  perPage: defaulted(whole, 0),
  total: defaulted(whole, 0),
});

export type PageMeta = { currentPage: number; lastPage: number; perPage: number; total: number };
export type ListPage<T> = { items: T[]; meta: PageMeta };

/** Decodes a list answer; an unpaged `{data: [...]}` reads as one page holding everything. */
export function decodePage<T>(raw: unknown, decodeItem: (item: unknown) => T): ListPage<T> {
  const record = (raw ?? {}) as Record<string, unknown>;
  if (!Array.isArray(record.data)) throw new DecodeError('The answer data is not a list.');
  const items = record.data.map(decodeItem);
  const meta: PageMeta =
    record.meta && typeof record.meta === 'object'
      ? decodeWith(PageMetaStruct, record.meta)
      : { currentPage: 1, lastPage: 1, perPage: items.length, total: items.length };
  return { items, meta };
}

/** Extra keys of `meta` (e.g. search `counts`), camelCased. */
export function metaExtra(raw: unknown): Record<string, unknown> {
  const meta = (raw as Record<string, unknown> | null)?.meta;
  return meta && typeof meta === 'object' ? toCamel<Record<string, unknown>>(meta) : {};
}

/** A list's query as it sits in the page URL (`?subject=mathematics&page=2`): strings, no empties. */
export type ListQuery = Record<string, string>;

/** Only the listed keys that have a value, ready for `request({query})`. */
export function pick(query: ListQuery, keys: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const value = query[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  return picked;
}
