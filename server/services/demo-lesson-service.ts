// Outside production, every start of the server makes sure the demo teacher has a lesson that starts
// about 10 minutes later, booked and paid from the wallet by the demo student, so a newcomer can
// press Join at once as both (README "Try the classroom", docs/classroom.md "The demo lesson"); its
// reminder is due at once, so `/dev/sms` shows a reminder SMS too (docs/messaging.md "Try it").
// Safe to run on every start and in several processes at once: the demo teacher's row is locked
// while one process looks and creates, and a lesson already there is used again.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, like, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import {
  bookings,
  cartItems,
  carts,
  lessonReminders,
  lessons,
  students,
  teachers,
  transactions,
  users,
  wallets,
} from '../db/schema';
import { chargeWallet } from './payments/wallet';

export const DEMO_TEACHER_EMAIL = 'teacher@example.com';
export const DEMO_STUDENT_EMAIL = 'student@example.com';
/** The demo lessons' codes start so; the teacher's own lessons never do (`LSN-`). */
export const DEMO_CODE_PREFIX = 'TRY-';

const MINUTE = 60_000;
/** The new lesson starts this long after the server. */
export const DEMO_LEAD_MS = 10 * MINUTE;
const DEMO_LENGTH_MS = 60 * MINUTE;
/** A lesson already there serves while it starts within this and has this much left to run. */
const REUSE_WITHIN_MS = 20 * MINUTE;
const DEMO_PRICE_CENTS = 10_000;
/** What the demo wallet is topped up by when a lesson would not fit its balance any more. */
const DEMO_TOP_UP_CENTS = 100_000;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const demoCode = () =>
  `${DEMO_CODE_PREFIX}${[...randomBytes(6)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;

export type DemoLesson = { lessonId: number; code: string; created: boolean; bookedNow: boolean };

/** Null when the demo accounts are not there (a database seeded otherwise). */
export async function ensureDemoLesson(db: Database, now = new Date()): Promise<DemoLesson | null> {
  return db.transaction(async (tx) => {
    const [teacher] = await tx
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.email, DEMO_TEACHER_EMAIL));
    const [student] = await tx
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.email, DEMO_STUDENT_EMAIL));
    if (!teacher || !student) return null;
    // Lock order (docs/commerce.md): the teacher before any lesson; a second process waits here.
    await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacher.id)).for('update');

    const soon = new Date(now.getTime() + REUSE_WITHIN_MS);
    const [existing] = await tx
      .select({ id: lessons.id, code: lessons.code })
      .from(lessons)
      .where(
        and(
          eq(lessons.teacherId, teacher.id),
          like(lessons.code, `${DEMO_CODE_PREFIX}%`),
          isNull(lessons.cancelledAt),
          lte(lessons.startAt, soon),
          gt(lessons.endAt, soon),
        ),
      )
      .orderBy(desc(lessons.startAt))
      .limit(1);
    const lesson = existing ?? (await createLesson(tx, teacher.id, now));
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.lessonId, lesson.id), eq(bookings.studentId, student.id)));
    if (!booked) await bookFromWallet(tx, student, lesson.id, now);
    return { lessonId: lesson.id, code: lesson.code, created: !existing, bookedNow: !booked };
  });
}

/** Like the teacher's own lessons: one of their topics, public, approved (the demo skips the admin). */
async function createLesson(tx: Transaction, teacherId: number, now: Date) {
  const [model] = await tx
    .select({ topicId: lessons.topicId, programId: lessons.programId })
    .from(lessons)
    .where(and(eq(lessons.teacherId, teacherId), isNotNull(lessons.topicId), eq(lessons.isApproved, true)))
    .orderBy(desc(lessons.startAt))
    .limit(1);
  // On the minute, so the times read cleanly.
  const startAt = new Date(Math.ceil((now.getTime() + DEMO_LEAD_MS) / MINUTE) * MINUTE);
  const [row] = await tx
    .insert(lessons)
    .values({
      code: demoCode(),
      teacherId,
      topicId: model?.topicId ?? null,
      programId: model?.programId ?? null,
      type: 'public',
      objective: 'Try the classroom: join as the teacher and as the student, and see both in the call.',
      priceCents: DEMO_PRICE_CENTS,
      capacity: 30,
      startAt,
      endAt: new Date(startAt.getTime() + DEMO_LENGTH_MS),
      isApproved: true,
    })
    .returning({ id: lessons.id, code: lessons.code });
  if (!row) throw new Error('Demo lesson insert returned no row');
  return row;
}

/**
 * The student buys the lesson as the app's wallet payment does (order, booking, reminder, feed),
 * from a cart of its own that goes once paid, so the student's own cart is left as it was.
 */
async function bookFromWallet(
  tx: Transaction,
  student: { id: number; userId: number },
  lessonId: number,
  now: Date,
) {
  const [wallet] = await tx
    .select({ id: wallets.id, balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, student.userId));
  if (!wallet) return;
  // Lock order (docs/commerce.md): the lesson before the wallet, also for the top-up.
  await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId)).for('update');
  if (wallet.balanceCents < DEMO_PRICE_CENTS) await topUp(tx, student.userId, wallet.id);
  const [cart] = await tx.insert(carts).values({ userId: student.userId }).returning({ id: carts.id });
  if (!cart) throw new Error('Demo cart insert returned no row');
  await tx.insert(cartItems).values({
    cartId: cart.id,
    purchasableType: 'lesson',
    purchasableId: lessonId,
    quantity: 1,
    priceCents: DEMO_PRICE_CENTS,
  });
  // No receipt or booking message: the server books this for its demo student (issue 26).
  await chargeWallet(
    tx,
    { userId: student.userId, roles: ['student'] },
    cart.id,
    { cartVersion: null, studentId: student.id },
    null,
  );
  await tx.delete(carts).where(eq(carts.id, cart.id));
  // The demo booking stands for one made days ahead, so its reminder (the notification, e-mail and
  // SMS with the join link that a real learner gets an hour before) is due at once: the reminder
  // job sends it within its interval, and `/dev/sms` shows it (docs/messaging.md "Try it").
  const [booking] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.lessonId, lessonId), eq(bookings.studentId, student.id)));
  if (booking)
    await tx.insert(lessonReminders).values({ bookingId: booking.id, dueAt: now }).onConflictDoNothing();
}

/** A sandbox M-Pesa top-up with its own receipt, as the seed's opening balance is (money audit). */
async function topUp(tx: Transaction, userId: number, walletId: number) {
  const [current] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  if (!current) return;
  await tx
    .update(wallets)
    .set({ balanceCents: current.balanceCents + DEMO_TOP_UP_CENTS, updatedAt: new Date() })
    .where(eq(wallets.id, walletId));
  const receipt = `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
  const now = new Date();
  await tx.insert(transactions).values({
    userId,
    walletId,
    type: 'topup',
    amountCents: DEMO_TOP_UP_CENTS,
    reference: `TOP-D${receipt}`,
    status: 'completed',
    gateway: 'mpesa',
    gatewayReceipt: receipt,
    meta: { result_desc: 'Demo top-up for the classroom lesson (sandbox)' },
    initiatedAt: now,
    completedAt: now,
  });
}
