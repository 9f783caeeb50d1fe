// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md "Messages"):
// `/api/messages…` for any signed-in user (each sees only their own threads: another pair's is a 404),
// `/api/admin/messages/reported…` for admins, who read only reported threads.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import * as messages from '../services/message-service';
import { messageTextProblem, THREAD_REPORT_REASON_MAX } from '../../src/shared/chat';
import { id, maybe, optionalId, page, perPage, text, withRule } from '../../src/shared/request-schemas';
import { IdParams } from './cart-routes';

const THREADS_PER_PAGE = 20;

const ThreadsQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });

/** `before`: the id of the oldest message the reader has; the page holds the ones before it. */
const ThreadQuery = object({ before: optionalId() });

const SendBody = object({
  to_user_id: id(),
  text: withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'messageText', messageTextProblem),
});

const ReportBody = object({ reason: text({ max: THREAD_REPORT_REASON_MAX, required: true }) });

export function messageRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const { db } = ctx;
  const signedIn = { preValidation: guards.authenticate };
  const adminOnly = { preValidation: guards.requireRole('admin') };

  api.get('/api/messages', { ...signedIn, schema: { querystring: ThreadsQuery } }, async (request) =>
    messages.listThreads(db, currentUser(request).id, pageRequest(request.query, THREADS_PER_PAGE)),
  );

  api.get(
    '/api/messages/:id',
    { ...signedIn, schema: { params: IdParams, querystring: ThreadQuery } },
    async (request) =>
      messages.showThread(db, currentUser(request).id, request.params.id, request.query.before ?? undefined),
  );

  // 2,000 characters of emoji sent as \u escapes are ~24 KB of JSON: the longer texts' limit.
  api.post(
    '/api/messages',
    { ...signedIn, bodyLimit: BODY_LIMIT.text, schema: { body: SendBody } },
    async (request, reply) => {
      const sent = await messages.sendMessage(db, currentUser(request).id, {
        toUserId: request.body.to_user_id,
        text: request.body.text,
      });
      return reply.status(201).send(sent);
    },
  );

  api.post(
    '/api/messages/read/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => messages.markThreadRead(db, currentUser(request).id, request.params.id),
  );

  api.post(
    '/api/messages/block/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => messages.block(db, currentUser(request).id, request.params.id),
  );

  api.delete('/api/messages/block/:id', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    messages.unblock(db, currentUser(request).id, request.params.id),
  );

  api.post(
    '/api/messages/report/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams, body: ReportBody } },
    async (request) =>
      messages.reportThread(db, currentUser(request).id, request.params.id, request.body.reason),
  );

  api.get(
    '/api/admin/messages/reported',
    { ...adminOnly, schema: { querystring: ThreadsQuery } },
    async (request) => messages.listReportedThreads(db, pageRequest(request.query, THREADS_PER_PAGE)),
  );

  api.get(
    '/api/admin/messages/reported/:id',
    { ...adminOnly, schema: { params: IdParams, querystring: ThreadQuery } },
    async (request) => messages.showReportedThread(db, request.params.id, request.query.before ?? undefined),
  );
}
