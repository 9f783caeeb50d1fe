// Questions and answers (CONTRACT.md "Questions"; shapes and rules in docs/catalogue-api.md).
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import {
  decodeAnswer,
  decodeQuestion,
  decodeVoteResult,
  type Answer,
  type Question,
  type VoteResult,
  type VoteType,
} from './schemas/web';
import { t } from '@/shared/messages';
import type { AnswerValues, QuestionValues } from '@/shared/questions';

export async function fetchPublicQuestions(query: ListQuery = {}): Promise<ListPage<Question>> {
  const answer = await request('/api/web/questions', {
    query: pick(query, ['filter', 'subject', 'page', 'per_page']),
  });
  return decodePage(answer, decodeQuestion);
}

/** The signed-in user's own questions. */
export async function fetchMyQuestions(query: ListQuery = {}): Promise<ListPage<Question>> {
  const answer = await request('/api/questions', {
    query: { ...pick(query, ['filter', 'subject', 'page', 'per_page']), mine: 1 },
  });
  return decodePage(answer, decodeQuestion);
}

export async function askQuestion(values: QuestionValues): Promise<{ message: string; question: Question }> {
  const answer = await request('/api/questions/store', {
    method: 'POST',
    body: {
      subjectId: Number(values.subjectId),
      gradeLevelId: Number(values.gradeLevelId),
      title: values.title.trim(),
      body: values.body.trim(),
    },
  });
  return { message: messageOf(answer, t('question.created')), question: decodeQuestion(dataOf(answer)) };
}

export async function fetchQuestion(id: number | string): Promise<Question> {
  return decodeQuestion(dataOf(await request(`/api/questions/get/${encodeURIComponent(String(id))}`)));
}

export async function fetchAnswers(
  questionId: number | string,
  query: ListQuery = {},
): Promise<ListPage<Answer>> {
  const answer = await request(`/api/questions/answers/${encodeURIComponent(String(questionId))}`, {
    query: pick(query, ['page', 'per_page']),
  });
  return decodePage(answer, decodeAnswer);
}

export async function postAnswer(
  questionId: number | string,
  values: AnswerValues,
): Promise<{ message: string; answer: Answer }> {
  const answer = await request(`/api/questions/answers/store/${encodeURIComponent(String(questionId))}`, {
    method: 'POST',
    body: { body: values.body.trim() },
  });
  return { message: messageOf(answer, t('answer.posted')), answer: decodeAnswer(dataOf(answer)) };
}

export async function voteOnAnswer(
  answerId: number,
  type: VoteType,
): Promise<{ message: string; vote: VoteResult }> {
  const answer = await request('/api/questions/answers/votes/store', {
    method: 'POST',
    body: { answerId, type },
  });
  const fallback = type === 'like' ? t('vote.likeAdded') : t('vote.dislikeAdded');
  return { message: messageOf(answer, fallback), vote: decodeVoteResult(dataOf(answer)) };
}
