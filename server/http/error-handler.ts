// Every error ends as a CONTRACT.md body: known errors keep their status, anything else is a
// logged 500 with the general message — never a stack or SQL.
import type { FastifyError, FastifyInstance } from 'fastify';
import { t } from '../../src/shared/messages';
import { HttpError, ValidationError } from './errors';
import { registerRequestValidation } from './validation';

const BODY_ERRORS = new Set([
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

export function registerErrorHandling(app: FastifyInstance): void {
  // Route schemas and their 422s go together: the superstruct compiler is set here, before any route.
  registerRequestValidation(app);
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // Route schemas (server/http/validation.ts) fail as a RequestValidationError, a ValidationError.
    if (error instanceof ValidationError) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
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
