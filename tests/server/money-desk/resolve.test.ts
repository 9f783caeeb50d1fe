// The money desk's actions on a transaction in `needs_review` (docs/withdrawals.md "The admin money
// desk"): credit a chosen wallet, mark refunded outside the app, or close; money moves once, every
// action leaves an audit entry shown on the transaction, two admins at once get one 200 and one 409,
// and the money audit stays clean after each.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionAudit, transactions, wallets } from '../../../server/db/schema';
import { expectMoneyClean } from '../delivery/support';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { newTeacher } from '../teaching/support';
import { earning, ledgerLine, monthAgo, nairobiAt, paymentInReview, walletOf } from './support';

const REMARK = 'Matched the M-Pesa statement by receipt.';

describe('POST /api/admin/transactions/resolve/{id}', () => {
  let server: TestServer;
  let admin: Browser;
  let adminId: number;

  const resolve = (browser: Browser, id: number, body: Record<string, unknown>) =>
    browser.post(`/api/admin/transactions/resolve/${id}`, body);

  /** Every line of the ledger and every balance, to show that an action moved nothing. */
  const snapshot = async () => ({
    lines: (await server.db.select({ id: transactions.id }).from(transactions)).length,
    audit: (await server.db.select({ id: transactionAudit.id }).from(transactionAudit)).length,
    balances: await server.db
      .select({ id: wallets.id, balanceCents: wallets.balanceCents })
      .from(wallets)
      .orderBy(wallets.id),
  });

  const rowOf = async (id: number) => {
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer();
    const made = await newBuyer(server, { role: 'admin' });
    admin = made.browser;
    adminId = made.userId;
  });
  afterAll(async () => {
    await server.close();
  });

  it("credits the chosen user's wallet with the confirmed amount, once, and shows the audit", async () => {
    const payer = await newBuyer(server);
    const other = await newBuyer(server);
    const payment = await paymentInReview(server, {
      userId: payer.userId,
      claimedAmountCents: 150_000,
      confirmedAmountCents: 120_000,
    });
    const answer = await resolve(admin, payment.id, {
      action: 'credit',
      user_id: other.userId,
      remark: `  ${REMARK}  `,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Credited KES 1,200 to the wallet.');
    const [line] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.relatedTransactionId, payment.id));
    expect(line).toMatchObject({
      userId: other.userId,
      type: 'refund',
      gateway: 'wallet',
      status: 'completed',
      amountCents: 120_000,
      meta: expect.objectContaining({ amount_basis: 'confirmed' }),
    });
    expect(answer.body.data).toMatchObject({
      id: payment.id,
      status: 'reversed',
      claimed_amount: '1500.00',
      confirmed_amount: '1200.00',
      user: { id: payer.userId },
      audit: [
        {
          action: 'credit',
          remark: REMARK,
          actor: { id: adminId, email: expect.stringContaining('@example.com') },
          result_transaction: line?.id,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    expect((await walletOf(server, other.userId)).balanceCents).toBe(120_000);
    expect((await walletOf(server, payer.userId)).balanceCents).toBe(0);
    await expectMoneyClean(server);

    // Done is done: a second action is a 409 and moves nothing.
    const before = await snapshot();
    const again = await resolve(admin, payment.id, { action: 'credit', remark: REMARK });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'This transaction is no longer waiting for review: another admin may have resolved it.',
    });
    expect(await snapshot()).toEqual(before);

    // The review list shows the audit on the transaction too.
    const listed = await admin.get('/api/admin/transactions?status=reversed&per_page=100');
    const shown = (listed.body.data as Json[]).find((row) => row.id === payment.id);
    expect(shown.audit).toEqual(answer.body.data.audit);
  });

  it("credits the payer's own wallet with the claimed amount when the gateway confirmed none", async () => {
    const payer = await newBuyer(server);
    const payment = await paymentInReview(server, { userId: payer.userId, claimedAmountCents: 75_000 });
    const answer = await resolve(admin, payment.id, { action: 'credit', remark: REMARK });
    expect(answer.status).toBe(200);
    expect((await walletOf(server, payer.userId)).balanceCents).toBe(75_000);
    const [audit] = await server.db
      .select()
      .from(transactionAudit)
      .where(eq(transactionAudit.transactionId, payment.id));
    expect(audit).toMatchObject({
      actorUserId: adminId,
      action: 'credit',
      remark: REMARK,
      meta: { amount_cents: 75_000, amount_basis: 'claimed', credited_user_id: payer.userId },
    });
    await expectMoneyClean(server);
  });

  it('marks a payment refunded outside the app, or closes it, moving no money', async () => {
    const payer = await newBuyer(server);
    for (const [action, status, message] of [
      ['refunded_outside', 'reversed', 'Marked as refunded outside the app.'],
      ['close', 'cancelled', 'Closed.'],
    ] as const) {
      const payment = await paymentInReview(server, { userId: payer.userId });
      const before = await snapshot();
      const answer = await resolve(admin, payment.id, { action, remark: REMARK });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        message,
        data: {
          status,
          audit: [{ action, remark: REMARK, actor: { id: adminId }, result_transaction: null }],
        },
      });
      const after = await snapshot();
      expect(after.balances).toEqual(before.balances);
      expect(after.lines).toBe(before.lines);
      expect(after.audit).toBe(before.audit + 1);
      expect((await rowOf(payment.id))?.status).toBe(status);
      await expectMoneyClean(server);
    }
  });

  it('returns a withdrawal in review to its own wallet (withdrawal_reversal), or closes it as paid', async () => {
    const teacher = await newTeacher(server);
    const month = monthAgo(0);
    await ledgerLine(server, teacher.userId, earning(nairobiAt(month, 1, 0, 1), 'LSN-W', 500_000, 100_000));
    const held = await ledgerLine(server, teacher.userId, {
      type: 'withdrawal',
      amountCents: 300_000,
      gateway: 'mpesa_b2c',
      status: 'needs_review',
      at: nairobiAt(month, 1, 0, 2),
    });
    expect((await walletOf(server, teacher.userId)).balanceCents).toBe(100_000);

    // Only to its own wallet.
    const elsewhere = await resolve(admin, held.id, { action: 'credit', user_id: adminId, remark: REMARK });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({
      user_id: ["A withdrawal's money can only go back to its own wallet."],
    });
    expect((await rowOf(held.id))?.status).toBe('needs_review');

    const answer = await resolve(admin, held.id, { action: 'credit', remark: REMARK });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'reversed', audit: [{ action: 'credit' }] });
    const reversals = await server.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.type, 'withdrawal_reversal'), eq(transactions.relatedTransactionId, held.id)),
      );
    expect(reversals).toEqual([
      expect.objectContaining({ userId: teacher.userId, amountCents: 300_000, status: 'completed' }),
    ]);
    expect((await walletOf(server, teacher.userId)).balanceCents).toBe(400_000);
    await expectMoneyClean(server);
    // The statement agrees: held, then returned.
    const statement = await teacher.browser.get(`/api/teacher/statement?month=${month}`);
    expect(statement.body.data.closing_balance).toBe('4000.00');
    expect(statement.body.data.lines.map((line: Json) => [line.kind, line.status, line.net])).toEqual([
      ['earning', 'completed', '4000.00'],
      ['withdrawal', 'reversed', '-3000.00'],
      ['withdrawal_reversal', 'completed', '3000.00'],
    ]);

    // Closed: M-Pesa paid it after all; the money stays out of the wallet.
    const paid = await ledgerLine(server, teacher.userId, {
      type: 'withdrawal',
      amountCents: 100_000,
      gateway: 'mpesa_b2c',
      status: 'needs_review',
      at: nairobiAt(month, 1, 0, 3),
    });
    const before = await snapshot();
    const closed = await resolve(admin, paid.id, { action: 'close', remark: REMARK });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('completed');
    expect((await snapshot()).balances).toEqual(before.balances);
    expect((await walletOf(server, teacher.userId)).balanceCents).toBe(300_000);
    await expectMoneyClean(server);
  });

  it('gives two admins acting at once one 200 and one 409, and credits once', async () => {
    const second = (await newBuyer(server, { role: 'admin' })).browser;
    const payer = await newBuyer(server);
    const payment = await paymentInReview(server, { userId: payer.userId, confirmedAmountCents: 50_000 });
    const answers = await Promise.all([
      resolve(admin, payment.id, { action: 'credit', remark: REMARK }),
      resolve(second, payment.id, { action: 'close', remark: 'Closing: a duplicate notification.' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const audit = await server.db
      .select()
      .from(transactionAudit)
      .where(eq(transactionAudit.transactionId, payment.id));
    expect(audit).toHaveLength(1);
    const credits = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.relatedTransactionId, payment.id));
    const balance = (await walletOf(server, payer.userId)).balanceCents;
    if (audit[0]?.action === 'credit') {
      expect(credits).toHaveLength(1);
      expect(balance).toBe(50_000);
    } else {
      expect(credits).toHaveLength(0);
      expect(balance).toBe(0);
    }
    await expectMoneyClean(server);
  });

  it('refuses what is wrong with 422 and changes nothing', async () => {
    const payment = await paymentInReview(server, { userId: null, walletId: null });
    for (const [body, field] of [
      [{ remark: REMARK }, 'action'],
      [{ action: 'refund', remark: REMARK }, 'action'],
      [{ action: 'close' }, 'remark'],
      [{ action: 'close', remark: '  ab ' }, 'remark'],
      [{ action: 'close', remark: 'x'.repeat(501) }, 'remark'],
      [{ action: 'credit', user_id: 'someone', remark: REMARK }, 'user_id'],
      // Nobody to credit: the payment has no payer and the admin chose nobody.
      [{ action: 'credit', remark: REMARK }, 'user_id'],
      // Nobody with that id.
      [{ action: 'credit', user_id: 2_000_000_000, remark: REMARK }, 'user_id'],
    ] as const) {
      const before = await snapshot();
      const answer = await resolve(admin, payment.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual([field]);
      expect(await snapshot()).toEqual(before);
      expect((await rowOf(payment.id))?.status).toBe('needs_review');
    }
    const required = await resolve(admin, payment.id, { action: 'credit', remark: REMARK });
    expect(required.body.errors).toEqual({ user_id: ['Choose whose wallet to credit.'] });
  });

  it('answers 404 for no such transaction and 409 for one not waiting for review', async () => {
    expect((await resolve(admin, 2_000_000_000, { action: 'close', remark: REMARK })).status).toBe(404);
    const payer = await newBuyer(server);
    const settled = await paymentInReview(server, { userId: payer.userId, status: 'failed' });
    const answer = await resolve(admin, settled.id, { action: 'credit', remark: REMARK });
    expect(answer.status).toBe(409);
    expect((await walletOf(server, payer.userId)).balanceCents).toBe(0);
  });

  it('is for admins only: 401 signed out, 403 for students, parents and teachers', async () => {
    const payment = await paymentInReview(server, { userId: null, walletId: null });
    const body = { action: 'close', remark: REMARK };
    expect((await resolve(server.browser(), payment.id, body)).status).toBe(401);
    for (const email of ['student@example.com', 'parent@example.com', 'teacher@example.com']) {
      const browser = server.browser();
      await browser.signIn(email);
      const answer = await resolve(browser, payment.id, body);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await rowOf(payment.id))?.status).toBe('needs_review');
  });
});
