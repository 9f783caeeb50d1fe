// /api/questions (docs/catalogue-api.md "Questions"): reading is open, writing needs a signed-in user.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { subjects, VOTE_TYPES } from '../db/schema';
import { id, readBody, str } from '../http/body';
import { notFound, ValidationError } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { QueryReader, queryOf } from '../http/query';
import { filterRef } from '../services/catalogue-service';
import * as questions from '../services/question-service';
import { t } from '../../src/shared/messages';

type IdParams = { Params: { id: string } };

function pathId(value: string): number {
  const parsed = id(value);
  if (parsed === null) throw notFound();
  return parsed;
}

export function questionRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const { db } = ctx;

  app.get('/api/questions', { preHandler: guards.authenticate }, async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(15);
    const filter = reader.choice('filter', questions.QUESTION_FILTERS) ?? 'all';
    const mine = reader.choice('mine', ['0', '1', 'true', 'false']);
    reader.done();
    return questions.listQuestions(
      db,
      {
        filter,
        subjectId: await filterRef(db, subjects, reader.text('subject')),
        authorId: mine === '1' || mine === 'true' ? currentUser(request).id : undefined,
      },
      page,
    );
  });

  app.post('/api/questions/store', { preHandler: guards.authenticate }, async (request, reply) => {
    const body = readBody(request);
    const question = await questions.askQuestion(db, currentUser(request).id, {
      subjectId: id(body.subject_id),
      gradeLevelId: id(body.grade_level_id),
      title: str(body.title),
      body: str(body.body),
    });
    return reply.status(201).send({ message: t('question.created'), data: question });
  });

  app.get<IdParams>('/api/questions/get/:id', async (request) => ({
    data: await questions.showQuestion(db, pathId(request.params.id)),
  }));

  app.get<IdParams>('/api/questions/answers/:id', async (request) => {
    const reader = new QueryReader(queryOf(request));
    const page = reader.page(20);
    reader.done();
    // A visitor reads answers too; `my_vote` is filled for a signed-in caller.
    const viewer = request.session?.userId ?? null;
    return questions.listAnswers(db, pathId(request.params.id), viewer, page);
  });

  app.post<IdParams>(
    '/api/questions/answers/store/:id',
    { preHandler: guards.authenticate },
    async (request, reply) => {
      const answer = await questions.postAnswer(
        db,
        currentUser(request).id,
        pathId(request.params.id),
        str(readBody(request).body),
      );
      return reply.status(201).send({ message: t('answer.posted'), data: answer });
    },
  );

  app.post('/api/questions/answers/votes/store', { preHandler: guards.authenticate }, async (request) => {
    const body = readBody(request);
    const answerId = id(body.answer_id);
    const type = str(body.type);
    const errors: Record<string, string[]> = {};
    if (answerId === null) errors.answer_id = [t('validation.required')];
    if (!(VOTE_TYPES as readonly string[]).includes(type)) errors.type = [t('validation.choice')];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return questions.vote(db, currentUser(request).id, answerId ?? 0, type as questions.VoteType);
  });
}
