// Building blocks for the wire schemas. Every decoder renames snake_case keys to camelCase first,
// then validates with `create` so coercions run: a missing key becomes null (SPEC §3).
import {
  coerce,
  create,
  defaulted,
  enums,
  nullable,
  number,
  string,
  union,
  StructError,
  type Struct,
} from 'superstruct';
import { toCamel } from '@/services/http';
import { t } from '@/shared/messages';

/** Nullable and defaulted: a missing key reads as null. */
export function maybe<T, S>(struct: Struct<T, S>): Struct<T | null, S> {
  return defaulted(nullable(struct), null) as Struct<T | null, S>;
}

/** Ids may come as numbers or numeric strings. */
export const id = coerce(number(), string(), (value) => Number(value));

/** Money stays a decimal string with two decimals ("1500.00"), whatever the server sent. */
export const money = coerce(string(), number(), (value) => value.toFixed(2));

/** `YYYY-MM-DD` from a date or an ISO instant; anything else reads as null. */
export const isoDate = maybe(
  coerce(nullable(string()), union([string(), number()]), (value) => {
    const match = /^(\d{4}-\d{2}-\d{2})/.exec(String(value));
    return match ? (match[1] ?? null) : null;
  }),
);

/** One of the listed values; an unknown or missing value reads as null instead of failing the whole answer. */
export function oneOf<const V extends string>(values: readonly V[]) {
  return maybe(
    coerce(nullable(enums(values)), string(), (value) =>
      (values as readonly string[]).includes(value) ? value : null,
    ),
  );
}

/** An answer that does not match its schema: reported with the general message, details kept. */
export class DecodeError extends Error {
  readonly details: string;

  constructor(details: string) {
    super(t('messages.general'));
    this.name = 'DecodeError';
    this.details = details;
  }
}

export function decodeWith<T, S>(struct: Struct<T, S>, raw: unknown): T {
  try {
    return create(toCamel(raw), struct);
  } catch (error) {
    if (error instanceof StructError) throw new DecodeError(error.message);
    throw error;
  }
}
