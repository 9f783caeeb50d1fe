// Buying a whole class at once (issue 24, docs/class-purchase.md): the rules the server prices and
// fulfils with and the views show, in one place.
import { formatKes } from './format';
import { t } from './messages';
import { plural } from './plural';

/** The lessons of a class as buying it sees them. */
export type ClassLessonForSale = { id: number; startsAt: Date | string; cancelled: boolean };

/**
 * What a class purchase buys at `now`: its lessons not cancelled that start after `now` and that the
 * learner has not booked yet, by start time.
 */
export function lessonsToBuy<L extends ClassLessonForSale>(
  lessons: L[],
  alreadyBooked: ReadonlySet<number>,
  now: Date,
): L[] {
  return lessons
    .filter((lesson) => !lesson.cancelled && new Date(lesson.startsAt) > now && !alreadyBooked.has(lesson.id))
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime() || a.id - b.id);
}

/**
 * The price of `buying` of a class's `planned` lessons: the class's price when all of them are bought,
 * else its share, rounded to the whole shilling (M-Pesa takes shillings). `planned` counts every
 * approved lesson of the class, cancelled ones included, so a lesson's share is fixed by the course as
 * planned: a cancellation makes the class cheaper, never its other lessons dearer.
 */
export function classShareCents(classPriceCents: number, planned: number, buying: number): number {
  if (planned <= 0 || buying <= 0) return 0;
  if (buying >= planned) return classPriceCents;
  return Math.round((classPriceCents * buying) / planned / 100) * 100;
}

/**
 * A class's total split over the lessons it buys, in cents, summing exactly to the total: each
 * order line (one per lesson) records what that lesson cost, so a refund or a learner's cancellation
 * of one lesson returns its own part. The odd cents go to the first lessons.
 */
export function splitAcrossLessons(totalCents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(totalCents / count);
  const rest = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < rest ? 1 : 0));
}

/**
 * What buying a class costs a visitor now, from its public answer (`GET /api/web/classes/{id}`: its
 * lessons not cancelled and how many it was planned with): the lessons still to come at the class's
 * share. The cart and the payment price it again for the learner (their own bookings left out).
 */
export function publicClassOffer(
  lessonClass: { price: string; lessonsPlanned: number; lessons: Array<{ id: number; startAt: string }> },
  now: Date,
): { left: number; planned: number; price: string } {
  const lessons = lessonClass.lessons.map(({ id, startAt }) => ({ id, startsAt: startAt, cancelled: false }));
  const left = lessonsToBuy(lessons, new Set(), now).length;
  const planned = Math.max(lessonClass.lessonsPlanned, lessons.length);
  const priceCents = classShareCents(Math.round(Number.parseFloat(lessonClass.price) * 100), planned, left);
  return { left, planned, price: (priceCents / 100).toFixed(2) };
}

/** What the "Buy the whole class" button says it buys: "3 lessons for KES 2,500". */
export const wholeClassOffer = (offer: { price: string; lessonsCount: number }) =>
  t('classbuy.offer', { lessons: plural(offer.lessonsCount, 'lesson'), price: formatKes(offer.price) });
