// A teacher's public profile (issue 25, docs/reviews-messages.md "Teacher profile pages"): the
// Teacher with who to write to, since when on Somesha, the grade levels taught, the rating with its
// distribution and the first page of reviews. Apart from web.ts: only the profile page loads it.
import { array, boolean, defaulted, number, string, type, type Infer } from 'superstruct';
import { GradeLevelRefStruct } from './catalogue';
import { decodeWith, id, maybe } from './common';
import { PageMetaStruct } from './page';
import { ClassStruct, LessonStruct, RatingSummaryStruct, TeacherStruct } from './web';

/** A public review (docs/reviews-messages.md "Review (public)"). */
export const ReviewStruct = type({
  id,
  stars: number(),
  text: maybe(string()),
  author: type({ name: defaulted(string(), '') }),
  byParent: defaulted(boolean(), false),
  reply: maybe(type({ text: string(), repliedAt: maybe(string()) })),
  createdAt: maybe(string()),
  updatedAt: maybe(string()),
  edited: defaulted(boolean(), false),
});
export type Review = Infer<typeof ReviewStruct>;

const starCount = defaulted(number(), 0);
export const RatingStruct = type({
  ...RatingSummaryStruct.schema,
  distribution: defaulted(type({ 1: starCount, 2: starCount, 3: starCount, 4: starCount, 5: starCount }), {
    1: 0,
    2: 0,
    3: 0,
    4: 0,
    5: 0,
  }),
});
export type Rating = Infer<typeof RatingStruct>;

export const TeacherProfileStruct = type({
  ...TeacherStruct.schema,
  // Issue 25: who to write to, since when on Somesha, the grade levels taught, rating and reviews.
  userId: maybe(id),
  joinedAt: maybe(string()),
  levels: defaulted(array(GradeLevelRefStruct), []),
  rating: defaulted(RatingStruct, {
    score: null,
    mean: null,
    count: 0,
    distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  }),
  reviews: defaulted(type({ data: array(ReviewStruct), meta: maybe(PageMetaStruct) }), {
    data: [],
    meta: null,
  }),
  upcomingLessons: defaulted(array(LessonStruct), []),
  classes: defaulted(array(ClassStruct), []),
});
export type TeacherProfile = Infer<typeof TeacherProfileStruct>;

export const decodeReview = (raw: unknown): Review => decodeWith(ReviewStruct, raw);
export const decodeTeacherProfile = (raw: unknown): TeacherProfile => decodeWith(TeacherProfileStruct, raw);
