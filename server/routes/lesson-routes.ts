// /api/lessons (CONTRACT "Lessons"): add to cart, bookings, show, join.
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessons, teachers } from '../db/schema';
import { id, str } from '../http/body';
import { ValidationError, notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { lessonResource } from '../resources/commerce-resource';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import * as lessonService from '../services/lesson-service';
import { t } from '../../src/shared/messages';
import { cartOwner } from './cart-routes';

type IdParams = { Params: { id: string } };
const FILTERS = ['all', 'upcoming', 'past'] as const;

export function pageQuery(query: Record<string, unknown>) {
  const page = id(query.page) ?? 1;
  const perPage = Math.min(id(query.per_page) ?? 15, 100);
  return { page, perPage };
}

export function lessonRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  app.post<IdParams>('/api/lessons/add-to-cart/:id', async (request, reply) => {
    const lessonId = id(request.params.id);
    if (lessonId === null) throw notFound();
    const owner = await cartOwner(ctx.db, guards, request, reply);
    const body = await carts.addItem(ctx.db, owner, {
      purchasableType: 'lesson',
      purchasableId: lessonId,
      quantity: 1,
      options: null,
    });
    return { ...body, message: t('cart.lessonAdded') };
  });

  app.get('/api/lessons/bookings', { preHandler: guards.authenticate }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const filter = str(query.filter) || 'all';
    if (!(FILTERS as readonly string[]).includes(filter))
      throw ValidationError.field('filter', t('validation.choice'));
    const { page, perPage } = pageQuery(query);
    const { rows, total } = await lessonService.listBookings(
      ctx.db,
      currentUser(request).id,
      filter as lessonService.BookingFilter,
      page,
      perPage,
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
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      },
    };
  });

  app.get<{ Params: { code: string } }>(
    '/api/lessons/show/:code',
    { preHandler: guards.authenticate },
    async (request) => {
      const user = currentUser(request);
      const [teacher] = await ctx.db
        .select({ id: teachers.id })
        .from(teachers)
        .where(eq(teachers.userId, user.id));
      // Unapproved lessons are visible to their own teacher only.
      const visible = teacher
        ? or(eq(lessons.isApproved, true), eq(lessons.teacherId, teacher.id))
        : eq(lessons.isApproved, true);
      const lesson = await lessonService.findLesson(
        ctx.db,
        and(eq(lessons.code, request.params.code), visible) ?? eq(lessons.id, -1),
      );
      if (!lesson) throw notFound();
      const booked = await lessonService.isBookedBy(
        ctx.db,
        lesson.id,
        await lessonService.learnerIds(ctx.db, user.id),
      );
      const own = teacher?.id === lesson.teacherId;
      return { data: { ...lessonResource(lesson, { showLink: booked || own }), is_booked: booked } };
    },
  );

  app.post<IdParams>('/api/lessons/join/:id', { preHandler: guards.authenticate }, async (request) => {
    const lessonId = id(request.params.id);
    if (lessonId === null) throw notFound();
    return lessonService.joinLesson(ctx.db, currentUser(request).id, lessonId);
  });
}
