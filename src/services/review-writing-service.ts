// Issue 25's review calls (docs/reviews-messages.md "Reviews"): the composer's (mine, write, edit,
// delete), the teacher's (their reviews, reply), anyone's report and the admins' moderation.
import { dataOf, messageOf } from './envelope';
import { request } from './http';
import {
  decodeMine,
  decodeModeratedReview,
  decodeRating,
  decodeReview,
  type ModeratedReview,
  type MyReview,
  type Review,
} from './schemas/review-writing';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import type { Rating } from '@/shared/reviews';
import { t } from '@/shared/messages';

const record = (raw: unknown) => (raw ?? {}) as Record<string, unknown>;

/** `GET /api/reviews/mine?teacher_id=&student_id=`. */
export async function fetchMyReview(teacherId: number, studentId: number | null): Promise<MyReview> {
  const query: Record<string, string> = { teacher_id: String(teacherId) };
  if (studentId !== null) query.student_id = String(studentId);
  return decodeMine(await request('/api/reviews/mine', { query }));
}

export type ReviewSaved = { message: string; review: Review; rating: Rating };

/** `POST /api/reviews` (no `reviewId`) or `POST /api/reviews/update/{id}`. */
export async function saveReview(input: {
  teacherId: number;
  studentId: number | null;
  reviewId: number | null;
  stars: number;
  text: string;
}): Promise<ReviewSaved> {
  const body: Record<string, unknown> = { stars: input.stars, text: input.text.trim() };
  const answer =
    input.reviewId === null
      ? await request('/api/reviews', {
          method: 'POST',
          body: {
            ...body,
            teacherId: input.teacherId,
            ...(input.studentId === null ? {} : { studentId: input.studentId }),
          },
        })
      : await request(`/api/reviews/update/${input.reviewId}`, { method: 'POST', body });
  return {
    message: messageOf(answer, t(input.reviewId === null ? 'reviews.created' : 'reviews.updated')),
    review: decodeReview(dataOf(answer)),
    rating: decodeRating(record(answer).rating),
  };
}

/** `DELETE /api/reviews/delete/{id}`. */
export async function deleteReview(reviewId: number): Promise<{ message: string; rating: Rating }> {
  const answer = await request(`/api/reviews/delete/${reviewId}`, { method: 'DELETE' });
  return { message: messageOf(answer, t('reviews.deleted')), rating: decodeRating(record(answer).rating) };
}

/** `GET /api/teacher/reviews?page=`: the teacher's own reviews, newest first. */
export async function fetchTeacherReviews(
  query: ListQuery,
): Promise<ListPage<Review> & { extra: { rating: Rating } }> {
  const answer = await request('/api/teacher/reviews', { query: pick(query, ['page']) });
  return { ...decodePage(answer, decodeReview), extra: { rating: decodeRating(record(answer).rating) } };
}

/** `POST /api/reviews/reply/{id} {text}`: the teacher's public reply (again: replaced). */
export async function replyToReview(
  reviewId: number,
  text: string,
): Promise<{ message: string; review: Review }> {
  const answer = await request(`/api/reviews/reply/${reviewId}`, {
    method: 'POST',
    body: { text: text.trim() },
  });
  return { message: messageOf(answer, t('reviews.replied')), review: decodeReview(dataOf(answer)) };
}

/** `POST /api/reviews/report/{id} {reason}`. */
export async function reportReview(reviewId: number, reason: string): Promise<{ message: string }> {
  const answer = await request(`/api/reviews/report/${reviewId}`, {
    method: 'POST',
    body: { reason: reason.trim() },
  });
  return { message: messageOf(answer, t('reviews.reported')) };
}

export const MODERATION_TABS = ['reported', 'hidden', 'kept'] as const;

/** `GET /api/admin/reviews?status=` (reported when the query names none). */
export async function fetchModeratedReviews(query: ListQuery): Promise<ListPage<ModeratedReview>> {
  const wanted = { status: 'reported', ...pick(query, ['status', 'page']) };
  return decodePage(await request('/api/admin/reviews', { query: wanted }), decodeModeratedReview);
}

export type ReviewDecided = { message: string; review: ModeratedReview };

/** `POST /api/admin/reviews/{hide|keep}/{id} {remark?}`. */
export async function decideReview(
  reviewId: number,
  decision: 'hide' | 'keep',
  remark: string,
): Promise<ReviewDecided> {
  const answer = await request(`/api/admin/reviews/${decision}/${reviewId}`, {
    method: 'POST',
    body: { remark: remark.trim() },
  });
  return {
    message: messageOf(answer, t(decision === 'hide' ? 'reviews.hidden' : 'reviews.kept')),
    review: decodeModeratedReview(dataOf(answer)),
  };
}
