// Reusable superstruct pieces for what a request may carry (docs/architecture.md "Requests").
// The API runs them on every route's params, query and body (server/http/validation.ts); the SPA
// may run the same pieces before a round trip. Every failure carries its message from the
// catalogue, so a 422 names the field and says what is wrong in the app's own words.
//
// Each piece coerces what arrives on the wire (numeric strings, form booleans, untrimmed text)
// into the value the code wants, and checks the limits the database needs: ids within 32 bits,
// no NUL byte or lone surrogate in text, bounded lengths, dates in a sane range.
import { optional, Struct, refine, type Failure } from 'superstruct';
import { t } from './messages';
import { meetingLinkError } from './classroom';
import { emailProblem, isSafaricomPhone, normaliseKenyanPhone, type FieldErrors } from './validation';

/** Ids are PostgreSQL `integer` columns. */
export const ID_MAX = 2_147_483_647;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const EMAIL_MAX = 254;
export const PER_PAGE_MAX = 100;
/** Pages beyond this cannot hold rows (offsets stay well within PostgreSQL's bigint). */
export const PAGE_MAX = ID_MAX;
/** Calendar days a request may name (filters, dates of lessons…). */
export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2200-12-31';

/** A check returns null when the value is fine, else a message or a list of messages. */
export type Check<T> = (value: T) => string | readonly string[] | null;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL byte, no half of a surrogate pair. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A leaf piece: `coerce` turns the wire value into the wanted one (or leaves it), `check` names
 * what is still wrong. Failures are refinements, so an object's cross-field rules still run and
 * one 422 lists every bad field.
 */
export function piece<T>(name: string, coerce: (value: unknown) => unknown, check: Check<unknown>) {
  return new Struct<T, null>({
    type: name,
    schema: null,
    coercer: coerce,
    refiner: (value) => {
      const problem = check(value);
      if (problem === null) return true;
      const list = typeof problem === 'string' ? [problem] : problem;
      return list.map((message) => ({ message, refinement: name }));
    },
  });
}

/**
 * Adds a rule to a piece (e.g. a domain check from validation.ts). It runs only once the piece's
 * own checks pass, so it always sees a value of the piece's type.
 */
export function withRule<T, S>(struct: Struct<T, S>, name: string, check: Check<T>): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    *refiner(value, context) {
      let failed = false;
      for (const failure of struct.refiner(value, context)) {
        failed = true;
        yield failure;
      }
      if (failed) return;
      const problem = check(value as T);
      if (problem === null) return;
      for (const message of typeof problem === 'string' ? [problem] : problem)
        yield failure(context.path, value, name, message);
    },
  });
}

/**
 * Runs a shared form validator (camelCase `FieldErrors`, e.g. `validateSignUp`) on a whole object
 * and reports each message on its snake_case key. A field that failed its own piece arrives as
 * sent: `validate` reads values through `asText` and friends.
 */
export function withFieldErrors<T, S>(
  struct: Struct<T, S>,
  name: string,
  validate: (value: Record<string, unknown>) => FieldErrors,
): Struct<T, S> {
  return refine(struct, name, (value, context) => {
    const errors = validate(value as Record<string, unknown>);
    return Object.entries(errors).flatMap(([key, list]) =>
      list.map((message) => failure([...context.path, snakeKey(key)], value, name, message)),
    );
  });
}

/** What a field that may have failed its piece reads as in an object rule. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

const snakeKey = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function failure(path: unknown[], value: unknown, refinement: string, message: string): Failure {
  return { path, value, refinement, message, key: path[path.length - 1], type: refinement, branch: [] };
}

/** Absent on the wire: undefined, null or ''. */
const blank = (value: unknown) => value === undefined || value === null || value === '';

// ---- Text ----

export type TextOptions = {
  /** Longest accepted text, in UTF-16 code units (like `String.length` in the SPA). */
  max: number;
  /** Blank (absent, null or only spaces) is a 422 "required" instead of ''. */
  required?: boolean;
  /** Passwords keep their spaces; everything else is trimmed. */
  trim?: boolean;
};

/** A string, trimmed, storable, at most `max` long. Absent reads as '' unless required. */
export function text({ max, required = false, trim = true }: TextOptions) {
  return piece<string>(
    'text',
    (value) => {
      if (value === undefined || value === null) return '';
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string') return value;
      return trim ? value.trim() : value;
    },
    (value) => {
      if (typeof value !== 'string') return t('validation.text');
      if (!isStorableText(value)) return t('validation.invalidCharacters');
      if (required && value.trim() === '') return t('validation.required');
      if (value.length > max) return t('validation.maxLength', { max });
      return null;
    },
  );
}

/** An e-mail address: required, at most 254 characters, the shared pattern. */
export function email({ required = true }: { required?: boolean } = {}) {
  return withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'email', (value) => {
    if (value === '' && !required) return null;
    if (value.length > EMAIL_MAX) return t('validation.email');
    return emailProblem(value);
  });
}

// ---- Numbers and ids ----

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value.trim());
  return value;
}

function numberProblem(value: unknown, min: number, max: number): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return t('validation.wholeNumber');
  if (value < min) return t('validation.minNumber', { min });
  if (value > max) return t('validation.maxNumber', { max });
  return null;
}

/**
 * A whole number within [min, max], from a JSON number or a string of digits. `message` replaces
 * the general wording for every failure (e.g. the cart's quantity rule).
 */
export function wholeNumber({ min, max, message }: { min: number; max: number; message?: string }) {
  return piece<number>('wholeNumber', toNumber, (value) => {
    const problem = blank(value) ? t('validation.required') : numberProblem(value, min, max);
    return problem && message ? message : problem;
  });
}

/** A row id: a positive integer that fits PostgreSQL's `integer`, from a number or numeric string. */
export function id() {
  return piece<number>('id', toNumber, (value) =>
    blank(value) ? t('validation.required') : numberProblem(value, 1, ID_MAX),
  );
}

/** An id the service may find missing itself (its own 422): absent → null. */
export function optionalId() {
  return piece<number | null>(
    'optionalId',
    (value) => (blank(value) ? null : toNumber(value)),
    (value) => (value === null ? null : numberProblem(value, 1, ID_MAX)),
  );
}

/** Query `page`: 1 and up. */
export const page = () => wholeNumber({ min: 1, max: PAGE_MAX });
/** Query `per_page`: 1 to 100. */
export const perPage = () => wholeNumber({ min: 1, max: PER_PAGE_MAX });

// ---- Choices, flags, dates ----

/** One of `options` (a string), else "Choose one of the options." */
export function choice<const T extends string>(options: readonly T[], { required = false } = {}) {
  return piece<T>(
    'choice',
    (value) => (typeof value === 'string' ? value.trim() : value === null ? undefined : value),
    (value) => {
      if (required && blank(value)) return t('validation.required');
      return typeof value === 'string' && (options as readonly string[]).includes(value)
        ? null
        : t('validation.choice');
    },
  );
}

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const FALSE_VALUES = new Set<unknown>([false, 0, '0', 'false', 'off', 'no', '', undefined, null]);

/** A yes/no from JSON (`true`) or a form (`"1"`, `"on"`, `"true"`); absent is false. */
export function flag() {
  return piece<boolean>(
    'flag',
    (value) => {
      const normal = typeof value === 'string' ? value.trim().toLowerCase() : value;
      return TRUE_VALUES.has(normal) ? true : FALSE_VALUES.has(normal) ? false : value;
    },
    (value) => (typeof value === 'boolean' ? null : t('validation.boolean')),
  );
}

/** A real calendar day `YYYY-MM-DD` between 1900-01-01 and 2200-12-31. */
export function day() {
  return piece<string>(
    'day',
    (value) => (typeof value === 'string' ? value.trim() : value),
    (value) => {
      if (blank(value)) return t('validation.required');
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return t('validation.date');
      const date = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
        return t('validation.date');
      if (value < DAY_MIN || value > DAY_MAX)
        return t('validation.dateBetween', { minDate: DAY_MIN, maxDate: DAY_MAX });
      return null;
    },
  );
}

// ---- Lists and free-form objects ----

/** A JSON array of `item`s, at most `max` long; absent → []. Each bad item fails on the list's key. */
export function list<T>(item: Struct<T, unknown>, { max }: { max: number }) {
  return piece<T[]>(
    'list',
    (value) =>
      blank(value)
        ? []
        : Array.isArray(value)
          ? value.map((entry: unknown) => item.validate(entry, { coerce: true })[1] ?? entry)
          : value,
    (value) => {
      if (!Array.isArray(value)) return t('validation.list');
      if (value.length > max) return t('validation.maxItems', { max });
      for (const entry of value) {
        const [error] = item.validate(entry);
        if (error) return error.message;
      }
      return null;
    },
  );
}

/** A small JSON object kept as is (cart item options): storable strings, at most `maxLength` as JSON. */
export function jsonObject({ maxLength }: { maxLength: number }) {
  return piece<Record<string, unknown> | null>(
    'jsonObject',
    (value) => (value === undefined ? null : value),
    (value) => {
      if (value === null) return null;
      if (typeof value !== 'object' || Array.isArray(value)) return t('validation.general');
      const json = JSON.stringify(value);
      if (json.length > maxLength || json.includes('\\u0000') || !isStorableText(json))
        return t('validation.general');
      return null;
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID id (notifications): any case on the wire, read as lower case. Anything else: "Enter a valid id." */
export function uuid() {
  return piece<string>(
    'uuid',
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    (value) => {
      if (blank(value)) return t('validation.required');
      return typeof value === 'string' && UUID.test(value) ? null : t('validation.uuid');
    },
  );
}

/** A catalogue item named by id or slug (`cbc`, `12`): storable text; digits must fit an id. */
export function ref() {
  return withRule(text({ max: 200 }), 'ref', (value) =>
    /^\d+$/.test(value) ? numberProblem(Number(value), 1, ID_MAX) : null,
  );
}

/** Optional, with null and '' read as absent (forms send both): undefined, or the piece's value. */
export function maybe<T, S>(struct: Struct<T, S>): Struct<T | undefined, S> {
  const inner = optional(struct);
  return new Struct<T | undefined, S>({
    ...inner,
    coercer: (value, context) => (blank(value) ? undefined : inner.coercer(value, context)),
  });
}

/** A 4-digit wallet PIN as text (a JSON number keeps its leading zeros); the service checks the digits. */
export function pin() {
  return piece<string>(
    'pin',
    (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0
        ? String(value).padStart(4, '0')
        : typeof value === 'string'
          ? value.trim()
          : value === undefined || value === null
            ? ''
            : value,
    (value) =>
      typeof value === 'string' && value.length <= 20 && isStorableText(value) ? null : t('validation.pin'),
  );
}

/** A Safaricom number in any usual form, read as `2547…`. */
export function safaricomPhone() {
  return piece<string>(
    'safaricomPhone',
    (value) => {
      if (value === undefined || value === null) return '';
      if (typeof value !== 'string') return value;
      return normaliseKenyanPhone(value.trim()) ?? value.trim();
    },
    (value) => {
      if (blank(value)) return t('validation.required');
      return typeof value === 'string' && isSafaricomPhone(value) && /^254\d{9}$/.test(value)
        ? null
        : t('validation.safaricomPhone');
    },
  );
}

/**
 * A teacher's own meeting link (issue 22, `meetingLinkError`), trimmed; `null` removes it (the
 * lesson goes back to its own room). A missing key or '' is "Enter the meeting link."
 */
export function meetingLink() {
  return piece<string | null>(
    'meetingLink',
    (value) => (typeof value === 'string' ? value.trim() : value === undefined ? '' : value),
    (value) => {
      if (value === null) return null;
      if (typeof value !== 'string') return t('validation.text');
      if (!isStorableText(value)) return t('validation.invalidCharacters');
      return meetingLinkError(value);
    },
  );
}
