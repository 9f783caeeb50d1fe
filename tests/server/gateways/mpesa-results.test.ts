import { describe, expect, it } from 'vitest';
import { B2C_RESULT } from '../../../server/gateways/mpesa-b2c';
import { SANDBOX_MPESA_PHONES } from '../../../server/gateways/mpesa/sandbox-mpesa-gateway';
import { b2cReason } from '../../../server/services/payments/b2c';
import { mpesaPaymentReason } from '../../../src/shared/mpesa-results';

const darajaWords = [
  ...Object.values(SANDBOX_MPESA_PHONES).map((outcome) => outcome.resultDesc),
  ...Object.values(B2C_RESULT).map((result) => result.desc),
];

describe("M-Pesa's results in plain words", () => {
  it.each([
    [1032, 'You cancelled the M-Pesa request on your phone.'],
    [2001, 'The M-Pesa PIN entered on the phone was wrong.'],
    [1, 'Your M-Pesa balance is not enough for this payment.'],
    [
      1037,
      'Your phone did not answer the M-Pesa request. Check that it is on and has signal, then try again.',
    ],
    [9999, 'Payment failed. Please try again.'],
  ])('a payment ended with code %s reads %j', (code, words) => {
    expect(mpesaPaymentReason(code)).toBe(words);
  });

  it.each([
    [2040, 'This number cannot receive M-Pesa payments (it is not registered for M-Pesa).'],
    [1, "Somesha's M-Pesa account cannot pay it right now. Please try again later."],
    [2001, "Somesha's M-Pesa account could not make this payment. Please try again later."],
    [17, 'M-Pesa refused the payment.'],
  ])('a withdrawal ended with code %s reads %j, never Daraja text', (code, words) => {
    expect(b2cReason(code)).toBe(words);
    expect(darajaWords).not.toContain(b2cReason(code));
  });
});
