import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import {
  PesapalError,
  PesapalIpnError,
  SandboxPesapalGateway,
  createPesapalGateway,
  ipnAcknowledgement,
  parseIpn,
  registerPesapalSandboxRoutes,
  type PesapalOrder,
} from '../../../server/gateways/pesapal';
import { gatewayDatabase, signedInTester, TESTER_CSRF } from '../support/gateway-db';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await gatewayDatabase();
});
afterAll(async () => {
  await database.close();
});

const BASE_URL = 'http://127.0.0.1:3000';
const CALLBACK_URL = 'http://127.0.0.1:3000/payments/pesapal/return?cart=12';

describe('SandboxPesapalGateway and its hosted payment page', () => {
  let merchant: LoopbackServer;
  let gateway: SandboxPesapalGateway;
  let app: FastifyInstance;

  beforeEach(async () => {
    merchant = await startLoopbackServer((request) => ({
      json: ipnAcknowledgement(
        parseIpn(request.method === 'GET' ? Object.fromEntries(request.query) : request.json),
        true,
      ),
    }));
    gateway = createPesapalGateway(
      {},
      { db: database.db, baseUrl: `${BASE_URL}/`, production: false },
    ) as SandboxPesapalGateway;
    app = Fastify();
    signedInTester(app);
    registerPesapalSandboxRoutes(app, gateway);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await merchant.close();
  });

  async function submit(method: 'GET' | 'POST', change: Partial<PesapalOrder> = {}) {
    const { ipnId } = await gateway.registerIpn(`${merchant.url}/api/hooks/secret/pesapal/ipn`, method);
    return gateway.submitOrder({
      id: 'SOM-PAY-77',
      currency: 'KES',
      amount: '1500.00',
      description: 'Somesha: Form 2 Mathematics lesson',
      callbackUrl: CALLBACK_URL,
      notificationId: ipnId,
      billingAddress: {
        email: 'student@example.com',
        phone: '254708374149',
        first_name: 'Amani',
        last_name: 'Otieno',
      },
      ...change,
    });
  }

  const choose = (orderTrackingId: string, choice: string) =>
    app.inject({
      method: 'POST',
      url: `/sandbox/pesapal/pay/${orderTrackingId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `choice=${choice}&_token=${TESTER_CSRF}`,
    });

  it('shows the order on its hosted page with Pay and Cancel, in a form that leaves the iframe', async () => {
    const accepted = await submit('GET');
    expect(accepted.merchantReference).toBe('SOM-PAY-77');
    expect(accepted.redirectUrl).toBe(`${BASE_URL}/sandbox/pesapal/pay/${accepted.orderTrackingId}`);
    await expect(gateway.getTransactionStatus(accepted.orderTrackingId)).resolves.toMatchObject({
      statusCode: 0,
      paymentStatusDescription: 'INVALID',
    });

    const page = await app.inject({ method: 'GET', url: new URL(accepted.redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<p>Somesha: Form 2 Mathematics lesson</p>');
    expect(page.body).toContain('<p class="amount">KES 1,500</p>');
    expect(page.body).toMatch(/<form method="post" action="\/sandbox\/pesapal\/pay\/[\w-]+" target="_top">/);
    expect(page.body).toContain(
      '<button class="primary" type="submit" name="choice" value="pay">Pay</button>',
    );
    expect(page.body).toContain(
      '<button class="secondary" type="submit" name="choice" value="cancel">Cancel</button>',
    );
    expect(page.body).not.toContain('<script');
  });

  it('Pay completes the order, sends a GET IPN to the registered URL, then redirects to the callback URL', async () => {
    const accepted = await submit('GET');
    const response = await choose(accepted.orderTrackingId, 'pay');

    const ipn = await merchant.waitForRequest();
    expect(ipn.method).toBe('GET');
    expect(ipn.path).toBe('/api/hooks/secret/pesapal/ipn');
    expect(Object.fromEntries(ipn.query)).toEqual({
      OrderTrackingId: accepted.orderTrackingId,
      OrderMerchantReference: 'SOM-PAY-77',
      OrderNotificationType: 'IPNCHANGE',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/payments/pesapal/return');
    expect(location.searchParams.get('cart')).toBe('12');
    expect(location.searchParams.get('OrderTrackingId')).toBe(accepted.orderTrackingId);
    expect(location.searchParams.get('OrderMerchantReference')).toBe('SOM-PAY-77');
    expect(parseIpn(Object.fromEntries(location.searchParams))).toEqual({
      orderTrackingId: accepted.orderTrackingId,
      merchantReference: 'SOM-PAY-77',
      notificationType: 'CALLBACKURL',
    });

    await expect(gateway.getTransactionStatus(accepted.orderTrackingId)).resolves.toEqual({
      statusCode: 1,
      paymentStatusDescription: 'Completed',
      amount: '1500.00',
      confirmationCode: expect.stringMatching(/^\d{22}$/),
      merchantReference: 'SOM-PAY-77',
      paymentMethod: 'Visa',
      description: 'Payment completed successfully',
    });
  });

  it('Cancel fails the order with the customer’s reason and sends a POST IPN as registered', async () => {
    const accepted = await submit('POST');
    const response = await choose(accepted.orderTrackingId, 'cancel');

    const ipn = await merchant.waitForRequest();
    expect(ipn.method).toBe('POST');
    expect(ipn.headers['content-type']).toBe('application/json');
    expect(ipn.json).toEqual({
      OrderTrackingId: accepted.orderTrackingId,
      OrderMerchantReference: 'SOM-PAY-77',
      OrderNotificationType: 'IPNCHANGE',
    });
    expect(response.statusCode).toBe(303);
    expect(new URL(String(response.headers.location)).searchParams.get('OrderTrackingId')).toBe(
      accepted.orderTrackingId,
    );
    await expect(gateway.getTransactionStatus(accepted.orderTrackingId)).resolves.toMatchObject({
      statusCode: 2,
      paymentStatusDescription: 'Failed',
      description: 'Payment cancelled by the customer',
      confirmationCode: '',
    });
  });

  it('does not let a finished order be paid again: 409, same status, no second IPN', async () => {
    const accepted = await submit('GET');
    await choose(accepted.orderTrackingId, 'cancel');
    const again = await choose(accepted.orderTrackingId, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order has already been processed.');
    expect(merchant.requests).toHaveLength(1);

    // Pesapal repeats an IPN until acknowledged; the repeat names the same order.
    await expect(gateway.resendIpn(accepted.orderTrackingId)).resolves.toBe(200);
    expect((await merchant.waitForRequest(2)).url).toBe(merchant.requests[0]?.url);
    await expect(gateway.getTransactionStatus(accepted.orderTrackingId)).resolves.toMatchObject({
      statusCode: 2,
    });

    const page = await app.inject({ method: 'GET', url: `/sandbox/pesapal/pay/${accepted.orderTrackingId}` });
    expect(page.body).toContain('This order has been cancelled.');
    expect(page.body).not.toContain('value="pay"');
  });

  it('answers an unknown order with a 404 page and a form without a choice with 422', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/sandbox/pesapal/pay/00000000-0000-0000-0000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This payment link is invalid.');
    const accepted = await submit('GET');
    expect((await choose(accepted.orderTrackingId, 'maybe')).statusCode).toBe(422);
    await expect(gateway.getTransactionStatus(accepted.orderTrackingId)).resolves.toMatchObject({
      statusCode: 0,
    });
  });

  it('refuses orders Pesapal refuses: unregistered IPN id, bad amount, other currency', async () => {
    await expect(submit('GET', { notificationId: 'not-registered' })).rejects.toMatchObject({
      code: 'invalid_notification_id',
    });
    await expect(submit('GET', { amount: '0.00' })).rejects.toMatchObject({ code: 'invalid_amount' });
    await expect(submit('GET', { currency: 'USD' as 'KES' })).rejects.toBeInstanceOf(PesapalError);
    await expect(gateway.getTransactionStatus('nope')).rejects.toMatchObject({
      code: 'invalid_order_tracking_id',
    });
  });

  it('gives the same IPN id when a URL is registered twice', async () => {
    const first = await gateway.registerIpn(`${merchant.url}/ipn`, 'GET');
    await expect(gateway.registerIpn(`${merchant.url}/ipn`, 'GET')).resolves.toEqual(first);
    await expect(gateway.registerIpn('not a url', 'GET')).rejects.toMatchObject({ code: 'invalid_ipn_url' });
  });
});

describe('parseIpn', () => {
  it('reads a GET query or a POST body and builds Pesapal’s acknowledgement', () => {
    const ipn = parseIpn({
      OrderTrackingId: 'abc',
      OrderMerchantReference: 'SOM-1',
      OrderNotificationType: 'IPNCHANGE',
    });
    expect(ipn).toEqual({
      orderTrackingId: 'abc',
      merchantReference: 'SOM-1',
      notificationType: 'IPNCHANGE',
    });
    expect(ipnAcknowledgement(ipn, true)).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: 'abc',
      orderMerchantReference: 'SOM-1',
      status: 200,
    });
    expect(ipnAcknowledgement(ipn, false).status).toBe(500);
  });

  it.each([
    ['nothing', undefined],
    ['no tracking id', { OrderMerchantReference: 'SOM-1', OrderNotificationType: 'IPNCHANGE' }],
    ['no merchant reference', { OrderTrackingId: 'abc', OrderNotificationType: 'IPNCHANGE' }],
    [
      'an unknown type',
      { OrderTrackingId: 'abc', OrderMerchantReference: 'SOM-1', OrderNotificationType: 'HELLO' },
    ],
  ])('refuses %s with a PesapalIpnError', (_label, input) => {
    expect(() => parseIpn(input)).toThrow(PesapalIpnError);
  });
});
