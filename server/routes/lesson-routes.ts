// /api/lessons (CONTRACT "Lessons", docs/learning-workspace.md): add to cart (and a whole class's,
// docs/class-purchase.md), bookings, show, find
// lessons to book, join (docs/classroom.md).
import { privateCacheRoute } from '../http/private-cache';
import { object, type Struct } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import {
  assignmentResource,
  bookingItem,
  lessonResource,
  noteResource,
} from '../resources/commerce-resource';
import * as carts from '../services/cart-service';
import { cancelBooking, keepBooking } from '../services/booking-cancellation-service';
import { attendedBookings, joinAsLearner } from '../services/classroom-service';
import { catalogueFilters } from '../services/catalogue-service';
import type { CommerceContext } from '../services/commerce-context';
import * as lessonService from '../services/lesson-service';
import { nairobiDayEnd, nairobiDayStart } from '../services/web-service';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import {
  asText,
  choice,
  day,
  id,
  maybe,
  page,
  perPage,
  ref,
  text,
  withFieldErrors,
} from '../../src/shared/request-schemas';
import { cartOwner, IdParams } from './cart-routes';

const BookingsQuery = object({
  filter: maybe(choice(['all', 'upcoming', 'past'])),
  student_id: maybe(id()),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

/** `from`/`to` Nairobi days where `to` may not come before `from` (422 on `to`). */
const withDayRange = <T, S>(struct: Struct<T, S>) =>
  withFieldErrors(struct, 'dayRange', (query): FieldErrors => {
    const [from, to] = [asText(query.from), asText(query.to)];
    return from && to && to < from ? { to: [t('validation.dateRange')] } : {};
  });

const FilterQuery = withDayRange(
  object({
    // A longer search is cut, not refused (like the teachers' list).
    q: text({ max: 100_000 }),
    curriculum: maybe(ref()),
    grade_level: maybe(ref()),
    subject: maybe(ref()),
    type: maybe(choice(lessonService.LESSON_TYPES)),
    from: maybe(day()),
    to: maybe(day()),
    page: maybe(page()),
    per_page: maybe(perPage()),
  }),
);

const CodeParams = object({ code: text({ max: 100 }) });

export function lessonRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { preValidation: guards.authenticate };
  // Answered from memory per user until a write changes them (server/http/private-cache.ts).
  const cachedRead = { ...signedIn, config: privateCacheRoute };

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

  // A whole class (issue 24, docs/class-purchase.md "The cart"): its upcoming lessons at its price.
  api.post(
    '/api/classes/add-to-cart/:id',
    { bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request, reply) => {
      const owner = await cartOwner(ctx.db, guards, request, reply);
      const body = await carts.addItem(ctx.db, owner, {
        purchasableType: 'class',
        purchasableId: request.params.id,
        quantity: 1,
        options: null,
      });
      return { ...body, message: t('cart.classAdded') };
    },
  );

  api.get(
    '/api/lessons/bookings',
    { ...cachedRead, schema: { querystring: BookingsQuery } },
    async (request) => {
      const page = pageRequest(request.query, 15);
      const learners = await lessonService.learnersOf(
        ctx.db,
        currentUser(request).id,
        request.query.student_id,
      );
      const { rows, meta } = await lessonService.listBookings(
        ctx.db,
        learners,
        request.query.filter ?? 'all',
        page,
      );
      const attended = await attendedBookings(
        ctx.db,
        rows.map(({ lesson, booking }) => ({ bookingId: booking.id, studentId: booking.studentId, lesson })),
      );
      return {
        data: rows.map(({ lesson, booking, studentName }) =>
          bookingItem(lesson, booking, studentName, { attended: attended.get(booking.id) ?? null }),
        ),
        meta,
      };
    },
  );

  api.get('/api/lessons/filter', { ...signedIn, schema: { querystring: FilterQuery } }, async (request) => {
    const query = request.query;
    const page = pageRequest(query, 12);
    const { rows, meta } = await lessonService.findLessons(
      ctx.db,
      currentUser(request).id,
      {
        q: query.q.slice(0, 100),
        ...(await catalogueFilters(ctx.db, query)),
        type: query.type,
        from: query.from ? nairobiDayStart(query.from) : undefined,
        to: query.to ? nairobiDayEnd(query.to) : undefined,
      },
      page,
    );
    return {
      data: rows.map(({ lesson, booked }) => ({ ...lessonResource(lesson), is_booked: booked })),
      meta,
    };
  });

  api.get('/api/lessons/show/:code', { ...cachedRead, schema: { params: CodeParams } }, async (request) => {
    const found = await lessonService.lessonPage(ctx.db, currentUser(request).id, request.params.code);
    if (!found) throw notFound();
    const { lesson, booked, own } = found;
    return {
      data: {
        // A learner's way in is the join answer alone; the teacher sees their own link, to edit.
        ...lessonResource(lesson, {
          showLink: own,
          classroomFor: own ? 'teacher' : booked ? 'learner' : null,
        }),
        is_booked: booked,
        booked_for: found.bookedFor.map((row) => ({
          booking_id: row.bookingId,
          moved_at: row.movedAt ? row.movedAt.toISOString() : null,
          student_id: row.studentId,
          student_name: row.studentName,
        })),
        notes: found.notes.map(noteResource),
        assignments: found.assignments.map(assignmentResource),
        notes_count: found.notesCount,
        assignments_count: found.assignmentsCount,
        join: { opens_at: found.join.opensAt.toISOString(), closes_at: found.join.closesAt.toISOString() },
      },
    };
  });

  api.post(
    '/api/lessons/join/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => joinAsLearner(ctx, currentUser(request).id, request.params.id),
  );

  // Issue 24 (cancel): a learner's (or parent's) cancellation of a booking, and keeping a moved lesson.
  api.post(
    '/api/bookings/cancel/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => cancelBooking(ctx.db, currentUser(request).id, request.params.id, ctx.config.appUrl),
  );
  api.post(
    '/api/bookings/keep/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams } },
    async (request) => keepBooking(ctx.db, currentUser(request).id, request.params.id),
  );
}
