// The money desk's lists (docs/withdrawals.md "The admin money desk"): withdrawals by status with
// their user, receipt and M-Pesa's reason, and the platform's commission by Nairobi month from the
// earnings' own record, with the counts of what waits for staff. Admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { newTeacher, type Teacher } from '../teaching/support';
import { earning, ledgerLine, monthAgo, nairobiAt, paymentInReview, randomReceipt } from './support';

describe('GET /api/admin/withdrawals and GET /api/admin/money', () => {
  let server: TestServer;
  let admin: Browser;
  let teacher: Teacher;

  const money = async (): Promise<Json> => {
    const answer = await admin.get('/api/admin/money');
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const monthRow = (data: Json, month: string) =>
    (data.commission_by_month as Json[]).find((row) => row.month === month) ?? {
      month,
      commission: '0.00',
      gross: '0.00',
      earnings: '0.00',
      lessons: 0,
    };
  const cents = (value: string) => Math.round(Number(value) * 100);

  beforeAll(async () => {
    server = await startTestServer();
    admin = server.browser();
    await admin.signIn('admin@example.com');
    teacher = await newTeacher(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists withdrawals by status, newest first, with the user, receipt and reason', async () => {
    const id = teacher.userId;
    const month = monthAgo(0);
    await ledgerLine(server, id, earning(nairobiAt(month, 1, 0, 1), 'LSN-L', 1_000_000, 200_000));
    const receipt = randomReceipt();
    const paid = await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 100_000,
      gateway: 'mpesa_b2c',
      gatewayReceipt: receipt,
      at: nairobiAt(month, 1, 0, 2),
    });
    const failed = await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 50_000,
      gateway: 'mpesa_b2c',
      status: 'failed',
      meta: { resultDesc: 'The recipient is not registered for M-Pesa.' },
      at: nairobiAt(month, 1, 0, 3),
    });
    await ledgerLine(server, id, {
      type: 'withdrawal_reversal',
      amountCents: 50_000,
      relatedTransactionId: failed.id,
      at: nairobiAt(month, 1, 0, 4),
    });
    const pending = await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 20_000,
      gateway: 'mpesa_b2c',
      status: 'pending',
      at: nairobiAt(month, 1, 0, 5),
    });

    const completed = await admin.get('/api/admin/withdrawals?status=completed');
    expect(completed.status).toBe(200);
    expect(completed.body.data.find((row: Json) => row.id === paid.id)).toMatchObject({
      type: 'withdrawal',
      amount: '1000.00',
      status: 'completed',
      gateway_receipt: receipt,
      user: { id, email: expect.stringContaining('@example.com') },
      audit: [],
    });
    const failures = await admin.get('/api/admin/withdrawals?status=failed');
    expect(failures.body.data.find((row: Json) => row.id === failed.id)).toMatchObject({
      status: 'failed',
      reason: 'The recipient is not registered for M-Pesa.',
    });
    // Pending is the default; only withdrawals, never another pending line.
    const waiting = await admin.get('/api/admin/withdrawals?per_page=1');
    expect(waiting.body.meta).toMatchObject({ current_page: 1, per_page: 1 });
    expect(waiting.body.data.map((row: Json) => row.id)).toEqual([pending.id]);
    for (const row of (await admin.get('/api/admin/withdrawals?status=completed')).body.data)
      expect(row.type).toBe('withdrawal');

    const wrong = await admin.get('/api/admin/withdrawals?status=reversed');
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['status']);
  });

  it("sums the platform's commission by Nairobi month from the earnings, and counts what waits", async () => {
    const [last, earlier] = [monthAgo(1), monthAgo(2)];
    const start = await money();
    const other = await newTeacher(server);
    // 00:30 Nairobi on the 1st is still the month before in UTC: it counts for `last`.
    await ledgerLine(server, other.userId, earning(nairobiAt(last, 1, 0, 30), 'LSN-M1', 300_000, 60_000));
    await ledgerLine(server, other.userId, earning(nairobiAt(last, 15), 'LSN-M2', 100_000, 25_000));
    await ledgerLine(server, other.userId, earning(nairobiAt(earlier, 28), 'LSN-M3', 200_000, 40_000));
    const payer = await newBuyer(server);
    await paymentInReview(server, { userId: payer.userId });
    await ledgerLine(server, other.userId, {
      type: 'withdrawal',
      amountCents: 10_000,
      gateway: 'mpesa_b2c',
      status: 'needs_review',
      at: nairobiAt(last, 20),
    });
    const end = await money();

    const grew = (month: string) => {
      const [before, after] = [monthRow(start, month), monthRow(end, month)];
      return {
        commission: cents(after.commission) - cents(before.commission),
        gross: cents(after.gross) - cents(before.gross),
        earnings: cents(after.earnings) - cents(before.earnings),
        lessons: after.lessons - before.lessons,
      };
    };
    expect(grew(last)).toEqual({ commission: 85_000, gross: 400_000, earnings: 315_000, lessons: 2 });
    expect(grew(earlier)).toEqual({ commission: 40_000, gross: 200_000, earnings: 160_000, lessons: 1 });
    // Newest month first.
    const months = (end.commission_by_month as Json[]).map((row) => row.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(end.needs_review).toEqual({
      payments: start.needs_review.payments + 1,
      withdrawals: start.needs_review.withdrawals + 1,
    });
    expect(end.withdrawals.needs_review).toBe(start.withdrawals.needs_review + 1);
    expect(end.withdrawals.pending).toBe(start.withdrawals.pending);
  });

  it('is for admins only: 401 signed out, 403 for students, parents and teachers', async () => {
    for (const path of ['/api/admin/withdrawals', '/api/admin/money']) {
      expect((await server.browser().get(path)).status).toBe(401);
      for (const email of ['student@example.com', 'parent@example.com', 'teacher@example.com']) {
        const browser = server.browser();
        await browser.signIn(email);
        const answer = await browser.get(path);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: 'This action is unauthorized.' });
      }
    }
  });
});
