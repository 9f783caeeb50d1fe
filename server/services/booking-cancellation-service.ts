// A learner's (or their parent's) cancellation of one booking, and their answer to a moved lesson
// (issue 24, docs/issue-24.md "cancel"). The rule is src/shared/cancellation.ts: up to
// CANCEL_NOTICE_HOURS before the start the money returns to the wallet that paid; later a 422
// explains the policy and nothing changes; a lesson its teacher moved (the booking's `moved_at`)
// may be cancelled in full until it starts, or kept (`moved_at` cleared).
//
// One database transaction, in the lock order of docs/commerce.md: the lesson (step 1, so a payment,
// a teacher's cancellation or a reschedule of it takes turns with us), its bookings (step 3: a second
// cancel of the same booking waits here, then finds it gone), the payer's wallet (step 4). The refund
// is the teacher cancellation's `refundBooking` (one refund per booking: the unique
// `bookings.refund_transaction_id`); then the booking is deleted, which frees its seat, ends the
// learner's access and lets them book the lesson again. The refund's ledger line keeps the booking's
// id, lesson and order in its `meta`.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, teachers } from '../db/schema';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { centsToDecimal } from '../resources/money';
import { cancelOutcome } from '../../src/shared/cancellation';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { refundBooking } from './lesson-cancellation-service';
import { learnerIds } from './lesson-service';
import { lockBookingsOf, lockLessons, lockWalletsOf } from './lesson-seats';
import { notify } from './notification-service';
import { giveBackIncludedLesson } from './plan-entitlements';
import { sendNotice } from '../messaging/notices';
import { bookingRefundedNotice } from '../messaging/texts';
import { lessonBookings, lessonTitle } from './teacher-lesson-service';

/** The booking (unlocked) when it is one of the caller's learners' (their own or a child's), else 404. */
async function callersBooking(db: Database, userId: number, bookingId: number) {
  const [booking] = await db
    .select({ id: bookings.id, lessonId: bookings.lessonId, studentId: bookings.studentId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking || !(await learnerIds(db, userId)).includes(booking.studentId)) throw notFound();
  return booking;
}

export type CancelAnswer = {
  message: string;
  data: {
    booking_id: number;
    lesson_id: number;
    lesson_code: string;
    student_id: number;
    /** The money returned to the wallet that paid, or null (a free booking). */
    refund: { amount: string; transaction_id: number | null } | null;
  };
};

/**
 * `POST /api/bookings/cancel/{id}`: 200 with the refund, 422 with the policy when too late. `appUrl`
 * (`config.appUrl`): the links of the refund's e-mail and SMS (issue 26).
 */
export async function cancelBooking(
  db: Database,
  userId: number,
  bookingId: number,
  appUrl: string,
  now = new Date(),
): Promise<CancelAnswer> {
  const known = await callersBooking(db, userId, bookingId);
  return db.transaction(async (tx) => {
    const [lesson] = await lockLessons(tx, [known.lessonId]);
    if (!lesson) throw notFound();
    await lockBookingsOf(tx, lesson.id);
    const booking = (await lessonBookings(tx, lesson.id)).find((row) => row.bookingId === bookingId);
    // A second cancel (another tab, a double click) waited on the booking's lock and finds it gone.
    if (!booking) throw new HttpError(409, t('cancel.alreadyCancelled'));
    if (lesson.cancelledAt) throw new HttpError(409, t('cancel.lessonCancelled'));
    const [row] = await tx
      .select({ movedAt: bookings.movedAt })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const outcome = cancelOutcome(lesson.startAt, row?.movedAt != null, now);
    if (outcome === 'started') throw new HttpError(409, t('cancel.started'));
    if (outcome === 'late')
      throw new ValidationError({ booking: [t('cancel.tooLate')] }, { policy: t('cancel.policy') });

    if (booking.payerUserId !== null) await lockWalletsOf(tx, [booking.payerUserId]);
    const name = await lessonTitle(tx, lesson);
    // The plan's lesson goes back and its record is detached from the booking about to be deleted, in
    // ONE update of its row: a second update of a row this transaction already changed re-checks its
    // subscription (FOR KEY SHARE), which deadlocked with a checkout holding the buyer's plans (step
    // 2b) on PostgreSQL. refundBooking then finds it given back and only moves the money.
    await giveBackIncludedLesson(tx, bookingId, now, { detach: true });
    const refunded = await refundBooking(tx, lesson, booking, t('cancel.refundNote', { lesson: name }), now);
    const [refundRow] =
      refunded === null
        ? []
        : await tx
            .select({ id: bookings.refundTransactionId })
            .from(bookings)
            .where(eq(bookings.id, bookingId));
    // Its reminder goes with it (ON DELETE CASCADE); the seat is free for someone else.
    await tx.delete(bookings).where(eq(bookings.id, bookingId));

    const when = nairobiWhen(lesson.startAt);
    const url = lessonUrl(lesson.code);
    const student = booking.studentName;
    await recordActivity(tx, {
      userId,
      type: 'booking',
      text: t('cancel.youCancelled', { lesson: name, student, when }),
      url,
    });
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, lesson.teacherId));
    if (teacher) {
      const text = t('cancel.teacherText', { student, lesson: name, when });
      await recordActivity(tx, { userId: teacher.userId, type: 'booking', text, url });
      await notify(tx, {
        userId: teacher.userId,
        type: 'booking',
        data: {
          title: t('cancel.teacherTitle'),
          body: text,
          url,
          lesson_id: lesson.id,
          lesson_code: lesson.code,
          booking_id: bookingId,
          student_id: booking.studentId,
        },
      });
    }
    const amount = refunded === null ? null : centsToDecimal(refunded);
    // Issue 26: the refund by e-mail and SMS to whoever paid (a child's to the parent), with it.
    if (amount !== null && booking.payerUserId !== null)
      await sendNotice(tx, appUrl, booking.payerUserId, () =>
        bookingRefundedNotice({ lesson: name, when, amount: formatKes(amount), cause: 'cancelled' }),
      );
    return {
      message:
        amount === null ? t('cancel.cancelled') : t('cancel.cancelledRefund', { amount: formatKes(amount) }),
      data: {
        booking_id: bookingId,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        student_id: booking.studentId,
        refund: amount === null ? null : { amount, transaction_id: refundRow?.id ?? null },
      },
    };
  });
}

/**
 * `POST /api/bookings/keep/{id}`: the learner keeps a moved lesson's new time (again: no change).
 * A cancel of the same booking on another tab or process may delete it between our read and our
 * update (the update waits on its row, then finds none): then nothing was kept, 409 as for a second
 * cancel, rather than "You kept the new time." for a booking that is gone and refunded.
 */
export async function keepBooking(db: Database, userId: number, bookingId: number) {
  const known = await callersBooking(db, userId, bookingId);
  const [kept] = await db
    .update(bookings)
    .set({ movedAt: null })
    .where(eq(bookings.id, known.id))
    .returning({ id: bookings.id });
  if (!kept) throw new HttpError(409, t('cancel.alreadyCancelled'));
  return { message: t('cancel.kept'), data: { booking_id: known.id, moved: false } };
}
