// A learner's cancellation of a booking (issue 24, docs/issue-24.md "cancel"): up to 12 hours before
// the start the money returns to the wallet that paid, exactly once, the teacher is told and the seat
// is free; later a 422 with the policy; a moved lesson may be kept or cancelled in full until it starts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lessons, transactions } from '../../../server/db/schema';
import { cancelBooking } from '../../../server/services/booking-cancellation-service';
import { balanceOf, newBuyer } from '../commerce/buyers';
import { expectMoneyClean, learnerWhoPaid } from '../delivery/support';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, dayAhead, lessonBody, newTeacher } from '../teaching/support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;
/** The address the test server's messages link to (testConfig's `appUrl`). */
const APP_URL = 'http://localhost:3000';

async function refundsOf(userId: number) {
  return server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'refund')));
}

/** A learner who tops up `kes` by M-Pesa (so the audit holds the wallet to its ledger) and pays the lesson. */
async function buyLesson(_server: TestServer, lessonId: number, kes: number) {
  const learner = await learnerWhoPaid(server, lessonId, kes);
  const [payment] = await server.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, learner.userId), eq(transactions.type, 'payment')));
  return { ...learner, paymentId: payment?.id ?? 0 };
}

async function bookingOf(
  lessonId: number,
  userBrowser: { get(path: string): Promise<{ body: Json }> },
  code: string,
) {
  const shown = await userBrowser.get(`/api/lessons/show/${code}`);
  const [row] = shown.body.data.booked_for as Json[];
  return { id: row?.booking_id as number, movedAt: row?.moved_at as string | null, lessonId };
}

/** Moves the lesson's start to `ms` from now (after it was bought). */
async function startIn(lessonId: number, ms: number) {
  const start = new Date(Date.now() + ms);
  await server.db
    .update(lessons)
    .set({ startAt: start, endAt: new Date(start.getTime() + HOUR) })
    .where(eq(lessons.id, lessonId));
  return start;
}

describe('a learner cancels a booking', () => {
  it('more than 12 hours ahead: refunds the wallet that paid once, tells the teacher and frees the seat', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(5), price: 1200, capacity: 2 });
    const buyer = await buyLesson(server, lesson.id, 1500);
    expect(await balanceOf(server, buyer.userId)).toBe(30_000);
    const booking = await bookingOf(lesson.id, buyer.browser, lesson.code);

    const answer = await buyer.browser.post(`/api/bookings/cancel/${booking.id}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(
      /^Booking cancelled\. KES 1,200(\.00)? was returned to your wallet\.$/,
    );
    expect(answer.body.data).toMatchObject({
      booking_id: booking.id,
      lesson_code: lesson.code,
      refund: { amount: '1200.00', transaction_id: expect.any(Number) },
    });
    expect(await balanceOf(server, buyer.userId)).toBe(150_000);
    const refunds = await refundsOf(buyer.userId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 120_000, relatedTransactionId: buyer.paymentId });

    // No longer booked: the page offers it to buy again, and the seat is free.
    const shown = await buyer.browser.get(`/api/lessons/show/${lesson.code}`);
    expect(shown.body.data).toMatchObject({ is_booked: false, booked_for: [], seats_left: 2 });

    const notes = await teacher.browser.get('/api/notifications');
    const told = (notes.body.data as Json[]).find((row) => row.data.title === 'Booking cancelled');
    expect(told?.data).toMatchObject({ lesson_code: lesson.code, booking_id: booking.id });
    expect(told?.data.body).toMatch(/^Test Buyer .* cancelled their booking of /);
    const feed = await teacher.browser.get('/api/activities');
    expect((feed.body.data as Json[])[0].text).toBe(told?.data.body);

    const again = await buyer.browser.post(`/api/bookings/cancel/${booking.id}`, {});
    expect(again.status).toBe(404);
    expect(await refundsOf(buyer.userId)).toHaveLength(1);
    await expectMoneyClean(server);
  });

  it('refunds exactly once when two cancels arrive at the same time', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(6), price: 800 });
    const buyer = await buyLesson(server, lesson.id, 800);
    const booking = await bookingOf(lesson.id, buyer.browser, lesson.code);
    const answers = await Promise.all([
      buyer.browser.post(`/api/bookings/cancel/${booking.id}`, {}),
      buyer.browser.post(`/api/bookings/cancel/${booking.id}`, {}),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    expect(await balanceOf(server, buyer.userId)).toBe(80_000);
    expect(await refundsOf(buyer.userId)).toHaveLength(1);
    await expectMoneyClean(server);
  });

  it('at exactly 12 hours refunds; a moment later answers 422 with the policy and changes nothing', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(7), price: 500 });
    const late = await buyLesson(server, lesson.id, 500);
    const onTime = await buyLesson(server, lesson.id, 500);
    const start = await startIn(lesson.id, 20 * HOUR);
    const lateBooking = await bookingOf(lesson.id, late.browser, lesson.code);
    const onTimeBooking = await bookingOf(lesson.id, onTime.browser, lesson.code);
    const edge = new Date(start.getTime() - 12 * HOUR);

    const refused = cancelBooking(
      server.db,
      late.userId,
      lateBooking.id,
      APP_URL,
      new Date(edge.getTime() + 1),
    );
    await expect(refused).rejects.toMatchObject({
      statusCode: 422,
      message: 'This lesson starts in less than 12 hours, so it can no longer be cancelled for a refund.',
      extra: { policy: expect.stringMatching(/up to 12 hours before it starts/) },
    });
    expect(await balanceOf(server, late.userId)).toBe(0);
    expect(await refundsOf(late.userId)).toEqual([]);
    const still = await server.db.select().from(bookings).where(eq(bookings.id, lateBooking.id));
    expect(still).toHaveLength(1);

    const answer = await cancelBooking(server.db, onTime.userId, onTimeBooking.id, APP_URL, edge);
    expect(answer.data.refund?.amount).toBe('500.00');
    expect(await balanceOf(server, onTime.userId)).toBe(50_000);

    // Over HTTP, within 12 hours: the body carries the policy.
    await startIn(lesson.id, 3 * HOUR);
    const http = await late.browser.post(`/api/bookings/cancel/${lateBooking.id}`, {});
    expect(http.status).toBe(422);
    expect(http.body.policy).toMatch(/^You can cancel a booked lesson up to 12 hours before it starts/);
    expect(await balanceOf(server, late.userId)).toBe(0);
    await expectMoneyClean(server);
  });

  it("refuses someone else's booking (404)", async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(8), price: 300 });
    const buyer = await buyLesson(server, lesson.id, 300);
    const booking = await bookingOf(lesson.id, buyer.browser, lesson.code);
    const stranger = await newBuyer(server);
    const answer = await stranger.browser.post(`/api/bookings/cancel/${booking.id}`, {});
    expect(answer.status).toBe(404);
    expect(await balanceOf(server, buyer.userId)).toBe(0);
  });
});

describe('a lesson its teacher moved', () => {
  it('may be cancelled in full whatever the hour, or kept (then the policy holds again)', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(9), time: '09:00', price: 700 });
    const canceller = await buyLesson(server, lesson.id, 700);
    const keeper = await buyLesson(server, lesson.id, 700);

    const moved = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { date: dayAhead(9), time: '11:00', price: 700 }),
    );
    expect(moved.status).toBe(200);
    const keeperBooking = await bookingOf(lesson.id, keeper.browser, lesson.code);
    const cancellerBooking = await bookingOf(lesson.id, canceller.browser, lesson.code);
    expect(keeperBooking.movedAt).toEqual(expect.any(String));

    const kept = await keeper.browser.post(`/api/bookings/keep/${keeperBooking.id}`, {});
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe('You kept the new time.');
    expect((await bookingOf(lesson.id, keeper.browser, lesson.code)).movedAt).toBeNull();

    // Two hours before the start: the moved booking is refunded in full, the kept one is not.
    await startIn(lesson.id, 2 * HOUR);
    const cancelled = await canceller.browser.post(`/api/bookings/cancel/${cancellerBooking.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(await balanceOf(server, canceller.userId)).toBe(70_000);
    const refused = await keeper.browser.post(`/api/bookings/cancel/${keeperBooking.id}`, {});
    expect(refused.status).toBe(422);
    expect(await balanceOf(server, keeper.userId)).toBe(0);

    // Once it has started, not even a moved booking is cancelled.
    await server.db.update(bookings).set({ movedAt: new Date() }).where(eq(bookings.id, keeperBooking.id));
    await startIn(lesson.id, -60_000);
    const started = await keeper.browser.post(`/api/bookings/cancel/${keeperBooking.id}`, {});
    expect(started.status).toBe(409);
    expect(await balanceOf(server, keeper.userId)).toBe(0);
    await expectMoneyClean(server);
  });
});
