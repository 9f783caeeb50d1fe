// Every error ends as a CONTRACT.md body: known errors keep their status, a database out of reach
// is a 503 the client may retry, anything else is a logged 500 with the general message — never a
// stack or SQL.
import type { FastifyError, FastifyInstance } from 'fastify';
import { t } from '../../src/shared/messages';
import { HttpError, ValidationError } from './errors';
import { registerRequestValidation } from './validation';

const BODY_ERRORS = new Set([
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/** Seconds a client is asked to wait (`Retry-After`) while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a database (or any service) that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping), 53300 too_many_connections;
 * class 08 (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when a connection broke or never came (it sets no code on these). */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * The database could not be reached, or dropped the connection: the request may well succeed in a
 * few seconds. Looks through `cause` (drizzle wraps the driver's error in its own) and an
 * AggregateError's `errors` (a host name with several addresses).
 */
function isConnectionLost(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, syscall, message, cause, errors } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // A Unix socket that is not there (PostgreSQL stopped); ENOENT elsewhere is a missing file.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
  }
  if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionLost(inner, depth + 1))) return true;
  return isConnectionLost(cause, depth + 1);
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Route schemas and their 422s go together: the superstruct compiler is set here, before any route.
  registerRequestValidation(app);
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // Route schemas (server/http/validation.ts) fail as a RequestValidationError, a ValidationError.
    if (error instanceof ValidationError) {
      return reply.status(422).send({ ...error.extra, message: error.message, errors: error.errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (error instanceof SyntaxError || (fastifyError.code && BODY_ERRORS.has(fastifyError.code))) {
      const message = t('validation.malformedJson');
      return reply.status(422).send({ message, errors: { body: [message] } });
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: t('validation.bodyTooLarge') });
    }
    if (fastifyError.code === 'FST_ERR_VALIDATION') {
      // A schema that is not a superstruct piece (none today) still answers in the CONTRACT's shape.
      const message = t('validation.general');
      return reply
        .status(422)
        .send({ message, errors: { [fastifyError.validationContext ?? 'body']: [message] } });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework 4xx (too large, unsupported media type…): their messages are safe to show.
      return reply.status(status).send({ message: fastifyError.message });
    }
    if (isConnectionLost(error)) {
      // Not a fault of this request: a restarting or unreachable database. The body is the
      // contract's 5xx body; the header tells clients and proxies when to ask again.
      request.log.warn({ err: error }, 'request failed: the database is out of reach');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: t('messages.general') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: t('messages.general') });
  });
}

/** JSON bodies: an empty body is `{}` (ofetch sends none on `POST logout`), bad JSON is a 422. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const message = t('validation.malformedJson');
      done(new ValidationError({ body: [message] }), undefined);
    }
  });
}
