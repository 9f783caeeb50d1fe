// Plans give what they sell (issue 24, docs/issue-24.md "plans"): a running plan includes lessons
// up to its cap each Nairobi month (they cost nothing) and takes its percentage off the others; the
// server charges that (wallet and gateway alike), records each included lesson against its booking,
// and a refund gives it back once.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  carts,
  orderItems,
  packages,
  planUsages,
  subscriptions,
  transactions,
  wallets,
} from '../../../server/db/schema';
import { auditMoney } from '../../../server/services/money-audit-service';
import { giveBackIncludedLesson, priceCart } from '../../../server/services/plan-entitlements';
import { nairobiMonth } from '../../../src/shared/plans';
import { addLesson, balanceOf, newBuyer, plan } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, dayAhead, newTeacher, type Teacher } from '../teaching/support';

let server: TestServer;
let teacher: Teacher;
let day = 20;

beforeAll(async () => {
  server = await startTestServer();
  teacher = await newTeacher(server);
});
afterAll(() => server.close());

/** A fresh approved public lesson at `priceKes`, on a day of its own. */
async function lessonAt(priceKes: number): Promise<Json> {
  day += 1;
  return approvedLesson(server, teacher, { price: priceKes, date: dayAhead(day) });
}

/** A buyer (KES 10,000, PIN 1234) with a running Basic plan: 2 lessons up to KES 600, 10% off. */
async function basicBuyer() {
  const buyer = await newBuyer(server, { balanceKes: 10_000 });
  const basic = await plan(server, 'basic');
  const now = Date.now();
  // The KES 10,000 came in as an M-Pesa top-up, so the money audit sees a ledger behind it.
  const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, buyer.userId));
  await server.db.insert(transactions).values({
    userId: buyer.userId,
    walletId: wallet?.id ?? null,
    type: 'topup',
    amountCents: 1_000_000,
    reference: `TOP-${randomBytes(6).toString('hex').toUpperCase()}`,
    status: 'completed',
    gateway: 'mpesa',
    gatewayReceipt: `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`,
    completedAt: new Date(now),
  });
  const [subscription] = await server.db
    .insert(subscriptions)
    .values({
      userId: buyer.userId,
      packageId: basic.id,
      startDate: new Date(now - 86_400_000),
      endDate: new Date(now + 30 * 86_400_000),
      priceCents: basic.priceCents,
    })
    .returning();
  return { ...buyer, subscriptionId: subscription?.id ?? 0 };
}

const usagesOf = (subscriptionId: number) =>
  server.db
    .select()
    .from(planUsages)
    .where(and(eq(planUsages.subscriptionId, subscriptionId), isNull(planUsages.returnedAt)));

describe('what a plan gives at checkout', () => {
  it('seeds only what checkout applies', async () => {
    expect(await plan(server, 'basic')).toMatchObject({
      includedLessons: 2,
      lessonCapCents: 60_000,
      discountPercent: 10,
    });
  });

  it('includes a lesson under the cap (KES 0) and takes 10% off one over it, in the cart and the payment', async () => {
    const buyer = await basicBuyer();
    const cheap = await lessonAt(500);
    const dear = await lessonAt(1500);
    await addLesson(buyer.browser, cheap.id);
    const cart = await addLesson(buyer.browser, dear.id);
    expect(cart.total).toBe('1350.00');
    expect(cart.cart.items.map((item: Json) => [item.price, item.total, item.plan])).toEqual([
      ['500.00', '0.00', { name: 'Basic', covered: true, discount_percent: null }],
      ['1500.00', '1350.00', { name: 'Basic', covered: false, discount_percent: 10 }],
    ]);

    const paid = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(paid.status).toBe(200);
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000 - 135_000);
    const usages = await usagesOf(buyer.subscriptionId);
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ month: nairobiMonth(new Date()), slot: 1, coveredCents: 50_000 });
    const [line] = await server.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, usages[0]?.orderItemId ?? 0));
    expect(line?.priceCents).toBe(0);
    expect((await auditMoney(server.db)).checks.filter((check) => !check.ok)).toEqual([]);
  });

  it('asks a gateway for the discounted amount, and for nothing only through the wallet', async () => {
    const buyer = await basicBuyer();
    await addLesson(buyer.browser, (await lessonAt(1000)).id);
    const push = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(push.status).toBe(202);
    expect(push.body.transaction.amount).toBe('900.00');

    const other = await basicBuyer();
    await addLesson(other.browser, (await lessonAt(400)).id);
    const nothing = await other.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.payment_method).toEqual([
      'Your plan covers this cart: nothing to pay. Confirm with your wallet PIN.',
    ]);
  });

  it('counts included lessons per Nairobi month: the next month gives them again', async () => {
    expect(nairobiMonth(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11');
    expect(nairobiMonth(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12');
    const buyer = await basicBuyer();
    for (const priceKes of [300, 400]) {
      await addLesson(buyer.browser, (await lessonAt(priceKes)).id);
      expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    }
    expect(await usagesOf(buyer.subscriptionId)).toHaveLength(2);
    const third = await addLesson(buyer.browser, (await lessonAt(500)).id);
    // Both included lessons used this month: the third gets the discount only.
    expect(third.cart.items[0]).toMatchObject({ total: '450.00', plan: { covered: false } });
    const [cart] = await server.db.select().from(carts).where(eq(carts.userId, buyer.userId));
    const items = await server.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cart?.id ?? 0));
    const nextMonth = new Date(Date.now() + 32 * 86_400_000);
    await server.db
      .update(subscriptions)
      .set({ endDate: new Date(nextMonth.getTime() + 86_400_000) })
      .where(eq(subscriptions.id, buyer.subscriptionId));
    expect((await priceCart(server.db, buyer.userId, items, nextMonth)).totalCents).toBe(0);
  });

  it('covers only one of two checkouts at once that want the last included lesson', async () => {
    const buyer = await basicBuyer();
    await addLesson(buyer.browser, (await lessonAt(300)).id);
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    // One included lesson left; two carts of the buyer, each with a lesson under the cap.
    const first = await lessonAt(500);
    const second = await lessonAt(500);
    const cartIds: number[] = [];
    for (const lesson of [first, second]) {
      const [cart] = await server.db.insert(carts).values({ userId: buyer.userId }).returning();
      await server.db.insert(cartItems).values({
        cartId: cart?.id ?? 0,
        purchasableType: 'lesson',
        purchasableId: lesson.id,
        quantity: 1,
        priceCents: 50_000,
      });
      cartIds.push(cart?.id ?? 0);
    }
    const answers = await Promise.all(
      cartIds.map((id) => buyer.browser.post(`/api/payments/wallet/${id}`, { pin: '1234' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await usagesOf(buyer.subscriptionId)).toHaveLength(2);
    // One of them was included, the other paid KES 450.
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000 - 45_000);
    expect((await auditMoney(server.db)).checks.filter((check) => !check.ok)).toEqual([]);
  });

  it('gives the included lesson back once when the teacher cancels', async () => {
    const buyer = await basicBuyer();
    const lesson = await lessonAt(500);
    await addLesson(buyer.browser, lesson.id);
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    const [usage] = await usagesOf(buyer.subscriptionId);
    expect(usage).toBeDefined();

    const cancelled = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect(cancelled.status).toBe(200);
    // Nothing was paid, so no money moves; the lesson is the plan's again.
    expect(cancelled.body.refunds).toEqual([]);
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000);
    expect(await usagesOf(buyer.subscriptionId)).toHaveLength(0);
    const again = await server.db.transaction((tx) =>
      giveBackIncludedLesson(tx, usage?.bookingId ?? 0, new Date()),
    );
    expect(again).toBe(false);
    const plans = await buyer.browser.get('/api/subscriptions');
    expect(plans.body.data[0]).toMatchObject({ lessons_left: 2, lessons_included: 2 });
    expect((await auditMoney(server.db)).checks.filter((check) => !check.ok)).toEqual([]);
  });
});

describe('a learner cancelling a lesson the plan included', () => {
  it('gives it back and keeps the record that it was used and given back', async () => {
    const buyer = await basicBuyer();
    const lesson = await lessonAt(500);
    await addLesson(buyer.browser, lesson.id);
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    const [usage] = await usagesOf(buyer.subscriptionId);
    expect(usage).toBeDefined();
    const shown = await buyer.browser.get(`/api/lessons/show/${lesson.code}`);
    const [booked] = shown.body.data.booked_for as Json[];

    const cancelled = await buyer.browser.post(`/api/bookings/cancel/${booked?.booking_id}`, {});
    expect(cancelled.status).toBe(200);
    const [kept] = await server.db
      .select()
      .from(planUsages)
      .where(eq(planUsages.id, usage?.id ?? 0));
    expect(kept).toMatchObject({ bookingId: null, coveredCents: 50_000 });
    expect(kept?.returnedAt).toBeInstanceOf(Date);
    const plans = await buyer.browser.get('/api/subscriptions');
    expect(plans.body.data[0]).toMatchObject({ lessons_left: 2, lessons_included: 2 });
    expect((await auditMoney(server.db)).checks.filter((check) => !check.ok)).toEqual([]);
  });
});

describe('plans without entitlements', () => {
  it('leave prices alone', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    const [bare] = await server.db
      .insert(packages)
      .values({
        name: 'Bare',
        slug: 'bare',
        priceCents: 1000,
        interval: 'month',
        duration: 1,
        durationUnit: 'month',
      })
      .returning();
    await server.db.insert(subscriptions).values({
      userId: buyer.userId,
      packageId: bare?.id ?? 0,
      startDate: new Date(Date.now() - 1000),
      endDate: new Date(Date.now() + 86_400_000),
      priceCents: 1000,
    });
    const cart = await addLesson(buyer.browser, (await lessonAt(500)).id);
    expect(cart.cart.items[0]).toMatchObject({ total: '500.00', plan: null });
  });
});
