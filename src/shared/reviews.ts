// Reviews and ratings (issue 25, docs/reviews-messages.md): the rules the server enforces and the
// forms check before a round trip, and the rating every card and profile shows.
import { contactDetailsIn } from './contact-details';

export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REPORT_REASON_MAX = 500;

/**
 * A review's moderation state: `published` (counts, shown), `reported` (someone reported it; still
 * shown and counted until an admin decides), `kept` (an admin kept it after a report), `hidden` (an
 * admin hid it: not shown, not counted). Editing a review puts it back to `published`.
 */
export const REVIEW_STATUSES = ['published', 'reported', 'kept', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const reviewCounts = (status: ReviewStatus) => status !== 'hidden';

/**
 * The prior of the Bayesian average: a teacher's reviews are weighed against the site-wide mean as if
 * `PRIOR_WEIGHT` reviews at that mean came first. 5 is about what a teacher gets in a first month:
 * one 5-star review moves a new teacher a little above the site's mean, and fifty 4.8s outrank it.
 */
export const RATING_PRIOR_WEIGHT = 5;
/** The site-wide mean used before any review exists. */
export const RATING_PRIOR_MEAN_DEFAULT = 4;

export type StarDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;
export type Rating = {
  /** The Bayesian average, 2 decimals; null without reviews. */
  score: number | null;
  /** The raw mean of the counted reviews, 2 decimals; null without reviews. */
  mean: number | null;
  count: number;
  distribution: StarDistribution;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export const emptyDistribution = (): StarDistribution => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

/**
 * The rating of one teacher from the counts of their counted reviews per star and the site-wide mean
 * of all counted reviews: score = (m·C + Σ stars) / (m + n).
 */
export function ratingOf(distribution: StarDistribution, siteMean: number | null): Rating {
  const count = REVIEW_STARS.reduce(
    (sum, star) => sum + distribution[String(star) as keyof StarDistribution],
    0,
  );
  if (count === 0) return { score: null, mean: null, count: 0, distribution };
  const total = REVIEW_STARS.reduce(
    (sum, star) => sum + star * distribution[String(star) as keyof StarDistribution],
    0,
  );
  const prior = siteMean ?? RATING_PRIOR_MEAN_DEFAULT;
  return {
    score: round2((RATING_PRIOR_WEIGHT * prior + total) / (RATING_PRIOR_WEIGHT + count)),
    mean: round2(total / count),
    count,
    distribution,
  };
}

/** What is wrong with a review's stars, or null. */
export function starsProblem(stars: unknown): string | null {
  return typeof stars === 'number' && Number.isInteger(stars) && stars >= 1 && stars <= 5
    ? null
    : 'Choose from 1 to 5 stars.';
}

/** What is wrong with a review's optional text, or null (SPEC §5 style messages). */
export function reviewTextProblem(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (value.length < REVIEW_TEXT_MIN) return `The review must be at least ${REVIEW_TEXT_MIN} characters.`;
  if (value.length > REVIEW_TEXT_MAX)
    return `The review may not be greater than ${REVIEW_TEXT_MAX} characters.`;
  if (contactDetailsIn(value).length)
    return 'Please leave out phone numbers, e-mail addresses and links: reviews are about the lessons.';
  return null;
}

/** What is wrong with a teacher's public reply, or null: 1–2,000 characters, no contact details. */
export function replyTextProblem(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return 'Write your reply.';
  if (value.length > REVIEW_REPLY_MAX)
    return `The reply may not be greater than ${REVIEW_REPLY_MAX} characters.`;
  if (contactDetailsIn(value).length)
    return 'Please leave out phone numbers, e-mail addresses and links: replies are public.';
  return null;
}

/** What is wrong with the reason of a report of a review, or null: 1–500 characters. */
export function reportReasonProblem(reason: string | null | undefined): string | null {
  const value = (reason ?? '').trim();
  if (!value) return 'Say what is wrong with this review.';
  if (value.length > REVIEW_REPORT_REASON_MAX)
    return `The reason may not be greater than ${REVIEW_REPORT_REASON_MAX} characters.`;
  return null;
}

/** "Amina W.": how a review names its learner in public (first name, last initial). */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}
