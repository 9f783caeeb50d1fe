// /api/web (docs/catalogue-api.md "Public site"): no sign-in; the newsletter write still needs the
// session's XSRF token like every write.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { curricula, gradeLevels, subjects, CLASS_TYPES } from '../db/schema';
import { readBody, str } from '../http/body';
import { notFound, ValidationError } from '../http/errors';
import { QueryReader, queryOf } from '../http/query';
import { filterRef } from '../services/catalogue-service';
import { listQuestions, QUESTION_FILTERS } from '../services/question-service';
import { search, SEARCH_KINDS } from '../services/search-service';
import * as web from '../services/web-service';
import { t } from '../../src/shared/messages';
import { emailProblem } from '../../src/shared/validation';

const MAX_PRICE_KES = 10_000_000;

export function webRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // Same for every visitor and slow to change: a phone on mobile data may reuse it for a minute.
  // Only a success is reused; an error answer stays no-store.
  const shortCache = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', 'public, max-age=60');
    return payload;
  };

  app.get('/api/web', { onSend: shortCache }, async () => ({ data: await web.home(db) }));

  app.get('/api/web/lessons', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(12);
    reader.done();
    const filters = {
      subjectId: await filterRef(db, subjects, reader.text('subject')),
      gradeLevelId: await filterRef(db, gradeLevels, reader.text('grade_level')),
      curriculumId: await filterRef(db, curricula, reader.text('curriculum')),
    };
    return web.listLessons(db, filters, page);
  });

  app.get<{ Params: { code: string } }>('/api/web/lessons/:code', async (request) => ({
    data: await web.showLesson(db, request.params.code),
  }));

  app.get('/api/web/classes', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(12);
    const type = reader.choice('type', CLASS_TYPES) ?? undefined;
    const from = reader.day('from');
    const to = reader.day('to');
    const minPrice = reader.wholeNumber('min_price', 0, MAX_PRICE_KES);
    const maxPrice = reader.wholeNumber('max_price', 0, MAX_PRICE_KES);
    if (from && to && to < from) reader.errors.to = [t('validation.dateRange')];
    if (minPrice !== null && maxPrice !== null && maxPrice < minPrice)
      reader.errors.max_price = [t('validation.priceRange')];
    reader.done();
    return web.listClasses(
      db,
      {
        curriculumId: await filterRef(db, curricula, reader.text('curriculum')),
        gradeLevelId: await filterRef(db, gradeLevels, reader.text('grade_level')),
        subjectId: await filterRef(db, subjects, reader.text('subject')),
        type,
        from: from ? web.nairobiDayStart(from) : undefined,
        to: to ? web.nairobiDayEnd(to) : undefined,
        minPriceCents: minPrice === null ? undefined : minPrice * 100,
        maxPriceCents: maxPrice === null ? undefined : maxPrice * 100,
      },
      page,
    );
  });

  app.get('/api/web/filters', { onSend: shortCache }, async () => ({ data: await web.classFilterOptions(db) }));

  app.get('/api/web/teachers', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(12);
    reader.done();
    return web.listTeachers(
      db,
      {
        q: reader.text('q').slice(0, 100),
        subjectId: await filterRef(db, subjects, reader.text('subject')),
        curriculumId: await filterRef(db, curricula, reader.text('curriculum')),
      },
      page,
    );
  });

  app.get<{ Params: { id: string } }>('/api/web/teachers/:id', async (request) => {
    if (!/^\d+$/.test(request.params.id)) throw notFound();
    return { data: await web.showTeacher(db, Number(request.params.id)) };
  });

  app.get('/api/web/questions', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(15);
    const filter = reader.choice('filter', QUESTION_FILTERS) ?? 'all';
    reader.done();
    return listQuestions(
      db,
      { filter, subjectId: await filterRef(db, subjects, reader.text('subject')) },
      page,
    );
  });

  app.get('/api/web/search', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(20);
    const kind = reader.choice('type', SEARCH_KINDS);
    const q = reader.text('q');
    if (q.length < 2) reader.errors.q = [t('search.tooShort')];
    else if (q.length > 100) reader.errors.q = [t('search.tooLong')];
    reader.done();
    return search(db, q, kind, page);
  });

  app.get('/api/web/packages', { onSend: shortCache }, async () => ({ data: await web.listPackages(db) }));

  app.get('/api/web/faqs', { onSend: shortCache }, async () => ({ data: await web.listFaqs(db) }));

  app.post('/api/web/newsletter', async (request) => {
    const email = str(readBody(request).email);
    const problem = email.length > 254 ? t('validation.email') : emailProblem(email);
    if (problem) throw ValidationError.field('email', problem);
    await web.subscribeToNewsletter(db, email);
    // The same answer for a new and a repeated address: one row either way.
    return { message: t('newsletter.subscribed') };
  });
}
