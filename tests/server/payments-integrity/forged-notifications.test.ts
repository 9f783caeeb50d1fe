// A notification is a hint, never proof: forged M-Pesa callbacks, C2B confirmations and status
// answers move no money, and a gateway that confirms another amount than we asked leaves the
// payment for staff (issue 8, "Forged gateway notifications").
import { mpesaPaymentReason, STK_RESULT } from '../../../src/shared/mpesa-results';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPesapalOrders, transactions } from '../../../server/db/schema';
import {
  addLesson,
  balanceOf,
  bookedCodes,
  eventually,
  finalTransaction,
  newBuyer,
  LessonSupply,
} from '../commerce/buyers';
import { c2bConfirmationBody, statusResultBody, stkCallbackBody } from '../support/daraja-bodies';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
const lessons = new LessonSupply();
beforeAll(async () => {
  server = await startTestServer({
    // The customer takes 400 ms to answer the prompt; an unanswered prompt times out after 600 ms.
    mpesa: { callbackDelayMs: 400, timeoutMs: 600, statusDelayMs: 150 },
    commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
  });
  await lessons.load(server);
});
afterAll(() => server.close());

const freshLesson = () => lessons.take();

const gateway = () => server.browser();

/** A new buyer who has just asked for an M-Pesa top-up: the push is pending. */
async function pendingMpesaTopUp(on: TestServer, amount: number, phone: string) {
  const buyer = await newBuyer(on);
  const topup = await buyer.browser.post('/api/wallet/topup', { amount, method: 'mpesa', phone });
  return { buyer, topup };
}

async function transactionRow(id: number, on = server) {
  const [row] = await on.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error(`No transaction ${id}`);
  return row;
}

/** The push's CheckoutRequestID: the server's own, read from its database (the API never shows it). */
async function checkoutRequestIdOf(id: number, on = server): Promise<string> {
  const checkoutRequestId = (await transactionRow(id, on)).checkoutRequestId;
  if (!checkoutRequestId) throw new Error(`Transaction ${id} has no push`);
  return checkoutRequestId;
}

describe('a forged STK callback', () => {
  it('answers 404 without the callback secret, or with a wrong one, and changes nothing', async () => {
    const { topup } = await pendingMpesaTopUp(server, 10, '0700000037');
    const body = stkCallbackBody({
      checkoutRequestId: await checkoutRequestIdOf(topup.body.transaction.id),
      amount: 10,
      receipt: 'SKFORGED99',
    });
    const withSecret = (path: string, secret: string) =>
      path.replace(/^(\/api\/hooks\/)[^/]+/, `$1${secret}`);
    const wrongSecret = withSecret(server.callbacks.stkCallback, 'x'.repeat(48));
    const answer = await gateway().post(wrongSecret, body, { csrf: false });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found.' });
    // The old path without a secret is no gateway route any more: a cookie-less POST there is
    // refused like any other write without the CSRF token.
    expect((await gateway().post('/api/payments/mpesa/callback', body, { csrf: false })).status).toBe(419);
    for (const path of [
      withSecret(server.callbacks.c2bConfirmation, 'nope'),
      withSecret(server.callbacks.statusResult, 'nope'),
      withSecret(server.callbacks.pesapalIpn, 'nope'),
    ]) {
      expect((await gateway().post(path, {}, { csrf: false })).status).toBe(404);
    }
    expect((await transactionRow(topup.body.transaction.id)).meta.callback_amount).toBeUndefined();
  });
});

describe('a genuine STK callback', () => {
  it('is answered before the server asks M-Pesa, and the answer then settles the payment', async () => {
    // M-Pesa's query is held until the test lets it through: the callback's answer must not wait for it.
    const stkQuery = server.mpesa.stkQuery.bind(server.mpesa);
    let asked = 0;
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    server.mpesa.stkQuery = async (checkoutRequestId) => {
      asked += 1;
      await held;
      return stkQuery(checkoutRequestId);
    };
    try {
      const { buyer, topup } = await pendingMpesaTopUp(server, 25, '0708374149');
      expect(topup.status).toBe(202);
      const id = topup.body.transaction.id as number;
      // The customer pays; the sandbox's callback is answered and the server's question is on its way.
      await eventually(async () => asked >= 1);
      // Daraja repeating the callback gets its answer at once, though M-Pesa has not replied yet.
      const repeat = await server.mpesa.resendCallback(await checkoutRequestIdOf(id));
      expect(repeat).toBe(200);
      expect((await transactionRow(id)).status).toBe('pending');
      expect(await balanceOf(server, buyer.userId)).toBe(0);

      letThrough();
      await server.followUps();
      expect((await transactionRow(id)).status).toBe('completed');
      expect(await balanceOf(server, buyer.userId)).toBe(2_500);
    } finally {
      letThrough();
      server.mpesa.stkQuery = stkQuery;
    }
  });
});

describe('a forged C2B (paybill) confirmation', () => {
  it('pays no cart and credits no wallet: M-Pesa has no record of the receipt', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;

    const forged = await gateway().post(
      server.callbacks.c2bConfirmation,
      c2bConfirmationBody({ account, transId: 'SKFORGED01', amount: '100000', firstName: 'Mallory' }),
      {
        csrf: false,
      },
    );
    expect(forged.status).toBe(200);
    await server.settlePayments();

    const confirm = await buyer.browser.post('/api/payments/paybill/confirm');
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe('The transaction receipt number does not exist.');
    expect(await balanceOf(server, buyer.userId)).toBe(0);
    expect(await bookedCodes(buyer.browser)).toEqual([]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });

  it('believes only answers to status queries the server itself asked', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    await gateway().post(
      server.callbacks.c2bConfirmation,
      c2bConfirmationBody({ account, transId: 'SKFORGED02', amount: '100000', firstName: 'Mallory' }),
      {
        csrf: false,
      },
    );
    // Well formed, about the right receipt, but an answer to no question the server asked.
    const forgedAnswer = statusResultBody({
      originatorConversationId: '11111-22222222-1',
      receipt: 'SKFORGED02',
      amount: 100000,
    });
    const answer = await gateway().post(server.callbacks.statusResult, forgedAnswer, { csrf: false });
    expect(answer.status).toBe(200);
    await server.settlePayments();
    expect(await balanceOf(server, buyer.userId)).toBe(0);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    expect((await buyer.browser.post('/api/payments/paybill/confirm')).status).toBe(409);
  });

  it('leaves real money paid to an account no cart has for staff, listed for admins only', async () => {
    const payment = await server.mpesa.pay('SOM-NOBODY', 250);
    expect(payment.delivered).toBe(true);
    await server.settlePayments();

    const admin = server.browser();
    await admin.signIn('admin@example.com');
    const list = await admin.get('/api/admin/transactions?status=needs_review');
    expect(list.status).toBe(200);
    const row = (list.body.data as Array<Record<string, unknown>>).find(
      (entry) => entry.gateway_receipt === payment.confirmation.transId,
    );
    expect(row).toMatchObject({
      status: 'needs_review',
      gateway: 'paybill',
      paybill_account: 'SOM-NOBODY',
      user: null,
      meta: { result_desc: 'No cart has account number SOM-NOBODY.' },
      // What M-Pesa confirmed, beside what the confirmation claimed: never the 0.01 of no cart.
      amount: '250.00',
      claimed_amount: '250.00',
      confirmed_amount: '250.00',
    });
    expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 25 });

    const student = server.browser();
    await student.signIn('student@example.com');
    expect((await student.get('/api/admin/transactions')).status).toBe(403);
    expect((await server.browser().get('/api/admin/transactions')).status).toBe(401);
    expect((await admin.get('/api/admin/transactions?status=paid')).status).toBe(422);
  });
});

/**
 * Holds the server's transaction status queries: Daraja accepts them (the ids are recorded) but its
 * answer is left to the test, which plays Daraja or an attacker racing it.
 */
function holdStatusQueries(on: TestServer) {
  const original = on.mpesa.requestTransactionStatus.bind(on.mpesa);
  const asked: Array<{ transId: string; originatorConversationId: string; conversationId: string }> = [];
  on.mpesa.requestTransactionStatus = async (request) => {
    const accepted = {
      originatorConversationId: `${29000 + asked.length}-${Date.now() % 100_000_000}-1`,
      conversationId: `AG_20261122_${String(asked.length).padStart(4, '0')}held${Date.now()}`,
    };
    asked.push({ transId: request.transId, ...accepted });
    return accepted;
  };
  return {
    asked,
    release: () => {
      on.mpesa.requestTransactionStatus = original;
    },
  };
}

/** Every string value anywhere in a JSON body. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The ids the server uses to ask a gateway: none of them may reach a browser. */
const GATEWAY_ID_KEYS =
  /originator|conversation|checkout_request|merchant_request|order_tracking|status_quer|query_id/i;
function expectNoGatewayIds(body: unknown, ids: string[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(GATEWAY_ID_KEYS);
  for (const id of ids.filter(Boolean)) expect(stringsIn(body)).not.toContain(id);
}

describe("the probe's forgeries (issue 20)", () => {
  it('a forged C2B confirmation plus a forged status result pays nothing and credits nothing', async () => {
    const held = holdStatusQueries(server);
    try {
      const buyer = await newBuyer(server);
      await addLesson(buyer.browser, freshLesson());
      const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
      await gateway().post(
        server.callbacks.c2bConfirmation,
        c2bConfirmationBody({ account, transId: 'SKFORGED20', amount: '50000.00', firstName: 'Mallory' }),
        { csrf: false },
      );
      await server.followUps();
      const query = held.asked.find((entry) => entry.transId === 'SKFORGED20');
      expect(query).toBeDefined();
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.gatewayReceipt, 'SKFORGED20'));
      if (!row || !query) throw new Error('The confirmation was not recorded');

      // Whatever the API hands the buyer about the transaction: no id the server asks M-Pesa with.
      const secrets = [query.originatorConversationId, query.conversationId];
      const shown = await buyer.browser.get(`/api/wallet/transaction/show/${row.id}`);
      expect(shown.status).toBe(200);
      expectNoGatewayIds(shown.body, secrets);
      expectNoGatewayIds((await buyer.browser.get('/api/wallet')).body, secrets);
      const admin = server.browser();
      await admin.signIn('admin@example.com');
      expectNoGatewayIds((await admin.get('/api/admin/transactions?status=pending')).body, secrets);

      // The attacker answers with any id they could read, and with the real originator id (as if
      // leaked) plus a guessed ConversationID: neither is an answer to the server's question.
      const readable = stringsIn(shown.body).filter((value) => /^\d+-\d+-\d+$/.test(value));
      for (const forged of [
        ...readable.map((id) => ({ originatorConversationId: id })),
        { originatorConversationId: query.originatorConversationId },
        { originatorConversationId: query.originatorConversationId, conversationId: 'AG_20261122_guess' },
      ]) {
        const answer = await gateway().post(
          server.callbacks.statusResult,
          statusResultBody({ ...forged, receipt: 'SKFORGED20', amount: 50000 }),
          { csrf: false },
        );
        expect(answer.status).toBe(200);
      }
      await server.followUps();
      expect((await transactionRow(row.id)).status).toBe('pending');
      expect(await balanceOf(server, buyer.userId)).toBe(0);
      expect(await bookedCodes(buyer.browser)).toEqual([]);
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);

      // M-Pesa's real answer: it never heard of the receipt.
      held.release();
      await server.db
        .update(transactions)
        .set({ nextCheckAt: new Date(0) })
        .where(eq(transactions.id, row.id));
      await buyer.browser.get(`/api/wallet/transaction/show/${row.id}`);
      await server.settlePayments();
      expect(['failed', 'needs_review']).toContain((await transactionRow(row.id)).status);
      expect(await balanceOf(server, buyer.userId)).toBe(0);
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    } finally {
      held.release();
    }
  });

  it('answers to a gateway payment never carry the ids the server asks the gateway with', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const mpesa = await buyer.browser.post('/api/payments/mpesa', { phone: '0700000037' });
    expect(mpesa.status).toBe(202);
    const pushed = await transactionRow(mpesa.body.transaction.id);
    const pesapal = await buyer.browser.post('/api/wallet/topup', { amount: 20, method: 'pesapal' });
    expect(pesapal.status).toBe(202);
    const ordered = await transactionRow(pesapal.body.transaction.id);
    const ids = [pushed.checkoutRequestId ?? '', String(pushed.meta.merchant_request_id ?? '')];
    ids.push(ordered.orderTrackingId ?? '');
    expect(ids.every(Boolean)).toBe(true);
    expectNoGatewayIds(mpesa.body, ids);
    expectNoGatewayIds(pesapal.body.transaction, ids);
    expectNoGatewayIds((await buyer.browser.get(`/api/wallet/transaction/show/${pushed.id}`)).body, ids);
    expectNoGatewayIds((await buyer.browser.get('/api/wallet')).body, ids);
    // The SPA still reads the gateway's reason.
    const final = await finalTransaction(buyer.browser, pushed.id);
    expect(final.meta).toEqual({ result_desc: mpesaPaymentReason(STK_RESULT.noAnswer) });
  });

  it('an M-Pesa express receipt re-sent as a C2B TransID is credited once only', async () => {
    const { buyer, topup } = await pendingMpesaTopUp(server, 100, '0708374149');
    expect(topup.status).toBe(202);
    expect((await finalTransaction(buyer.browser, topup.body.transaction.id)).status).toBe('completed');
    expect(await balanceOf(server, buyer.userId)).toBe(10_000);
    // The receipt is recorded from the callback, also when the STK query confirmed the push first.
    const paid = await eventually(async () => {
      const row = await transactionRow(topup.body.transaction.id);
      return (row.gatewayReceipt ?? row.meta.receipt) ? row : null;
    });
    const receipt = paid.gatewayReceipt ?? String(paid.meta.receipt);
    expect(receipt).toMatch(/^S[A-Z0-9]{9}$/);

    await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    const resent = await gateway().post(
      server.callbacks.c2bConfirmation,
      c2bConfirmationBody({ account, transId: receipt, amount: '100.00' }),
      { csrf: false },
    );
    expect(resent.status).toBe(200);
    await server.settlePayments();
    expect(await balanceOf(server, buyer.userId)).toBe(10_000);
    expect(await bookedCodes(buyer.browser)).toEqual([]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    expect((await transactionRow(paid.id)).gatewayReceipt).toBe(receipt);
  });

  it('a status answer for another amount than the confirmation claimed moves nothing', async () => {
    const held = holdStatusQueries(server);
    try {
      const buyer = await newBuyer(server);
      await addLesson(buyer.browser, freshLesson());
      const { account_number: account, amount } = (await buyer.browser.get('/api/payments/paybill')).body;
      await gateway().post(
        server.callbacks.c2bConfirmation,
        c2bConfirmationBody({ account, transId: 'SKCLAIMS01', amount }),
        { csrf: false },
      );
      await server.followUps();
      const query = held.asked.find((entry) => entry.transId === 'SKCLAIMS01');
      if (!query) throw new Error('No status query was sent');
      // Daraja's own answer (both ids right) says more money moved than the confirmation claimed.
      const answer = await gateway().post(
        server.callbacks.statusResult,
        statusResultBody({ ...query, receipt: 'SKCLAIMS01', amount: Number(amount) + 40_000 }),
        { csrf: false },
      );
      expect(answer.status).toBe(200);
      await server.followUps();
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.gatewayReceipt, 'SKCLAIMS01'));
      expect(row?.status).toBe('needs_review');
      expect(row?.confirmedAmountCents).toBe((Number(amount) + 40_000) * 100);
      expect(await balanceOf(server, buyer.userId)).toBe(0);
      expect(await bookedCodes(buyer.browser)).toEqual([]);
      expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    } finally {
      held.release();
    }
  });

  it("records Pesapal's confirmation code as the payment's receipt", async () => {
    const buyer = await newBuyer(server);
    const started = await buyer.browser.post('/api/wallet/topup', { amount: 30, method: 'pesapal' });
    expect(started.status).toBe(202);
    const path = new URL(started.body.pesapal_url).pathname;
    const paid = await buyer.browser.post(path, undefined, {
      body: new URLSearchParams({
        choice: 'pay',
        _token: decodeURIComponent(buyer.browser.cookie('XSRF-TOKEN') ?? ''),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    const row = await eventually(async () => {
      const current = await transactionRow(started.body.transaction.id);
      return current.status === 'completed' ? current : null;
    });
    expect(row.gatewayReceipt).toBeTruthy();
    expect(row.gatewayReceipt).toBe(row.meta.confirmation_code);
    expect(row.confirmedAmountCents).toBe(3_000);
  });
});

describe('a paybill payment held for review', () => {
  it('is no failure to retry: "I have paid" answers 200 with the reason and the transaction', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    const cart = (await buyer.browser.get('/api/cart')).body.cart;
    await server.db.insert(transactions).values({
      userId: buyer.userId,
      type: 'payment',
      amountCents: 50_000,
      reference: 'C2B-SKREVIEW01',
      status: 'needs_review',
      gateway: 'paybill',
      gatewayReceipt: 'SKREVIEW01',
      paybillAccount: account,
      cartId: cart.id,
      meta: { result_desc: 'We could not match this payment to your order automatically.' },
    });
    const confirm = await buyer.browser.post('/api/payments/paybill/confirm');
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({
      paid: false,
      message: 'We could not match this payment to your order automatically.',
      transaction: { status: 'needs_review' },
    });
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });
});

describe('Pesapal confirming another amount than the order', () => {
  async function payOnPage(browser: Browser, url: string) {
    const path = new URL(url).pathname;
    return browser.post(path, undefined, {
      body: new URLSearchParams({
        choice: 'pay',
        _token: decodeURIComponent(browser.cookie('XSRF-TOKEN') ?? ''),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it('moves no money: the payment waits for review and the cart stays', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const started = await buyer.browser.post('/api/payments/pesapal');
    expect(started.status).toBe(202);
    const row = await transactionRow(started.body.transaction.id);
    // Pesapal's record says 1.00 was paid for this order (what the status query will report).
    const [order] = await server.db
      .select()
      .from(sandboxPesapalOrders)
      .where(eq(sandboxPesapalOrders.orderTrackingId, row.orderTrackingId ?? ''));
    await server.db
      .update(sandboxPesapalOrders)
      .set({ order: { ...(order?.order as object), amount: '1.00' } })
      .where(eq(sandboxPesapalOrders.orderTrackingId, row.orderTrackingId ?? ''));

    expect((await payOnPage(buyer.browser, started.body.pesapal_url)).status).toBe(303);
    const final = await eventually(async () => {
      const current = await transactionRow(row.id);
      return current.status === 'pending' ? null : current;
    });
    expect(final.status).toBe('needs_review');
    expect(
      (await buyer.browser.get(`/api/wallet/transaction/show/${row.id}`)).body.data.meta.result_desc,
    ).toBe(
      'We could not match this payment to your order automatically. Our team is reviewing it and will contact you; nothing else is needed from you.',
    );
    expect(await bookedCodes(buyer.browser)).toEqual([]);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    expect(await balanceOf(server, buyer.userId)).toBe(0);
  });
});

describe('callbacks from outside PAYMENTS_CALLBACK_ALLOW', () => {
  it('are answered 404, and the payment still settles from the STK query', async () => {
    const guarded = await startTestServer({
      config: { callbackAllowList: ['196.201.214.0/24'] },
      commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
    });
    try {
      const { buyer, topup } = await pendingMpesaTopUp(guarded, 50, '0708374149');
      await guarded.settlePayments();
      // The sandbox's own callback came from 127.0.0.1: refused, so the query must settle it.
      const checkoutRequestId = await checkoutRequestIdOf(topup.body.transaction.id, guarded);
      expect(await guarded.mpesa.resendCallback(checkoutRequestId)).toBe(404);
      const final = await finalTransaction(buyer.browser, topup.body.transaction.id);
      expect(final.status).toBe('completed');
      expect(await balanceOf(guarded, buyer.userId)).toBe(5000);
    } finally {
      await guarded.close();
    }
  });
});

describe("someone else's transaction", () => {
  it('is not found, exactly like a missing one', async () => {
    const { topup } = await pendingMpesaTopUp(server, 10, '0700000032');
    const other = await newBuyer(server);
    const theirs = await other.browser.get(`/api/wallet/transaction/show/${topup.body.transaction.id}`);
    const missing = await other.browser.get('/api/wallet/transaction/show/2147483000');
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});

describe('hostile notification bodies', () => {
  it('answer 413 or 400, never 500, and record nothing', async () => {
    const post = (path: string, body: unknown) => gateway().post(path, body, { csrf: false });
    const huge = await post(
      server.callbacks.c2bConfirmation,
      c2bConfirmationBody({
        account: 'SOM-1',
        transId: 'S'.repeat(1024 * 1024),
        amount: '10',
        firstName: 'Mallory',
      }),
    );
    expect(huge.status).toBe(413);
    for (const transId of ['SK\uD800LONE1', 'SK\u0000NUL01', '../../etc']) {
      const answer = await post(
        server.callbacks.c2bConfirmation,
        c2bConfirmationBody({ account: 'SOM-1', transId, amount: '10', firstName: 'Mallory' }),
      );
      expect(answer.status).toBe(400);
    }
    for (const amount of ['1e300', '-5', 'NaN', '99999999999']) {
      expect(
        (
          await post(
            server.callbacks.c2bConfirmation,
            c2bConfirmationBody({ account: 'SOM-1', transId: 'SKAMOUNT01', amount, firstName: 'Mallory' }),
          )
        ).status,
      ).toBe(400);
    }
    const stk = stkCallbackBody({ checkoutRequestId: 'ws_CO_\uD800', amount: 1e300, receipt: 'SKFORGED99' });
    expect((await post(server.callbacks.stkCallback, stk)).status).toBe(400);
    expect((await post(server.callbacks.statusResult, { Result: { ResultCode: 'x' } })).status).toBe(400);
    const rows = await server.db.select().from(transactions).where(eq(transactions.gateway, 'paybill'));
    expect(rows.filter((row) => row.meta.trans_id === 'SKAMOUNT01')).toEqual([]);
  });
});

// What the customer does on the phone happens on the sandbox's own clock, which these tests move: a
// forged callback is checked while the prompt is still unanswered, however slow the machine is.
describe('a forged STK callback before the customer has answered', () => {
  let clocked: TestServer;
  let customerClockMs = 0;
  const clockedLessons = new LessonSupply();
  beforeAll(async () => {
    clocked = await startTestServer({
      // The customer answers (or the prompt times out) a minute after the push, on the moved clock.
      mpesa: {
        callbackDelayMs: 60_000,
        timeoutMs: 60_000,
        statusDelayMs: 150,
        now: () => new Date(Date.now() + customerClockMs),
      },
      commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
    });
    await clockedLessons.load(clocked);
  });
  afterAll(() => clocked.close());

  it('credits nothing to a wallet: the STK query says the prompt was never answered', async () => {
    const { buyer, topup } = await pendingMpesaTopUp(clocked, 10, '0700000037');
    expect(topup.status).toBe(202);
    const checkoutRequestId = await checkoutRequestIdOf(topup.body.transaction.id, clocked);

    const forged = await clocked
      .browser()
      .post(
        clocked.callbacks.stkCallback,
        stkCallbackBody({ checkoutRequestId, amount: 150_000, receipt: 'SKFORGED99' }),
        {
          csrf: false,
        },
      );
    // Acknowledged like any callback (Daraja must not retry), but nothing moved, even once the
    // server has asked M-Pesa about it.
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await clocked.followUps();
    expect(await balanceOf(clocked, buyer.userId)).toBe(0);
    expect(
      (await buyer.browser.get(`/api/wallet/transaction/show/${topup.body.transaction.id}`)).body.data.status,
    ).toBe('pending');

    // The prompt times out on M-Pesa's side.
    customerClockMs += 61_000;
    const final = await finalTransaction(buyer.browser, topup.body.transaction.id);
    expect(final).toMatchObject({
      status: 'failed',
      // M-Pesa's 1037 in the words the payer reads, never Daraja's own text (issue 24).
      meta: { result_desc: mpesaPaymentReason(STK_RESULT.noAnswer) },
    });
    // What the forger claimed is kept for staff, never paid out.
    const kept = await transactionRow(topup.body.transaction.id, clocked);
    expect(kept.meta.callback_amount).toBe(150_000);
    expect(kept.claimedAmountCents).toBe(15_000_000);
    expect(await balanceOf(clocked, buyer.userId)).toBe(0);
  });

  it('does not pay a cart early, and the real payment settles the amount the push asked for', async () => {
    const buyer = await newBuyer(clocked);
    const lesson = clockedLessons.take();
    const cart = await addLesson(buyer.browser, lesson);
    const payment = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(payment.status).toBe(202);
    const id = payment.body.transaction.id as number;
    const checkoutRequestId = (await transactionRow(id, clocked)).checkoutRequestId ?? '';

    await clocked
      .browser()
      .post(
        clocked.callbacks.stkCallback,
        stkCallbackBody({ checkoutRequestId, amount: 150_000, receipt: 'SKFORGED99' }),
        {
          csrf: false,
        },
      );
    // The customer has not answered yet: the STK query says so, and the cart is untouched.
    await clocked.followUps();
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    expect((await transactionRow(id, clocked)).status).toBe('pending');

    // The customer answers the prompt.
    customerClockMs += 61_000;
    const final = await finalTransaction(buyer.browser, id);
    expect(final.status).toBe('completed');
    expect(final.amount).toBe(cart.total);
    expect(await bookedCodes(buyer.browser)).toHaveLength(1);
    // No "overpayment" of 150,000 reached the wallet.
    expect(await balanceOf(clocked, buyer.userId)).toBe(0);
    const history = (await buyer.browser.get('/api/wallet')).body.data.transactions as Array<{
      type: string;
    }>;
    expect(history.filter((row) => row.type === 'topup')).toEqual([]);
  });
});
