// A teacher does not pay for the platform's plans (issue 24 second round, docs/issue-24.md
// "planpay"): a seat a learner's plan covered or discounted earns its teacher the lesson's list
// price, the platform funding the difference from plan revenue; a booking refunded (its plan lesson
// given back) earns nothing. The learner's paid amount stays what the learner paid, and the money
// audit names the platform's funding.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lessons, packages, subscriptions, transactions, wallets } from '../../../server/db/schema';
import { settleEndedLessons, type EarningsContext } from '../../../server/services/earnings-service';
import { auditMoney } from '../../../server/services/money-audit-service';
import { monthlyStatement } from '../../../server/services/statement-service';
import { nairobiMonth } from '../../../src/shared/plans';
import { addLesson, balanceOf, newBuyer, plan } from '../commerce/buyers';
import { afterHold, joined, learnerWhoPaid, lessonRow } from '../delivery/support';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, dayAhead, endLesson, newTeacher } from '../teaching/support';

let server: TestServer;
let ctx: EarningsContext;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  ctx = { db: server.db, config: { commissionPercent: 20 } };
  admin = server.browser();
  await admin.signIn('admin@example.com');
});
afterAll(() => server.close());

/** A plan that includes no lesson and takes 10% off every lesson. */
async function discountOnlyPlan() {
  const basic = await plan(server, 'basic');
  const [row] = await server.db
    .insert(packages)
    .values({
      name: 'Discount only',
      slug: `discount-${randomBytes(4).toString('hex')}`,
      priceCents: basic.priceCents,
      interval: basic.interval,
      duration: basic.duration,
      durationUnit: basic.durationUnit,
      includedLessons: 0,
      lessonCapCents: 0,
      discountPercent: 10,
    })
    .returning();
  if (!row) throw new Error('No plan inserted');
  return row;
}

/**
 * A learner (KES 10,000 that came in by M-Pesa, so the audit sees a ledger behind it) with a running
 * plan, who buys the lesson from the wallet.
 */
async function planLearnerWhoPaid(lessonId: number, packageId: number, priceCents: number) {
  const buyer = await newBuyer(server, { balanceKes: 10_000 });
  const now = Date.now();
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
  await server.db.insert(subscriptions).values({
    userId: buyer.userId,
    packageId,
    startDate: new Date(now - 86_400_000),
    endDate: new Date(now + 30 * 86_400_000),
    priceCents,
  });
  await addLesson(buyer.browser, lessonId);
  const paid = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  return buyer;
}

describe('a lesson with plan seats', () => {
  it('earns its teacher the list price of every seat not refunded, less commission', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(4), price: 500, capacity: 6 });
    const basic = await plan(server, 'basic');
    const discount = await discountOnlyPlan();

    await learnerWhoPaid(server, lesson.id, 1000);
    const covered = await planLearnerWhoPaid(lesson.id, basic.id, basic.priceCents);
    const discounted = await planLearnerWhoPaid(lesson.id, discount.id, discount.priceCents);
    const cancels = await planLearnerWhoPaid(lesson.id, basic.id, basic.priceCents);
    const reporter = await planLearnerWhoPaid(lesson.id, basic.id, basic.priceCents);
    expect(await balanceOf(server, covered.userId)).toBe(1_000_000);
    expect(await balanceOf(server, discounted.userId)).toBe(1_000_000 - 45_000);

    // One covered learner cancels: their plan lesson is given back and the booking goes.
    const shown = await cancels.browser.get(`/api/lessons/show/${lesson.code}`);
    const [booked] = shown.body.data.booked_for as Json[];
    const cancelled = await cancels.browser.post(`/api/bookings/cancel/${booked?.booking_id}`, {});
    expect(cancelled.status).toBe(200);

    await endLesson(server, lesson.id, 2);
    await joined(server, lesson.id, teacher.userId);
    const row = await lessonRow(server, lesson.id);
    await settleEndedLessons(ctx, new Date(row.endAt.getTime() + 60_000));

    // Another covered learner's report is upheld: the plan lesson is given back (no money moves).
    const reported = await reporter.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'teacher_absent',
    });
    expect(reported.status).toBe(201);
    const decided = await admin.post(`/api/admin/reports/resolve/${reported.body.data.id}`, {
      decision: 'refund',
      remark: 'The teacher joined for two minutes only.',
    });
    expect(decided.status).toBe(200);

    // The teacher's lesson page: each learner's own payment, and what the seat earns the teacher.
    const page = await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`);
    expect(
      (page.body.data.learners as Json[]).map((item) => [item.paid, item.takings, item.plan, item.refunded]),
    ).toEqual([
      ['500.00', '500.00', null, false],
      ['0.00', '500.00', 'covered', false],
      ['450.00', '500.00', 'discounted', false],
      ['0.00', '0.00', 'covered', true],
    ]);

    // Before the release, the earnings list previews what the lesson will earn.
    const preview = await teacher.browser.get('/api/teacher/earnings');
    expect((preview.body.data as Json[]).find((item) => item.lesson.id === lesson.id)).toMatchObject({
      state: 'held',
      learners: 3,
      gross: '1500.00',
      commission: '300.00',
      net: '1200.00',
    });

    const before = await balanceOf(server, teacher.userId);
    const run = await settleEndedLessons(ctx, afterHold(row));
    expect(run.paid).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(server, teacher.userId)).toBe(before + 120_000);

    const listed = await teacher.browser.get('/api/teacher/earnings');
    expect((listed.body.data as Json[]).find((item) => item.lesson.id === lesson.id)).toMatchObject({
      state: 'paid',
      learners: 3,
      gross: '1500.00',
      commission: '300.00',
      net: '1200.00',
    });

    const statement = await monthlyStatement(server.db, teacher.userId, nairobiMonth(afterHold(row)));
    const line = statement.lines.find((item) => item.kind === 'earning' && item.lesson_code === lesson.code);
    expect(line).toMatchObject({ gross: '1500.00', commission: '300.00', net: '1200.00' });

    // The audit balances, and names the KES 550 the platform funded (500 covered + 50 discounted).
    const audit = await auditMoney(server.db);
    expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
    expect(audit.plan_funding).toMatchObject({ seats: 2, funded: '550.00' });

    // An earning counted on what the learners paid (the old rule) is a breach the audit names.
    const credited = await lessonRow(server, lesson.id);
    const [line2] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, credited.earningsTransactionId ?? 0));
    await server.db
      .update(transactions)
      .set({ meta: { ...line2?.meta, gross_cents: 95_000, commission_cents: 19_000 }, amountCents: 76_000 })
      .where(eq(transactions.id, line2?.id ?? 0));
    const flagged = await auditMoney(server.db);
    expect(flagged.checks.find((check) => check.name === 'lesson_earnings')?.breaches).toEqual([
      {
        problem: 'earning_gross_differs_from_seats',
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        transaction_id: line2?.id,
        paid: '950.00',
        plan_funded: '550.00',
        gross: '1500.00',
        recorded_gross: '950.00',
        commission: '190.00',
        earned: '760.00',
      },
    ]);
    await server.db
      .update(transactions)
      .set({ meta: line2?.meta, amountCents: line2?.amountCents })
      .where(eq(transactions.id, line2?.id ?? 0));
  });

  it('counts a plan-covered seat against the lesson’s capacity in the money audit, as payments do', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(5), price: 500, capacity: 2 });
    const basic = await plan(server, 'basic');
    await learnerWhoPaid(server, lesson.id, 1000);
    await planLearnerWhoPaid(lesson.id, basic.id, basic.priceCents);
    const capacityBreaches = async () =>
      (
        (await auditMoney(server.db)).checks.find((check) => check.name === 'lesson_capacity')?.breaches ?? []
      ).filter((breach) => breach.lesson_id === lesson.id);
    expect(await capacityBreaches()).toEqual([]);

    // One seat fewer than its two learners (one paid, one covered by a plan) hold: the audit names it.
    await server.db.update(lessons).set({ capacity: 1 }).where(eq(lessons.id, lesson.id));
    const held = await server.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.lessonId, lesson.id))
      .orderBy(bookings.id);
    expect(await capacityBreaches()).toEqual([
      {
        problem: 'more_seats_than_capacity',
        lesson_id: lesson.id,
        lesson_code: lesson.code,
        capacity: 1,
        seats: 2,
        booking_ids: held.map((row) => row.id),
      },
    ]);
    await server.db.update(lessons).set({ capacity: 2 }).where(eq(lessons.id, lesson.id));
  });
});
