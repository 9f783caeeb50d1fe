// Issue 25's review screens (docs/reviews-messages.md "Reviews"), each service bound here once: the
// composer of a learner's review, the teacher's reviews with their reply, the Report action, and the
// admins' moderation queue with Hide / Keep.
import { fromPromise } from 'xstate';
import {
  decideReview,
  deleteReview,
  fetchModeratedReviews,
  fetchMyReview,
  fetchTeacherReviews,
  replyToReview,
  reportReview,
  saveReview,
  type ReviewDecided,
} from '@/services/review-writing-service';
import type { ModeratedReview, MyReview, Review } from '@/services/schemas/review-writing';
import { formSubmitter } from '../form-machine';
import { listLoader } from '../load-machine';
import {
  reviewMachine,
  type ReviewDeletedAnswer,
  type ReviewSavedAnswer,
  type SaveReviewInput,
} from '../review-machine';
import { alsoAfterSave } from './after-save';

/** "Rate your teacher": `ReviewComposer({teacherId})` spawns it. */
export const reviewComposer = reviewMachine.provide({
  actors: {
    fetchMine: fromPromise<MyReview, { teacherId: number; studentId: number | null }>(({ input }) =>
      fetchMyReview(input.teacherId, input.studentId),
    ),
    saveReview: fromPromise<ReviewSavedAnswer, SaveReviewInput>(({ input }) => saveReview(input)),
    deleteReview: fromPromise<ReviewDeletedAnswer, { reviewId: number }>(({ input }) =>
      deleteReview(input.reviewId),
    ),
  },
});

/** The systemId of the teacher's reviews list: a reply replaces its review in place. */
export const TEACHER_REVIEWS = 'teacherReviewsList';

/** `/teaching/reviews`: the teacher's reviews, newest first (the page in the URL). */
export const teacherReviewsLoader = listLoader<Review>((query) => fetchTeacherReviews(query));

export type ReplyValues = { reviewId: number; text: string };

/** The teacher's public reply (posting again replaces it); the review shows it at once. */
export const replyForm = alsoAfterSave(
  formSubmitter<ReplyValues, { message: string; review: Review }>(({ reviewId, text }) =>
    replyToReview(reviewId, text),
  ),
  (answer) => [{ to: TEACHER_REVIEWS, event: { type: 'item.replace', item: answer.review } }],
);

export type ReportReviewValues = { reviewId: number; reason: string };

/**
 * Anyone signed in reports a review with a reason. The dialog says itself that the report was
 * received, so the answer carries no message to announce again.
 */
export const reportReviewForm = formSubmitter<ReportReviewValues, { received: true }>(
  async ({ reviewId, reason }) => {
    await reportReview(reviewId, reason);
    return { received: true };
  },
);

/** The systemId of the moderation list: a decision replaces its review in place. */
export const MODERATED_REVIEWS = 'moderatedReviewsList';

/** `/admin/reviews`: reported (the tab left out of the URL), hidden or kept reviews. */
export const moderatedReviewsLoader = listLoader<ModeratedReview>((query) => fetchModeratedReviews(query));

export type ReviewDecisionValues = { reviewId: number; decision: 'hide' | 'keep'; remark: string };

/** Hide (with an optional remark the author reads) or Keep a reported review. */
export const reviewDecisionForm = alsoAfterSave(
  formSubmitter<ReviewDecisionValues, ReviewDecided>(({ reviewId, decision, remark }) =>
    decideReview(reviewId, decision, remark),
  ),
  (answer) => [{ to: MODERATED_REVIEWS, event: { type: 'item.replace', item: answer.review } }],
);
