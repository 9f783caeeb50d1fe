// Cancelling a lesson (docs/teaching-admin.md "Money"): each paid booking refunded once to its payer's
// wallet in the cancelling transaction, even when two cancels arrive at once; and a cancelled lesson
// leaves every public list, search, cart and payment.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lessonReminders, orders, transactions } from '../../../server/db/schema';
import { addLesson, balanceOf, newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, buyLesson, dayAhead, endLesson, newTeacher, storeLessons } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function refundsOf(userId: number) {
  return server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'refund')));
}

describe('cancelling a lesson', () => {
  it('counts one refunded learner in English', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(6), price: 1500 });
    await buyLesson(server, lesson.id, 1500);
    const response = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {
      reason: 'I am unwell',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Lesson cancelled. 1 learner was refunded.');
  });

  it('refunds every payer exactly once, to the wallet and in the ledger, and tells them', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(5), price: 1500 });
    const first = await buyLesson(server, lesson.id, 4000);
    const second = await buyLesson(server, lesson.id, 1500);
    expect(await balanceOf(server, first.userId)).toBe(250_000);
    expect(await balanceOf(server, second.userId)).toBe(0);

    const response = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {
      reason: 'I am unwell',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Lesson cancelled. 2 learners were refunded.');
    expect(response.body.data).toMatchObject({
      id: lesson.id,
      status: 'cancelled',
      cancellation_reason: 'I am unwell',
      can_cancel: false,
    });
    expect(response.body.refunds).toEqual([
      { student_name: expect.stringMatching(/^Test Buyer /), amount: '1500.00' },
      { student_name: expect.stringMatching(/^Test Buyer /), amount: '1500.00' },
    ]);
    expect(await balanceOf(server, first.userId)).toBe(400_000);
    expect(await balanceOf(server, second.userId)).toBe(150_000);

    for (const buyer of [first, second]) {
      const refunds = await refundsOf(buyer.userId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        amountCents: 150_000,
        status: 'completed',
        relatedTransactionId: buyer.paymentId,
      });
      const wallet = await buyer.browser.get('/api/wallet');
      expect(
        (wallet.body.data.transactions as Json[])
          .filter((row) => row.type === 'refund')
          .map((row) => row.amount),
      ).toEqual(['1500.00']);
      const notes = await buyer.browser.get('/api/notifications');
      const told = (notes.body.data as Json[]).filter((row) => row.type === 'lesson_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0].data.body).toMatch(
        /was cancelled by the teacher\. KES 1,500(\.00)? was refunded to your wallet\.$/,
      );
      const feed = await buyer.browser.get('/api/activities');
      expect((feed.body.data as Json[])[0].text).toBe(told[0].data.body);
    }

    const booked = await server.db.select().from(bookings).where(eq(bookings.lessonId, lesson.id));
    expect(booked.every((booking) => booking.refundTransactionId !== null)).toBe(true);
    const reminders = await server.db
      .select()
      .from(lessonReminders)
      .where(eq(lessonReminders.bookingId, booked[0]?.id ?? 0));
    expect(reminders).toEqual([]);

    const shown = await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`);
    expect((shown.body.data.learners as Json[]).map((row) => row.refunded)).toEqual([true, true]);

    const again = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lesson has already been cancelled.');
    expect(await balanceOf(server, first.userId)).toBe(400_000);
    expect(await refundsOf(first.userId)).toHaveLength(1);
  });

  it('refunds once when two cancels arrive at the same time', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(6), price: 800 });
    const buyer = await buyLesson(server, lesson.id, 800);
    const answers = await Promise.all([
      teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {}),
      teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {}),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(server, buyer.userId)).toBe(80_000);
    expect(await refundsOf(buyer.userId)).toHaveLength(1);
  });

  it('cancels an unpaid lesson without refunds, and refuses a lesson that has ended', async () => {
    const teacher = await newTeacher(server);
    const [unbooked, ended] = await storeLessons(teacher, {
      date: dayAhead(7),
      lessons_count: 2,
      frequency: 'daily',
    });
    const quiet = await teacher.browser.post(`/api/teacher/lessons/cancel/${unbooked.id}`, {});
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ message: 'Lesson cancelled.', refunds: [] });

    await endLesson(server, ended.id);
    const over = await teacher.browser.post(`/api/teacher/lessons/cancel/${ended.id}`, {});
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('This lesson has ended, so it cannot be cancelled.');
    const long = await teacher.browser.post(`/api/teacher/lessons/cancel/${unbooked.id}`, {
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.reason).toEqual(['Use at most 500 characters.']);
  });
});

describe('a cancelled lesson', () => {
  it('leaves the public lists and search and cannot be added to a cart', async () => {
    const teacher = await newTeacher(server);
    const marker = 'quokkaworkshop';
    const lesson = await approvedLesson(server, teacher, {
      date: dayAhead(8),
      objective: `Practise fractions in the ${marker} session.`,
    });
    const student = await newBuyer(server, { balanceKes: 5000 });
    const visitor = server.browser();
    const listed = async () => ({
      web: (await visitor.get('/api/web/lessons?per_page=100')).body.data.map((row: Json) => row.code),
      search: JSON.stringify((await visitor.get(`/api/web/search?q=${marker}`)).body),
      filter: (await student.browser.get(`/api/lessons/filter?q=${marker}`)).body.data.map(
        (row: Json) => row.code,
      ),
      show: (await visitor.get(`/api/web/lessons/${lesson.code}`)).status,
    });
    const before = await listed();
    expect(before.filter).toEqual([lesson.code]);
    expect(before.search).toContain(lesson.code);
    expect(before.show).toBe(200);

    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    const after = await listed();
    expect(after.web).not.toContain(lesson.code);
    expect(after.search).not.toContain(lesson.code);
    expect(after.filter).toEqual([]);
    expect(after.show).toBe(404);
    const add = await student.browser.post(`/api/lessons/add-to-cart/${lesson.id}`);
    expect(add.status).toBe(422);
    expect(add.body.errors.purchasable_id).toEqual(['This lesson is not open for booking.']);
  });

  it('cannot be paid for from a cart that held it before: 409, nothing charged, nothing ordered', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(9), price: 700 });
    const student = await newBuyer(server, { balanceKes: 5000 });
    await addLesson(student.browser, lesson.id);
    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});

    const paid = await student.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(
      `${lesson.code} is no longer available. Remove it from your cart and try again.`,
    );
    expect(await balanceOf(server, student.userId)).toBe(500_000);
    expect(await server.db.select().from(orders).where(eq(orders.userId, student.userId))).toEqual([]);
    expect(await server.db.select().from(bookings).where(eq(bookings.lessonId, lesson.id))).toEqual([]);
  });

  it('cannot be joined, and stays visible to the learner who had booked it', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(4) });
    const buyer = await buyLesson(server, lesson.id);
    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect((await buyer.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await buyer.browser.get(`/api/lessons/show/${lesson.code}`)).status).toBe(200);
    const stranger = await newBuyer(server);
    expect((await stranger.browser.get(`/api/lessons/show/${lesson.code}`)).status).toBe(404);
  });
});
