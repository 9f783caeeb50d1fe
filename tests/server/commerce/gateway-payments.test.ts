import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bookings, orders, transactions } from '../../../server/db/schema';
import { c2bConfirmationBody } from '../support/daraja-bodies';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { addLesson, balanceOf, bookedCodes, finalTransaction, newBuyer, upcomingLessons } from './buyers';

let server: TestServer;
let upcoming: Awaited<ReturnType<typeof upcomingLessons>>;
beforeAll(async () => {
  server = await startTestServer();
  upcoming = await upcomingLessons(server);
});
afterAll(() => server.close());

const lesson = (index: number) => {
  const found = upcoming[index];
  if (!found) throw new Error(`No lesson ${index}`);
  return found;
};

async function countsFor(userId: number) {
  const [orderCount] = await server.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const [transactionCount] = await server.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  const [bookingCount] = await server.db.select({ n: count() }).from(bookings);
  return { orders: orderCount?.n, transactions: transactionCount?.n, bookings: bookingCount?.n };
}

/** What a signed-in tester's sandbox form carries: the session's CSRF token. */
const formToken = (browser: Browser) => decodeURIComponent(browser.cookie('XSRF-TOKEN') ?? '');

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('M-Pesa express', () => {
  it('pays after the customer accepts the prompt: cart emptied, lesson booked', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(0).id);
    const response = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(response.status).toBe(202);
    expect(response.body.message).toBe('Check your phone and enter your M-Pesa PIN to complete the payment.');
    expect(response.body.transaction).toMatchObject({
      status: 'pending',
      type: 'payment',
      amount: `${lesson(0).priceCents / 100}.00`,
    });

    const settled = await finalTransaction(buyer.browser, response.body.transaction.id);
    expect(settled.status).toBe('completed');
    // The receipt and the push's ids stay on the server: the buyer reads only the outcome.
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, settled.id));
    expect(row?.gatewayReceipt ?? row?.meta.receipt).toMatch(/^S[A-Z0-9]{9}$/);
    expect(Object.keys(settled.meta)).toEqual(['result_desc']);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(0);
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(0).code]);

    // Daraja sometimes delivers a callback twice: the second one changes nothing.
    const before = await countsFor(buyer.userId);
    expect(await server.mpesa.resendCallback(row?.checkoutRequestId ?? '')).toBe(200);
    expect(await countsFor(buyer.userId)).toEqual(before);
    expect((await buyer.browser.get(`/api/wallet/transaction/show/${settled.id}`)).body.data).toEqual(
      settled,
    );
  });

  it.each([
    ['0700000032', 'cancelled', 'You cancelled the M-Pesa request on your phone.'],
    ['0700000021', 'failed', 'The M-Pesa PIN entered on the phone was wrong.'],
    ['0700000001', 'failed', 'Your M-Pesa balance is not enough for this payment.'],
  ])(
    "ends a payment from %s as %s with M-Pesa's reason in plain words, keeping the cart",
    async (phone, status, reason) => {
      const buyer = await newBuyer(server);
      await addLesson(buyer.browser, lesson(1).id);
      const response = await buyer.browser.post('/api/payments/mpesa', { phone });
      expect(response.status).toBe(202);
      const settled = await finalTransaction(buyer.browser, response.body.transaction.id);
      expect(settled.status).toBe(status);
      expect(settled.meta.result_desc).toBe(reason);
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
      expect(await bookedCodes(buyer.browser)).toEqual([]);
    },
  );

  it('sends one prompt for a double click: both answers carry the same pending transaction', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(2).id);
    const [first, second] = await Promise.all([
      buyer.browser.post('/api/payments/mpesa', { phone: '254708374149' }),
      buyer.browser.post('/api/payments/mpesa', { phone: '+254708374149' }),
    ]);
    expect([first?.status, second?.status]).toEqual([202, 202]);
    expect(first?.body.transaction.id).toBe(second?.body.transaction.id);
    await finalTransaction(buyer.browser, first?.body.transaction.id);
    expect((await countsFor(buyer.userId)).transactions).toBe(1);
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(2).code]);
  });

  it('refuses a number that is not Safaricom with 422 and pushes nothing', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(3).id);
    const response = await buyer.browser.post('/api/payments/mpesa', { phone: '0733000000' });
    expect(response.status).toBe(422);
    expect(response.body.errors.phone).toEqual(['Enter a valid Safaricom phone number.']);
    expect((await countsFor(buyer.userId)).transactions).toBe(0);
  });

  it('tops up the wallet when the M-Pesa payment completes', async () => {
    const buyer = await newBuyer(server, { balanceKes: 200 });
    const response = await buyer.browser.post('/api/wallet/topup', {
      amount: '500',
      method: 'mpesa',
      phone: '0708374149',
    });
    expect(response.status).toBe(202);
    expect(response.body.transaction).toMatchObject({ type: 'topup', status: 'pending', amount: '500.00' });
    const settled = await finalTransaction(buyer.browser, response.body.transaction.id);
    expect(settled.status).toBe('completed');
    expect(settled.meta.result_desc).toBe('Your wallet has been credited. Balance: KES 700.');
    expect(await balanceOf(server, buyer.userId)).toBe(70_000);
    expect((await buyer.browser.get('/api/wallet')).body.data.balance).toBe('700.00');

    const tooSmall = await buyer.browser.post('/api/wallet/topup', {
      amount: '5',
      method: 'mpesa',
      phone: '0708374149',
    });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors.amount).toEqual(['Enter a whole amount from KES 10 to KES 150,000.']);
  });

  it('credits the wallet instead when the cart changed while the customer was paying', async () => {
    const slow = await startTestServer({ mpesa: { callbackDelayMs: 400 } });
    try {
      const lessons_ = await upcomingLessons(slow);
      const buyer = await newBuyer(slow);
      await addLesson(buyer.browser, lessons_[0]?.id ?? 0);
      const response = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
      await addLesson(buyer.browser, lessons_[1]?.id ?? 0);
      const settled = await finalTransaction(buyer.browser, response.body.transaction.id);
      expect(settled.status).toBe('failed');
      expect(settled.meta.result_desc).toBe(
        'Your cart changed while you were paying, so the amount was added to your wallet.',
      );
      expect(await balanceOf(slow, buyer.userId)).toBe(lessons_[0]?.priceCents);
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(2);
    } finally {
      await slow.close();
    }
  });
});

describe('M-Pesa express when the callback never comes (1037)', () => {
  it('fails the payment from the STK query while the SPA follows it', async () => {
    const quick = await startTestServer({
      mpesa: { timeoutMs: 300 },
      commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
    });
    try {
      const buyer = await newBuyer(quick);
      await addLesson(buyer.browser, (await upcomingLessons(quick))[0]?.id ?? 0);
      const response = await buyer.browser.post('/api/payments/mpesa', { phone: '0700000037' });
      const pending = await buyer.browser.get(`/api/wallet/transaction/show/${response.body.transaction.id}`);
      expect(pending.body.data.status).toBe('pending');
      const settled = await finalTransaction(buyer.browser, response.body.transaction.id);
      expect(settled.status).toBe('failed');
      expect(settled.meta.result_desc).toBe(
        'Your phone did not answer the M-Pesa request. Check that it is on and has signal, then try again.',
      );
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    } finally {
      await quick.close();
    }
  });

  it('fails it from the background sweep too, without anyone polling', async () => {
    const quick = await startTestServer({
      mpesa: { timeoutMs: 300 },
      commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
      paymentCheckIntervalMs: 50,
    });
    try {
      const buyer = await newBuyer(quick);
      await addLesson(buyer.browser, (await upcomingLessons(quick))[0]?.id ?? 0);
      const response = await buyer.browser.post('/api/payments/mpesa', { phone: '0700000037' });
      const id = response.body.transaction.id as number;
      const deadline = Date.now() + 5000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [row] = await quick.db.select().from(transactions).where(eq(transactions.id, id));
        status = row?.status ?? 'missing';
      }
      expect(status).toBe('failed');
    } finally {
      await quick.close();
    }
  });
});

describe('M-Pesa paybill', () => {
  it('gives the business and account numbers, waits (202), then confirms (200) after the C2B payment', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(4).id);
    const details = await buyer.browser.get('/api/payments/paybill');
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      business_number: '174379',
      account_number: expect.stringMatching(/^SOM-[A-Z0-9]{6}$/),
      amount: `${lesson(4).priceCents / 100}.00`,
    });
    const waiting = await buyer.browser.post('/api/payments/paybill/confirm');
    expect(waiting.status).toBe(202);
    expect(waiting.body).toEqual({
      message:
        'We have not received your M-Pesa payment yet. It can take a minute, please try again shortly.',
      paid: false,
    });

    const page = await buyer.browser.post('/sandbox/mpesa/paybill', undefined, {
      body: new URLSearchParams({
        account: details.body.account_number.toLowerCase(),
        amount: String(lesson(4).priceCents / 100),
        phone: '0708374149',
        _token: formToken(buyer.browser),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('You paid');
    // The confirmation is only a hint: the order is paid once M-Pesa's status query answers.
    await server.settlePayments();

    const confirmed = await buyer.browser.post('/api/payments/paybill/confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: 'Order paid',
      paid: true,
      transaction: { status: 'completed' },
    });
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(4).code]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(0);
  });

  it('settles one C2B confirmation once, however often it arrives', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(5).id);
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    const payment = await server.mpesa.pay(account, lesson(5).priceCents / 100);
    await server.settlePayments();
    const confirmation = c2bConfirmationBody({
      account,
      transId: payment.confirmation.transId,
      transTime: payment.confirmation.transTime,
      amount: (lesson(5).priceCents / 100).toFixed(2),
    });
    const gateway = server.browser();
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await gateway.post(server.callbacks.c2bConfirmation, confirmation, { csrf: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    await server.settlePayments();
    expect((await countsFor(buyer.userId)).orders).toBe(1);
    expect((await countsFor(buyer.userId)).transactions).toBe(1);
    const bad = await gateway.post(server.callbacks.c2bConfirmation, { hello: 'world' }, { csrf: false });
    expect(bad.status).toBe(400);
  });
});

/** A customer pays our paybill (the sandbox sends the C2B confirmation) and M-Pesa answers our status query. */
async function payBill(account: string, amountKes: number) {
  const payment = await server.mpesa.pay(account, amountKes);
  expect(payment.delivered).toBe(true);
  await server.settlePayments();
}

describe('M-Pesa paybill with the wrong amount', () => {
  it('books the order and keeps the difference in the wallet when the customer pays too much', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(8).id);
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    await payBill(account, lesson(8).priceCents / 100 + 100);
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(8).code]);
    expect(await balanceOf(server, buyer.userId)).toBe(10_000);
    const history = (await buyer.browser.get('/api/wallet')).body.data.transactions;
    expect(history[0]).toMatchObject({
      type: 'topup',
      amount: '100.00',
      meta: {
        result_desc: 'You paid more than the order total, so the difference was added to your wallet.',
      },
    });
  });

  it('credits a short payment to the wallet and tells the buyer on confirm', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(9).id);
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    await payBill(account, 100);
    const confirm = await buyer.browser.post('/api/payments/paybill/confirm');
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe(
      'The amount paid did not match your order, so it was added to your wallet.',
    );
    expect(await balanceOf(server, buyer.userId)).toBe(10_000);
    expect(await bookedCodes(buyer.browser)).toEqual([]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });
});

describe('M-Pesa paybill for a parent of several children', () => {
  it('books the lessons for the child chosen on the paybill screen', async () => {
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    await addLesson(parent.browser, lesson(6).id);
    const details = await parent.browser.get(`/api/payments/paybill?student_id=${parent.childIds[1]}`);
    expect(details.status).toBe(200);
    await payBill(details.body.account_number, lesson(6).priceCents / 100);
    const confirmed = await parent.browser.post('/api/payments/paybill/confirm', {
      student_id: parent.childIds[1],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ paid: true, transaction: { status: 'completed' } });
    const bookings = await parent.browser.get('/api/lessons/bookings');
    expect(bookings.body.data).toHaveLength(1);
    expect(bookings.body.data[0]).toMatchObject({
      code: lesson(6).code,
      booking: { student_id: parent.childIds[1] },
    });
    expect(await balanceOf(server, parent.userId)).toBe(0);
  });

  it("answers 422 on student_id for a child that is not the parent's", async () => {
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    const other = await newBuyer(server, { role: 'parent', children: 1 });
    await addLesson(parent.browser, lesson(7).id);
    for (const wrong of [String(other.childIds[0]), 'abc']) {
      const details = await parent.browser.get(`/api/payments/paybill?student_id=${wrong}`);
      expect(details.status).toBe(422);
      expect(details.body.errors.student_id).toEqual(['Choose which child these lessons are for.']);
    }
    const confirm = await parent.browser.post('/api/payments/paybill/confirm', {
      student_id: other.childIds[0],
    });
    expect(confirm.status).toBe(422);
    expect(confirm.body.errors.student_id).toEqual(['Choose which child these lessons are for.']);
  });
});

async function payOnPesapalPage(browser: Browser, pesapalUrl: string, choice: 'pay' | 'cancel') {
  const page = await browser.get(pathOf(pesapalUrl), { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(page.text).toContain('>Pay</button>');
  expect(page.text).toContain('>Cancel</button>');
  const sent = await browser.post(pathOf(pesapalUrl), undefined, {
    body: new URLSearchParams({ choice, _token: formToken(browser) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(sent.status).toBe(303);
  const back = await browser.get(pathOf(sent.headers.get('location') ?? ''));
  expect(back.status).toBe(303);
  return back.headers.get('location');
}

describe('Pesapal', () => {
  it('pays on the hosted page: the IPN completes the order and the browser lands on the return page', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(10).id);
    const response = await buyer.browser.post('/api/payments/pesapal');
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({
      message: 'Complete the payment on the Pesapal page.',
      pesapal_url: expect.stringContaining('/sandbox/pesapal/pay/'),
      transaction: { status: 'pending' },
    });
    const id = response.body.transaction.id;
    const landing = await payOnPesapalPage(buyer.browser, response.body.pesapal_url, 'pay');
    expect(landing).toBe(`/payments/return?payment=completed&transaction=${id}&type=payment`);

    const settled = (await buyer.browser.get(`/api/wallet/transaction/show/${id}`)).body.data;
    expect(settled.status).toBe('completed');
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row?.meta.payment_method).toBe('Visa');
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(10).code]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(0);

    const before = await countsFor(buyer.userId);
    expect(await server.pesapal.resendIpn(row?.orderTrackingId ?? '')).toBe(200);
    expect(await countsFor(buyer.userId)).toEqual(before);
  });

  it('fails the payment when the customer cancels, keeping the cart', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lesson(7).id);
    const response = await buyer.browser.post('/api/payments/pesapal');
    const id = response.body.transaction.id;
    const landing = await payOnPesapalPage(buyer.browser, response.body.pesapal_url, 'cancel');
    expect(landing).toBe(`/payments/return?payment=failed&transaction=${id}&type=payment`);
    const settled = (await buyer.browser.get(`/api/wallet/transaction/show/${id}`)).body.data;
    expect(settled).toMatchObject({
      status: 'failed',
      meta: { result_desc: 'Payment cancelled by the customer' },
    });
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });

  it('answers an unknown IPN with 400 and a known one with the acknowledgement', async () => {
    const gateway = server.browser();
    expect((await gateway.get(server.callbacks.pesapalIpn)).status).toBe(400);
    const ack = await gateway.get(
      `${server.callbacks.pesapalIpn}?OrderTrackingId=abc&OrderMerchantReference=PAY-1&OrderNotificationType=IPNCHANGE`,
    );
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: 'abc',
      orderMerchantReference: 'PAY-1',
      status: 200,
    });
  });
});
