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
import { collect, isBlank, type FieldErrors } from '@/shared/validation';

export const QUESTION_FILTERS = ['all', 'answered', 'unanswered'] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

// The same bounds as the API (docs/catalogue-api.md), checked before a round trip.
export const QUESTION_TITLE = { min: 10, max: 150 } as const;
export const QUESTION_BODY = { min: 20, max: 5000 } as const;
export const ANSWER_BODY = { min: 2, max: 5000 } as const;

export type QuestionValues = { subjectId: string; gradeLevelId: string; title: string; body: string };
export type AnswerValues = { body: string };

function lengthProblem(value: string, bounds: { min: number; max: number }): string | null {
  const text = value.trim();
  if (!text) return t('validation.required');
  if (text.length < bounds.min) return t('validation.minLength', { min: bounds.min });
  if (text.length > bounds.max) return t('validation.maxLength', { max: bounds.max });
  return null;
}

export function validateQuestion(values: QuestionValues): FieldErrors {
  return collect({
    subjectId: isBlank(values.subjectId) ? t('validation.required') : null,
    gradeLevelId: isBlank(values.gradeLevelId) ? t('validation.required') : null,
    title: lengthProblem(values.title, QUESTION_TITLE),
    body: lengthProblem(values.body, QUESTION_BODY),
  });
}

export function validateAnswer(values: AnswerValues): FieldErrors {
  return collect({ body: lengthProblem(values.body, ANSWER_BODY) });
}

export async function fetchPublicQuestions(query: ListQuery = {}): Promise<ListPage<Question>> {
  const answer = await request('/api/web/questions', { query: pick(query, ['filter', 'subject', 'page', 'per_page']) });
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

export async function fetchAnswers(questionId: number | string, query: ListQuery = {}): Promise<ListPage<Answer>> {
  const answer = await request(`/api/questions/answers/${encodeURIComponent(String(questionId))}`, {
    query: pick(query, ['page', 'per_page']),
  });
  return decodePage(answer, decodeAnswer);
}

export async function postAnswer(questionId: number | string, values: AnswerValues): Promise<{ message: string; answer: Answer }> {
  const answer = await request(`/api/questions/answers/store/${encodeURIComponent(String(questionId))}`, {
    method: 'POST',
    body: { body: values.body.trim() },
  });
  return { message: messageOf(answer, t('answer.posted')), answer: decodeAnswer(dataOf(answer)) };
}

export async function voteOnAnswer(answerId: number, type: VoteType): Promise<{ message: string; vote: VoteResult }> {
  const answer = await request('/api/questions/answers/votes/store', { method: 'POST', body: { answerId, type } });
  const fallback = type === 'like' ? t('vote.likeAdded') : t('vote.dislikeAdded');
  return { message: messageOf(answer, fallback), vote: decodeVoteResult(dataOf(answer)) };
}
