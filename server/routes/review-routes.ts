// Reviews (issue 25, docs/reviews-messages.md "Reviews"): writing one (a learner or parent), the
// teacher's reply and own list, anyone's report, and the admins' moderation. Each route checks its
// input declaratively (docs/api.md); the rules' words come from src/shared/reviews.ts.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import * as reviews from '../services/review-service';
import { t } from '../../src/shared/messages';
import { REVIEWS_PER_PAGE } from '../../src/shared/review-pages';
import {
  REVIEW_REPLY_MAX,
  replyTextProblem,
  reportReasonProblem,
  reviewTextProblem,
  starsProblem,
} from '../../src/shared/reviews';
import {
  choice,
  id,
  maybe,
  optionalId,
  page,
  perPage,
  text,
  wholeNumber,
  withRule,
} from '../../src/shared/request-schemas';
import { IdParams } from './cart-routes';

/** Long enough for any text the rules then refuse in their own words; the body limit caps the rest. */
const ANY_LENGTH = Number.MAX_SAFE_INTEGER;

const stars = () => wholeNumber({ min: 1, max: 5, message: starsProblem(0) ?? '' });
const reviewText = () => withRule(text({ max: ANY_LENGTH }), 'reviewText', reviewTextProblem);

const CreateBody = object({
  teacher_id: id(),
  student_id: optionalId(),
  stars: stars(),
  text: reviewText(),
});

const UpdateBody = object({ stars: stars(), text: reviewText() });

const MineQuery = object({ teacher_id: id(), student_id: optionalId() });

const ReplyBody = object({
  text: withRule(text({ max: ANY_LENGTH }), 'replyText', replyTextProblem),
});

const ReportBody = object({
  reason: withRule(text({ max: ANY_LENGTH }), 'reportReason', reportReasonProblem),
});

const PageQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });

const AdminQuery = object({
  status: maybe(choice(reviews.ADMIN_REVIEW_FILTERS)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

const DecisionBody = object({ remark: text({ max: REVIEW_REPLY_MAX }) });

export function reviewRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const { db } = ctx;
  const signedIn = { preValidation: guards.authenticate, bodyLimit: BODY_LIMIT.json };
  const teacherOnly = { preValidation: guards.requireRole('teacher'), bodyLimit: BODY_LIMIT.json };
  const adminOnly = { preValidation: guards.requireRole('admin'), bodyLimit: BODY_LIMIT.json };

  api.post('/api/reviews', { ...signedIn, schema: { body: CreateBody } }, async (request, reply) => {
    const body = request.body;
    const created = await reviews.createReview(db, currentUser(request).id, {
      teacherId: body.teacher_id,
      studentId: body.student_id,
      stars: body.stars,
      text: body.text,
    });
    return reply.status(201).send({ message: t('reviews.created'), ...created });
  });

  api.post(
    '/api/reviews/update/:id',
    { ...signedIn, schema: { params: IdParams, body: UpdateBody } },
    async (request) => ({
      message: t('reviews.updated'),
      ...(await reviews.updateReview(db, currentUser(request).id, request.params.id, request.body)),
    }),
  );

  api.delete('/api/reviews/delete/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => ({
    message: t('reviews.deleted'),
    ...(await reviews.deleteReview(db, currentUser(request).id, request.params.id)),
  }));

  api.get('/api/reviews/mine', { ...signedIn, schema: { querystring: MineQuery } }, async (request) =>
    reviews.mine(db, currentUser(request).id, request.query.teacher_id, request.query.student_id),
  );

  api.post(
    '/api/reviews/reply/:id',
    { ...signedIn, schema: { params: IdParams, body: ReplyBody } },
    async (request) =>
      reviews.replyToReview(db, currentUser(request).id, request.params.id, request.body.text),
  );

  api.post(
    '/api/reviews/report/:id',
    { ...signedIn, schema: { params: IdParams, body: ReportBody } },
    async (request) =>
      reviews.reportReview(db, currentUser(request).id, request.params.id, request.body.reason),
  );

  api.get('/api/teacher/reviews', { ...teacherOnly, schema: { querystring: PageQuery } }, async (request) =>
    reviews.teacherReviews(db, currentUser(request).id, pageRequest(request.query, REVIEWS_PER_PAGE)),
  );

  api.get('/api/admin/reviews', { ...adminOnly, schema: { querystring: AdminQuery } }, async (request) =>
    reviews.adminReviews(db, request.query.status ?? 'reported', pageRequest(request.query, 20)),
  );

  for (const [action, decision] of [
    ['hide', 'hidden'],
    ['keep', 'kept'],
  ] as const) {
    api.post(
      `/api/admin/reviews/${action}/:id`,
      { ...adminOnly, schema: { params: IdParams, body: DecisionBody } },
      async (request) =>
        reviews.decideReview(db, currentUser(request).id, request.params.id, decision, request.body.remark),
    );
  }
}
