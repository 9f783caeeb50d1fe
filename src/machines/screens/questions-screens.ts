// Questions and answers (src/views/pages/public/questions-page.tsx, src/views/pages/questions/*):
// the lists, a question with its answers, and the ask, answer and vote forms.
import { emit, enqueueActions } from 'xstate';
import { formSubmitter, type FormLogic, type FormValues } from '@/machines/form-machine';
import { listLoader, oneLoader } from '@/machines/load-machine';
import { fetchGradeLevels, fetchSubjects } from '@/services/catalogue-service';
import {
  askQuestion,
  fetchAnswers,
  fetchMyQuestions,
  fetchPublicQuestions,
  fetchQuestion,
  postAnswer,
  voteOnAnswer,
} from '@/services/question-service';
import type { GradeLevelSummary, SubjectSummary } from '@/services/schemas/catalogue';
import type { Answer, Question, VoteType } from '@/services/schemas/web';
import type { AnswerValues, QuestionValues } from '@/shared/questions';

/** `/questions` for a visitor: everyone's questions. */
export const publicQuestionsLoader = listLoader<Question>((query) => fetchPublicQuestions(query));

/** `/questions` for a signed-in user: their own. */
export const myQuestionsLoader = listLoader<Question>((query) => fetchMyQuestions(query));

/** One question (params `{id}`). */
export const questionLoader = oneLoader<Question>((params) => fetchQuestion(String(params.id)));

/** A question's answers (params `{questionId}`), most liked first. */
export const answersLoader = listLoader<Answer>((query, params) =>
  fetchAnswers(String(params.questionId), query),
);

export type AskOptions = { subjects: SubjectSummary[]; grades: GradeLevelSummary[] };

/** The subjects and grade levels a question can be about. */
export const askOptionsLoader = oneLoader<AskOptions>(async () => {
  const [subjects, grades] = await Promise.all([
    fetchSubjects({ per_page: '100' }),
    fetchGradeLevels({ per_page: '100' }),
  ]);
  return { subjects: subjects.items, grades: grades.items };
});

/** A form whose answer opens another page: the `navigate` screen effect right after `submitted`. */
function opening<V extends FormValues, R>(
  logic: FormLogic<V, R>,
  pathOf: (result: R) => string,
): FormLogic<V, R> {
  return logic.provide({
    actions: {
      announceSubmitted: enqueueActions(({ enqueue }, params: { result: unknown }) => {
        enqueue.emit({ type: 'submitted', result: params.result });
        // The named action, so the app's `navigate` effect (src/machines/screen-effects.ts) does it.
        enqueue({ type: 'navigate', params: { to: pathOf(params.result as R) } } as unknown as Parameters<
          typeof enqueue
        >[0]);
      }),
      // On its own (a unit test) the form emits it, as the load machine does.
      navigate: emit((_, params: { to: string; replace?: boolean }) => ({
        type: 'navigate',
        to: params.to,
        replace: params.replace ?? false,
      })),
    } as Parameters<typeof logic.provide>[0]['actions'],
  }) as FormLogic<V, R>;
}

/** Asking a question; the new question opens. */
export const askQuestionForm = opening(
  formSubmitter<QuestionValues, Awaited<ReturnType<typeof askQuestion>>>(askQuestion),
  (answer) => `/questions/show/${answer.question.id}`,
);

/** An answer to the question `questionId` (a value of the form, not a field the user sees). */
export const answerForm = formSubmitter<
  AnswerValues & { questionId: number },
  Awaited<ReturnType<typeof postAnswer>>
>(({ questionId, ...values }) => postAnswer(questionId, values));

/** One vote on an answer: the same type again takes it back. */
export const voteForm = formSubmitter<
  { answerId: number; type: VoteType },
  Awaited<ReturnType<typeof voteOnAnswer>>
>((values) => voteOnAnswer(values.answerId, values.type));
