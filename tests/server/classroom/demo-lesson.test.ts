// The demo lesson (README "Try the classroom"): every start outside production makes sure the demo
// teacher has a lesson about 10 minutes ahead, booked and paid from the wallet by the demo student,
// once however often (and by however many processes) it is asked; and the seeded past lessons carry
// who came, so the earnings job finds them held.
import { and, eq, isNull, like, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  carts,
  cartItems,
  lessonAttendance,
  lessonReminders,
  lessons,
  outboxMessages,
  transactions,
  users,
  wallets,
} from '../../../server/db/schema';
import { DEMO_CODE_PREFIX, ensureDemoLesson } from '../../../server/services/demo-lesson-service';
import { auditMoney } from '../../../server/services/money-audit-service';
import { sendDueReminders } from '../../../server/services/reminder-service';
import { signedIn, STUDENT, TEACHER } from '../learning/learner';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { MINUTE } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const demoLessons = () =>
  server.db
    .select()
    .from(lessons)
    .where(and(like(lessons.code, `${DEMO_CODE_PREFIX}%`), isNull(lessons.cancelledAt)));

async function studentWallet() {
  const [row] = await server.db
    .select({ userId: users.id, balanceCents: wallets.balanceCents })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.email, STUDENT));
  return row!;
}

describe('the demo lesson', () => {
  it('is made once, about 10 minutes ahead, booked and paid from the demo student’s wallet, and both can join at once', async () => {
    const before = await studentWallet();
    const cartsBefore = await server.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, before.userId));
    const now = new Date();
    // Two processes starting together, and a restart after them.
    const [first, second] = await Promise.all([
      ensureDemoLesson(server.db, now),
      ensureDemoLesson(server.db, now),
    ]);
    const third = await ensureDemoLesson(server.db, new Date(now.getTime() + 3 * MINUTE));
    expect(first?.lessonId).toBeGreaterThan(0);
    expect(second?.lessonId).toBe(first?.lessonId);
    expect(third).toMatchObject({ lessonId: first?.lessonId, created: false, bookedNow: false });

    const made = await demoLessons();
    expect(made).toHaveLength(1);
    const lesson = made[0]!;
    expect(lesson.isApproved).toBe(true);
    const lead = lesson.startAt.getTime() - now.getTime();
    expect(lead).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(lead).toBeLessThanOrEqual(11 * MINUTE);

    const booked = await server.db.select().from(bookings).where(eq(bookings.lessonId, lesson.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.orderId).not.toBeNull();
    const after = await studentWallet();
    expect(before.balanceCents - after.balanceCents).toBe(lesson.priceCents);
    const payments = await server.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, before.userId),
          eq(transactions.type, 'payment'),
          eq(transactions.gateway, 'wallet'),
        ),
      );
    expect(payments.map((row) => row.amountCents)).toEqual([lesson.priceCents]);
    // The payment keeps the ledger whole (`npm run audit:money`).
    expect((await auditMoney(server.db)).checks.filter((check) => !check.ok)).toEqual([]);
    // The student's own cart is left as it was.
    const cartsAfter = await server.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, before.userId));
    expect(cartsAfter).toEqual(cartsBefore);

    const student = await signedIn(server, STUDENT);
    const teacher = await signedIn(server, TEACHER);
    const asStudent = await student.post(`/api/lessons/join/${lesson.id}`);
    expect(asStudent.status).toBe(200);
    expect(asStudent.body.provider).toBe('jitsi');
    const asTeacher = await teacher.post(`/api/teacher/lessons/join/${lesson.id}`);
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body.link).toBe(asStudent.body.link);
    const shown = (await student.get(`/api/lessons/show/${lesson.code}`)).body.data;
    expect(shown).toMatchObject({ is_booked: true, classroom: { provider: 'jitsi' } });

    // It stands for a booking made ahead: its reminder is due now, once, and goes to her proven phone
    // by SMS with the classroom's link (docs/messaging.md "Try it").
    const reminders = await server.db
      .select()
      .from(lessonReminders)
      .where(eq(lessonReminders.bookingId, booked[0]!.id));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.dueAt.getTime()).toBe(now.getTime());
    await sendDueReminders({ db: server.db, config: { appUrl: 'http://localhost:3000' } });
    const [phone] = await server.db
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.email, STUDENT));
    expect(phone?.verifiedAt).not.toBeNull();
    const sms = await server.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, before.userId), eq(outboxMessages.purpose, 'lesson_reminder')));
    expect(sms.filter((row) => row.channel === 'sms').map((row) => row.to)).toEqual([phone!.phone]);
  });

  it('makes a new one once the last has run on, and tops the wallet up when it runs dry', async () => {
    const walletUserId = (await studentWallet()).userId;
    await server.db.update(wallets).set({ balanceCents: 0 }).where(eq(wallets.userId, walletUserId));
    const later = new Date(Date.now() + 60 * MINUTE);
    const next = await ensureDemoLesson(server.db, later);
    expect(next).toMatchObject({ created: true, bookedNow: true });
    expect(await demoLessons()).toHaveLength(2);
    const [made] = await server.db.select().from(lessons).where(eq(lessons.id, next!.lessonId));
    expect((await studentWallet()).balanceCents).toBe(100_000 - made!.priceCents);
    const [topUps] = await server.db
      .select({ credits: sql<number>`coalesce(sum(amount_cents) filter (where type = 'topup'), 0)` })
      .from(transactions)
      .where(eq(transactions.userId, walletUserId));
    expect(Number(topUps?.credits)).toBeGreaterThan(0);
    expect(
      await server.db.select().from(cartItems).where(eq(cartItems.purchasableId, next!.lessonId)),
    ).toEqual([]);
  });
});

describe('the seeded past lessons', () => {
  it('were joined by their teacher, and most booked learners came while some missed', async () => {
    const student = await signedIn(server, STUDENT);
    const past = (await student.get('/api/lessons/bookings?filter=past&per_page=100')).body.data as Json[];
    const attended = past.map((item) => item.attended);
    expect(attended.length).toBeGreaterThan(0);
    expect(attended.every((value) => value === true || value === false)).toBe(true);
    expect(attended).toContain(true);
    const ended = and(
      lte(lessons.endAt, new Date()),
      isNull(lessons.cancelledAt),
      eq(lessons.isApproved, true),
    );
    const pastLessons = await server.db.select({ id: lessons.id }).from(lessons).where(ended);
    const teacherJoins = await server.db
      .select({ lessonId: lessonAttendance.lessonId })
      .from(lessonAttendance)
      .where(eq(lessonAttendance.role, 'teacher'));
    const joinedByTeacher = new Set(teacherJoins.map((row) => row.lessonId));
    expect(pastLessons.length).toBeGreaterThan(0);
    expect(pastLessons.filter((row) => !joinedByTeacher.has(row.id))).toEqual([]);
    const pastBookings = await server.db
      .select({ lessonId: bookings.lessonId })
      .from(bookings)
      .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
      .where(ended);
    const pastIds = new Set(pastLessons.map((row) => row.id));
    const learnerJoins = (
      await server.db.select().from(lessonAttendance).where(eq(lessonAttendance.role, 'learner'))
    ).filter((row) => pastIds.has(row.lessonId));
    expect(learnerJoins.length).toBeGreaterThan(pastBookings.length / 2);
    expect(learnerJoins.length).toBeLessThan(pastBookings.length);
  });
});
