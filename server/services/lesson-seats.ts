// Lessons as things that are sold: their seats, and the row locks that make a payment and a
// cancellation (or two payments for the last seat) take turns. The order every writer follows is
// docs/commerce.md "Lock order": lessons (by id) → cart → bookings → wallets (by id).
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { bookings, lessons, wallets } from '../db/schema';

export type LockedLesson = typeof lessons.$inferSelect;

/**
 * Seats a lesson's bookings hold, as a column of a query on `lessons` (same query, no N+1): every
 * booking until it is refunded (a refunded booking is one of a cancelled lesson).
 */
export const takenSeats = sql<number>`(select count(*) from ${bookings}
  where ${bookings.lessonId} = ${lessons.id} and ${bookings.refundTransactionId} is null)`.mapWith(Number);

/**
 * Lock order step 1: the lessons, in id order (PostgreSQL locks rows as the sort returns them).
 * `FOR NO KEY UPDATE` is the lock an `UPDATE lessons` (a cancellation, a reschedule) takes, so
 * those and other payments wait for it, while inserts that only refer to the lesson (a note, a
 * booking's key check) do not.
 */
export async function lockLessons(tx: Transaction, ids: number[]): Promise<LockedLesson[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  return tx
    .select()
    .from(lessons)
    .where(inArray(lessons.id, wanted))
    .orderBy(asc(lessons.id))
    .for('no key update');
}

/** Seats taken per lesson; read after `lockLessons`, so no payment can add one meanwhile. */
export async function seatsTakenOf(tx: Transaction, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ lessonId: bookings.lessonId, taken: count() })
    .from(bookings)
    .where(and(inArray(bookings.lessonId, ids), isNull(bookings.refundTransactionId)))
    .groupBy(bookings.lessonId);
  return new Map(rows.map((row) => [row.lessonId, Number(row.taken)]));
}

/** Lock order step 4: the wallets of these users, `FOR UPDATE`, in id order, before any is credited. */
export async function lockWalletsOf(tx: Transaction, userIds: number[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(inArray(wallets.userId, wanted))
    .orderBy(asc(wallets.id))
    .for('update');
}

/** Lock order step 3: a lesson's bookings, `FOR UPDATE`, in id order. */
export async function lockBookingsOf(tx: Transaction, lessonId: number): Promise<void> {
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.lessonId, lessonId))
    .orderBy(asc(bookings.id))
    .for('update');
}
