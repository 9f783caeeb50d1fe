// A teacher's monthly statement (docs/withdrawals.md "Statements"): the lines of a Nairobi month with
// takings, commission and net pay, withdrawals with receipts and their reversals, refunds, wallet
// payments and top-ups; the opening balance of a month is the closing of the one before, and this
// month's closing is the wallet's balance. The CSV is an attachment a spreadsheet reads right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../../server/db/schema';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { newTeacher, type Teacher } from '../teaching/support';
import { expectMoneyClean } from '../delivery/support';
import { earning, ledgerLine, monthAgo, nairobiAt, randomReceipt, walletOf } from './support';

/** A minimal RFC 4180 reader: the rows of `text`, quotes and doubled quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe('GET /api/teacher/statement', () => {
  let server: TestServer;
  let teacher: Teacher;
  // Three months back, two, last month and this one (Nairobi).
  const [early, before, last, current] = [monthAgo(3), monthAgo(2), monthAgo(1), monthAgo(0)];
  const withdrawalReceipt = randomReceipt();
  const topupReceipt = randomReceipt();

  const statement = async (browser: Browser, month: string): Promise<Json> => {
    const answer = await browser.get(`/api/teacher/statement?month=${month}&format=json`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    teacher = await newTeacher(server);
    const id = teacher.userId;
    // Two months back: two lessons' pay, the second at 23:59 Nairobi on the month's last day.
    await ledgerLine(server, id, earning(nairobiAt(before, 5, 10), 'LSN-A', 200_000, 40_000));
    const lastDay = new Date(nairobiAt(last, 1, 0).getTime() - 60_000);
    await ledgerLine(server, id, earning(lastDay, 'LSN-B', 100_000, 20_000));
    // Last month: a lesson paid at 00:30 Nairobi on the 1st (21:30 UTC, still the month before in
    // UTC, so only Nairobi time puts it here), a refund, a paid
    // withdrawal with its receipt, a failed one and its reversal, a payment from the wallet, a top-up.
    await ledgerLine(server, id, earning(nairobiAt(last, 1, 0, 30), 'LSN-C', 50_000, 10_000));
    await ledgerLine(server, id, {
      type: 'refund',
      amountCents: 30_000,
      at: nairobiAt(last, 3),
      meta: { result_desc: 'Refund: "Algebra, part 2" was cancelled.', lesson_code: 'LSN-D' },
    });
    await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 100_000,
      gateway: 'mpesa_b2c',
      gatewayReceipt: withdrawalReceipt,
      at: nairobiAt(last, 4),
    });
    const failed = await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 50_000,
      gateway: 'mpesa_b2c',
      status: 'failed',
      at: nairobiAt(last, 6),
      meta: { resultDesc: 'The recipient is not registered for M-Pesa.' },
    });
    await ledgerLine(server, id, {
      type: 'withdrawal_reversal',
      amountCents: 50_000,
      relatedTransactionId: failed.id,
      at: nairobiAt(last, 6, 12, 5),
    });
    const payment = await ledgerLine(server, id, {
      type: 'payment',
      amountCents: 20_000,
      at: nairobiAt(last, 8),
    });
    // A wallet payment paid for an order (the audit's check 5).
    const [order] = await server.db
      .insert(orders)
      .values({ userId: id, transactionId: payment.id, totalCents: 20_000 })
      .returning();
    await server.db.insert(orderItems).values({
      orderId: order?.id ?? 0,
      purchasableType: 'subscription',
      purchasableId: 1,
      quantity: 1,
      priceCents: 20_000,
    });
    await ledgerLine(server, id, {
      type: 'topup',
      amountCents: 10_000,
      gateway: 'mpesa',
      gatewayReceipt: topupReceipt,
      at: nairobiAt(last, 9),
    });
    // Lines that never moved the balance are not on the statement.
    await ledgerLine(server, id, {
      type: 'topup',
      amountCents: 99_900,
      gateway: 'mpesa',
      status: 'failed',
      at: nairobiAt(last, 10),
    });
    // This month: a lesson's pay and a withdrawal still pending (the money is held).
    const start = nairobiAt(current, 1, 0, 0, 1);
    await ledgerLine(server, id, earning(start, 'LSN-E', 80_000, 16_000));
    await ledgerLine(server, id, {
      type: 'withdrawal',
      amountCents: 25_000,
      gateway: 'mpesa_b2c',
      status: 'pending',
      at: new Date(start.getTime() + 1000),
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists a month with takings, commission and net pay, and a running balance', async () => {
    const data = await statement(teacher.browser, before);
    expect(data).toEqual({
      month: before,
      currency: 'KES',
      opening_balance: '0.00',
      closing_balance: '2400.00',
      lines: [
        {
          id: expect.any(Number),
          date: nairobiAt(before, 5, 10).toISOString(),
          kind: 'earning',
          status: 'completed',
          reference: expect.any(String),
          description: 'Lesson LSN-A: takings from 2 learner(s)',
          lesson_code: 'LSN-A',
          gross: '2000.00',
          commission: '400.00',
          net: '1600.00',
          receipt: null,
          balance: '1600.00',
        },
        expect.objectContaining({
          lesson_code: 'LSN-B',
          gross: '1000.00',
          commission: '200.00',
          net: '800.00',
          balance: '2400.00',
        }),
      ],
      totals: {
        gross: '3000.00',
        commission: '600.00',
        earnings: '2400.00',
        refunds: '0.00',
        topups: '0.00',
        payments: '0.00',
        withdrawals: '0.00',
        reversals: '0.00',
        change: '2400.00',
      },
    });
  });

  it("opens each month with the last one's closing balance and ends this month at the wallet's", async () => {
    const months = [early, before, last, current];
    const statements: Json[] = [];
    for (const month of months) statements.push(await statement(teacher.browser, month));
    expect(statements[0]).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00', lines: [] });
    for (let index = 1; index < statements.length; index += 1)
      expect(statements[index].opening_balance).toBe(statements[index - 1].closing_balance);
    for (const data of statements) {
      const cents = (value: string) => Math.round(Number(value) * 100);
      const sum = data.lines.reduce((total: number, line: Json) => total + cents(line.net), 0);
      expect(cents(data.closing_balance)).toBe(cents(data.opening_balance) + sum);
      expect(cents(data.totals.change)).toBe(sum);
      expect(data.lines.at(-1)?.balance ?? data.opening_balance).toBe(data.closing_balance);
    }
    const wallet = await walletOf(server, teacher.userId);
    expect(statements[3].closing_balance).toBe((wallet.balanceCents / 100).toFixed(2));
    expect(statements[3].closing_balance).toBe('2390.00');
    await expectMoneyClean(server);
  });

  it('shows refunds, withdrawals with receipts, reversals, wallet payments and top-ups in Nairobi time', async () => {
    const data = await statement(teacher.browser, last);
    expect(data.opening_balance).toBe('2400.00');
    expect(
      data.lines.map((line: Json) => [line.kind, line.status, line.net, line.receipt, line.balance]),
    ).toEqual([
      ['earning', 'completed', '400.00', null, '2800.00'],
      ['refund', 'completed', '300.00', null, '3100.00'],
      ['withdrawal', 'completed', '-1000.00', withdrawalReceipt, '2100.00'],
      ['withdrawal', 'failed', '-500.00', null, '1600.00'],
      ['withdrawal_reversal', 'completed', '500.00', null, '2100.00'],
      ['payment', 'completed', '-200.00', null, '1900.00'],
      ['topup', 'completed', '100.00', topupReceipt, '2000.00'],
    ]);
    expect(data.lines.map((line: Json) => line.description)).toEqual([
      'Lesson LSN-C: takings from 2 learner(s)',
      'Refund: "Algebra, part 2" was cancelled.',
      'Withdrawal to M-Pesa',
      'Withdrawal to M-Pesa (failed)',
      'Withdrawal returned to the wallet',
      'Paid from the wallet',
      'Wallet top-up',
    ]);
    expect(data.totals).toEqual({
      gross: '500.00',
      commission: '100.00',
      earnings: '400.00',
      refunds: '300.00',
      topups: '100.00',
      payments: '200.00',
      withdrawals: '1500.00',
      reversals: '500.00',
      change: '-400.00',
    });
    expect(data.closing_balance).toBe('2000.00');
    const now = await statement(teacher.browser, current);
    expect(now.lines.map((line: Json) => [line.kind, line.status, line.net])).toEqual([
      ['earning', 'completed', '640.00'],
      ['withdrawal', 'pending', '-250.00'],
    ]);
    expect(now.lines[1].description).toBe('Withdrawal to M-Pesa (pending)');
  });

  it('downloads the same statement as a CSV attachment, quoted and with decimal amounts', async () => {
    const answer = await teacher.browser.get(`/api/teacher/statement?month=${last}&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="somesha-statement-${last}.csv"`,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // A byte-order mark first, so spreadsheets read the text as UTF-8 (fetch's text() drops it).
    const raw = await fetch(`${server.baseUrl}/api/teacher/statement?month=${last}&format=csv`, {
      headers: { cookie: [...teacher.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x44]);
    expect(answer.text.endsWith('\r\n')).toBe(true);
    // The quote and the comma in a description are quoted the RFC 4180 way.
    expect(answer.text).toContain(',"Refund: ""Algebra, part 2"" was cancelled.",');
    const rows = parseCsv(answer.text);
    expect(rows[0]).toEqual([
      'Date (Nairobi)',
      'Type',
      'Description',
      'Lesson',
      'Reference',
      'Takings',
      'Commission',
      'Amount',
      'Receipt',
      'Balance',
    ]);
    expect(rows[1]).toEqual(['', '', 'Opening balance', '', '', '', '', '', '', '2400.00']);
    expect(rows.at(-1)).toEqual(['', '', 'Closing balance', '', '', '', '', '', '', '2000.00']);
    expect(rows).toHaveLength(1 + 1 + 7 + 1);
    const json = await statement(teacher.browser, last);
    expect(rows.slice(2, -1)).toEqual(
      json.lines.map((line: Json) => [
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
        line.kind,
        line.description,
        line.lesson_code ?? '',
        line.reference,
        line.gross ?? '',
        line.commission ?? '',
        line.net,
        line.receipt ?? '',
        line.balance,
      ]),
    );
    // Nairobi's clock: the lesson paid at 00:30 on the 1st (21:30 UTC the day before).
    expect(rows[2]?.[0]).toBe(`${last}-01 00:30`);
  });

  it('keeps a spreadsheet from running a description as a formula', async () => {
    const other = await newTeacher(server);
    await ledgerLine(server, other.userId, {
      type: 'refund',
      amountCents: 1_000,
      at: nairobiAt(last, 2),
      meta: { result_desc: '=HYPERLINK("http://evil.example","x")' },
    });
    const answer = await other.browser.get(`/api/teacher/statement?month=${last}&format=csv`);
    const rows = parseCsv(answer.text);
    expect(rows[2]?.[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[2]?.[7]).toBe('10.00');
    // Only the teacher's own wallet: the other teacher's month has none of the first one's lines.
    expect(rows).toHaveLength(4);
  });

  it('answers JSON when no format is named', async () => {
    const answer = await teacher.browser.get(`/api/teacher/statement?month=${before}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.closing_balance).toBe('2400.00');
  });

  it('refuses a month that is not a real past or current month (422, the shared wording)', async () => {
    const future = monthAgo(-1);
    for (const [query, message] of [
      ['month=2026-13', 'Choose a month (YYYY-MM).'],
      ['month=March', 'Choose a month (YYYY-MM).'],
      ['', 'Choose a month (YYYY-MM).'],
      [`month=${future}`, 'A statement can only be for this month or an earlier one.'],
    ] as const) {
      const answer = await teacher.browser.get(`/api/teacher/statement?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message, errors: { month: [message] } });
    }
    const format = await teacher.browser.get(`/api/teacher/statement?month=${last}&format=pdf`);
    expect(format.status).toBe(422);
    expect(Object.keys(format.body.errors)).toEqual(['format']);
  });

  it('is for teachers only: 401 signed out, 403 for students, parents and admins', async () => {
    const path = `/api/teacher/statement?month=${last}`;
    expect((await server.browser().get(path)).status).toBe(401);
    for (const email of ['student@example.com', 'parent@example.com', 'admin@example.com']) {
      const browser = server.browser();
      await browser.signIn(email);
      const answer = await browser.get(path);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This action is unauthorized.' });
    }
  });
});
