// M-Pesa's result codes in plain words: the one place a Daraja ResultCode becomes what a user reads.
// Daraja's own ResultDesc ("The initiator information is invalid.") is never shown to a user.
import { t, type MessageKey } from './messages';

/** STK push (M-Pesa express) result codes: what the customer did, or did not do, on the phone. */
export const STK_RESULT = {
  paid: 0,
  notEnoughMoney: 1,
  busy: 1001,
  expired: 1019,
  cancelled: 1032,
  noAnswer: 1037,
  /** On an STK push 2001 means the customer typed a wrong PIN. */
  wrongPin: 2001,
} as const;

/** B2C (withdrawal) result codes: 1 and 2001 are about Somesha's own M-Pesa account, not the teacher's. */
export const B2C_RESULT_CODE = {
  paid: 0,
  platformShort: 1,
  platformSetup: 2001,
  unregistered: 2040,
} as const;

const STK_WORDS: Record<number, MessageKey> = {
  [STK_RESULT.notEnoughMoney]: 'honest.mpesaNotEnoughMoney',
  [STK_RESULT.busy]: 'honest.mpesaBusy',
  [STK_RESULT.expired]: 'honest.mpesaExpired',
  [STK_RESULT.cancelled]: 'honest.mpesaCancelled',
  [STK_RESULT.noAnswer]: 'honest.mpesaNoAnswer',
  [STK_RESULT.wrongPin]: 'honest.mpesaWrongPin',
};

const B2C_WORDS: Record<number, MessageKey> = {
  [B2C_RESULT_CODE.platformShort]: 'withdrawal.platformShort',
  [B2C_RESULT_CODE.platformSetup]: 'honest.b2cPlatformSetup',
  [B2C_RESULT_CODE.unregistered]: 'withdrawal.unregistered',
};

/** Why an M-Pesa express payment did not go through, in words a customer understands. */
export function mpesaPaymentReason(code: unknown): string {
  const key = typeof code === 'number' ? STK_WORDS[code] : undefined;
  return t(key ?? 'payment.failMsg');
}

/** Why M-Pesa did not pay a withdrawal, in words a teacher understands. */
export function mpesaWithdrawalReason(code: unknown): string {
  const key = typeof code === 'number' ? B2C_WORDS[code] : undefined;
  return t(key ?? 'withdrawal.unknownFailure');
}
