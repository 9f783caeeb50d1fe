// The rules of questions and answers (docs/catalogue-api.md "Questions"), shared by the API's
// validation and the SPA's forms so the two cannot drift apart.
import { t } from './messages';
import { collect, isBlank, type FieldErrors } from './validation';

/** How a question list is narrowed: every question, those with an answer, those without. */
export const QUESTION_FILTERS = ['all', 'answered', 'unanswered'] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

/** Lengths in characters, of the trimmed text. */
export const QUESTION_TITLE = { min: 10, max: 150 } as const;
export const QUESTION_BODY = { min: 20, max: 5000 } as const;
export const ANSWER_BODY = { min: 2, max: 5000 } as const;

export type LengthBounds = { readonly min: number; readonly max: number };

/** What is wrong with a text's length (trimmed), or null: required, too short, too long. */
export function lengthProblem(value: string, bounds: LengthBounds): string | null {
  const text = value.trim();
  if (!text) return t('validation.required');
  if (text.length < bounds.min) return t('validation.minLength', { min: bounds.min });
  if (text.length > bounds.max) return t('validation.maxLength', { max: bounds.max });
  return null;
}

export type QuestionValues = { subjectId: string; gradeLevelId: string; title: string; body: string };
export type AnswerValues = { body: string };

/** The ask form's checks before a round trip (the API checks the same lengths, and that the ids exist). */
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
