// /api/web (docs/catalogue-api.md "Public site"): no sign-in; the newsletter write still needs the
// session's XSRF token like every write.
import { object } from 'superstruct';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { catalogueFilters, filterBy } from '../services/catalogue-service';
import { listQuestions } from '../services/question-service';
import { search } from '../services/search-service';
import * as web from '../services/web-service';
import { t } from '../../src/shared/messages';
import { SEARCH_KINDS } from '../../src/shared/catalogue';
import { QUESTION_FILTERS } from '../../src/shared/questions';
import { REVIEWS_PER_PAGE } from '../../src/shared/review-pages';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../src/shared/search';
import {
  asText,
  choice,
  day,
  email,
  id,
  maybe,
  page,
  perPage,
  ref,
  text,
  wholeNumber,
  withFieldErrors,
  withRule,
} from '../../src/shared/request-schemas';

const MAX_PRICE_KES = 10_000_000;

const Paging = { page: maybe(page()), per_page: maybe(perPage()) };
const filter = () => maybe(ref());

const LessonsQuery = object({ ...Paging, subject: filter(), grade_level: filter(), curriculum: filter() });

const price = () => maybe(wholeNumber({ min: 0, max: MAX_PRICE_KES }));
const ClassesQuery = withFieldErrors(
  object({
    ...Paging,
    type: maybe(choice(web.CLASS_TYPES)),
    from: maybe(day()),
    to: maybe(day()),
    min_price: price(),
    max_price: price(),
    curriculum: filter(),
    grade_level: filter(),
    subject: filter(),
  }),
  'ranges',
  (query) => {
    const [from, to] = [asText(query.from), asText(query.to)];
    const [min, max] = [query.min_price, query.max_price];
    return {
      ...(from && to && to < from ? { to: [t('validation.dateRange')] } : {}),
      ...(typeof min === 'number' && typeof max === 'number' && max < min
        ? { maxPrice: [t('validation.priceRange')] }
        : {}),
    };
  },
);

const TeachersQuery = object({
  ...Paging,
  q: text({ max: 1000 }),
  subject: filter(),
  curriculum: filter(),
  // A grade level (id or slug) of their lessons or classes; the order of the list (issue 25).
  level: filter(),
  sort: maybe(choice(web.TEACHER_SORTS)),
});

const TeacherReviewsQuery = object({ page: maybe(page()) });

const QuestionsQuery = object({ ...Paging, filter: maybe(choice(QUESTION_FILTERS)), subject: filter() });

const SearchQuery = object({
  ...Paging,
  type: maybe(choice(SEARCH_KINDS)),
  q: withRule(text({ max: 100_000 }), 'search', (q) =>
    q.length < SEARCH_MIN_LENGTH
      ? t('search.tooShort')
      : q.length > SEARCH_MAX_LENGTH
        ? t('search.tooLong')
        : null,
  ),
});

const CodeParams = object({ code: text({ max: 100 }) });

export function webRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  const { db } = ctx;

  // Same for every visitor and slow to change: a phone on mobile data may reuse it for a minute.
  // Only a success is reused; an error answer stays no-store.
  const shortCache = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', 'public, max-age=60');
    return payload;
  };

  // Every GET here answers every visitor the same: answered from the public cache
  // (server/http/public-cache.ts) until a write changes what it shows.
  const publicCache = { publicCache: true };

  api.get('/api/web', { config: publicCache, onSend: shortCache }, async () => ({
    data: await web.home(db),
  }));

  api.get(
    '/api/web/lessons',
    { config: publicCache, schema: { querystring: LessonsQuery } },
    async (request) => {
      const query = request.query;
      return web.listLessons(db, await catalogueFilters(db, query), pageRequest(query, 12));
    },
  );

  api.get(
    '/api/web/lessons/:code',
    { config: publicCache, schema: { params: CodeParams } },
    async (request) => ({
      data: await web.showLesson(db, request.params.code),
    }),
  );

  api.get(
    '/api/web/classes',
    { config: publicCache, schema: { querystring: ClassesQuery } },
    async (request) => {
      const query = request.query;
      return web.listClasses(
        db,
        {
          ...(await catalogueFilters(db, query)),
          type: query.type,
          from: query.from ? web.nairobiDayStart(query.from) : undefined,
          to: query.to ? web.nairobiDayEnd(query.to) : undefined,
          minPriceCents: query.min_price === undefined ? undefined : query.min_price * 100,
          maxPriceCents: query.max_price === undefined ? undefined : query.max_price * 100,
        },
        pageRequest(query, 12),
      );
    },
  );

  // classpage (issue 24): one class's public page; 404 for an unknown or unapproved class.
  api.get(
    '/api/web/classes/:id',
    { config: publicCache, schema: { params: object({ id: id() }) } },
    async (request) => ({
      data: await web.showClass(db, request.params.id),
    }),
  );

  api.get('/api/web/filters', { config: publicCache, onSend: shortCache }, async () => ({
    data: await web.classFilterOptions(db),
  }));

  api.get(
    '/api/web/teachers',
    { config: publicCache, schema: { querystring: TeachersQuery } },
    async (request) => {
      const query = request.query;
      return web.listTeachers(
        db,
        {
          // A longer search is cut, not refused.
          q: query.q.slice(0, 100),
          ...(await catalogueFilters(db, query)),
          gradeLevelId: await filterBy(db, 'gradeLevel', query.level),
          sort: query.sort ?? 'name',
        },
        pageRequest(query, 12),
      );
    },
  );

  api.get(
    '/api/web/teachers/:id',
    { config: publicCache, schema: { params: object({ id: id() }) } },
    async (request) => ({
      data: await web.showTeacher(db, request.params.id),
    }),
  );

  api.get(
    '/api/web/teachers/:id/reviews',
    { config: publicCache, schema: { params: object({ id: id() }), querystring: TeacherReviewsQuery } },
    async (request) =>
      web.listTeacherReviews(db, request.params.id, pageRequest(request.query, REVIEWS_PER_PAGE)),
  );

  api.get(
    '/api/web/questions',
    { config: publicCache, schema: { querystring: QuestionsQuery } },
    async (request) => {
      const query = request.query;
      return listQuestions(
        db,
        { filter: query.filter ?? 'all', subjectId: await filterBy(db, 'subject', query.subject) },
        pageRequest(query, 15),
      );
    },
  );

  api.get(
    '/api/web/search',
    { config: publicCache, schema: { querystring: SearchQuery } },
    async (request) => {
      const query = request.query;
      return search(db, query.q, query.type ?? null, pageRequest(query, 20));
    },
  );

  api.get('/api/web/packages', { config: publicCache, onSend: shortCache }, async () => ({
    data: await web.listPackages(db),
  }));

  api.get('/api/web/faqs', { config: publicCache, onSend: shortCache }, async () => ({
    data: await web.listFaqs(db),
  }));

  api.post(
    '/api/web/newsletter',
    { bodyLimit: BODY_LIMIT.json, schema: { body: object({ email: email() }) } },
    async (request) => {
      await web.subscribeToNewsletter(db, request.body.email);
      // The same answer for a new and a repeated address: one row either way.
      return { message: t('newsletter.subscribed') };
    },
  );
}
