// Teachers' ratings (docs/reviews-messages.md "Rating", src/shared/reviews.ts `ratingOf`): the star
// counts of each teacher's counted reviews (not `hidden`) in one grouped query per list, and the
// site-wide mean of all counted reviews, kept 60 s per process and database.
//
// Used by every public answer that shows a teacher (TeacherSummary on lessons, classes, teacher
// cards, home, search, the profile) and by the review writes (the reviews part), which answer the
// teacher's new `rating` with `ratingOf(db, teacherId)` right after their write.
import { and, avg, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reviews } from '../db/schema';
import {
  emptyDistribution,
  ratingOf as ratingFromDistribution,
  RATING_PRIOR_MEAN_DEFAULT,
  RATING_PRIOR_WEIGHT,
  type Rating,
  type StarDistribution,
} from '../../src/shared/reviews';

/** How long a process reuses the site-wide mean. */
export const SITE_MEAN_TTL_MS = 60_000;

/** A review counts towards the rating unless an admin hid it (`reviewCounts`). */
export const countedReview: SQL = ne(reviews.status, 'hidden');

const siteMeans = new WeakMap<Database, { mean: number | null; at: number }>();

/** The mean stars of every counted review on the site (null before any), cached 60 s. */
export async function siteMean(db: Database, now = Date.now()): Promise<number | null> {
  const cached = siteMeans.get(db);
  if (cached && now - cached.at < SITE_MEAN_TTL_MS) return cached.mean;
  const [row] = await db
    .select({ mean: avg(reviews.stars) })
    .from(reviews)
    .where(countedReview);
  const mean = row?.mean === null || row?.mean === undefined ? null : Number(row.mean);
  siteMeans.set(db, { mean, at: now });
  return mean;
}

/** Drops the cached site mean of `db` (tests, and a seed that has just written reviews). */
export function forgetSiteMean(db: Database): void {
  siteMeans.delete(db);
}

const starCount = (star: number) =>
  sql<number>`count(*) filter (where ${reviews.stars} = ${star})`.mapWith(Number);

/**
 * The rating of each of `teacherIds` (with its star distribution), in one query: every id is in
 * the map, a teacher without counted reviews with `count: 0` and null score and mean.
 */
export async function ratingsOf(db: Database, teacherIds: readonly number[]): Promise<Map<number, Rating>> {
  const ids = [...new Set(teacherIds)];
  const found = new Map<number, Rating>();
  if (ids.length === 0) return found;
  const [rows, mean] = await Promise.all([
    db
      .select({
        teacherId: reviews.teacherId,
        one: starCount(1),
        two: starCount(2),
        three: starCount(3),
        four: starCount(4),
        five: starCount(5),
      })
      .from(reviews)
      .where(and(inArray(reviews.teacherId, ids), countedReview))
      .groupBy(reviews.teacherId),
    siteMean(db),
  ]);
  const byTeacher = new Map(rows.map((row) => [row.teacherId, row]));
  for (const id of ids) {
    const row = byTeacher.get(id);
    const distribution: StarDistribution = row
      ? { '1': row.one, '2': row.two, '3': row.three, '4': row.four, '5': row.five }
      : emptyDistribution();
    found.set(id, ratingFromDistribution(distribution, mean));
  }
  return found;
}

/** One teacher's rating: what a review write answers as `rating`. */
export async function ratingOf(db: Database, teacherId: number): Promise<Rating> {
  const ratings = await ratingsOf(db, [teacherId]);
  return ratings.get(teacherId) ?? ratingFromDistribution(emptyDistribution(), null);
}

/** The rating as cards carry it (TeacherSummary): no distribution. */
export type RatingSummary = Pick<Rating, 'score' | 'mean' | 'count'>;
export const ratingSummary = (rating: Rating | undefined): RatingSummary =>
  rating
    ? { score: rating.score, mean: rating.mean, count: rating.count }
    : { score: null, mean: null, count: 0 };

/**
 * Each teacher's count and star total of counted reviews, as a subquery to join (the teachers
 * list's `sort=rating`), and the Bayesian score over it (null without reviews) for `orderBy`.
 */
export function ratingTotals(db: Database, mean: number | null) {
  const totals = db
    .select({
      teacherId: reviews.teacherId,
      count: sql<number>`count(*)`.as('review_count'),
      stars: sql<number>`sum(${reviews.stars})`.as('review_stars'),
    })
    .from(reviews)
    .where(countedReview)
    .groupBy(reviews.teacherId)
    .as('review_totals');
  const prior = mean ?? RATING_PRIOR_MEAN_DEFAULT;
  const score = sql`(${RATING_PRIOR_WEIGHT}::numeric * ${prior}::numeric + ${totals.stars}) / (${RATING_PRIOR_WEIGHT} + ${totals.count})`;
  return { totals, score, count: sql`coalesce(${totals.count}, 0)` };
}
