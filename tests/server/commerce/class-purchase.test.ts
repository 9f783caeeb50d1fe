// Buying a whole class (issue 24, docs/class-purchase.md): the cart takes a class (visitors too), at
// its price for what is left; paying books each upcoming lesson once at its share of the class price,
// every way of paying; a full lesson refuses the whole payment; a cancelled lesson refunds its part.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, classes, lessons, orderItems, orders, transactions } from '../../../server/db/schema';
import { expectMoneyClean } from '../delivery/support';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { addLesson, balanceOf, bookedCodes, finalTransaction, newBuyer } from './buyers';
import { lessonRowsOf, newClass } from './classes';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const addClass = (browser: Browser, id: number) => browser.post(`/api/classes/add-to-cart/${id}`);

/** A learner whose wallet holds `kes` topped up by M-Pesa (so the money audit holds it to its ledger). */
async function learnerWithWallet(kes: number) {
  const learner = await newBuyer(server);
  const topUp = await learner.browser.post('/api/wallet/topup', {
    amount: String(kes),
    method: 'mpesa',
    phone: '0708374149',
  });
  if (topUp.status !== 202) throw new Error(`top-up: ${topUp.status} ${topUp.text}`);
  await server.settlePayments();
  await finalTransaction(learner.browser, topUp.body.transaction.id);
  return learner;
}

async function bookingsOf(studentId: number) {
  return server.db.select().from(bookings).where(eq(bookings.studentId, studentId));
}

describe('a class in the cart', () => {
  it('goes into a visitor’s cart with its title, lesson count and price', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 2500 });
    const visitor = server.browser();
    const answer = await addClass(visitor, cls.id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Class added to cart');
    expect(answer.body.total).toBe('2500.00');
    expect(answer.body.cart.items).toHaveLength(1);
    const [title] = await server.db
      .select({ title: classes.title })
      .from(classes)
      .where(eq(classes.id, cls.id));
    expect(answer.body.cart.items[0]).toMatchObject({
      purchasable_type: 'class',
      purchasable_id: cls.id,
      quantity: 1,
      price: '2500.00',
      total: '2500.00',
      plan: null,
      purchasable: {
        id: cls.id,
        title: title?.title,
        price: '2500.00',
        lessons_count: 3,
        subject: { name: expect.any(String) },
        teacher: { name: expect.stringMatching(/^Test Buyer /) },
      },
    });
    // Adding it again keeps one line.
    expect((await addClass(visitor, cls.id)).body.item_count).toBe(1);
  });

  it('leaves the cart when removed, like any item', async () => {
    const cls = await newClass(server, { count: 2 });
    const buyer = await newBuyer(server);
    await addClass(buyer.browser, cls.id);
    const removed = await buyer.browser.post('/api/cart/remove/item', {
      purchasable_type: 'class',
      purchasable_id: cls.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.item_count).toBe(0);
  });

  it('never costs more after its teacher cancels one of its lessons: a lesson is its share of the course as planned', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 3000 });
    const [, second] = await lessonRowsOf(server, cls.id);
    await server.db
      .update(lessons)
      .set({ cancelledAt: new Date() })
      .where(eq(lessons.id, second?.id ?? 0));
    const buyer = await newBuyer(server);
    const answer = await addClass(buyer.browser, cls.id);
    expect(answer.status).toBe(200);
    // Two of the three planned lessons will be held: two thirds of the class price, not all of it.
    expect(answer.body.total).toBe('2000.00');
    expect(answer.body.cart.items[0].purchasable).toMatchObject({ lessons_count: 2, price: '2000.00' });
    const page = await server.browser().get(`/api/web/classes/${cls.id}`);
    expect(page.body.data).toMatchObject({ lessons_planned: 3 });
    expect(page.body.data.lessons).toHaveLength(2);
  });

  it('answers 404 for an unknown or unapproved class', async () => {
    const visitor = server.browser();
    expect((await addClass(visitor, 999_999)).status).toBe(404);
    const cls = await newClass(server);
    await server.db.update(classes).set({ isApproved: false }).where(eq(classes.id, cls.id));
    expect((await addClass(visitor, cls.id)).status).toBe(404);
  });

  it('costs the class’s share for what is left, and 422 when nothing is left', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 2500 });
    const [first, ...rest] = await lessonRowsOf(server, cls.id);
    // The first lesson has started: two of three are left, KES 1,666.67 rounded to the shilling.
    await server.db
      .update(lessons)
      .set({ startAt: new Date(Date.now() - 60_000) })
      .where(eq(lessons.id, first?.id ?? 0));
    const buyer = await newBuyer(server);
    const answer = await addClass(buyer.browser, cls.id);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe('1667.00');
    expect(answer.body.cart.items[0].purchasable).toMatchObject({ lessons_count: 2, price: '1667.00' });

    await server.db
      .update(lessons)
      .set({ startAt: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          lessons.id,
          rest.map((lesson) => lesson.id),
        ),
      );
    const none = await addClass(server.browser(), cls.id);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      purchasable_id: [
        'Nothing is left to buy in this class: its lessons have started or are booked already.',
      ],
    });
  });

  it('takes the class’s single lessons out of the cart, and refuses a single lesson of a class in it', async () => {
    const cls = await newClass(server, { count: 2, priceKes: 1800 });
    const other = await newClass(server, { count: 1 });
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, cls.lessons[0]?.id);
    await addLesson(buyer.browser, other.lessons[0]?.id);
    const answer = await addClass(buyer.browser, cls.id);
    expect(answer.status).toBe(200);
    expect(
      (answer.body.cart.items as Array<{ purchasable_type: string; purchasable_id: number }>).map((item) => [
        item.purchasable_type,
        item.purchasable_id,
      ]),
    ).toEqual([
      ['lesson', other.lessons[0]?.id],
      ['class', cls.id],
    ]);
    const refused = await buyer.browser.post(`/api/lessons/add-to-cart/${cls.lessons[1]?.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      purchasable_id: ['This lesson is in your cart already with its whole class.'],
    });
  });
});

describe('the signed-in class page', () => {
  it('offers the whole class at its price for the lessons left, and nothing once bought', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 2500 });
    const learner = await learnerWithWallet(3000);
    const page = await learner.browser.get(`/api/student/lessons/${cls.id}`);
    expect(page.body.class.purchase).toEqual({ price: '2500.00', lessons_count: 3 });
    await addLesson(learner.browser, cls.lessons[0]?.id);
    expect((await learner.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    const after = await learner.browser.get(`/api/student/lessons/${cls.id}`);
    expect(after.body.class.purchase).toEqual({ price: '1667.00', lessons_count: 2 });
    await addClass(learner.browser, cls.id);
    expect((await learner.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    expect(await balanceOf(server, learner.userId)).toBe(3000_00 - 1000_00 - 1667_00);
    expect((await learner.browser.get(`/api/student/lessons/${cls.id}`)).body.class.purchase).toBeNull();
    expect(await bookingsOf(learner.profileId)).toHaveLength(3);
    await expectMoneyClean(server);
  });
});

describe('paying for a class', () => {
  it('by wallet books every upcoming lesson once at its share and charges the class price', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 2500 });
    const learner = await learnerWithWallet(3000);
    await addClass(learner.browser, cls.id);
    const paid = await learner.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(paid.status).toBe(200);
    expect(await balanceOf(server, learner.userId)).toBe(50_000);
    expect((await bookedCodes(learner.browser)).sort()).toEqual(
      cls.lessons.map((lesson) => lesson.code as string).sort(),
    );
    expect(await bookingsOf(learner.profileId)).toHaveLength(3);
    const [order] = await server.db.select().from(orders).where(eq(orders.userId, learner.userId));
    expect(order?.totalCents).toBe(250_000);
    const lines = await server.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    expect(lines.map((line) => [line.purchasableType, line.priceCents, line.options])).toEqual([
      ['lesson', 83_334, { class_id: cls.id }],
      ['lesson', 83_333, { class_id: cls.id }],
      ['lesson', 83_333, { class_id: cls.id }],
    ]);
    expect((await learner.browser.get('/api/cart')).body.item_count).toBe(0);
    // Bought: nothing is left to buy for this learner.
    expect((await addClass(learner.browser, cls.id)).status).toBe(422);
    await expectMoneyClean(server);
  });

  it('by M-Pesa express books the lessons when the payment settles', async () => {
    const cls = await newClass(server, { count: 2, priceKes: 1500 });
    const buyer = await newBuyer(server);
    await addClass(buyer.browser, cls.id);
    const started = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(started.status).toBe(202);
    expect(started.body.transaction.amount).toBe('1500.00');
    await server.settlePayments();
    expect((await finalTransaction(buyer.browser, started.body.transaction.id)).status).toBe('completed');
    expect(await bookingsOf(buyer.profileId)).toHaveLength(2);
    await expectMoneyClean(server);
  });

  it('by paybill for a parent’s chosen child, priced for that child, not for the other who booked a lesson', async () => {
    const cls = await newClass(server, { count: 2, priceKes: 2000 });
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    // The first child already has the class's first lesson (booked in SQL: only the price matters here).
    await server.db
      .insert(bookings)
      .values({ lessonId: cls.lessons[0]?.id, studentId: parent.childIds[0] ?? 0, orderId: null });
    await addClass(parent.browser, cls.id);
    const details = await parent.browser.get(`/api/payments/paybill?student_id=${parent.childIds[1]}`);
    expect(details.status).toBe(200);
    expect(details.body.amount).toBe('2000.00');
    const payment = await server.mpesa.pay(details.body.account_number, 2000);
    expect(payment.delivered).toBe(true);
    await server.settlePayments();
    const confirmed = await parent.browser.post('/api/payments/paybill/confirm', {
      student_id: parent.childIds[1],
    });
    expect(confirmed.status).toBe(200);
    expect(await bookingsOf(parent.childIds[1] ?? 0)).toHaveLength(2);
    expect(await balanceOf(server, parent.userId)).toBe(0);
  });

  it('refuses the whole payment when one lesson is full: nothing booked, nothing charged', async () => {
    const cls = await newClass(server, { count: 3, capacity: 2 });
    for (let seat = 0; seat < 2; seat += 1) {
      const other = await learnerWithWallet(2000);
      await addLesson(other.browser, cls.lessons[1]?.id);
      expect((await other.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    }
    const buyer = await learnerWithWallet(5000);
    await addClass(buyer.browser, cls.id);
    const refused = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${cls.lessons[1]?.code} is full. Remove it from your cart and try again.`,
    );
    expect(await balanceOf(server, buyer.userId)).toBe(500_000);
    expect(await bookingsOf(buyer.profileId)).toEqual([]);
    expect(await server.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
  });

  it('gives a class’s last seat to one of two payments at once', async () => {
    const cls = await newClass(server, { count: 2, capacity: 2 });
    const first = await learnerWithWallet(2000);
    await addLesson(first.browser, cls.lessons[0]?.id);
    expect((await first.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    const racers = [await learnerWithWallet(5000), await learnerWithWallet(5000)];
    for (const racer of racers) await addClass(racer.browser, cls.id);
    const answers = await Promise.all(
      racers.map((racer) => racer.browser.post('/api/payments/wallet', { pin: '1234' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const seats = await server.db.select().from(bookings).where(eq(bookings.lessonId, cls.lessons[0]?.id));
    expect(seats).toHaveLength(2);
    const balances = await Promise.all(racers.map((racer) => balanceOf(server, racer.userId)));
    expect(balances.sort()).toEqual([250_000, 500_000]);
  });

  it('a learner’s cancellation of one lesson of the class refunds that lesson’s part', async () => {
    const cls = await newClass(server, { count: 3, priceKes: 2500, daysAhead: 4 });
    const learner = await learnerWithWallet(2500);
    await addClass(learner.browser, cls.id);
    expect((await learner.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    expect(await balanceOf(server, learner.userId)).toBe(0);
    const [booking] = await server.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.studentId, learner.profileId), eq(bookings.lessonId, cls.lessons[0]?.id)));
    const cancelled = await learner.browser.post(`/api/bookings/cancel/${booking?.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.refund).toMatchObject({ amount: '833.34' });
    expect(await balanceOf(server, learner.userId)).toBe(83_334);
    const refunds = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, learner.userId), eq(transactions.type, 'refund')));
    expect(refunds.map((row) => row.amountCents)).toEqual([83_334]);
    // The other two lessons stay booked.
    expect((await bookedCodes(learner.browser)).sort()).toEqual(
      cls.lessons
        .slice(1)
        .map((lesson) => lesson.code as string)
        .sort(),
    );
    await expectMoneyClean(server);
  });
});
