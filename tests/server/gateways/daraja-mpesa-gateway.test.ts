import type { Database } from '../../../server/db/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DarajaMpesaGateway,
  MpesaRequestError,
  SandboxMpesaGateway,
  createMpesaGateway,
  darajaPassword,
} from '../../../server/gateways/mpesa';
import {
  startLoopbackServer,
  type Answer,
  type LoopbackServer,
  type RecordedRequest,
} from './loopback-server';

const KEY = 'consumer-key';
const SECRET = 'consumer-secret';
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const BASIC = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;

/** A fake Daraja that checks credentials like the real one and answers in its shapes. */
function fakeDaraja(
  overrides: {
    stkQuery?: (request: RecordedRequest) => Answer;
    stkPush?: (request: RecordedRequest) => Answer;
  } = {},
) {
  let issued = 0;
  const valid = new Set<string>();
  return {
    revokeAll: () => valid.clear(),
    handler: (request: RecordedRequest): Answer => {
      if (request.path === '/oauth/v1/generate') {
        if (
          request.method !== 'GET' ||
          request.query.get('grant_type') !== 'client_credentials' ||
          request.headers.authorization !== BASIC
        ) {
          return {
            status: 400,
            json: { requestId: '1', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' },
          };
        }
        const token = `token-${++issued}`;
        valid.add(token);
        return { json: { access_token: token, expires_in: '3599' } };
      }
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!valid.has(bearer))
        return {
          status: 401,
          json: { requestId: '2', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
        };
      if (request.method === 'POST' && request.path === '/mpesa/stkpush/v1/processrequest') {
        return (
          overrides.stkPush?.(request) ?? {
            json: {
              MerchantRequestID: '29115-34620561-1',
              CheckoutRequestID: 'ws_CO_191220191020363925',
              ResponseCode: '0',
              ResponseDescription: 'Success. Request accepted for processing',
              CustomerMessage: 'Success. Request accepted for processing',
            },
          }
        );
      }
      if (request.method === 'POST' && request.path === '/mpesa/stkpushquery/v1/query') {
        return (
          overrides.stkQuery?.(request) ?? {
            status: 500,
            json: {
              requestId: '3',
              errorCode: '500.001.1001',
              errorMessage: 'The transaction is being processed',
            },
          }
        );
      }
      if (request.method === 'POST' && request.path === '/mpesa/c2b/v2/registerurl') {
        return {
          json: {
            OriginatorCoversationID: '7619-37765134-1',
            ResponseCode: '0',
            ResponseDescription: 'success',
          },
        };
      }
      return { status: 404, json: { errorCode: '404.000.00', errorMessage: 'Resource not found' } };
    },
  };
}

const push = {
  amount: 1500,
  phone: '254708374149',
  accountReference: 'SOM-CART-0042-EXTRA',
  description: 'Somesha lesson payment',
  callbackUrl: 'https://somesha.example/api/hooks/secret/stk',
};

describe('DarajaMpesaGateway against a fake Daraja on 127.0.0.1', () => {
  let server: LoopbackServer;
  let daraja: ReturnType<typeof fakeDaraja>;
  let clock: Date;

  async function start(overrides?: Parameters<typeof fakeDaraja>[0]) {
    daraja = fakeDaraja(overrides);
    server = await startLoopbackServer((request) => daraja.handler(request));
    return new DarajaMpesaGateway({
      baseUrl: server.url,
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      paybill: '888880',
      now: () => clock,
    });
  }

  beforeEach(() => {
    clock = new Date('2026-03-10T09:15:30Z');
  });
  afterEach(async () => {
    await server.close();
  });

  it('gets an OAuth token with Basic auth, then sends a CustomerPayBillOnline push with the STK password', async () => {
    const gateway = await start();
    const accepted = await gateway.stkPush(push);

    expect(accepted).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      responseDescription: 'Success. Request accepted for processing',
      customerMessage: 'Success. Request accepted for processing',
    });
    const [tokenRequest, pushRequest] = server.requests;
    expect(tokenRequest?.url).toBe('/oauth/v1/generate?grant_type=client_credentials');
    expect(tokenRequest?.headers.authorization).toBe(BASIC);
    expect(pushRequest?.headers.authorization).toBe('Bearer token-1');
    expect(pushRequest?.headers['content-type']).toBe('application/json');
    expect(pushRequest?.json).toEqual({
      BusinessShortCode: SHORTCODE,
      Password: darajaPassword(SHORTCODE, PASSKEY, '20260310121530'),
      Timestamp: '20260310121530',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254708374149',
      PartyB: SHORTCODE,
      PhoneNumber: '254708374149',
      CallBackURL: push.callbackUrl,
      AccountReference: 'SOM-CART-004',
      TransactionDesc: 'Somesha lesso',
    });
  });

  it('reuses the token until it expires, then asks for a new one', async () => {
    const gateway = await start();
    await gateway.stkPush(push);
    await gateway.stkPush(push);
    expect(server.requests.filter((r) => r.path === '/oauth/v1/generate')).toHaveLength(1);

    clock = new Date(clock.getTime() + 3600 * 1000);
    await gateway.stkPush(push);
    expect(server.requests.filter((r) => r.path === '/oauth/v1/generate')).toHaveLength(2);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token-2');
  });

  it('renews a token Daraja revoked early and retries the call once', async () => {
    const gateway = await start();
    await gateway.stkPush(push);
    daraja.revokeAll();
    await expect(gateway.stkPush(push)).resolves.toMatchObject({
      checkoutRequestId: 'ws_CO_191220191020363925',
    });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
      '/mpesa/stkpush/v1/processrequest',
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
    ]);
  });

  it('turns Daraja’s error body into a MpesaRequestError with its code', async () => {
    const gateway = await start({
      stkPush: () => ({
        status: 400,
        json: { requestId: '4', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' },
      }),
    });
    const error = await gateway.stkPush(push).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MpesaRequestError);
    expect(error).toMatchObject({
      code: '400.002.02',
      message: 'Bad Request - Invalid PartyB',
      httpStatus: 400,
      isBadRequest: true,
    });
  });

  it('refuses a wrong credential pair with Daraja’s message', async () => {
    daraja = fakeDaraja();
    server = await startLoopbackServer((request) => daraja.handler(request));
    const gateway = new DarajaMpesaGateway({
      baseUrl: server.url,
      consumerKey: KEY,
      consumerSecret: 'wrong',
      shortcode: SHORTCODE,
      passkey: PASSKEY,
    });
    await expect(gateway.stkPush(push)).rejects.toMatchObject({
      code: '400.008.01',
      message: 'Invalid Authentication passed',
    });
  });

  it('checks amount and phone before calling Daraja', async () => {
    const gateway = await start();
    await expect(gateway.stkPush({ ...push, amount: 0 })).rejects.toMatchObject({
      message: 'Bad Request - Invalid Amount',
    });
    await expect(gateway.stkPush({ ...push, amount: 10.5 })).rejects.toMatchObject({
      message: 'Bad Request - Invalid Amount',
    });
    await expect(gateway.stkPush({ ...push, phone: '0708374149' })).rejects.toMatchObject({
      message: 'Bad Request - Invalid PhoneNumber',
    });
    await expect(gateway.stkPush({ ...push, phone: '254770000000' })).rejects.toMatchObject({
      message: 'Bad Request - Invalid PhoneNumber',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('reports a push the customer has not answered yet as still processing (resultCode null)', async () => {
    const gateway = await start();
    await expect(gateway.stkQuery('ws_CO_191220191020363925')).resolves.toEqual({
      resultCode: null,
      resultDesc: 'The transaction is being processed',
    });
    expect(server.requests.at(-1)?.json).toEqual({
      BusinessShortCode: SHORTCODE,
      Password: darajaPassword(SHORTCODE, PASSKEY, '20260310121530'),
      Timestamp: '20260310121530',
      CheckoutRequestID: 'ws_CO_191220191020363925',
    });
  });

  it('reads the final result of an STK query, whose codes come as strings', async () => {
    const gateway = await start({
      stkQuery: () => ({
        json: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: '22205-34066-1',
          CheckoutRequestID: 'ws_CO_13012021093521236557',
          ResultCode: '1037',
          ResultDesc: 'DS timeout user cannot be reached',
        },
      }),
    });
    await expect(gateway.stkQuery('ws_CO_13012021093521236557')).resolves.toEqual({
      resultCode: 1037,
      resultDesc: 'DS timeout user cannot be reached',
    });
  });

  it('gives the paybill number from MPESA_PAYBILL and registers its C2B URLs', async () => {
    const gateway = await start();
    expect(gateway.paybillDetails()).toEqual({ businessNumber: '888880' });
    await expect(
      gateway.registerC2BUrls(
        'https://somesha.example/api/payments/c2b/confirmation',
        'https://somesha.example/api/payments/c2b/validation',
      ),
    ).resolves.toEqual({ responseDescription: 'success' });
    expect(server.requests.at(-1)?.json).toEqual({
      ShortCode: '888880',
      ResponseType: 'Completed',
      ConfirmationURL: 'https://somesha.example/api/payments/c2b/confirmation',
      ValidationURL: 'https://somesha.example/api/payments/c2b/validation',
    });
  });

  it('reports an unreachable Daraja as a network_error', async () => {
    server = await startLoopbackServer();
    // Port 1 on loopback refuses connections.
    const offline = new DarajaMpesaGateway({
      baseUrl: 'http://127.0.0.1:1',
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
    });
    await expect(offline.stkPush(push)).rejects.toMatchObject({ code: 'network_error', httpStatus: 0 });
  });
});

describe('createMpesaGateway', () => {
  // Choosing an adapter touches no database; the sandbox only uses it once called.
  const options = {
    db: {} as Database,
    c2bConfirmationUrl: 'http://127.0.0.1:3000/api/hooks/secret/c2b/confirmation',
    production: false,
  };
  const env = {
    MPESA_CONSUMER_KEY: KEY,
    MPESA_CONSUMER_SECRET: SECRET,
    MPESA_SHORTCODE: SHORTCODE,
    MPESA_PASSKEY: PASSKEY,
    MPESA_INITIATOR_NAME: 'somesha_api',
    MPESA_SECURITY_CREDENTIAL: 'c2VjdXJpdHk=',
    MPESA_ENV: 'production',
  };

  it('uses the sandbox when no Daraja credentials are set', () => {
    const gateway = createMpesaGateway({}, options);
    expect(gateway).toBeInstanceOf(SandboxMpesaGateway);
    expect(gateway.paybillDetails()).toEqual({ businessNumber: '174379' });
  });

  it('uses Daraja when MPESA_CONSUMER_KEY is set, and insists on the other credentials', () => {
    expect(createMpesaGateway(env, options)).toBeInstanceOf(DarajaMpesaGateway);
    expect(() => createMpesaGateway({ ...env, MPESA_PASSKEY: undefined }, options)).toThrow(/MPESA_PASSKEY/);
    // Without an initiator no paybill payment could ever be confirmed.
    expect(() => createMpesaGateway({ ...env, MPESA_SECURITY_CREDENTIAL: '' }, options)).toThrow(
      /MPESA_SECURITY_CREDENTIAL/,
    );
    expect(() => createMpesaGateway({ ...env, MPESA_ENV: 'live' }, options)).toThrow(/MPESA_ENV/);
  });

  it('refuses to start the sandbox in production unless PAYMENTS_SANDBOX=1 says so', () => {
    const production = { ...options, production: true };
    expect(() => createMpesaGateway({}, production)).toThrow(
      'M-Pesa: NODE_ENV=production but MPESA_CONSUMER_KEY is not set. Set the credentials to take real payments, or PAYMENTS_SANDBOX=1 to run the sandbox on purpose.',
    );
    expect(createMpesaGateway({ PAYMENTS_SANDBOX: '1' }, production)).toBeInstanceOf(SandboxMpesaGateway);
    expect(createMpesaGateway(env, production)).toBeInstanceOf(DarajaMpesaGateway);
  });
});
