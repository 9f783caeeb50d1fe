// Model-based test of "Rate your teacher" (issue 25): every transition of the review composer walked
// on a real actor (its calls are fakes settled by done/error events); each step checks what the
// composer shows (the step, the review, the draft, the problems) and what it tells the app (notify)
// and the page (review.changed with the teacher's new rating).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  reviewMachine,
  selectReview,
  type ReviewDeletedAnswer,
  type ReviewEmitted,
  type ReviewSavedAnswer,
  type SaveReviewInput,
} from '@/machines/review-machine';
import { ApiError } from '@/services/http';
import type { MyReview, Review } from '@/services/schemas/review-writing';
import type { Rating } from '@/shared/reviews';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type Event = EventFromLogic<typeof reviewMachine>;
type Screen = ReturnType<typeof selectReview>;

const GOOD = 'Patient and clear, my algebra is much better now.';
const SHORT = 'Too short.';
const REASON = 'You can review a teacher after a lesson with them has taken place.';
const STUDENTS = [
  { id: 1, name: 'Amina Wanjiru' },
  { id: 2, name: 'Baraka Wanjiru' },
];
const review: Review = {
  id: 31,
  stars: 4,
  text: GOOD,
  author: { name: 'Amina W.' },
  byParent: true,
  reply: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  edited: false,
  status: 'published',
  teacherId: 9,
  studentId: 1,
};
const rating: Rating = {
  score: 4.1,
  mean: 4,
  count: 1,
  distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
};
const mine = (data: Review | null, eligible: boolean): MyReview => ({
  data,
  eligible,
  reason: eligible ? null : REASON,
  studentId: 1,
  students: STUDENTS,
});

const done = (actor: string, output: unknown) =>
  ({ type: `xstate.done.actor.${actor}`, output }) as unknown as Event;
const failed = (actor: string, error: ApiError) =>
  ({ type: `xstate.error.actor.${actor}`, error }) as unknown as Event;
const serverDown = new ApiError({ status: 500, message: 'The server is not answering.' });
const CONTACT = 'Please leave out phone numbers, e-mail addresses and links: reviews are about the lessons.';

const mineReviewed = done('fetchMine', mine(review, true));
const mineEligible = done('fetchMine', mine(null, true));
const mineRefused = done('fetchMine', mine(null, false));
const loadFailed = failed('fetchMine', serverDown);
const savedAnswer: ReviewSavedAnswer = { message: 'Thank you: your review is published.', review, rating };
const saved = done('saveReview', savedAnswer);
const refused = failed(
  'saveReview',
  new ApiError({ status: 422, message: CONTACT, fieldErrors: { text: [CONTACT] } }),
);
const refusedWhole = failed('saveReview', new ApiError({ status: 422, message: 'Something is wrong.' }));
const saveFailed = failed('saveReview', serverDown);
const deletedAnswer: ReviewDeletedAnswer = {
  message: 'Your review is deleted.',
  rating: { score: null, mean: null, count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } },
};
const deleted = done('deleteReview', deletedAnswer);
const deleteFailed = failed('deleteReview', serverDown);

const stars4: Event = { type: 'draft.change', stars: 4 };
const textShort: Event = { type: 'draft.change', text: SHORT };
const textGood: Event = { type: 'draft.change', text: GOOD };
const choose: Event = { type: 'student.choose', studentId: 2 };

const events: Event[] = [
  mineReviewed,
  mineEligible,
  mineRefused,
  loadFailed,
  { type: 'retry' },
  choose,
  stars4,
  textShort,
  textGood,
  { type: 'review.submit' },
  { type: 'review.edit' },
  { type: 'review.cancel' },
  { type: 'review.delete' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  saved,
  refused,
  refusedWhole,
  saveFailed,
  deleted,
  deleteFailed,
];

/** The machine with calls that never settle: the paths settle them with done/error events. */
function pending(machine: typeof reviewMachine) {
  const never = <O, I>() => fromPromise<O, I>(() => new Promise<never>(() => {}));
  return machine.provide({
    actors: {
      fetchMine: never<MyReview, { teacherId: number; studentId: number | null }>(),
      saveReview: never<ReviewSavedAnswer, SaveReviewInput>(),
      deleteReview: never<ReviewDeletedAnswer, { reviewId: number }>(),
    },
  });
}
const logic = pending(reviewMachine);
const input = { teacherId: 9 };
const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => ({
    review: s.context.review !== null,
    draft: s.context.draft,
    studentId: s.context.studentId,
    error: s.context.error,
    fieldErrors: s.context.fieldErrors,
  }),
  simpleEvents: events.filter((event) => event !== textShort && event !== textGood),
});
const coverage = coverageOf(reviewMachine);

const EMPTY = { stars: 0, text: '' };
const start: Screen = {
  step: 'loading',
  busy: false,
  review: null,
  editing: false,
  reason: null,
  students: [],
  studentId: null,
  draft: EMPTY,
  error: null,
  fieldErrors: {},
};
const fromReview = { stars: review.stars, text: GOOD };
const loaded = (data: Review | null, step: Screen['step'], reason: string | null): Screen => ({
  ...start,
  step,
  review: data,
  editing: data !== null,
  reason,
  students: STUDENTS,
  studentId: 1,
  draft: data ? fromReview : EMPTY,
});
const told = (message: string, changed: Rating): ReviewEmitted[] => [
  { type: 'notify', color: 'success', message },
  { type: 'review.changed', rating: changed },
];

/** The shared rules by hand: no stars, or a text under 20 characters. */
function problems(draft: { stars: number; text: string }) {
  const found: Record<string, string[]> = {};
  if (draft.stars === 0) found.stars = ['Choose from 1 to 5 stars.'];
  if (draft.text === SHORT) found.text = ['The review must be at least 20 characters.'];
  return found;
}
const without = (errors: Record<string, string[]>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

function expectedAfter(screen: Screen, event: Event): [Screen, ReviewEmitted[]] {
  if (event === mineReviewed) return [loaded(review, 'saved', null), []];
  if (event === mineEligible) return [loaded(null, 'writing', null), []];
  if (event === mineRefused) return [loaded(null, 'notEligible', REASON), []];
  if (event === loadFailed) return [{ ...screen, step: 'loadFailed', error: serverDown.message }, []];
  if (event === saved)
    return [
      {
        ...screen,
        step: 'saved',
        busy: false,
        review,
        editing: true,
        draft: fromReview,
        error: null,
        fieldErrors: {},
      },
      told(savedAnswer.message, rating),
    ];
  if (event === refused)
    return [{ ...screen, step: 'writing', busy: false, fieldErrors: { text: [CONTACT] } }, []];
  if (event === refusedWhole)
    return [{ ...screen, step: 'writing', busy: false, fieldErrors: {}, error: 'Something is wrong.' }, []];
  if (event === saveFailed)
    return [{ ...screen, step: 'failed', busy: false, error: serverDown.message }, []];
  if (event === deleted)
    return [
      {
        ...screen,
        step: 'writing',
        busy: false,
        review: null,
        editing: false,
        draft: EMPTY,
        error: null,
        fieldErrors: {},
      },
      told(deletedAnswer.message, deletedAnswer.rating),
    ];
  if (event === deleteFailed)
    return [{ ...screen, step: 'saved', busy: false, error: serverDown.message }, []];
  switch (event.type) {
    case 'retry':
      return screen.step === 'loadFailed'
        ? [{ ...screen, step: 'loading', error: null }, []]
        : [{ ...screen, step: 'saving', busy: true, error: null }, []];
    case 'student.choose':
      return [{ ...screen, step: 'loading', studentId: event.studentId, error: null }, []];
    case 'draft.change': {
      let fieldErrors = screen.fieldErrors;
      if (event.stars !== undefined) fieldErrors = without(fieldErrors, 'stars');
      if (event.text !== undefined) fieldErrors = without(fieldErrors, 'text');
      const draft = { stars: event.stars ?? screen.draft.stars, text: event.text ?? screen.draft.text };
      return [{ ...screen, draft, fieldErrors, error: null }, []];
    }
    case 'review.submit': {
      const found = problems(screen.draft);
      return Object.keys(found).length > 0
        ? [{ ...screen, fieldErrors: found, error: null }, []]
        : [{ ...screen, step: 'saving', busy: true, error: null }, []];
    }
    case 'review.edit':
      return screen.step === 'saved'
        ? [{ ...screen, step: 'writing', draft: fromReview, error: null, fieldErrors: {} }, []]
        : [{ ...screen, step: 'writing', error: null }, []];
    case 'review.cancel':
      return [{ ...screen, step: 'saved', draft: fromReview, error: null, fieldErrors: {} }, []];
    case 'review.delete':
      return [{ ...screen, step: 'confirmingDelete', error: null }, []];
    case 'delete.confirm':
      return [{ ...screen, step: 'deleting', busy: true }, []];
    case 'delete.cancel':
      return [{ ...screen, step: 'saved' }, []];
  }
  throw new Error(`No expectation for ${JSON.stringify(event)}`);
}

function replay(path: ModelPath<typeof logic>, machine = reviewMachine) {
  replayScreens(createActor(pending(machine), { input, inspect: coverage.inspect }), path, {
    start,
    after: expectedAfter,
    check: (seen, screen) => expect(selectReview(seen)).toEqual(screen),
  }).stop();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('review machine (model-based)', () => {
  pathTests(coverage, model, 'shows the composer and tells the app and the page', (path) => replay(path));

  it('asks for the chosen learner and sends the draft, trimmed, as a new review and then as an edit', async () => {
    const calls: unknown[] = [];
    const machine = reviewMachine.provide({
      actors: {
        fetchMine: fromPromise<MyReview, { teacherId: number; studentId: number | null }>(
          async ({ input: args }) => {
            calls.push(['mine', args]);
            return mine(null, true);
          },
        ),
        saveReview: fromPromise<ReviewSavedAnswer, SaveReviewInput>(async ({ input: args }) => {
          calls.push(['save', args]);
          return savedAnswer;
        }),
        deleteReview: fromPromise<ReviewDeletedAnswer, { reviewId: number }>(async ({ input: args }) => {
          calls.push(['delete', args]);
          return deletedAnswer;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await settle();
    actor.send({ type: 'student.choose', studentId: 2 });
    await settle();
    actor.send({ type: 'draft.change', stars: 5 });
    actor.send({ type: 'draft.change', text: `  ${GOOD}  ` });
    actor.send({ type: 'review.submit' });
    await settle();
    actor.send({ type: 'review.edit' });
    actor.send({ type: 'review.submit' });
    await settle();
    actor.send({ type: 'review.delete' });
    actor.send({ type: 'delete.confirm' });
    await settle();
    expect(calls).toEqual([
      ['mine', { teacherId: 9, studentId: null }],
      // The answer named learner 1; the choice asks for learner 2.
      ['mine', { teacherId: 9, studentId: 2 }],
      ['save', { teacherId: 9, studentId: 1, reviewId: null, stars: 5, text: GOOD }],
      ['save', { teacherId: 9, studentId: 1, reviewId: 31, stars: 4, text: GOOD }],
      ['delete', { reviewId: 31 }],
    ]);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof reviewMachine),
  });
});
