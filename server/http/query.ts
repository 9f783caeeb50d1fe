// Query-string parsing for lists (docs/catalogue-api.md): bad values are a 422 on their own key.
import type { FastifyRequest } from 'fastify';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import { ValidationError } from './errors';

export type Query = Record<string, unknown>;

export const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;

/** One value of a query parameter (`?a=1&a=2` reads as the first), trimmed; '' when absent. */
export function param(query: Query, key: string): string {
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : typeof first === 'number' ? String(first) : '';
}

export const MAX_PER_PAGE = 100;

export type PageRequest = { page: number; perPage: number; offset: number };
export type PageMeta = { current_page: number; last_page: number; per_page: number; total: number };

/** Collects 422 errors across parameters, so one answer names every bad value. */
export class QueryReader {
  readonly errors: FieldErrors = {};

  constructor(readonly query: Query) {}

  private fail(key: string, message: string): null {
    this.errors[key] = [message];
    return null;
  }

  page(defaultPerPage: number): PageRequest {
    const page = this.wholeNumber('page', 1, Number.MAX_SAFE_INTEGER) ?? 1;
    const perPage = this.wholeNumber('per_page', 1, MAX_PER_PAGE) ?? defaultPerPage;
    return { page, perPage, offset: (page - 1) * perPage };
  }

  /** An integer within [min, max], or null when absent (or invalid, with the error recorded). */
  wholeNumber(key: string, min: number, max: number): number | null {
    const text = param(this.query, key);
    if (text === '') return null;
    if (!/^\d+$/.test(text)) return this.fail(key, t('validation.wholeNumber'));
    const value = Number(text);
    if (value < min) return this.fail(key, t('validation.minNumber', { min }));
    if (value > max) return this.fail(key, t('validation.maxNumber', { max }));
    return value;
  }

  choice<T extends string>(key: string, options: readonly T[]): T | null {
    const text = param(this.query, key);
    if (text === '') return null;
    return (options as readonly string[]).includes(text)
      ? (text as T)
      : this.fail(key, t('validation.choice'));
  }

  /** `YYYY-MM-DD` that is a real calendar day. */
  day(key: string): string | null {
    const text = param(this.query, key);
    if (text === '') return null;
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
    return valid ? text : this.fail(key, t('validation.date'));
  }

  text(key: string): string {
    return param(this.query, key);
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}

export function pageMeta(page: PageRequest, total: number): PageMeta {
  return {
    current_page: page.page,
    last_page: Math.max(1, Math.ceil(total / page.perPage)),
    per_page: page.perPage,
    total,
  };
}

/** A checked `{ page?, per_page? }` (route schema pieces `page()`/`perPage()`) → the page to read. */
export function pageRequest(
  query: { page?: number | undefined; per_page?: number | undefined },
  defaultPerPage: number,
): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}
