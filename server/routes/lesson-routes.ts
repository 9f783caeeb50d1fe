// /api/lessons (CONTRACT "Lessons"): add to cart, bookings, show, join.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { pageMeta, pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { lessonResource } from '../resources/commerce-resource';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import * as lessonService from '../services/lesson-service';
import { t } from '../../src/shared/messages';
import { choice, maybe, page, perPage, text } from '../../src/shared/request-schemas';
import { cartOwner, IdParams } from './cart-routes';

const BookingsQuery = object({
  filter: maybe(choice(['all', 'upcoming', 'past'])),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

const CodeParams = object({ code: text({ max: 100 }) });

export function lessonRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { preValidation: guards.authenticate };

  api.post(
    '/api/lessons/add-to-cart/:id',
    { bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request, reply) => {
      const owner = await cartOwner(ctx.db, guards, request, reply);
      const body = await carts.addItem(ctx.db, owner, {
        purchasableType: 'lesson',
        purchasableId: request.params.id,
        quantity: 1,
        options: null,
      });
      return { ...body, message: t('cart.lessonAdded') };
    },
  );

  api.get(
    '/api/lessons/bookings',
    { ...signedIn, schema: { querystring: BookingsQuery } },
    async (request) => {
      const page = pageRequest(request.query, 15);
      const { rows, total } = await lessonService.listBookings(
        ctx.db,
        currentUser(request).id,
        request.query.filter ?? 'all',
        page.page,
        page.perPage,
      );
      return {
        data: rows.map(({ lesson, booking, studentName }) => ({
          ...lessonResource(lesson),
          booking: {
            id: booking.id,
            student_id: booking.studentId,
            student_name: studentName,
            created_at: booking.createdAt.toISOString(),
          },
        })),
        meta: pageMeta(page, total),
      };
    },
  );

  api.get('/api/lessons/show/:code', { ...signedIn, schema: { params: CodeParams } }, async (request) => {
    const found = await lessonService.lessonForViewer(ctx.db, currentUser(request).id, request.params.code);
    if (!found) throw notFound();
    const { lesson, booked, own } = found;
    return { data: { ...lessonResource(lesson, { showLink: booked || own }), is_booked: booked } };
  });

  api.post(
    '/api/lessons/join/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => lessonService.joinLesson(ctx.db, currentUser(request).id, request.params.id),
  );
}
