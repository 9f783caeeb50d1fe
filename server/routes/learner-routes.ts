// What a learner (a student, or a parent for their children) reads (docs/learning-workspace.md):
// lesson files, their classes, and a class's lessons.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { typed } from '../http/validation';
import { learnerClassResource, lessonResource } from '../resources/commerce-resource';
import { centsToDecimal } from '../resources/money';
import { attachmentDisposition, fileBytes, readableFile, safeMimeType } from '../services/file-service';
import {
  CLASS_LESSON_FILTERS,
  classLessons,
  LEARNER_CLASS_FILTERS,
  learnerClasses,
} from '../services/learner-class-service';
import { learnersOf } from '../services/lesson-service';
import { choice, id, maybe, page, perPage, ref } from '../../src/shared/request-schemas';

const Paging = { page: maybe(page()), per_page: maybe(perPage()) };

const ClassesQuery = object({
  ...Paging,
  filter: maybe(choice(LEARNER_CLASS_FILTERS)),
  student_id: maybe(id()),
});

const ClassLessonsQuery = object({ ...Paging, filter: maybe(choice(CLASS_LESSON_FILTERS)) });

export function learnerRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { preValidation: guards.authenticate };

  api.get(
    '/api/files/:id',
    // The exact bytes with their length: a PDF or image gains nothing from compression.
    { ...signedIn, compress: false, schema: { params: object({ id: id() }) } },
    async (request, reply) => {
      const file = await readableFile(ctx, currentUser(request), request.params.id);
      const bytes = await fileBytes(ctx, file);
      return reply
        .header('Content-Type', safeMimeType(file.mimeType))
        .header('Content-Length', String(file.sizeBytes))
        .header('Content-Disposition', attachmentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(bytes);
    },
  );

  api.get('/api/student/classes', { ...signedIn, schema: { querystring: ClassesQuery } }, async (request) => {
    const query = request.query;
    const page = pageRequest(query, 12);
    const learners = await learnersOf(ctx.db, currentUser(request).id, query.student_id);
    const { rows, meta } = await learnerClasses(ctx.db, learners, query.filter ?? 'upcoming', page);
    return { data: rows.map(learnerClassResource), meta };
  });

  api.get(
    '/api/student/lessons/:ref',
    { ...signedIn, schema: { params: object({ ref: ref() }), querystring: ClassLessonsQuery } },
    async (request) => {
      const query = request.query;
      const page = pageRequest(query, 15);
      const found = await classLessons(
        ctx.db,
        currentUser(request).id,
        request.params.ref,
        query.filter ?? 'all',
        page,
      );
      return {
        data: found.rows.map(({ lesson, booked }) => ({ ...lessonResource(lesson), is_booked: booked })),
        meta: found.meta,
        class: {
          ...learnerClassResource(found.class),
          // Buying the whole class (docs/class-purchase.md): what it would buy now, or null.
          purchase: found.purchase && {
            price: centsToDecimal(found.purchase.priceCents),
            lessons_count: found.purchase.lessonsCount,
          },
        },
      };
    },
  );
}
