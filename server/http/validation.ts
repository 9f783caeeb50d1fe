// Route schemas are superstruct Structs (docs/architecture.md "Requests on the server"): each route
// declares `schema: { params, querystring, body }` next to its handler; this compiler runs them with
// coercion before the handler, and the type provider types `request.params/query/body` from them.
// A failure becomes a RequestValidationError, which the shared error handler answers as the
// CONTRACT's 422 `{ message, errors: { field: [message] } }`.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { Struct, StructError, type Failure } from 'superstruct';
import { t } from '../../src/shared/messages';
import { ValidationError } from './errors';
import type { FieldErrors } from '../../src/shared/validation';

/** `request.params/query/body` typed from the route's Structs. */
export interface SuperstructProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Struct<infer T, any> ? T : unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  serializer: this['schema'] extends Struct<infer T, any> ? T : unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The app as route modules see it: schemas are Structs, handlers get their types. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SuperstructProvider
>;

export const typed = (app: FastifyInstance): Api => app.withTypeProvider<SuperstructProvider>();

/** Body limits (bytes) for `bodyLimit` on a route; over the limit is a 413 `{ message }`. */
export const BODY_LIMIT = {
  /** Ordinary JSON forms. */
  json: 16 * 1024,
  /** Longer texts (a teacher's biography, a question). */
  text: 64 * 1024,
  /** Multipart uploads (photos, notes). */
  upload: 8 * 1024 * 1024,
} as const;

/** A 422 from a route schema: the first field's first message, every bad field listed. */
export class RequestValidationError extends ValidationError {
  readonly code = 'FST_ERR_VALIDATION';
}

type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

/** Query values arrive as strings, or arrays for a repeated key: read the first, and '' as absent. */
function normaliseQuery(data: unknown): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (!data || typeof data !== 'object') return query;
  for (const [key, raw] of Object.entries(data)) {
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim() === '') continue;
    query[key] = value;
  }
  return query;
}

/** Failures → `{ snake_case_field: [messages] }`; a failure of the whole part names the part. */
export function fieldErrors(error: StructError, part: HttpPart): FieldErrors {
  const errors: FieldErrors = {};
  for (const failure of error.failures()) {
    const key = failure.path.length > 0 ? String(failure.path[0]) : part === 'querystring' ? 'query' : part;
    const message = messageOf(failure, part);
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

function messageOf(failure: Failure, part: HttpPart): string {
  // Pieces (src/shared/request-schemas.ts) always carry a catalogue message; superstruct's own
  // structs (`object`) do not, and say "Expected …" in English meant for developers.
  if (failure.refinement !== undefined) return failure.message;
  if (failure.path.length === 0 && part === 'body') return t('validation.bodyObject');
  return t('validation.general');
}

const superstructValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!(schema instanceof Struct)) {
    throw new Error(
      `Route schemas are superstruct Structs (server/http/validation.ts); got one for ${httpPart}.`,
    );
  }
  const part = (httpPart ?? 'body') as HttpPart;
  const struct = schema as Struct<unknown, unknown>;
  return (data: unknown) => {
    // An empty POST (ofetch sends none on `POST logout`) is an empty object, like the JSON parser's.
    const input = part === 'querystring' ? normaliseQuery(data) : part === 'body' && data == null ? {} : data;
    const [error, value] = struct.validate(input, { coerce: true, mask: true });
    if (error) return { error: new RequestValidationError(fieldErrors(error, part)) };
    return { value };
  };
};

export function registerRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(superstructValidatorCompiler);
}
