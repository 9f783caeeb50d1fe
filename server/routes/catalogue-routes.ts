// /api catalogue (CONTRACT "Catalogue", docs/catalogue-api.md): every GET is public; show routes
// take an id or a slug.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { curricula, educationLevels, gradeLevels, subjects } from '../db/schema';
import { id, readBody, str } from '../http/body';
import { notFound } from '../http/errors';
import type { Guards } from '../http/guards';
import { QueryReader, queryOf } from '../http/query';
import { curriculumListItem } from '../resources/catalogue-resource';
import * as catalogue from '../services/catalogue-service';
import { listLessons } from '../services/web-service';
import { t } from '../../src/shared/messages';

type RefParams = { Params: { ref: string } };
const CATALOGUE_PER_PAGE = 50;

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const { db } = ctx;
  // Catalogue writes belong to the admin workspace; nobody else may change reference data.
  const admin = { preHandler: guards.requireRole('admin') };
  const pathId = (value: string) => {
    const parsed = id(value);
    if (parsed === null) throw notFound();
    return parsed;
  };

  app.post('/api/edu-levels/store', admin, async (request, reply) => {
    const body = readBody(request);
    const level = await catalogue.createEduLevel(db, {
      curriculumId: id(body.curriculum_id),
      name: str(body.name),
    });
    return reply
      .status(201)
      .send({ message: t('messages.created', { name: 'Education level' }), data: level });
  });

  app.post<{ Params: { id: string } }>('/api/edu-levels/update/:id', admin, async (request) => ({
    message: t('messages.updated', { name: 'Education level' }),
    data: await catalogue.renameEduLevel(db, pathId(request.params.id), str(readBody(request).name)),
  }));

  app.delete<{ Params: { id: string } }>('/api/edu-levels/delete/:id', admin, async (request) => {
    await catalogue.deleteEduLevel(db, pathId(request.params.id));
    return { message: t('messages.deleted', { name: 'Education level' }) };
  });

  app.post<RefParams>('/api/subjects/add-topic/:ref', admin, async (request, reply) => {
    const body = readBody(request);
    const topic = await catalogue.addTopic(db, request.params.ref, {
      name: str(body.name),
      gradeLevelId: id(body.grade_level_id),
    });
    return reply.status(201).send({ message: t('messages.created', { name: 'Topic' }), data: topic });
  });

  // Reference data for sign-up and profile forms: readable without signing in.
  app.get('/api/curricula/all', async () => {
    const rows = await catalogue.curriculaWithLevelCounts(db);
    return { data: rows.map((row) => curriculumListItem(row.curriculum, row.eduLevelCount)) };
  });

  app.get('/api/curricula', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(CATALOGUE_PER_PAGE);
    reader.done();
    return catalogue.curriculumList(db, page);
  });

  app.get<RefParams>('/api/curricula/show/:ref', async (request) => ({
    data: await catalogue.curriculumDetail(db, request.params.ref),
  }));

  app.get<RefParams>('/api/curricula/subjects/:ref', async (request) => ({
    data: await catalogue.curriculumSubjects(db, request.params.ref),
  }));

  app.get('/api/edu-levels', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(CATALOGUE_PER_PAGE);
    reader.done();
    return catalogue.eduLevelList(
      db,
      await catalogue.filterRef(db, curricula, reader.text('curriculum')),
      page,
    );
  });

  app.get<RefParams>('/api/edu-levels/show/:ref', async (request) => ({
    data: await catalogue.eduLevelDetail(db, request.params.ref),
  }));

  app.get('/api/grade-levels', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(CATALOGUE_PER_PAGE);
    reader.done();
    return catalogue.gradeLevelList(
      db,
      {
        curriculumId: await catalogue.filterRef(db, curricula, reader.text('curriculum')),
        eduLevelId: await catalogue.filterRef(db, educationLevels, reader.text('edu_level')),
      },
      page,
    );
  });

  app.get<RefParams>('/api/grade-levels/show/:ref', async (request) => ({
    data: await catalogue.gradeLevelDetail(db, request.params.ref),
  }));

  app.get<RefParams>('/api/grade-levels/subjects/:ref', async (request) => ({
    data: await catalogue.subjectsOfGradeLevel(db, request.params.ref),
  }));

  app.get('/api/subjects', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(CATALOGUE_PER_PAGE);
    reader.done();
    return catalogue.subjectList(
      db,
      {
        q: reader.text('q').slice(0, 100),
        curriculumId: await catalogue.filterRef(db, curricula, reader.text('curriculum')),
        gradeLevelId: await catalogue.filterRef(db, gradeLevels, reader.text('grade_level')),
      },
      page,
    );
  });

  app.get<RefParams>('/api/subjects/show/:ref', async (request) => {
    const subject = await catalogue.subjectDetail(db, request.params.ref);
    const upcoming = await listLessons(db, { subjectId: subject.id }, { page: 1, perPage: 6, offset: 0 });
    return { data: { ...subject, upcoming_lessons: upcoming.data } };
  });

  app.get('/api/topics', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(CATALOGUE_PER_PAGE);
    reader.done();
    return catalogue.topicList(
      db,
      {
        subjectId: await catalogue.filterRef(db, subjects, reader.text('subject')),
        gradeLevelId: await catalogue.filterRef(db, gradeLevels, reader.text('grade_level')),
      },
      page,
    );
  });

  app.get<RefParams>('/api/topics/show/:ref', async (request) => ({
    data: await catalogue.topicDetail(db, request.params.ref),
  }));
}
