// What issue 25's review calls answer (docs/reviews-messages.md "Reviews"): a review as its author, its
// teacher and the admins read it (the public Review plus its state), the composer's `mine`, and the
// teacher's rating every change answers with.
import { array, boolean, number, record, string, type, type Infer } from 'superstruct';
import { REVIEW_STATUSES, emptyDistribution, type Rating, type StarDistribution } from '@/shared/reviews';
import { decodeWith, id, maybe, oneOf } from './common';

const RatingStruct = type({
  score: maybe(number()),
  mean: maybe(number()),
  count: number(),
  distribution: maybe(record(string(), number())),
});

/** A rating as the server sent it, with the five stars always present. */
export function decodeRating(raw: unknown): Rating {
  const rating = decodeWith(RatingStruct, raw);
  return {
    score: rating.score,
    mean: rating.mean,
    count: rating.count,
    distribution: { ...emptyDistribution(), ...(rating.distribution ?? {}) } as StarDistribution,
  };
}

export const ReviewStruct = type({
  id,
  stars: number(),
  text: maybe(string()),
  author: type({ name: string() }),
  byParent: maybe(boolean()),
  reply: maybe(type({ text: string(), repliedAt: maybe(string()) })),
  createdAt: maybe(string()),
  updatedAt: maybe(string()),
  edited: maybe(boolean()),
  /** The author's, the teacher's and the admins' view only. */
  status: oneOf(REVIEW_STATUSES),
  teacherId: maybe(id),
  studentId: maybe(id),
});
export type Review = Infer<typeof ReviewStruct>;

export const decodeReview = (raw: unknown): Review => decodeWith(ReviewStruct, raw);

const MineStruct = type({
  data: maybe(ReviewStruct),
  eligible: boolean(),
  reason: maybe(string()),
  studentId: maybe(id),
  students: array(type({ id, name: string() })),
});
/** `GET /api/reviews/mine`: the user's review of the teacher (or null), and whether they may write one. */
export type MyReview = Infer<typeof MineStruct>;
export const decodeMine = (raw: unknown): MyReview => decodeWith(MineStruct, raw);

const ModeratedStruct = type({
  ...ReviewStruct.schema,
  teacher: type({ id, name: string() }),
  moderatedAt: maybe(string()),
  reports: array(type({ reason: string(), reporter: type({ name: string() }), createdAt: maybe(string()) })),
});
/** A review as the moderation screen lists it: its teacher and its reports. */
export type ModeratedReview = Infer<typeof ModeratedStruct>;
export const decodeModeratedReview = (raw: unknown): ModeratedReview => decodeWith(ModeratedStruct, raw);
