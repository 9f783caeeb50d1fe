// /api catalogue (CONTRACT "Catalogue", docs/catalogue-api.md): every GET is public; show routes
// take an id or a slug.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { curriculumListItem } from '../resources/catalogue-resource';
import * as catalogue from '../services/catalogue-service';
import { listLessons } from '../services/web-service';
import { t } from '../../src/shared/messages';
import { maybe, optionalId, page, perPage, ref, text } from '../../src/shared/request-schemas';

const CATALOGUE_PER_PAGE = 50;

const RefParams = object({ ref: ref() });
const Paging = { page: maybe(page()), per_page: maybe(perPage()) };
const filter = () => maybe(ref());

// Names: the service words "required" and "at most 100" itself; the cap only stops hostile sizes.
const TopicBody = object({ name: text({ max: 1000 }), grade_level_id: optionalId() });

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const { db } = ctx;
  // Catalogue writes belong to the admin workspace; nobody else may change reference data.
  const admin = { bodyLimit: BODY_LIMIT.json, preValidation: guards.requireRole('admin') };

  // Education levels are written by admin-catalogue-routes.ts (the admin's catalogue writes).

  api.post(
    '/api/subjects/add-topic/:ref',
    { ...admin, schema: { params: RefParams, body: TopicBody } },
    async (request, reply) => {
      const topic = await catalogue.addTopic(db, request.params.ref, {
        name: request.body.name,
        gradeLevelId: request.body.grade_level_id,
      });
      return reply.status(201).send({ message: t('messages.created', { name: 'Topic' }), data: topic });
    },
  );

  // Reference data for sign-up and profile forms: readable without signing in.
  api.get('/api/curricula/all', async () => {
    const rows = await catalogue.curriculaWithLevelCounts(db);
    return { data: rows.map((row) => curriculumListItem(row.curriculum, row.eduLevelCount)) };
  });

  api.get('/api/curricula', { schema: { querystring: object(Paging) } }, async (request) =>
    catalogue.curriculumList(db, pageRequest(request.query, CATALOGUE_PER_PAGE)),
  );

  api.get('/api/curricula/show/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.curriculumDetail(db, request.params.ref),
  }));

  api.get('/api/curricula/subjects/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.curriculumSubjects(db, request.params.ref),
  }));

  api.get(
    '/api/edu-levels',
    { schema: { querystring: object({ ...Paging, curriculum: filter() }) } },
    async (request) =>
      catalogue.eduLevelList(
        db,
        (await catalogue.catalogueFilters(db, request.query)).curriculumId,
        pageRequest(request.query, CATALOGUE_PER_PAGE),
      ),
  );

  api.get('/api/edu-levels/show/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.eduLevelDetail(db, request.params.ref),
  }));

  api.get(
    '/api/grade-levels',
    { schema: { querystring: object({ ...Paging, curriculum: filter(), edu_level: filter() }) } },
    async (request) =>
      catalogue.gradeLevelList(
        db,
        await catalogue.catalogueFilters(db, request.query),
        pageRequest(request.query, CATALOGUE_PER_PAGE),
      ),
  );

  api.get('/api/grade-levels/show/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.gradeLevelDetail(db, request.params.ref),
  }));

  api.get('/api/grade-levels/subjects/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.subjectsOfGradeLevel(db, request.params.ref),
  }));

  api.get(
    '/api/subjects',
    {
      schema: {
        querystring: object({
          ...Paging,
          q: text({ max: 1000 }),
          curriculum: filter(),
          grade_level: filter(),
        }),
      },
    },
    async (request) =>
      catalogue.subjectList(
        db,
        {
          // A longer search is cut, not refused.
          q: request.query.q.slice(0, 100),
          ...(await catalogue.catalogueFilters(db, request.query)),
        },
        pageRequest(request.query, CATALOGUE_PER_PAGE),
      ),
  );

  api.get('/api/subjects/show/:ref', { schema: { params: RefParams } }, async (request) => {
    const subject = await catalogue.subjectDetail(db, request.params.ref);
    const upcoming = await listLessons(db, { subjectId: subject.id }, { page: 1, perPage: 6, offset: 0 });
    return { data: { ...subject, upcoming_lessons: upcoming.data } };
  });

  api.get(
    '/api/topics',
    { schema: { querystring: object({ ...Paging, subject: filter(), grade_level: filter() }) } },
    async (request) =>
      catalogue.topicList(
        db,
        await catalogue.catalogueFilters(db, request.query),
        pageRequest(request.query, CATALOGUE_PER_PAGE),
      ),
  );

  api.get('/api/topics/show/:ref', { schema: { params: RefParams } }, async (request) => ({
    data: await catalogue.topicDetail(db, request.params.ref),
  }));
}
