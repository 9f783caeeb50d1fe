import { isSafaricomPhone } from '../../../src/shared/validation';
import { isHttpUrl } from '../http-url';
import {
  DARAJA_BAD_REQUEST,
  MpesaRequestError,
  type C2BConfirmation,
  type TransactionStatusResult,
} from './daraja-protocol';

export type StkPushRequest = {
  /** Whole KES, at least 1 (M-Pesa has no cents). */
  amount: number;
  /** `2547xxxxxxxx` / `2541xxxxxxxx`, a Safaricom line. */
  phone: string;
  /** Shown to the customer on the prompt ("Pay … for account …"); Daraja keeps 12 characters. */
  accountReference: string;
  /** Daraja keeps 13 characters. */
  description: string;
  /** Where the `Body.stkCallback` result is POSTed. */
  callbackUrl: string;
};

export type StkPushAccepted = {
  merchantRequestId: string;
  /** Identifies the push in the callback and in `stkQuery`: store it with the transaction. */
  checkoutRequestId: string;
  responseDescription: string;
  customerMessage: string;
};

export type StkQueryResult = {
  /** null while the customer has not answered yet; otherwise as in the callback (0 = paid). */
  resultCode: number | null;
  resultDesc: string;
};

export type TransactionStatusRequest = {
  /** The M-Pesa receipt to ask about (a C2B `TransID`). */
  transId: string;
  /** Where Daraja POSTs the `{ Result }` answer. */
  resultUrl: string;
  /** Where Daraja POSTs when the query timed out in its queue. */
  timeoutUrl: string;
  remarks: string;
};

export type TransactionStatusAccepted = { originatorConversationId: string; conversationId: string };

/**
 * M-Pesa behind one interface (Daraja in production, `SandboxMpesaGateway` by default).
 * It never touches the database: the commerce service stores `checkoutRequestId` with its pending
 * transaction and settles it from the callback, or from `stkQuery` when no callback came.
 */
export interface MpesaGateway {
  readonly kind: 'daraja' | 'sandbox';
  /** Sends the "enter your M-Pesa PIN" prompt; throws `MpesaRequestError` when Daraja refuses. */
  stkPush(request: StkPushRequest): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /** The paybill (business number) customers pay to, with our account number as reference. */
  paybillDetails(): { businessNumber: string };
  /** Validates a C2B confirmation body; throws `MpesaCallbackError`. */
  parseC2BConfirmation(body: unknown): C2BConfirmation;
  /**
   * Asks M-Pesa what really happened to a receipt (Daraja's transaction status query). The answer
   * comes later, as a POST to `resultUrl`; throws `MpesaRequestError` when the query is refused.
   */
  requestTransactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted>;
  /** Validates the `{ Result }` body posted to the result URL; throws `MpesaCallbackError`. */
  parseTransactionStatusResult(body: unknown): TransactionStatusResult;
}

/** Daraja limits; longer values are cut rather than refused, as Daraja's own portal does. */
export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

/** The checks Daraja applies before accepting a push; both adapters run them so they fail alike. */
export function checkStkPushRequest(request: StkPushRequest): void {
  const bad = (what: string) =>
    new MpesaRequestError(DARAJA_BAD_REQUEST, `Bad Request - Invalid ${what}`, 400);
  if (!Number.isInteger(request.amount) || request.amount < 1) throw bad('Amount');
  if (!/^254\d{9}$/.test(request.phone) || !isSafaricomPhone(request.phone)) throw bad('PhoneNumber');
  if (request.accountReference.trim() === '') throw bad('AccountReference');
  if (!isHttpUrl(request.callbackUrl)) throw bad('CallBackURL');
}
