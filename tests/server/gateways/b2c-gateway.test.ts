// The B2C gateway (issue 23, docs/gateways.md "M-Pesa B2C"): the real adapter speaks Daraja's
// `b2c/v3/paymentrequest` and the status query by OriginalConversationID; start-up names what the real
// M-Pesa lacks for withdrawals; the sandbox refuses a repeated OriginatorConversationID, as Daraja does.
import { afterEach, describe, expect, it } from 'vitest';
import { MpesaCallbackError, MpesaRequestError } from '../../../server/gateways/mpesa';
import {
  B2C_STATUS_NOT_FOUND,
  b2cStatusOf,
  createB2CGateway,
  DarajaB2CGateway,
  parseB2CResult,
} from '../../../server/gateways/mpesa-b2c';
import { startLoopbackServer, type LoopbackServer } from './loopback-server';

let daraja: LoopbackServer | null = null;
afterEach(async () => {
  await daraja?.close();
  daraja = null;
});

const request = {
  originatorConversationId: '5b3f1c5e-2f6a-4a51-9a0c-1b2c3d4e5f60',
  amount: 500,
  phone: '254708374149',
  remarks: 'Somesha withdrawal WDR-1',
  resultUrl: 'https://somesha.example/api/hooks/s/b2c/result',
  timeoutUrl: 'https://somesha.example/api/hooks/s/b2c/timeout',
};

describe('the Daraja B2C adapter', () => {
  it('sends a BusinessPayment from the B2C shortcode with our OriginatorConversationID', async () => {
    daraja = await startLoopbackServer((incoming) =>
      incoming.path.startsWith('/oauth')
        ? { json: { access_token: 'token', expires_in: '3599' } }
        : incoming.path === '/mpesa/b2c/v3/paymentrequest'
          ? {
              json: {
                ConversationID: 'AG_20261127_00001',
                OriginatorConversationID: request.originatorConversationId,
                ResponseCode: '0',
                ResponseDescription: 'Accept the service request successfully.',
              },
            }
          : {
              json: {
                ConversationID: 'AG_20261127_00002',
                OriginatorConversationID: '1234-5678-1',
                ResponseCode: '0',
              },
            },
    );
    const gateway = new DarajaB2CGateway({
      baseUrl: daraja.url,
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '600996',
      initiator: 'somesha_api',
      securityCredential: 'encrypted==',
    });
    expect(await gateway.pay(request)).toEqual({
      originatorConversationId: request.originatorConversationId,
      conversationId: 'AG_20261127_00001',
    });
    const payment = daraja.requests.find((entry) => entry.path === '/mpesa/b2c/v3/paymentrequest');
    expect(payment?.json).toMatchObject({
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: 'somesha_api',
      SecurityCredential: 'encrypted==',
      CommandID: 'BusinessPayment',
      Amount: 500,
      PartyA: '600996',
      PartyB: '254708374149',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
    });
    await gateway.requestStatus({
      originatorConversationId: request.originatorConversationId,
      resultUrl: request.resultUrl,
      timeoutUrl: request.timeoutUrl,
      remarks: 'Confirm',
    });
    const status = daraja.requests.find((entry) => entry.path === '/mpesa/transactionstatus/v1/query');
    expect(status?.json).toMatchObject({
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: request.originatorConversationId,
      PartyA: '600996',
    });
  });

  it('refuses an acceptance that names another OriginatorConversationID', async () => {
    daraja = await startLoopbackServer((incoming) =>
      incoming.path.startsWith('/oauth')
        ? { json: { access_token: 'token', expires_in: '3599' } }
        : { json: { ConversationID: 'AG_1', OriginatorConversationID: 'someone-else', ResponseCode: '0' } },
    );
    const gateway = new DarajaB2CGateway({
      baseUrl: daraja.url,
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '600996',
      initiator: 'somesha_api',
      securityCredential: 'encrypted==',
    });
    await expect(gateway.pay(request)).rejects.toBeInstanceOf(MpesaRequestError);
  });
});

describe('start-up', () => {
  it('names what the real M-Pesa lacks for withdrawals', () => {
    expect(() =>
      createB2CGateway(
        { MPESA_CONSUMER_KEY: 'key', MPESA_CONSUMER_SECRET: 'secret', MPESA_INITIATOR_NAME: 'api' },
        { db: null as never, production: true },
      ),
    ).toThrow('MPESA_B2C_SHORTCODE, MPESA_SECURITY_CREDENTIAL are missing');
  });
});

describe('the B2C result and the status answer', () => {
  it('reads a paid result and refuses a body that is not Daraja’s', () => {
    expect(
      parseB2CResult({
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: 'abc-123',
          ConversationID: 'AG_1',
          TransactionID: 'TKL12ABC3D',
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: 500 },
              { Key: 'TransactionReceipt', Value: 'TKL12ABC3D' },
              { Key: 'ReceiverPartyPublicName', Value: '254708374149 - John Doe' },
            ],
          },
        },
      }),
    ).toMatchObject({
      resultCode: 0,
      receipt: 'TKL12ABC3D',
      amount: 500,
      receiver: '254708374149 - John Doe',
    });
    expect(() => parseB2CResult({ Body: {} })).toThrow(MpesaCallbackError);
  });

  it('believes "does not exist" only in its own words: a wrong initiator says nothing about the payment', () => {
    const answer = {
      originatorConversationId: 'q',
      conversationId: 'c',
      receipt: '',
      status: '',
      amount: null,
      creditPartyName: '',
      debitPartyName: '',
    };
    expect(
      b2cStatusOf({
        ...answer,
        resultCode: B2C_STATUS_NOT_FOUND.code,
        resultDesc: B2C_STATUS_NOT_FOUND.desc,
      }),
    ).toMatchObject({ state: 'not_found' });
    expect(
      b2cStatusOf({ ...answer, resultCode: 2001, resultDesc: 'The initiator information is invalid.' }),
    ).toMatchObject({ state: 'unknown' });
    expect(b2cStatusOf({ ...answer, resultCode: 0, resultDesc: 'ok', status: 'Failed' })).toMatchObject({
      state: 'failed',
    });
  });
});
