// The one HTTP client of the SPA (STYLE.md): every call goes through `ofetch` here, so credentials,
// the anti-forgery header, the timeout and error normalisation are decided once.
import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import { BOOT_DATA_ELEMENT_ID, BOOT_DATA_FRESH_MS, bootKey, type BootQuery } from '@/shared/boot-data';
import { t } from '@/shared/messages';
import type { FieldErrors } from '@/shared/validation';

export const REQUEST_TIMEOUT_MS = 100_000;
const XSRF_COOKIE = 'XSRF-TOKEN';

/** A failed call in one shape, whatever went wrong (HTTP status, network, timeout, bad payload). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly data: unknown;

  constructor(options: { status: number; message: string; fieldErrors?: FieldErrors; data?: unknown }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.fieldErrors = options.fieldErrors ?? {};
    this.data = options.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), mapKeys(v, rename)]));
}

/** Deep-renames object keys from snake_case to camelCase (arrays and nested objects too). */
export function toCamel<T = unknown>(value: unknown): T {
  return mapKeys(value, snakeToCamel) as T;
}

/** Deep-renames object keys from camelCase to snake_case, for request bodies. */
export function toSnake<T = unknown>(value: unknown): T {
  return mapKeys(value, camelToSnake) as T;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() === name) {
      const value = rest.join('=').trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** Deletes every cookie a script can see, for path `/` and the current path (SPEC §4 sign-out). */
export function clearAllCookies(): void {
  if (typeof document === 'undefined') return;
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
  const paths = new Set(['/', window.location.pathname || '/']);
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) document.cookie = `${name}=; ${expired}; path=${path}`;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on every 401 (SPEC §6). Returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function handleUnauthorized(): void {
  clearAllCookies();
  for (const listener of [...unauthorizedListeners]) listener();
}

function fieldErrorsFrom(data: unknown): FieldErrors {
  if (!isPlainObject(data) || !isPlainObject(data.errors)) return {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(data.errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (list.length) errors[snakeToCamel(key)] = list;
  }
  return errors;
}

/** Any thrown value → ApiError: server `message`, else the error's own message, else the general text. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const data: unknown = error.data ?? null;
    const serverMessage =
      isPlainObject(data) && typeof data.message === 'string' && data.message ? data.message : null;
    const status = error.response?.status ?? error.statusCode ?? 0;
    // ofetch prefixes its own message with the request line; a network failure reads better generic.
    const message =
      serverMessage ?? (status === 0 ? t('messages.general') : error.statusMessage || t('messages.general'));
    return new ApiError({ status, message, fieldErrors: fieldErrorsFrom(data), data });
  }
  if (error instanceof Error && error.message) return new ApiError({ status: 0, message: error.message });
  return new ApiError({ status: 0, message: t('messages.general') });
}

const client = ofetch.create({
  baseURL: import.meta.env.VITE_API_URL ?? '',
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  onRequest({ options }) {
    const token = readCookie(XSRF_COOKIE);
    if (token) options.headers.set('X-XSRF-TOKEN', token);
  },
});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Sent as JSON with snake_case keys; FormData is sent as is (uploads). */
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | boolean | null | undefined>;
};

const bootAnswers = new Map<string, unknown>();
/** Answers a screen already started from (`initialAnswer`): a later call for them asks the server. */
const shownAnswers = new Set<string>();
/** Set while the server renders a page from answers it holds (`withBootAnswers`): no freshness limit. */
let serverAnswers: Readonly<Record<string, unknown>> | null = null;
/**
 * True in the server's render process (once `withBootAnswers` ran): a call there is answered from
 * the page's answers or fails, never sent over the network (the actors a signed-in page starts ask
 * for the cart and the notifications as they would in the browser).
 */
let onServer = false;

/** Moves the answers the page's HTML carries into `bootAnswers` (once; the element is removed). */
function readBootElement(): void {
  if (typeof document === 'undefined') return;
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent || '{}');
    if (isPlainObject(parsed))
      for (const [key, answer] of Object.entries(parsed)) bootAnswers.set(key, answer);
  } catch {
    // A damaged payload only means the calls go to the server.
  }
}

/**
 * The answer the page's HTML carries for this GET (src/shared/boot-data.ts), taken once and only
 * while the page is fresh; undefined when there is none and the server must be asked.
 */
function takeBootAnswer(path: string, query: BootQuery | undefined): unknown {
  readBootElement();
  if (bootAnswers.size === 0) return undefined;
  const key = bootKey(path, query);
  const answer = bootAnswers.get(key);
  bootAnswers.delete(key);
  return !shownAnswers.has(key) && performance.now() <= BOOT_DATA_FRESH_MS ? answer : undefined;
}

/**
 * The answer to this GET that the page's HTML carries, read synchronously, so a screen's first
 * render (on the server, and when the browser hydrates that HTML) already shows the data. It can be
 * read again while the page is fresh (a render React starts over reads the same); once read, a
 * `request()` for it asks the server, so a refresh is never answered from the page.
 */
export function initialAnswer(path: string, query?: BootQuery): unknown {
  const key = bootKey(path, cleanQuery(query));
  if (serverAnswers) return serverAnswers[key];
  readBootElement();
  if (!bootAnswers.has(key) || performance.now() > BOOT_DATA_FRESH_MS) return undefined;
  shownAnswers.add(key);
  return bootAnswers.get(key);
}

/** `initialAnswer` decoded; undefined when there is none or it does not decode (the screen then asks). */
export function initialDecoded<T>(
  path: string,
  query: BootQuery | undefined,
  decode: (raw: unknown) => T,
): T | undefined {
  const answer = initialAnswer(path, query);
  if (answer === undefined) return undefined;
  try {
    return decode(answer);
  } catch {
    return undefined;
  }
}

/**
 * Runs `render` (a synchronous server render) with `answers` as the page's first answers, keyed as
 * in the HTML (`bootKey`). Only the server calls it; nothing is sent anywhere.
 */
export function withBootAnswers<T>(answers: Readonly<Record<string, unknown>>, render: () => T): T {
  onServer = true;
  serverAnswers = answers;
  try {
    return render();
  } finally {
    serverAnswers = null;
  }
}

function cleanQuery(query: RequestOptions['query']): Record<string, string | number | boolean> | undefined {
  return query
    ? (Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null)) as Record<
        string,
        string | number | boolean
      >)
    : undefined;
}

/**
 * One call to the API. Resolves with the JSON answer (or null for 204); rejects with ApiError.
 * Only GET is retried (once): a repeated write could book or pay twice.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const fetchOptions: FetchOptions<'json'> = {
    method,
    retry: method === 'GET' ? 1 : 0,
    query: cleanQuery(options.query),
  };
  // `import.meta.env.SSR` is false in the browser's build, which then leaves this branch out.
  if (import.meta.env.SSR && onServer) {
    const answer = method === 'GET' ? serverAnswers?.[bootKey(path, fetchOptions.query)] : undefined;
    if (answer !== undefined) return answer;
    throw new ApiError({ status: 0, message: t('messages.general') });
  }
  if (method === 'GET' && options.body === undefined) {
    const answer = takeBootAnswer(path, fetchOptions.query);
    if (answer !== undefined) return answer;
  }
  if (options.body !== undefined) {
    fetchOptions.body =
      options.body instanceof FormData ? options.body : toSnake<Record<string, unknown>>(options.body);
  }
  try {
    const answer: unknown = await client(path, fetchOptions);
    return answer === '' || answer === undefined ? null : answer;
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401) handleUnauthorized();
    throw apiError;
  }
}
