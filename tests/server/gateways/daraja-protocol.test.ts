import { describe, expect, it } from 'vitest';
import {
  MpesaCallbackError,
  darajaPassword,
  darajaTimestamp,
  parseC2BConfirmation,
  parseDarajaTimestamp,
  parseStkCallback,
} from '../../../server/gateways/mpesa';

// Daraja's documentation example: Lipa na M-Pesa sandbox shortcode and passkey.
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

const paidCallback = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: 1.0 },
          { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: 20191219102115 },
          { Name: 'PhoneNumber', Value: 254708374149 },
        ],
      },
    },
  },
};

describe('Daraja STK password and timestamp', () => {
  it('matches the password of Daraja’s documentation example', () => {
    expect(darajaPassword(SHORTCODE, PASSKEY, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });

  it('writes the timestamp in Nairobi time (UTC+3), also across midnight and the new year', () => {
    expect(darajaTimestamp(new Date('2016-02-16T13:56:27Z'))).toBe('20160216165627');
    expect(darajaTimestamp(new Date('2024-12-31T21:30:05Z'))).toBe('20250101003005');
    expect(darajaTimestamp(new Date('2025-07-01T00:00:00Z'))).toBe('20250701030000');
  });

  it('reads a Daraja timestamp back into the same instant, and refuses malformed ones', () => {
    expect(parseDarajaTimestamp('20250101003005')?.toISOString()).toBe('2024-12-31T21:30:05.000Z');
    expect(parseDarajaTimestamp(20191219102115)?.toISOString()).toBe('2019-12-19T07:21:15.000Z');
    expect(parseDarajaTimestamp('2025-01-01')).toBeNull();
    expect(parseDarajaTimestamp('20251301000000')).toBeNull();
  });
});

describe('parseStkCallback', () => {
  it('flattens a paid callback, skipping metadata items without a value', () => {
    expect(parseStkCallback(paidCallback)).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 1,
      mpesaReceiptNumber: 'NLJ7RT61SV',
      transactionDate: '20191219102115',
      phone: '254708374149',
    });
  });

  it('reads a failed callback, which has no metadata, and numeric-string result codes', () => {
    const cancelled = {
      Body: {
        stkCallback: {
          MerchantRequestID: '8555-67195-1',
          CheckoutRequestID: 'ws_CO_27072017151044001',
          ResultCode: '1032',
          ResultDesc: 'Request cancelled by user',
        },
      },
    };
    expect(parseStkCallback(cancelled)).toEqual({
      merchantRequestId: '8555-67195-1',
      checkoutRequestId: 'ws_CO_27072017151044001',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });

  const stk = paidCallback.Body.stkCallback;
  const malformed: Array<[string, unknown]> = [
    ['a missing body', undefined],
    ['a body that is not Daraja’s', { ResultCode: 0 }],
    ['a missing CheckoutRequestID', { Body: { stkCallback: { ...stk, CheckoutRequestID: undefined } } }],
    ['a non-numeric ResultCode', { Body: { stkCallback: { ...stk, ResultCode: 'ok' } } }],
    ['a success without metadata', { Body: { stkCallback: { ...stk, CallbackMetadata: undefined } } }],
    [
      'a success without a receipt number',
      { Body: { stkCallback: { ...stk, CallbackMetadata: { Item: [{ Name: 'Amount', Value: 10 }] } } } },
    ],
    [
      'a success with a zero amount',
      {
        Body: {
          stkCallback: {
            ...stk,
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 0 },
                { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              ],
            },
          },
        },
      },
    ],
    [
      'a success with a malformed transaction date',
      {
        Body: {
          stkCallback: {
            ...stk,
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 10 },
                { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
                { Name: 'TransactionDate', Value: 'yesterday' },
              ],
            },
          },
        },
      },
    ],
    [
      'metadata items without names',
      { Body: { stkCallback: { ...stk, CallbackMetadata: { Item: [{ Value: 1 }] } } } },
    ],
  ];

  it.each(malformed)('refuses %s with a MpesaCallbackError', (_label, body) => {
    expect(() => parseStkCallback(body)).toThrow(MpesaCallbackError);
  });
});

describe('parseC2BConfirmation', () => {
  const confirmation = {
    TransactionType: 'Pay Bill',
    TransID: 'RKTQDM7W6S',
    TransTime: '20191122063845',
    TransAmount: '10.00',
    BusinessShortCode: '600638',
    BillRefNumber: ' SOM-123456 ',
    InvoiceNumber: '',
    OrgAccountBalance: '49197.00',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'John',
    MiddleName: '',
    LastName: 'Doe',
  };

  it('reads Daraja’s C2B confirmation, trimming the account number the customer typed', () => {
    expect(parseC2BConfirmation(confirmation)).toEqual({
      transactionType: 'Pay Bill',
      transId: 'RKTQDM7W6S',
      transTime: '20191122063845',
      amount: 10,
      businessShortCode: '600638',
      billRefNumber: 'SOM-123456',
      msisdn: '25470****149',
      firstName: 'John',
      middleName: '',
      lastName: 'Doe',
    });
  });

  it.each([
    ['no TransID', { ...confirmation, TransID: '' }],
    ['no account number', { ...confirmation, BillRefNumber: undefined }],
    ['a negative amount', { ...confirmation, TransAmount: '-5' }],
    ['a malformed time', { ...confirmation, TransTime: '22/11/2019' }],
    ['a non-object body', 'TransID=RKTQDM7W6S'],
  ])('refuses a confirmation with %s', (_label, body) => {
    expect(() => parseC2BConfirmation(body)).toThrow(MpesaCallbackError);
  });
});
