// Cancelling a lesson (docs/teaching-admin.md "Money"): in one database transaction the lesson is
// marked cancelled (`… WHERE cancelled_at IS NULL`, so a second cancel, even at the same moment,
// finds nothing and is a 409), every paid booking not refunded yet is refunded to its payer's
// wallet (a `refund` ledger line; `bookings.refund_transaction_id` is unique, so a booking is
// refunded once), the payers and learners are told, and the unsent reminders go.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { bookings, lessonReminders, lessons, transactions, wallets } from '../db/schema';
import { HttpError } from '../http/errors';
import { centsToDecimal } from '../resources/money';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { plural, wasWere } from '../../src/shared/plural';
import { lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { notify, transactionEvent, type NotificationType } from './notification-service';
import { lockBookingsOf, lockWalletsOf } from './lesson-seats';
import { giveBackIncludedLesson } from './plan-entitlements';
import { sendNotice } from '../messaging/notices';
import { lessonCancelledNotice } from '../messaging/texts';
import { newReference } from './payments';
import {
  lessonBookings,
  lessonTitle,
  ownLesson,
  teacherLessons,
  type LessonBooking,
  type LessonRow,
  type TeacherRow,
} from './teacher-lesson-service';

export type Refund = { student_name: string; amount: string };

/**
 * `POST /api/teacher/lessons/cancel/{id}`: `{message, data: TeacherLesson, refunds}`. `appUrl`
 * (`config.appUrl`) for the links of the e-mails and SMS written with it (issue 26).
 */
export async function cancelLesson(
  db: Database,
  teacher: TeacherRow,
  id: number,
  reason: string | null,
  appUrl: string,
  now = new Date(),
) {
  const before = await ownLesson(db, teacher.id, eq(lessons.id, id));
  const refunds = await db.transaction(async (tx) => {
    // Lock order step 1 (docs/commerce.md "Lock order"): this UPDATE holds the lesson's row, so a
    // payment for it either committed before (its booking is refunded below) or waits and then
    // finds the lesson cancelled (409). Then its bookings, then the payers' wallets.
    const [lesson] = await tx
      .update(lessons)
      .set({ cancelledAt: now, cancellationReason: reason, updatedAt: now })
      .where(
        and(
          eq(lessons.id, id),
          eq(lessons.teacherId, teacher.id),
          isNull(lessons.cancelledAt),
          gt(lessons.endAt, now),
        ),
      )
      .returning();
    if (!lesson) {
      // Someone (another tab, a double click) cancelled first, or the lesson is over.
      const [current] = await tx
        .select({ cancelledAt: lessons.cancelledAt })
        .from(lessons)
        .where(eq(lessons.id, id));
      throw new HttpError(
        409,
        current?.cancelledAt || before.cancelledAt
          ? t('teaching.alreadyCancelled')
          : t('teaching.endedNoCancel'),
      );
    }
    const told: Told[] = [];
    const refunds = await refundAndTell(tx, lesson, now, { told });
    // Issue 26: each person told hears of it by e-mail and SMS too, written with the cancellation.
    const name = await lessonTitle(tx, lesson);
    const when = nairobiWhen(lesson.startAt);
    for (const { userId, refundCents } of told)
      await sendNotice(tx, appUrl, userId, () =>
        lessonCancelledNotice({
          lesson: name,
          when,
          refund: refundCents == null ? null : formatKes(centsToDecimal(refundCents)),
        }),
      );
    return refunds;
  });
  const [resource] = await teacherLessons(db, [id], now);
  return {
    message: refunds.length
      ? t('teaching.lessonCancelledRefunds', {
          learners: plural(refunds.length, 'learner'),
          wasWere: wasWere(refunds.length),
        })
      : t('teaching.lessonCancelled'),
    data: resource,
    refunds,
  };
}

/**
 * What the learners and payers of a lesson whose bookings are all refunded are told: the lesson was
 * cancelled by its teacher (here), or was not held (the earnings job, docs/classroom.md).
 */
export type RefundTexts = {
  /** The notification's type and title. */
  type: NotificationType;
  title: string;
  /** To the learner of a free booking. */
  text(lesson: string, when: string): string;
  /** To the payer of a refunded booking. */
  refundText(lesson: string, when: string, amount: string): string;
  /** The refund's ledger line (`meta.result_desc`). */
  note(lesson: string): string;
};

export const CANCELLED_TEXTS: RefundTexts = {
  type: 'lesson_cancelled',
  title: t('teaching.cancelledTitle'),
  text: (lesson, when) => t('teaching.cancelledText', { lesson, when }),
  refundText: (lesson, when, amount) => t('teaching.cancelledRefundText', { lesson, when, amount }),
  note: (lesson) => t('teaching.refundNote', { lesson }),
};

/** Who was told what by `refundAndTell` (the earnings job e-mails them the same text). */
export type Told = { userId: number; text: string; refundCents?: number | null };

/**
 * In the transaction that holds the lesson's row (lock order step 1): every paid booking not
 * refunded yet is refunded to the wallet that paid, and each payer (or learner) is told once with
 * `texts` (who, and what, is added to `told` when given). Returns the refunds.
 */
export async function refundAndTell(
  tx: Transaction,
  lesson: LessonRow,
  now: Date,
  { texts = CANCELLED_TEXTS, told: toldTexts }: { texts?: RefundTexts; told?: Told[] } = {},
): Promise<Refund[]> {
  const name = await lessonTitle(tx, lesson);
  const when = nairobiWhen(lesson.startAt);
  const url = lessonUrl(lesson.code);
  const refunds: Refund[] = [];
  const told = new Set<number>();
  // Steps 3 and 4: the bookings, then every payer's wallet in id order, before any is credited, so
  // two cancellations refunding the same payers (or a payment from one of their wallets) never
  // wait on each other in a circle.
  await lockBookingsOf(tx, lesson.id);
  const booked = await lessonBookings(tx, lesson.id);
  await lockWalletsOf(
    tx,
    booked.flatMap((booking) => (booking.payerUserId === null ? [] : [booking.payerUserId])),
  );
  for (const booking of booked) {
    const refunded = await refundBooking(tx, lesson, booking, texts.note(name), now);
    if (refunded !== null)
      refunds.push({ student_name: booking.studentName, amount: centsToDecimal(refunded) });
    const userId = booking.recipientUserId;
    // A parent who paid for two children hears once per refund; a free booking once per person.
    if (userId === null || (refunded === null && told.has(userId))) continue;
    told.add(userId);
    const text =
      refunded === null
        ? texts.text(name, when)
        : texts.refundText(name, when, formatKes(centsToDecimal(refunded)));
    toldTexts?.push({ userId, text, refundCents: refunded });
    await recordActivity(tx, { userId, type: 'booking', text, url });
    await notify(tx, {
      userId,
      type: texts.type,
      data: {
        title: texts.title,
        body: text,
        url,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        booking_id: booking.bookingId,
        student_id: booking.studentId,
        refund: refunded === null ? null : centsToDecimal(refunded),
      },
    });
  }
  // Nobody is reminded of a lesson that will not take place.
  await tx
    .delete(lessonReminders)
    .where(
      and(
        isNull(lessonReminders.sentAt),
        inArray(
          lessonReminders.bookingId,
          tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.lessonId, lesson.id)),
        ),
      ),
    );
  return refunds;
}

/**
 * The refund of one booking, in cents, or null when it has nothing to refund (no paid order, free,
 * refunded already); a lesson a plan included is given back to the plan first (issue 24). The booking is claimed first (`refund_transaction_id` still null), then the
 * payer's wallet is credited. `note` is the ledger line's text. The caller holds the lesson's row,
 * the booking's row and the payer's wallet (lock order steps 1, 3, 4).
 */
export async function refundBooking(
  tx: Transaction,
  lesson: Pick<LessonRow, 'id' | 'code'>,
  booking: LessonBooking,
  note: string,
  now: Date,
): Promise<number | null> {
  // A lesson a plan included goes back to the plan (once: its usage row is claimed), whatever the money.
  await giveBackIncludedLesson(tx, booking.bookingId, now);
  if (booking.refundTransactionId !== null || booking.payerUserId === null) return null;
  if (booking.orderStatus !== 'paid' || booking.paidCents === null || booking.paidCents <= 0) return null;
  const amount = booking.paidCents;
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${amount}`, updatedAt: now })
    .where(eq(wallets.userId, booking.payerUserId))
    .returning({ id: wallets.id });
  if (!wallet) throw new Error(`No wallet for payer ${booking.payerUserId} of booking ${booking.bookingId}`);
  const [refund] = await tx
    .insert(transactions)
    .values({
      userId: booking.payerUserId,
      walletId: wallet.id,
      type: 'refund',
      amountCents: amount,
      reference: newReference('RFD'),
      status: 'completed',
      gateway: 'wallet',
      studentId: booking.studentId,
      relatedTransactionId: booking.paymentTransactionId,
      meta: {
        result_desc: note,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        booking_id: booking.bookingId,
        order_id: booking.orderId,
      },
      initiatedAt: now,
      completedAt: now,
    })
    .returning({ id: transactions.id, status: transactions.status });
  if (!refund) throw new Error('Refund insert returned no row');
  const [claimed] = await tx
    .update(bookings)
    .set({ refundTransactionId: refund.id })
    .where(and(eq(bookings.id, booking.bookingId), isNull(bookings.refundTransactionId)))
    .returning({ id: bookings.id });
  // Refunded meanwhile by someone else: roll the whole cancellation back rather than pay twice.
  if (!claimed) throw new HttpError(409, t('teaching.alreadyCancelled'));
  await transactionEvent(tx, booking.payerUserId, refund);
  return amount;
}
