// Withdrawals to M-Pesa (issue 23, docs/withdrawals.md): the demo teacher's money leaves once, a
// failure gives it back once, and a forged or repeated notification moves nothing. The B2C sandbox
// answers by recipient number (README "Try a withdrawal").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users, wallets } from '../../../server/db/schema';
import { auditMoney } from '../../../server/services/money-audit-service';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
let teacher: Browser;
let teacherWalletId: number;

beforeAll(async () => {
  server = await startTestServer();
  teacher = server.browser();
  await teacher.signIn('teacher@example.com');
  const [user] = await server.db.select().from(users).where(eq(users.email, 'teacher@example.com'));
  const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, user!.id));
  teacherWalletId = wallet!.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const wallet = async () => (await teacher.get('/api/wallet')).body.data;

/** The teacher's number, set long enough ago to be payable (the 24-hour wait is tested on its own). */
async function payTo(phone: string) {
  await server.db
    .update(wallets)
    .set({ withdrawalNo: phone, withdrawalNoSetAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(wallets.id, teacherWalletId));
}

async function withdrawal(id: number) {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function expectAuditClean() {
  const audit = await auditMoney(server.db);
  expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
}

describe('the demo teacher withdraws to M-Pesa', () => {
  it('can withdraw at once: pending, then paid with a unique receipt, the balance down once', async () => {
    const before = await wallet();
    expect(before).toMatchObject({ withdrawal_no: '•••••••••149', withdrawal_provider: 'mpesa' });
    expect(before.withdrawal_no_usable_at).toBeNull();
    expect(Number(before.withdrawable)).toBeGreaterThanOrEqual(2000);

    const response = await teacher.post('/api/wallet/withdraw', { amount: 500, pin: '1234' });
    expect(response.status).toBe(202);
    expect(response.body.transaction).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      amount: '500.00',
    });
    expect(Number((await wallet()).balance)).toBe(Number(before.balance) - 500);

    await server.settlePayments();
    const list = (await teacher.get('/api/wallet/withdrawals')).body;
    expect(list.data[0]).toMatchObject({ id: response.body.transaction.id, status: 'completed' });
    expect(list.data[0].receipt).toMatch(/^[A-Z0-9]{10}$/);
    // The one transaction, as the wallet page follows it: the same receipt.
    const shown = await teacher.get(`/api/wallet/transaction/show/${response.body.transaction.id}`);
    expect(shown.body.data).toMatchObject({
      status: 'completed',
      receipt: list.data[0].receipt,
      fee: '0.00',
    });
    expect(Number((await wallet()).balance)).toBe(Number(before.balance) - 500);

    // The same result again (Daraja repeats): nothing changes.
    const row = await withdrawal(response.body.transaction.id);
    await server.b2c.resendResult(row.originatorConversationId!);
    await server.settlePayments();
    expect((await withdrawal(row.id)).status).toBe('completed');
    expect(Number((await wallet()).balance)).toBe(Number(before.balance) - 500);
    await expectAuditClean();
  });

  it('two withdrawals at once with money for one: one 202, one 422', async () => {
    const available = Number((await wallet()).withdrawable);
    const amount = Math.floor(available / 2) + 100;
    const answers = await Promise.all([
      teacher.post('/api/wallet/withdraw', { amount, pin: '1234' }),
      teacher.post('/api/wallet/withdraw', { amount, pin: '1234' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 422]);
    expect(answers.find((answer) => answer.status === 422)?.body.errors.amount).toBeDefined();
    await server.settlePayments();
    expect(Number((await wallet()).withdrawable)).toBe(available - amount);
    await expectAuditClean();
  });

  it('refuses a wrong PIN, too little, too much and more than is withdrawable, holding nothing', async () => {
    const before = await wallet();
    const tries: Array<[unknown, string, string]> = [
      [{ amount: 100, pin: '9999' }, 'pin', 'Incorrect PIN'],
      [{ amount: 49, pin: '1234' }, 'amount', 'KES 50 to KES 150,000'],
      [{ amount: 150_001, pin: '1234' }, 'amount', 'KES 50 to KES 150,000'],
      [{ amount: Number(before.withdrawable) + 1, pin: '1234' }, 'amount', 'at most'],
    ];
    for (const [body, field, words] of tries) {
      const response = await teacher.post('/api/wallet/withdraw', body);
      expect(response.status).toBe(422);
      expect(response.body.errors[field][0]).toContain(words);
    }
    expect(await wallet()).toMatchObject({ balance: before.balance, withdrawable: before.withdrawable });
  });

  it('a learner without a number, and money only topped up, cannot withdraw', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const before = (await student.get('/api/wallet')).body.data;
    expect(before.withdrawable).toBe('0.00');
    const response = await student.post('/api/wallet/withdraw', { amount: 100, pin: '1234' });
    expect(response.status).toBe(422);
    expect(response.body.errors.withdrawal_no[0]).toBe('Set your M-Pesa withdrawal number first.');
    expect((await student.get('/api/wallet')).body.data.balance).toBe(before.balance);
  });

  it('a failed payout returns the money once, with M-Pesa’s reason, even when the result comes twice', async () => {
    await payTo('254700000040');
    const before = await wallet();
    const response = await teacher.post('/api/wallet/withdraw', { amount: 200, pin: '1234' });
    expect(response.status).toBe(202);
    await server.settlePayments();
    const row = await withdrawal(response.body.transaction.id);
    await server.b2c.resendResult(row.originatorConversationId!);
    await server.settlePayments();

    const list = (await teacher.get('/api/wallet/withdrawals')).body.data;
    expect(list[0]).toMatchObject({ id: row.id, status: 'failed', receipt: null });
    expect(list[0].reason).toContain('not registered for M-Pesa');
    const reversals = await server.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.relatedTransactionId, row.id), eq(transactions.type, 'withdrawal_reversal')),
      );
    expect(reversals).toHaveLength(1);
    expect(await wallet()).toMatchObject({ balance: before.balance, withdrawable: before.withdrawable });
    await expectAuditClean();
  });

  it('forged results (right secret) move nothing: unknown ids, another amount, a paid claim M-Pesa denies', async () => {
    await payTo('254700000099');
    const before = await wallet();
    const response = await teacher.post('/api/wallet/withdraw', { amount: 300, pin: '1234' });
    expect(response.status).toBe(202);
    await server.settlePayments();
    const row = await withdrawal(response.body.transaction.id);
    const forged = (ids: { originator: string; conversation: string }, amount: number) => ({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: ids.originator,
        ConversationID: ids.conversation,
        TransactionID: 'TFORGED001',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: amount },
            { Key: 'TransactionReceipt', Value: 'TFORGED001' },
          ],
        },
      },
    });
    const post = (body: unknown) =>
      fetch(`${server.baseUrl}${server.callbacks.b2cResult}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const real = {
      originator: row.originatorConversationId!,
      conversation: String(row.meta.b2c_conversation_id),
    };
    for (const body of [
      forged({ originator: 'not-ours-1234', conversation: real.conversation }, 300),
      forged({ originator: real.originator, conversation: 'AG_20260101_guessed' }, 300),
      forged(real, 3000),
      forged(real, 300),
    ]) {
      expect((await post(body)).status).toBe(200);
      await server.settlePayments();
    }
    const after = await withdrawal(row.id);
    expect(after.status).toBe('pending');
    expect(after.gatewayReceipt).toBeNull();
    const held = (Number(before.balance) - 300).toFixed(2);
    expect((await wallet()).balance).toBe(held);
    await expectAuditClean();

    // Still unanswered a day later: for staff, nothing returned.
    await server.db
      .update(transactions)
      .set({ initiatedAt: new Date(Date.now() - 25 * 3_600_000), nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, row.id));
    await teacher.get(`/api/wallet/transaction/show/${row.id}`);
    await server.settlePayments();
    expect((await withdrawal(row.id)).status).toBe('needs_review');
    expect((await wallet()).balance).toBe(held);
    await expectAuditClean();
  });

  it('a changed number is e-mailed and cannot be paid to for 24 hours', async () => {
    const wrong = await teacher.post('/api/wallet/withdrawal-number', { phone: '0711222333', pin: '0000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.pin).toBeDefined();
    const bad = await teacher.post('/api/wallet/withdrawal-number', { phone: '0201234567', pin: '1234' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone).toBeDefined();

    const saved = await teacher.post('/api/wallet/withdrawal-number', { phone: '0711222333', pin: '1234' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.withdrawal_no).toBe('•••••••••333');
    expect(saved.body.data.withdrawal_no_usable_at).not.toBeNull();
    const [mail] = await server.mail();
    expect(mail).toMatchObject({ to: 'teacher@example.com', subject: 'Your withdrawal number changed' });
    expect(mail?.text).toContain('•••••••••333');

    const before = await wallet();
    const response = await teacher.post('/api/wallet/withdraw', { amount: 100, pin: '1234' });
    expect(response.status).toBe(422);
    expect(response.body.errors.withdrawal_no[0]).toContain('can be paid to from');
    expect((await wallet()).balance).toBe(before.balance);
  });
});
