// "Rate your teacher" (issue 25, docs/reviews-messages.md "Reviews"): the composer of a learner's (or a
// parent's) review of one teacher. It loads what the user may do (`GET /api/reviews/mine`): write a
// review, see and edit or delete theirs, or read why they may not yet. Stars and the optional text
// are checked with the shared rules before the call (src/shared/reviews.ts); a 422 puts the server's
// words on its field; any other failure offers Retry. A parent with several children chooses which
// child the review is for (each child's review is loaded on its own).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import type { MyReview, Review } from '@/services/schemas/review-writing';
import { reviewTextProblem, starsProblem, type Rating } from '@/shared/reviews';
import type { FieldErrors } from '@/shared/validation';
import type { ScreenNotify } from './screen-effects';

export type ReviewInput = { teacherId: number };

export type ReviewDraft = { stars: number; text: string };

export type SaveReviewInput = ReviewDraft & {
  teacherId: number;
  studentId: number | null;
  reviewId: number | null;
};

export type ReviewSavedAnswer = { message: string; review: Review; rating: Rating };
export type ReviewDeletedAnswer = { message: string; rating: Rating };

export type ReviewEvent =
  | { type: 'retry' }
  | { type: 'student.choose'; studentId: number }
  | { type: 'draft.change'; stars?: number; text?: string }
  | { type: 'review.submit' }
  | { type: 'review.edit' }
  | { type: 'review.cancel' }
  | { type: 'review.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type ReviewEmitted =
  | ({ type: 'notify' } & ScreenNotify)
  /** The teacher's rating changed (a review written, edited or deleted). */
  | { type: 'review.changed'; rating: Rating };

export type ReviewContext = {
  teacherId: number;
  /** The learner the review is about; null until `mine` says (the user, or a parent's child). */
  studentId: number | null;
  students: MyReview['students'];
  review: Review | null;
  reason: string | null;
  draft: ReviewDraft;
  error: string | null;
  fieldErrors: FieldErrors;
};

const EMPTY_DRAFT: ReviewDraft = { stars: 0, text: '' };

/** The shared rules, as the form shows them (the server checks the same). */
export function draftProblems(draft: ReviewDraft): FieldErrors {
  const errors: FieldErrors = {};
  const stars = starsProblem(draft.stars);
  if (stars) errors.stars = [stars];
  const text = reviewTextProblem(draft.text);
  if (text) errors.text = [text];
  return errors;
}

const fieldErrorsOf = (error: unknown): FieldErrors =>
  error && typeof error === 'object' && 'fieldErrors' in error ? (error.fieldErrors as FieldErrors) : {};

const draftOf = (review: Review | null): ReviewDraft =>
  review ? { stars: review.stars, text: review.text ?? '' } : EMPTY_DRAFT;

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
    emitted: {} as ReviewEmitted,
  },
  actors: {
    fetchMine: fromPromise<MyReview, { teacherId: number; studentId: number | null }>(async () => {
      throw new Error('No fetchMine actor was provided.');
    }),
    saveReview: fromPromise<ReviewSavedAnswer, SaveReviewInput>(async () => {
      throw new Error('No saveReview actor was provided.');
    }),
    deleteReview: fromPromise<ReviewDeletedAnswer, { reviewId: number }>(async () => {
      throw new Error('No deleteReview actor was provided.');
    }),
  },
  actions: {
    notify: emit((_, params: ScreenNotify) => ({ type: 'notify' as const, ...params })),
    announce: emit((_, params: { rating: Rating }) => ({
      type: 'review.changed' as const,
      rating: params.rating,
    })),
    storeMine: assign((_, params: { mine: MyReview }) => ({
      studentId: params.mine.studentId,
      students: params.mine.students,
      review: params.mine.data,
      reason: params.mine.reason,
      draft: draftOf(params.mine.data),
      error: null,
      fieldErrors: {},
    })),
    storeReview: assign((_, params: { review: Review | null }) => ({
      review: params.review,
      draft: draftOf(params.review),
      error: null,
      fieldErrors: {},
    })),
    chooseStudent: assign((_, params: { studentId: number }) => ({ studentId: params.studentId })),
    changeDraft: assign(({ context }, params: { stars?: number; text?: string }) => {
      const fieldErrors = { ...context.fieldErrors };
      if (params.stars !== undefined) delete fieldErrors.stars;
      if (params.text !== undefined) delete fieldErrors.text;
      return {
        draft: {
          stars: params.stars ?? context.draft.stars,
          text: params.text ?? context.draft.text,
        },
        fieldErrors,
        error: null,
      };
    }),
    refuseDraft: assign(({ context }) => ({ fieldErrors: draftProblems(context.draft), error: null })),
    /** A 422: the server's words on the field it names (or above the form). */
    storeRefusal: assign((_, params: { error: unknown }) => {
      const fieldErrors = fieldErrorsOf(params.error);
      return { fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : errorText(params.error) };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    startEditing: assign(({ context }) => ({ draft: draftOf(context.review), error: null, fieldErrors: {} })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasReview: (_, params: { mine: MyReview }) => params.mine.data !== null,
    mayWrite: (_, params: { mine: MyReview }) => params.mine.eligible,
    reviewed: ({ context }) => context.review !== null,
    draftInvalid: ({ context }) => Object.keys(draftProblems(context.draft)).length > 0,
    refused: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 422,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    studentId: null,
    students: [],
    review: null,
    reason: null,
    draft: EMPTY_DRAFT,
    error: null,
    fieldErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchMine',
        src: 'fetchMine',
        input: ({ context }) => ({ teacherId: context.teacherId, studentId: context.studentId }),
        onDone: [
          {
            guard: { type: 'hasReview', params: ({ event }) => ({ mine: event.output }) },
            target: 'saved',
            actions: { type: 'storeMine', params: ({ event }) => ({ mine: event.output }) },
          },
          {
            guard: { type: 'mayWrite', params: ({ event }) => ({ mine: event.output }) },
            target: 'writing',
            actions: { type: 'storeMine', params: ({ event }) => ({ mine: event.output }) },
          },
          {
            target: 'notEligible',
            actions: { type: 'storeMine', params: ({ event }) => ({ mine: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    notEligible: {
      on: {
        'student.choose': {
          target: 'loading',
          actions: { type: 'chooseStudent', params: ({ event }) => ({ studentId: event.studentId }) },
        },
      },
    },
    writing: {
      on: {
        'draft.change': {
          actions: { type: 'changeDraft', params: ({ event }) => ({ stars: event.stars, text: event.text }) },
        },
        'review.submit': [{ guard: 'draftInvalid', actions: 'refuseDraft' }, { target: 'saving' }],
        'review.cancel': { guard: 'reviewed', target: 'saved', actions: 'startEditing' },
        'student.choose': {
          target: 'loading',
          actions: { type: 'chooseStudent', params: ({ event }) => ({ studentId: event.studentId }) },
        },
      },
    },
    saving: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'saveReview',
        src: 'saveReview',
        input: ({ context }) => ({
          teacherId: context.teacherId,
          studentId: context.studentId,
          reviewId: context.review?.id ?? null,
          stars: context.draft.stars,
          text: context.draft.text.trim(),
        }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'storeReview', params: ({ event }) => ({ review: event.output.review }) },
            { type: 'notify', params: ({ event }) => ({ color: 'success', message: event.output.message }) },
            { type: 'announce', params: ({ event }) => ({ rating: event.output.rating }) },
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'writing',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      on: {
        retry: 'saving',
        'review.edit': { target: 'writing', actions: 'clearError' },
      },
    },
    saved: {
      on: {
        'review.edit': { target: 'writing', actions: 'startEditing' },
        'review.delete': { target: 'confirmingDelete', actions: 'clearError' },
        'student.choose': {
          target: 'loading',
          actions: { type: 'chooseStudent', params: ({ event }) => ({ studentId: event.studentId }) },
        },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'saved',
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteReview',
        src: 'deleteReview',
        input: ({ context }) => ({ reviewId: context.review?.id ?? 0 }),
        onDone: {
          target: 'writing',
          actions: [
            { type: 'storeReview', params: { review: null } },
            { type: 'notify', params: ({ event }) => ({ color: 'success', message: event.output.message }) },
            { type: 'announce', params: ({ event }) => ({ rating: event.output.rating }) },
          ],
        },
        onError: {
          target: 'saved',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;

export type ReviewStep =
  | 'loading'
  | 'loadFailed'
  | 'notEligible'
  | 'writing'
  | 'saving'
  | 'failed'
  | 'saved'
  | 'confirmingDelete'
  | 'deleting';

/** What the composer shows. */
export function selectReview(snapshot: ReviewSnapshot) {
  const { context } = snapshot;
  return {
    step: snapshot.value as ReviewStep,
    busy: snapshot.hasTag('busy'),
    review: context.review,
    /** Editing an existing review (Cancel goes back to it) rather than writing a first one. */
    editing: context.review !== null,
    reason: context.reason,
    students: context.students,
    studentId: context.studentId,
    draft: context.draft,
    error: context.error,
    fieldErrors: context.fieldErrors,
  };
}
