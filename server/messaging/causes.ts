// The notices of money and bookings (issue 26, docs/messaging.md "What is sent"), called inside the
// transaction of their cause after its locks: an order paid (any way: `fulfilCart`), a top-up
// settled. They read rows and insert outbox and short-link rows only.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { lessons, packages, students, topics, transactions } from '../db/schema';
import { centsToDecimal } from '../resources/money';
import { formatKes } from '../../src/shared/format';
import { lessonName, nairobiWhen } from '../services/activity-service';
import { sendNotice } from './notices';
import { bookingConfirmedNotice, paymentReceiptNotice, topUpReceiptNotice } from './texts';

type Db = Database | Transaction;

const kes = (cents: number) => formatKes(centsToDecimal(cents));

async function referenceOf(tx: Db, transactionId: number) {
  const [row] = await tx
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.reference ?? String(transactionId);
}

/**
 * An order paid: the payer's `payment_receipt` (e-mail and SMS) and the learner's `booking_confirmed`
 * (e-mail) when it booked lessons; a child's go to the parent.
 */
export async function tellOrderPaid(
  tx: Db,
  appUrl: string,
  order: {
    userId: number;
    learnerId: number | null;
    transactionId: number;
    totalCents: number;
    lessonIds: number[];
    planIds: number[];
    now: Date;
  },
): Promise<void> {
  const booked = order.lessonIds.length
    ? await tx
        .select({ code: lessons.code, startAt: lessons.startAt, topicName: topics.name })
        .from(lessons)
        .leftJoin(topics, eq(topics.id, lessons.topicId))
        .where(inArray(lessons.id, order.lessonIds))
        .orderBy(asc(lessons.startAt), asc(lessons.id))
    : [];
  const plans = order.planIds.length
    ? await tx.select({ name: packages.name }).from(packages).where(inArray(packages.id, order.planIds))
    : [];
  const bookedNames = booked.map((lesson) => lessonName(lesson));
  const items = [...bookedNames, ...plans.map((plan) => `the ${plan.name} plan`)];
  const reference = await referenceOf(tx, order.transactionId);
  await sendNotice(tx, appUrl, order.userId, () =>
    paymentReceiptNotice({
      amount: kes(order.totalCents),
      reference,
      when: nairobiWhen(order.now),
      items,
    }),
  );
  if (!booked.length || order.learnerId === null) return;
  const [learner] = await tx
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, order.learnerId));
  if (!learner?.userId) return;
  await sendNotice(tx, appUrl, learner.userId, (recipient) =>
    bookingConfirmedNotice({
      child: recipient.child,
      lessons: booked.map((lesson, index) => ({
        name: bookedNames[index] ?? lesson.code,
        when: nairobiWhen(lesson.startAt),
      })),
    }),
  );
}

/** A top-up credited: the `topup_receipt` (e-mail and SMS) with the new balance. */
export async function tellTopUp(
  tx: Db,
  appUrl: string,
  topUp: { userId: number; reference: string; amountCents: number; balanceCents: number; now: Date },
): Promise<void> {
  await sendNotice(tx, appUrl, topUp.userId, () =>
    topUpReceiptNotice({
      amount: kes(topUp.amountCents),
      reference: topUp.reference,
      when: nairobiWhen(topUp.now),
      balance: kes(topUp.balanceCents),
    }),
  );
}
