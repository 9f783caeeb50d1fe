// Questions, answers and votes (docs/catalogue-api.md "Questions"). Text is stored as written;
// the SPA renders it as text, never as HTML.
import { and, asc, count, desc, eq, exists, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { answerVotes, answers, gradeLevels, questions, subjects, users, VOTE_TYPES } from '../db/schema';
import { notFound, throwIfInvalid, ValidationError } from '../http/errors';
import type { PageRequest } from '../http/query';
import { answerCard, questionCard, type AnswerCard } from '../resources/web-resource';
import { questionCards } from './public-view-service';
import { feedForAnswer, feedForLike } from './activity-service';
import { paged, pagedIds } from './paged';
import { t, type MessageKey } from '../../src/shared/messages';
import {
  ANSWER_BODY,
  lengthProblem,
  QUESTION_BODY,
  QUESTION_TITLE,
  type LengthBounds,
  type QuestionFilter,
} from '../../src/shared/questions';
import type { FieldErrors } from '../../src/shared/validation';

export { VOTE_TYPES };
export type VoteType = (typeof VOTE_TYPES)[number];

// The bounds the SPA's ask and answer forms check too (src/shared/questions.ts).
function lengthProblems(text: string, bounds: LengthBounds): string[] | null {
  const problem = lengthProblem(text, bounds);
  return problem === null ? null : [problem];
}

export type QuestionQuery = { filter: QuestionFilter; subjectId?: number; authorId?: number };

export async function listQuestions(db: Database, query: QuestionQuery, page: PageRequest) {
  const hasAnswer = exists(
    db
      .select({ one: sql`1` })
      .from(answers)
      .where(eq(answers.questionId, questions.id)),
  );
  const noAnswer = notExists(
    db
      .select({ one: sql`1` })
      .from(answers)
      .where(eq(answers.questionId, questions.id)),
  );
  const where: SQL | undefined = and(
    query.filter === 'answered' ? hasAnswer : query.filter === 'unanswered' ? noAnswer : undefined,
    query.subjectId === undefined ? undefined : eq(questions.subjectId, query.subjectId),
    query.authorId === undefined ? undefined : eq(questions.userId, query.authorId),
  );
  const { ids, meta } = await pagedIds(db, page, questions, where, [
    desc(questions.createdAt),
    desc(questions.id),
  ]);
  const cards = await questionCards(db, ids);
  return { data: cards.map(questionCard), meta };
}

export async function showQuestion(db: Database, questionId: number) {
  const [card] = await questionCards(db, [questionId]);
  if (!card) throw notFound();
  return questionCard(card);
}

export type NewQuestion = {
  subjectId: number | null;
  gradeLevelId: number | null;
  title: string;
  body: string;
};

export async function askQuestion(db: Database, userId: number, input: NewQuestion) {
  const errors: FieldErrors = {};
  const required = [t('validation.required')];
  const invalid = [t('validation.choice')];
  if (input.subjectId === null) errors.subject_id = required;
  else {
    const [subject] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.id, input.subjectId));
    if (!subject) errors.subject_id = invalid;
  }
  if (input.gradeLevelId === null) errors.grade_level_id = required;
  else {
    const [grade] = await db
      .select({ id: gradeLevels.id })
      .from(gradeLevels)
      .where(eq(gradeLevels.id, input.gradeLevelId));
    if (!grade) errors.grade_level_id = invalid;
  }
  const titleProblem = lengthProblems(input.title, QUESTION_TITLE);
  if (titleProblem) errors.title = titleProblem;
  const bodyProblem = lengthProblems(input.body, QUESTION_BODY);
  if (bodyProblem) errors.body = bodyProblem;
  throwIfInvalid(errors);
  const [row] = await db
    .insert(questions)
    .values({
      userId,
      subjectId: input.subjectId,
      gradeLevelId: input.gradeLevelId,
      title: input.title,
      body: input.body,
    })
    .returning({ id: questions.id });
  if (!row) throw new Error('Question not stored');
  return showQuestion(db, row.id);
}

const voteCount = (type: VoteType) =>
  sql<number>`(select count(*) from "answer_votes" v where v."answer_id" = "answers"."id"
    and v."type" = ${type})`.mapWith(Number);

function answerQuery(db: Database, viewerId: number | null) {
  return db
    .select({
      answer: answers,
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName, photo: users.photo },
      likesCount: voteCount('like'),
      dislikesCount: voteCount('dislike'),
      myVote: sql<VoteType | null>`(select v."type" from "answer_votes" v
        where v."answer_id" = "answers"."id" and v."user_id" = ${viewerId ?? -1})`,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId));
}

type AnswerRow = Awaited<ReturnType<ReturnType<typeof answerQuery>['execute']>>[number];
const toCard = (row: AnswerRow): AnswerCard => ({
  ...row.answer,
  author: row.author,
  likesCount: row.likesCount,
  dislikesCount: row.dislikesCount,
  myVote: row.myVote,
});

async function questionExists(db: Database, questionId: number): Promise<void> {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!question) throw notFound();
}

/** Most liked first (likes − dislikes), then oldest first; `my_vote` is the viewer's. */
export async function listAnswers(
  db: Database,
  questionId: number,
  viewerId: number | null,
  page: PageRequest,
) {
  await questionExists(db, questionId);
  const where = eq(answers.questionId, questionId);
  const { rows, meta } = await paged(
    page,
    answerQuery(db, viewerId)
      .where(where)
      .orderBy(
        desc(sql`${voteCount('like')} - ${voteCount('dislike')}`),
        asc(answers.createdAt),
        asc(answers.id),
      ),
    db.select({ total: count() }).from(answers).where(where),
  );
  return { data: rows.map((row) => answerCard(toCard(row))), meta };
}

export async function postAnswer(db: Database, userId: number, questionId: number, body: string) {
  await questionExists(db, questionId);
  const problem = lengthProblems(body, ANSWER_BODY);
  throwIfInvalid(problem ? { body: problem } : {});
  // The answer and the asker's notification commit together.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(answers)
      .values({ questionId, userId, body })
      .returning({ id: answers.id });
    if (!inserted) throw new Error('Answer not stored');
    await feedForAnswer(tx, { questionId, answerId: inserted.id, answererId: userId });
    return inserted;
  });
  const [answer] = await answerQuery(db, userId).where(eq(answers.id, row.id));
  if (!answer) throw notFound();
  return answerCard(toCard(answer));
}

const VOTE_MESSAGES: Record<VoteType, MessageKey> = { like: 'vote.likeAdded', dislike: 'vote.dislikeAdded' };

/**
 * One vote per user and answer (a unique key): the same type again takes it back, the other type
 * switches it. Nobody votes on their own answer (422). Runs in a transaction with the user's existing vote locked, so a double click
 * cannot leave two votes or a wrong count.
 */
export async function vote(db: Database, userId: number, answerId: number, type: VoteType) {
  return db.transaction(async (tx) => {
    const [answer] = await tx
      .select({ id: answers.id, userId: answers.userId })
      .from(answers)
      .where(eq(answers.id, answerId));
    if (!answer) throw notFound();
    // Votes rank answers; an author could otherwise push their own answer up.
    if (answer.userId === userId) throw ValidationError.field('answer_id', t('vote.ownAnswer'));
    const mine = and(eq(answerVotes.answerId, answerId), eq(answerVotes.userId, userId));
    const [existing] = await tx.select().from(answerVotes).where(mine).for('update');
    let myVote: VoteType | null;
    if (existing?.type === type) {
      await tx.delete(answerVotes).where(eq(answerVotes.id, existing.id));
      myVote = null;
    } else {
      await tx
        .insert(answerVotes)
        .values({ answerId, userId, type })
        .onConflictDoUpdate({
          target: [answerVotes.answerId, answerVotes.userId],
          set: { type, updatedAt: new Date() },
        });
      myVote = type;
      // A new like (or a dislike turned into one) tells the answer's author, in this transaction.
      if (type === 'like') await feedForLike(tx, { answerId, likerId: userId });
    }
    const counts = await tx
      .select({ type: answerVotes.type, total: count() })
      .from(answerVotes)
      .where(eq(answerVotes.answerId, answerId))
      .groupBy(answerVotes.type);
    const countOf = (wanted: VoteType) => Number(counts.find((row) => row.type === wanted)?.total ?? 0);
    return {
      message: myVote ? t(VOTE_MESSAGES[myVote]) : t('vote.removed'),
      data: {
        answer_id: answerId,
        likes_count: countOf('like'),
        dislikes_count: countOf('dislike'),
        my_vote: myVote,
      },
    };
  });
}
