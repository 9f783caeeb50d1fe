// Every route an outside service calls lives under /api/hooks/{secret}/… with no brand word in it
// (Daraja refuses to register URLs containing "mpesa" or "safaricom"; CONTRACT.md, "Gateway-facing
// routes"), a wrong secret is a 404 before the body is read, and the old /api/payments/… callback
// paths are gone (issue 20, hole 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../../server/db/schema';
import { eq } from 'drizzle-orm';
import { callbackPaths } from '../../../server/services/callback-secret-service';
import { addLesson, finalTransaction, newBuyer, LessonSupply } from '../commerce/buyers';
import { c2bConfirmationBody, stkCallbackBody } from '../support/daraja-bodies';
import { parseRouteTree } from '../support/route-tree';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'hooks_test_secret_0123456789abcdefABCDEF';
const WRONG = 'hooks_test_secret_0123456789abcdefABCDEX';

let server: TestServer;
const lessons = new LessonSupply();
beforeAll(async () => {
  server = await startTestServer({ config: { callbackSecret: SECRET } });
  await lessons.load(server);
});
afterAll(() => server.close());

const freshLesson = () => lessons.take();

/** A gateway: no cookies, no CSRF token. */
const gateway = () => server.browser();

/** The routes as registered, `METHOD /path`. */
const registeredRoutes = () =>
  parseRouteTree(server.app.printRoutes({ commonPrefix: false })).map(
    (route) => `${route.method} ${route.url}`,
  );

const HOOKS = [
  ['POST', 'stk'],
  ['POST', 'c2b/confirmation'],
  ['POST', 'c2b/validation'],
  ['POST', 'status/result'],
  ['POST', 'status/timeout'],
  ['GET', 'pesapal/ipn'],
  ['POST', 'pesapal/ipn'],
  ['POST', 'b2c/result'],
  ['POST', 'b2c/timeout'],
  ['POST', 'b2c/status/result'],
  ['POST', 'b2c/status/timeout'],
  ['POST', 'sms/delivery'],
  ['POST', 'sms/opt-out'],
] as const;

describe('the gateways call /api/hooks/{secret}/…', () => {
  it('names every notification route as the contract fixes it, and none of them a brand', () => {
    expect(server.callbacks).toEqual({
      stkCallback: `/api/hooks/${SECRET}/stk`,
      c2bConfirmation: `/api/hooks/${SECRET}/c2b/confirmation`,
      c2bValidation: `/api/hooks/${SECRET}/c2b/validation`,
      statusResult: `/api/hooks/${SECRET}/status/result`,
      statusTimeout: `/api/hooks/${SECRET}/status/timeout`,
      pesapalIpn: `/api/hooks/${SECRET}/pesapal/ipn`,
      b2cResult: `/api/hooks/${SECRET}/b2c/result`,
      b2cTimeout: `/api/hooks/${SECRET}/b2c/timeout`,
      b2cStatusResult: `/api/hooks/${SECRET}/b2c/status/result`,
      b2cStatusTimeout: `/api/hooks/${SECRET}/b2c/status/timeout`,
      smsDelivery: `/api/hooks/${SECRET}/sms/delivery`,
      smsOptOut: `/api/hooks/${SECRET}/sms/opt-out`,
    });
    const routes = registeredRoutes();
    for (const [method, name] of HOOKS) expect(routes).toContain(`${method} /api/hooks/:secret/${name}`);
    const hooks = [
      ...routes.filter((route) => route.split(' ')[1]?.startsWith('/api/hooks/')),
      ...Object.values(callbackPaths()),
    ];
    expect(hooks.length).toBeGreaterThanOrEqual(HOOKS.length);
    for (const route of hooks) expect(route).not.toMatch(/m-?pesa|safaricom/i);
  });

  it('settles an M-Pesa express payment through the STK hook, and a paybill payment through the C2B and status hooks', async () => {
    const express = await newBuyer(server);
    await addLesson(express.browser, freshLesson());
    const push = await express.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(push.status).toBe(202);
    await server.settlePayments();
    expect((await finalTransaction(express.browser, push.body.transaction.id)).status).toBe('completed');

    const paybill = await newBuyer(server);
    const cart = await addLesson(paybill.browser, freshLesson());
    const { account_number: account } = (await paybill.browser.get('/api/payments/paybill')).body;
    // The sandbox posts the C2B confirmation to the hook it was given, and answers the status query on its hook.
    const paid = await server.mpesa.pay(account, Math.ceil(Number(cart.total)));
    expect(paid.delivered).toBe(true);
    await server.settlePayments();
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.gatewayReceipt, paid.confirmation.transId));
    expect(row?.status).toBe('completed');
  });

  it('answers 404 {"message":"Not found."} to a wrong secret on every hook, before reading the body', async () => {
    for (const [method, name] of HOOKS) {
      const path = `/api/hooks/${WRONG}/${name}`;
      // Not JSON at all: a route that read the body would answer 400.
      const answer = await gateway().request(method, path, {
        csrf: false,
        ...(method === 'POST' ? { body: '{not json', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(answer.status, `${method} ${name}`).toBe(404);
      expect(answer.body).toEqual({ message: 'Not found.' });
    }
  });

  it('no longer answers on the old /api/payments/… callback paths', async () => {
    const { topup } = await (async () => {
      const buyer = await newBuyer(server);
      return {
        topup: await buyer.browser.post('/api/wallet/topup', {
          amount: 10,
          method: 'mpesa',
          phone: '0700000037',
        }),
      };
    })();
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, topup.body.transaction.id));
    const body = stkCallbackBody({ checkoutRequestId: row?.checkoutRequestId ?? '', amount: 10 });
    // A browser with a session and its CSRF token gets past the CSRF check: the routes themselves are gone.
    const someone = server.browser();
    for (const path of [
      `/api/payments/mpesa/callback/${SECRET}`,
      `/api/payments/mpesa/c2b/confirmation/${SECRET}`,
      `/api/payments/mpesa/status/result/${SECRET}`,
      `/api/payments/mpesa/status/timeout/${SECRET}`,
      `/api/payments/pesapal/ipn/${SECRET}`,
    ])
      expect((await someone.post(path, body)).status, path).toBe(404);
    expect((await gateway().get(`/api/payments/pesapal/ipn/${SECRET}?OrderTrackingId=x`)).status).toBe(404);
    const [after] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, topup.body.transaction.id));
    expect(after?.meta.callback_amount).toBeUndefined();
  });
});

describe('C2B validation', () => {
  const validation = (account: string) => ({
    ...c2bConfirmationBody({ account, transId: 'SKV0000001', amount: '1500.00' }),
    TransID: '',
  });

  it('accepts a payment to the account number of an open cart, in any case', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    for (const typed of [account, String(account).toLowerCase()]) {
      const answer = await gateway().post(server.callbacks.c2bValidation, validation(typed), { csrf: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }
  });

  it('rejects an unknown account, an empty one, and the account of a cart with nothing left in it', async () => {
    const buyer = await newBuyer(server);
    const cart = await addLesson(buyer.browser, freshLesson());
    const { account_number: account } = (await buyer.browser.get('/api/payments/paybill')).body;
    const item = cart.cart.items[0].id as number;
    expect((await buyer.browser.request('DELETE', `/api/cart/delete/${item}`)).status).toBe(200);
    for (const typed of ['SOM-NOSUCH', '', account]) {
      const answer = await gateway().post(server.callbacks.c2bValidation, validation(typed), { csrf: false });
      expect(answer.status, typed).toBe(200);
      expect(answer.body).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
    }
    expect((await gateway().post(server.callbacks.c2bValidation, [1, 2], { csrf: false })).status).toBe(400);
  });
});

describe('the logs', () => {
  it('never hold the callback secret, right or wrong, on any hook', async () => {
    const lines: string[] = [];
    const logged = await startTestServer({
      config: { callbackSecret: SECRET, logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const caller = logged.browser();
      await caller.post(logged.callbacks.stkCallback, { Body: {} }, { csrf: false });
      await caller.get(
        `${logged.callbacks.pesapalIpn}?OrderTrackingId=x&OrderMerchantReference=y&OrderNotificationType=IPNCHANGE`,
      );
      await caller.post(`/api/hooks/${WRONG}/c2b/confirmation`, {}, { csrf: false });
      await caller.post(`/api/hooks/${SECRET.slice(0, 20)}/status/result`, {}, { csrf: false });
    } finally {
      await logged.close();
    }
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/hooks/[secret]/stk',
        '/api/hooks/[secret]/pesapal/ipn?OrderTrackingId=x&OrderMerchantReference=y&OrderNotificationType=IPNCHANGE',
        '/api/hooks/[secret]/c2b/confirmation',
        '/api/hooks/[secret]/status/result',
      ]),
    );
    const all = lines.join('\n');
    for (const secret of [SECRET, WRONG, SECRET.slice(0, 20)]) expect(all).not.toContain(secret);
  });
});
