// /api/questions (docs/catalogue-api.md "Questions"): reading is open, writing needs a signed-in user.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { filterBy } from '../services/catalogue-service';
import * as questions from '../services/question-service';
import { t } from '../../src/shared/messages';
import { QUESTION_FILTERS } from '../../src/shared/questions';
import { choice, id, maybe, optionalId, page, perPage, ref, text } from '../../src/shared/request-schemas';

const IdParams = object({ id: id() });

const ListQuery = object({
  page: maybe(page()),
  per_page: maybe(perPage()),
  filter: maybe(choice(QUESTION_FILTERS)),
  mine: maybe(choice(['0', '1', 'true', 'false'])),
  subject: maybe(ref()),
});

const AnswersQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });

// Lengths and whether the subject and grade exist are the service's 422s (its own wording); the
// caps here only stop hostile sizes.
const QuestionBody = object({
  subject_id: optionalId(),
  grade_level_id: optionalId(),
  title: text({ max: 10_000 }),
  body: text({ max: 50_000 }),
});

const AnswerBody = object({ body: text({ max: 50_000 }) });

const VoteBody = object({ answer_id: id(), type: choice(questions.VOTE_TYPES) });

export function questionRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const { db } = ctx;
  const signedIn = { bodyLimit: BODY_LIMIT.json, preValidation: guards.authenticate };

  api.get('/api/questions', { ...signedIn, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query;
    return questions.listQuestions(
      db,
      {
        filter: query.filter ?? 'all',
        subjectId: await filterBy(db, 'subject', query.subject),
        authorId: query.mine === '1' || query.mine === 'true' ? currentUser(request).id : undefined,
      },
      pageRequest(query, 15),
    );
  });

  api.post(
    '/api/questions/store',
    { ...signedIn, bodyLimit: BODY_LIMIT.text, schema: { body: QuestionBody } },
    async (request, reply) => {
      const body = request.body;
      const question = await questions.askQuestion(db, currentUser(request).id, {
        subjectId: body.subject_id,
        gradeLevelId: body.grade_level_id,
        title: body.title,
        body: body.body,
      });
      return reply.status(201).send({ message: t('question.created'), data: question });
    },
  );

  api.get('/api/questions/get/:id', { schema: { params: IdParams } }, async (request) => ({
    data: await questions.showQuestion(db, request.params.id),
  }));

  api.get(
    '/api/questions/answers/:id',
    { schema: { params: IdParams, querystring: AnswersQuery } },
    async (request) => {
      // A visitor reads answers too; `my_vote` is filled for a signed-in caller.
      const viewer = request.session?.userId ?? null;
      return questions.listAnswers(db, request.params.id, viewer, pageRequest(request.query, 20));
    },
  );

  api.post(
    '/api/questions/answers/store/:id',
    { ...signedIn, bodyLimit: BODY_LIMIT.text, schema: { params: IdParams, body: AnswerBody } },
    async (request, reply) => {
      const answer = await questions.postAnswer(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.body,
      );
      return reply.status(201).send({ message: t('answer.posted'), data: answer });
    },
  );

  api.post(
    '/api/questions/answers/votes/store',
    { ...signedIn, schema: { body: VoteBody } },
    async (request) => questions.vote(db, currentUser(request).id, request.body.answer_id, request.body.type),
  );
}
