import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import {
  MpesaRequestError,
  SandboxMpesaGateway,
  createMpesaGateway,
  parseC2BConfirmation,
  parseStkCallback,
  registerMpesaSandboxRoutes,
} from '../../../server/gateways/mpesa';
import { gatewayDatabase, signedInTester, TESTER_CSRF } from '../support/gateway-db';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await gatewayDatabase();
});
afterAll(async () => {
  await database.close();
});

const CALLBACK_DELAY_MS = 40;
const TIMEOUT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SandboxMpesaGateway STK push', () => {
  let receiver: LoopbackServer;
  let gateway: SandboxMpesaGateway;

  beforeEach(async () => {
    receiver = await startLoopbackServer();
    gateway = new SandboxMpesaGateway({
      db: database.db,
      callbackDelayMs: CALLBACK_DELAY_MS,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterEach(async () => {
    gateway.close();
    await receiver.close();
  });

  const pushTo = (phone: string, amount = 1500) =>
    gateway.stkPush({
      amount,
      phone,
      accountReference: 'SOM-42',
      description: 'Lesson payment',
      callbackUrl: `${receiver.url}/api/hooks/secret/stk`,
    });

  it('accepts the push like Daraja and, after the delay, posts a paid callback in Daraja’s exact structure', async () => {
    // The clock the STK query reads is the test's: "not answered yet" must not depend on how long
    // the push's own queries took (a busy machine, a first query planned cold).
    let now = new Date();
    gateway = new SandboxMpesaGateway({
      db: database.db,
      callbackDelayMs: CALLBACK_DELAY_MS,
      timeoutMs: TIMEOUT_MS,
      now: () => now,
    });
    const started = Date.now();
    const accepted = await pushTo('254708374149');
    expect(accepted).toEqual({
      merchantRequestId: expect.stringMatching(/^\d+-\d+-1$/),
      checkoutRequestId: expect.stringMatching(/^ws_CO_\d{14}\d+$/),
      responseDescription: 'Success. Request accepted for processing',
      customerMessage: 'Success. Request accepted for processing',
    });
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({
      resultCode: null,
      resultDesc: 'The transaction is being processed',
    });

    const callback = await receiver.waitForRequest();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CALLBACK_DELAY_MS - 5);
    expect(callback.method).toBe('POST');
    expect(callback.path).toBe('/api/hooks/secret/stk');
    expect(callback.headers['content-type']).toBe('application/json');
    expect(callback.json).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: accepted.merchantRequestId,
          CheckoutRequestID: accepted.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1500 },
              { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z0-9]{10}$/) },
              { Name: 'TransactionDate', Value: expect.any(Number) },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    });
    expect(parseStkCallback(callback.json)).toMatchObject({
      resultCode: 0,
      amount: 1500,
      phone: '254708374149',
    });
    now = new Date(now.getTime() + CALLBACK_DELAY_MS);
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });

    // Daraja sometimes delivers twice; the repeat is byte-for-byte the same notification.
    await expect(gateway.resendCallback(accepted.checkoutRequestId)).resolves.toBe(200);
    expect((await receiver.waitForRequest(2)).text).toBe(callback.text);
  });

  it.each([
    ['254700000032', 1032, 'Request cancelled by user'],
    ['254700000021', 2001, 'The initiator information is invalid.'],
    ['254700000001', 1, 'The balance is insufficient for the transaction.'],
  ])('posts a failed callback without metadata for %s (ResultCode %i)', async (phone, code, desc) => {
    const accepted = await pushTo(phone);
    const callback = await receiver.waitForRequest();
    expect(callback.json).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: accepted.merchantRequestId,
          CheckoutRequestID: accepted.checkoutRequestId,
          ResultCode: code,
          ResultDesc: desc,
        },
      },
    });
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({
      resultCode: code,
      resultDesc: desc,
    });
  });

  it('lets any other Safaricom number pay', async () => {
    const accepted = await pushTo('254112345678', 1);
    const callback = await receiver.waitForRequest();
    expect(parseStkCallback(callback.json)).toMatchObject({
      checkoutRequestId: accepted.checkoutRequestId,
      resultCode: 0,
      amount: 1,
      phone: '254112345678',
    });
  });

  it('never calls back for 254700000037; the STK query says 1037 once the timeout has passed', async () => {
    // The clock is injected so the 60 s rule is tested exactly, without waiting for it.
    let now = new Date('2026-03-10T09:00:00Z');
    gateway = new SandboxMpesaGateway({
      db: database.db,
      callbackDelayMs: CALLBACK_DELAY_MS,
      timeoutMs: 60_000,
      now: () => now,
    });
    const accepted = await pushTo('254700000037');
    await sleep(CALLBACK_DELAY_MS * 3);
    now = new Date(now.getTime() + 59_999);
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({
      resultCode: null,
      resultDesc: 'The transaction is being processed',
    });
    now = new Date(now.getTime() + 1);
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({
      resultCode: 1037,
      resultDesc: 'DS timeout user cannot be reached',
    });
    await gateway.flush();
    await expect(gateway.resendCallback(accepted.checkoutRequestId)).resolves.toBeNull();
    expect(receiver.requests).toHaveLength(0);
  });

  it('answers the STK query for 254700000037 with 1037 after a short injected timeout too', async () => {
    const accepted = await pushTo('254700000037');
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toMatchObject({ resultCode: null });
    await sleep(TIMEOUT_MS + 20);
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toMatchObject({ resultCode: 1037 });
    expect(receiver.requests).toHaveLength(0);
  });

  it.each([
    ['an amount below 1', { amount: 0 }, 'Bad Request - Invalid Amount'],
    ['a fractional amount', { amount: 99.5 }, 'Bad Request - Invalid Amount'],
    ['a local-format phone', { phone: '0708374149' }, 'Bad Request - Invalid PhoneNumber'],
    ['an Airtel number', { phone: '254733123456' }, 'Bad Request - Invalid PhoneNumber'],
    ['a callback that is not a URL', { callbackUrl: 'callback' }, 'Bad Request - Invalid CallBackURL'],
  ])('refuses %s like Daraja does, and sends nothing', async (_label, change, message) => {
    const request = {
      amount: 10,
      phone: '254708374149',
      accountReference: 'SOM-1',
      description: 'Lesson',
      callbackUrl: `${receiver.url}/cb`,
      ...change,
    };
    const error = await gateway.stkPush(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MpesaRequestError);
    expect(error).toMatchObject({ code: '400.002.02', message, httpStatus: 400 });
    await sleep(CALLBACK_DELAY_MS * 2);
    expect(receiver.requests).toHaveLength(0);
  });

  it('forgets pushes after a day, like Daraja, and then does not know their checkout ids', async () => {
    let now = new Date('2026-03-10T09:00:00Z');
    gateway = new SandboxMpesaGateway({
      db: database.db,
      callbackDelayMs: CALLBACK_DELAY_MS,
      now: () => now,
    });
    const old = await pushTo('254700000037');
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1);
    const recent = await pushTo('254700000037');
    await expect(gateway.stkQuery(recent.checkoutRequestId)).resolves.toMatchObject({ resultCode: null });
    await expect(gateway.stkQuery(old.checkoutRequestId)).rejects.toMatchObject({ httpStatus: 400 });
  });

  it('does not know checkout ids it never issued', async () => {
    await expect(gateway.stkQuery('ws_CO_000')).rejects.toMatchObject({
      message: 'Bad Request - Invalid CheckoutRequestID',
    });
  });
});

describe('SandboxMpesaGateway paybill (C2B)', () => {
  let receiver: LoopbackServer;
  let gateway: SandboxMpesaGateway;
  let app: FastifyInstance;

  beforeEach(async () => {
    receiver = await startLoopbackServer();
    gateway = createMpesaGateway(
      { MPESA_PAYBILL: '600100' },
      {
        db: database.db,
        c2bConfirmationUrl: `${receiver.url}/api/hooks/secret/c2b/confirmation`,
        production: false,
      },
    ) as SandboxMpesaGateway;
    app = Fastify();
    signedInTester(app);
    registerMpesaSandboxRoutes(app, gateway);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
  });

  it('posts a Daraja C2B confirmation for the account to the commerce confirmation route', async () => {
    const payment = await gateway.pay('SOM-7QK2', 2500, '254712345678');
    expect(payment.delivered).toBe(true);
    const confirmation = await receiver.waitForRequest();
    expect(confirmation.method).toBe('POST');
    expect(confirmation.path).toBe('/api/hooks/secret/c2b/confirmation');
    expect(confirmation.json).toEqual({
      TransactionType: 'Pay Bill',
      TransID: expect.stringMatching(/^[A-Z0-9]{10}$/),
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: '2500.00',
      BusinessShortCode: '600100',
      BillRefNumber: 'SOM-7QK2',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '254712345678',
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Doe',
    });
    expect(gateway.parseC2BConfirmation(confirmation.json)).toEqual(payment.confirmation);
    expect(gateway.paybillDetails()).toEqual({ businessNumber: '600100' });
  });

  it('answers a transaction status query with both ids it accepted the query under', async () => {
    const sandbox = new SandboxMpesaGateway({
      db: database.db,
      c2bConfirmationUrl: `${receiver.url}/api/payments/mpesa/c2b/confirmation`,
      statusDelayMs: 20,
    });
    try {
      const payment = await sandbox.pay('SOM-7QK3', 250);
      const accepted = await sandbox.requestTransactionStatus({
        transId: payment.confirmation.transId,
        resultUrl: `${receiver.url}/status/result`,
        timeoutUrl: `${receiver.url}/status/timeout`,
        remarks: 'Confirm',
      });
      expect(accepted.originatorConversationId).toBeTruthy();
      expect(accepted.conversationId).toBeTruthy();
      const answer = sandbox.parseTransactionStatusResult((await receiver.waitForRequest(2)).json);
      expect(answer).toMatchObject({
        originatorConversationId: accepted.originatorConversationId,
        conversationId: accepted.conversationId,
        resultCode: 0,
        receipt: payment.confirmation.transId,
        amount: 250,
        status: 'Completed',
      });
    } finally {
      sandbox.close();
    }
  });

  it('shows the sandbox paybill page with the business number and a pre-filled account and amount', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sandbox/mpesa/paybill?account=SOM-7QK2&amount=1500',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Business number: <strong data-testid="business-number">600100</strong>');
    expect(response.body).toMatch(
      /<label for="account">Account number<\/label>\s*<input id="account" name="account" value="SOM-7QK2"/,
    );
    expect(response.body).toMatch(
      /<label for="amount">Amount \(KES\)<\/label>\s*<input id="amount" name="amount" value="1500"/,
    );
    expect(response.body).toMatch(/<label for="phone">Phone number<\/label>/);
    expect(response.body).toContain('<button class="primary" type="submit">Pay</button>');
  });

  it('pays from the page: the merchant receives the confirmation and the tester sees the receipt', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/mpesa/paybill',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=SOM-7QK2&amount=1500&phone=0708+374+149&_token=${TESTER_CSRF}`,
    });
    const confirmation = parseC2BConfirmation((await receiver.waitForRequest()).json);
    expect(confirmation).toMatchObject({ billRefNumber: 'SOM-7QK2', amount: 1500, msisdn: '254708374149' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `You paid KES 1,500 to business number 600100, account SOM-7QK2. M-Pesa receipt ${confirmation.transId}.`,
    );
  });

  it('explains each wrong field and sends nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/mpesa/paybill',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=%3Cb%3E&amount=12.50&phone=0733123456&_token=${TESTER_CSRF}`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Enter a whole amount from 1 to 250,000 shillings.');
    expect(response.body).toContain('Enter a valid Safaricom phone number.');
    expect(response.body).toContain('value="&#60;b&#62;"');
    const empty = await app.inject({
      method: 'POST',
      url: '/sandbox/mpesa/paybill',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=&amount=10&phone=0708374149&_token=${TESTER_CSRF}`,
    });
    expect(empty.body).toContain('Enter the account number.');
    expect(receiver.requests).toHaveLength(0);
  });

  it('tells the tester when the merchant refused the confirmation', async () => {
    await receiver.close();
    receiver = await startLoopbackServer(() => ({
      status: 500,
      json: { message: 'Something went wrong, please try again later.' },
    }));
    const refusing = new SandboxMpesaGateway({
      db: database.db,
      c2bConfirmationUrl: `${receiver.url}/api/hooks/secret/c2b/confirmation`,
    });
    await expect(refusing.pay('SOM-1', 10)).resolves.toMatchObject({ delivered: false, status: 500 });
  });
});
