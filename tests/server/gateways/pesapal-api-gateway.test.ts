import type { Database } from '../../../server/db/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PesapalApiGateway,
  PesapalError,
  SandboxPesapalGateway,
  createPesapalGateway,
  type PesapalOrder,
} from '../../../server/gateways/pesapal';
import {
  startLoopbackServer,
  type Answer,
  type LoopbackServer,
  type RecordedRequest,
} from './loopback-server';

const KEY = 'qkio1BGGYAXTu2JOfm7XSXNruoZsrqEW';
const SECRET = 'osGQ364R49cXKeOYSpaOnT++rHs=';
const TRACKING_ID = 'b945e4af-80a5-4ec1-8706-e03f8332fb04';
const IPN_ID = 'e32182ca-0983-4fa0-91bc-c3bb813ba750';
/** Pesapal's "no error" object, present on successful answers too. */
const NO_ERROR = { error_type: null, code: null, message: null, call_back_url: null };

type FakeOptions = {
  tokenLifetimeMs?: number;
  submitOrder?: (request: RecordedRequest) => Answer;
  /** Tokens Pesapal still honours; a test clears it to revoke them. */
  validTokens?: Set<string>;
};

/** A fake Pesapal 3.0 that checks the token and body like the real one and answers in its shapes. */
function fakePesapal(clock: () => Date, options: FakeOptions = {}) {
  let issued = 0;
  const valid = options.validTokens ?? new Set<string>();
  return (request: RecordedRequest): Answer => {
    if (request.path === '/api/Auth/RequestToken') {
      const body = request.json as Record<string, unknown> | undefined;
      if (request.method !== 'POST' || body?.consumer_key !== KEY || body?.consumer_secret !== SECRET) {
        return {
          json: {
            token: null,
            expiryDate: null,
            error: { error_type: 'api_error', code: 'invalid_consumer_key_or_secret_provided', message: '' },
            status: '500',
            message: null,
          },
        };
      }
      const token = `token-${++issued}`;
      valid.add(token);
      // Pesapal writes UTC with seven fraction digits and a Z.
      const expiry = new Date(clock().getTime() + (options.tokenLifetimeMs ?? 5 * 60_000))
        .toISOString()
        .replace('Z', '0000Z');
      return {
        json: {
          token,
          expiryDate: expiry,
          error: null,
          status: '200',
          message: 'Request processed successfully',
        },
      };
    }
    if (!valid.has(request.headers.authorization?.replace(/^Bearer /, '') ?? ''))
      return { status: 401, text: '' };
    if (request.method === 'POST' && request.path === '/api/URLSetup/RegisterIPN') {
      const body = request.json as { url: string; ipn_notification_type: string };
      return {
        json: {
          url: body.url,
          created_date: '2026-03-10T09:15:30.123',
          ipn_id: IPN_ID,
          notification_type: 0,
          ipn_notification_type_description: body.ipn_notification_type,
          ipn_status: 1,
          ipn_status_decription: 'Active',
          error: null,
          status: '200',
        },
      };
    }
    if (request.method === 'POST' && request.path === '/api/Transactions/SubmitOrderRequest') {
      return (
        options.submitOrder?.(request) ?? {
          json: {
            order_tracking_id: TRACKING_ID,
            merchant_reference: (request.json as { id: string }).id,
            redirect_url: `https://cybqa.pesapal.com/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${TRACKING_ID}`,
            error: null,
            status: '200',
          },
        }
      );
    }
    if (request.method === 'GET' && request.path === '/api/Transactions/GetTransactionStatus') {
      if (request.query.get('orderTrackingId') !== TRACKING_ID) {
        return {
          json: {
            error: {
              error_type: 'api_error',
              code: 'invalid_order_tracking_id',
              message: 'Invalid order tracking id',
            },
            status: '500',
          },
        };
      }
      return {
        json: {
          payment_method: 'Visa',
          amount: 1500.5,
          created_date: '2026-03-10T09:16:09.763',
          confirmation_code: '6513008693186320103009',
          payment_status_description: 'Completed',
          description: 'Payment completed successfully',
          message: 'Request processed successfully',
          payment_account: '476173**0010',
          call_back_url: 'https://somesha.example/payments/pesapal/return?OrderTrackingId=…',
          status_code: 1,
          merchant_reference: 'SOM-PAY-1',
          payment_status_code: '',
          currency: 'KES',
          error: NO_ERROR,
          status: '200',
        },
      };
    }
    return { status: 404, text: 'Not Found' };
  };
}

const order: PesapalOrder = {
  id: 'SOM-PAY-1',
  currency: 'KES',
  amount: '1500.50',
  description: 'Somesha: 1 lesson',
  callbackUrl: 'https://somesha.example/payments/pesapal/return',
  notificationId: IPN_ID,
  billingAddress: {
    email: 'student@example.com',
    phone: '254708374149',
    first_name: 'Amani',
    last_name: 'Otieno',
  },
};

describe('PesapalApiGateway against a fake Pesapal on 127.0.0.1', () => {
  let server: LoopbackServer;
  let clock: Date;
  let gateway: PesapalApiGateway;

  async function start(options?: FakeOptions) {
    server = await startLoopbackServer(fakePesapal(() => clock, options));
    gateway = new PesapalApiGateway({
      baseUrl: server.url,
      consumerKey: KEY,
      consumerSecret: SECRET,
      now: () => clock,
    });
  }

  beforeEach(() => {
    clock = new Date('2026-03-10T09:15:30Z');
  });
  afterEach(async () => {
    await server.close();
  });

  it('requests a token with the consumer key and secret, then registers the IPN URL with it', async () => {
    await start();
    await expect(
      gateway.registerIpn('https://somesha.example/api/hooks/secret/pesapal/ipn', 'GET'),
    ).resolves.toEqual({ ipnId: IPN_ID });
    const [tokenRequest, ipnRequest] = server.requests;
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers.accept).toBe('application/json');
    expect(tokenRequest?.headers['content-type']).toBe('application/json');
    expect(tokenRequest?.json).toEqual({ consumer_key: KEY, consumer_secret: SECRET });
    expect(ipnRequest?.headers.authorization).toBe('Bearer token-1');
    expect(ipnRequest?.json).toEqual({
      url: 'https://somesha.example/api/hooks/secret/pesapal/ipn',
      ipn_notification_type: 'GET',
    });
  });

  it('submits an order in Pesapal’s field names and returns the hosted page', async () => {
    await start();
    await expect(gateway.submitOrder(order)).resolves.toEqual({
      orderTrackingId: TRACKING_ID,
      merchantReference: 'SOM-PAY-1',
      redirectUrl: `https://cybqa.pesapal.com/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${TRACKING_ID}`,
    });
    expect(server.requests.at(-1)?.json).toEqual({
      id: 'SOM-PAY-1',
      currency: 'KES',
      amount: 1500.5,
      description: 'Somesha: 1 lesson',
      callback_url: 'https://somesha.example/payments/pesapal/return',
      notification_id: IPN_ID,
      billing_address: {
        email_address: 'student@example.com',
        phone_number: '254708374149',
        country_code: 'KE',
        first_name: 'Amani',
        last_name: 'Otieno',
      },
    });
  });

  it('reads the transaction status, even though every answer carries an all-null error object', async () => {
    await start();
    await expect(gateway.getTransactionStatus(TRACKING_ID)).resolves.toEqual({
      statusCode: 1,
      paymentStatusDescription: 'Completed',
      amount: '1500.50',
      confirmationCode: '6513008693186320103009',
      merchantReference: 'SOM-PAY-1',
      paymentMethod: 'Visa',
      description: 'Payment completed successfully',
    });
    expect(server.requests.at(-1)?.url).toBe(
      `/api/Transactions/GetTransactionStatus?orderTrackingId=${TRACKING_ID}`,
    );
  });

  it('keeps the token until its expiryDate, then requests a new one', async () => {
    await start();
    await gateway.getTransactionStatus(TRACKING_ID);
    await gateway.getTransactionStatus(TRACKING_ID);
    expect(server.requests.filter((r) => r.path === '/api/Auth/RequestToken')).toHaveLength(1);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await gateway.getTransactionStatus(TRACKING_ID);
    expect(server.requests.filter((r) => r.path === '/api/Auth/RequestToken')).toHaveLength(2);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token-2');
  });

  it('renews a token Pesapal revoked early (401) and retries the call once', async () => {
    const validTokens = new Set<string>();
    await start({ validTokens });
    await gateway.getTransactionStatus(TRACKING_ID);
    validTokens.clear();
    await expect(gateway.getTransactionStatus(TRACKING_ID)).resolves.toMatchObject({ statusCode: 1 });
    expect(server.requests.map((r) => `${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      '/api/Auth/RequestToken ',
      '/api/Transactions/GetTransactionStatus Bearer token-1',
      '/api/Transactions/GetTransactionStatus Bearer token-1',
      '/api/Auth/RequestToken ',
      '/api/Transactions/GetTransactionStatus Bearer token-2',
    ]);
  });

  it('turns Pesapal’s {error: {code, message}} into a PesapalError', async () => {
    await start({
      submitOrder: () => ({
        json: {
          order_tracking_id: null,
          error: {
            error_type: 'api_error',
            code: 'duplicate_merchant_reference',
            message: 'Duplicate merchant reference',
          },
          status: '500',
        },
      }),
    });
    const error = await gateway.submitOrder(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PesapalError);
    expect(error).toMatchObject({
      code: 'duplicate_merchant_reference',
      message: 'Duplicate merchant reference',
      httpStatus: 500,
    });
    await expect(gateway.getTransactionStatus('unknown')).rejects.toMatchObject({
      code: 'invalid_order_tracking_id',
    });
  });

  it('reports wrong credentials with Pesapal’s code', async () => {
    server = await startLoopbackServer(fakePesapal(() => clock));
    const wrong = new PesapalApiGateway({ baseUrl: server.url, consumerKey: KEY, consumerSecret: 'nope' });
    await expect(wrong.registerIpn('https://somesha.example/ipn', 'POST')).rejects.toMatchObject({
      code: 'invalid_consumer_key_or_secret_provided',
    });
  });

  it('refuses an order Pesapal would refuse before sending it', async () => {
    await start();
    await expect(gateway.submitOrder({ ...order, amount: '15,00' })).rejects.toMatchObject({
      code: 'invalid_amount',
    });
    await expect(gateway.submitOrder({ ...order, id: 'has spaces' })).rejects.toMatchObject({
      code: 'invalid_merchant_reference',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('createPesapalGateway', () => {
  const options = { db: {} as Database, baseUrl: 'http://127.0.0.1:3000', production: false };

  it('uses the sandbox without credentials and the real API with them', () => {
    expect(createPesapalGateway({}, options)).toBeInstanceOf(SandboxPesapalGateway);
    const env = { PESAPAL_CONSUMER_KEY: KEY, PESAPAL_CONSUMER_SECRET: SECRET, PESAPAL_ENV: 'live' };
    expect(createPesapalGateway(env, options)).toBeInstanceOf(PesapalApiGateway);
    expect(() => createPesapalGateway({ ...env, PESAPAL_CONSUMER_SECRET: '' }, options)).toThrow(
      /PESAPAL_CONSUMER_SECRET/,
    );
    expect(() => createPesapalGateway({ ...env, PESAPAL_ENV: 'production' }, options)).toThrow(/PESAPAL_ENV/);
  });

  it('refuses to start the sandbox in production unless PAYMENTS_SANDBOX=1 says so', () => {
    const production = { ...options, production: true };
    expect(() => createPesapalGateway({}, production)).toThrow(
      /^Pesapal: NODE_ENV=production but PESAPAL_CONSUMER_KEY is not set\./,
    );
    expect(createPesapalGateway({ PAYMENTS_SANDBOX: '1' }, production)).toBeInstanceOf(SandboxPesapalGateway);
  });
});
