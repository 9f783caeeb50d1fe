// Withdrawals to M-Pesa (issue 23, docs/withdrawals.md, docs/gateways.md "M-Pesa B2C"): Daraja's B2C
// `BusinessPayment` behind one interface, a real Daraja adapter (MPESA_B2C_SHORTCODE,
// MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL) and the sandbox (the default), which speaks the
// same protocol and posts results back. Like the M-Pesa express gateway it never touches the
// application's tables: the withdrawal service stores the `OriginatorConversationID` it generated
// before calling `pay`, and believes a result only after M-Pesa's transaction status query, asked by
// that id, confirmed it. The status query works as for paybill payments (asynchronous, answered on a
// result URL, believed only when it names both ids of a query the server sent).
import type { TransactionStatusAccepted, TransactionStatusResult } from '../mpesa';

export type B2CPaymentRequest = {
  /** Generated and stored by the server before the request (Daraja echoes it in every answer). */
  originatorConversationId: string;
  /** Whole KES (M-Pesa has no cents), within the withdrawal limits. */
  amount: number;
  /** `2547xxxxxxxx` / `2541xxxxxxxx`: the recipient's Safaricom line. */
  phone: string;
  /** Daraja keeps 100 characters. */
  remarks: string;
  /** Where Daraja POSTs the `{ Result }` of the payment. */
  resultUrl: string;
  /** Where Daraja POSTs when the request timed out in its queue. */
  timeoutUrl: string;
};

/** Daraja accepted the request for processing (`ResponseCode` "0"); the result comes later. */
export type B2CPaymentAccepted = { originatorConversationId: string; conversationId: string };

/** A B2C `{ Result }` as posted to the result URL: a hint until the status query confirms it. */
export type B2CResult = {
  originatorConversationId: string;
  conversationId: string;
  /** 0 = paid; otherwise M-Pesa's code (e.g. 2001 wrong initiator, 2040 unregistered recipient, 1 short of funds). */
  resultCode: number;
  resultDesc: string;
  /** The M-Pesa receipt (`TransactionReceipt`), present on success. */
  receipt: string | null;
  /** What M-Pesa says it paid (`TransactionAmount`), whole KES; null when absent. */
  amount: number | null;
  /** `ReceiverPartyPublicName` ("254708374149 - John Doe"), when present. */
  receiver: string | null;
};

export type B2CStatusRequest = {
  /** The withdrawal's own `OriginatorConversationID` (Daraja's `OriginalConversationID` field). */
  originatorConversationId: string;
  /** Where Daraja POSTs the `{ Result }` answer. */
  resultUrl: string;
  /** Where Daraja POSTs when the query timed out in its queue (or M-Pesa has no answer yet). */
  timeoutUrl: string;
  remarks: string;
};

/** Daraja's transaction status answer read for a withdrawal (`b2cStatusOf`). */
export type B2CStatus =
  /** M-Pesa paid it: its receipt and amount. */
  | { state: 'paid'; receipt: string; amount: number | null; receiver: string }
  /** M-Pesa says the payment failed. */
  | { state: 'failed'; resultDesc: string }
  /** M-Pesa has no payment with this OriginatorConversationID: the request never reached it. */
  | { state: 'not_found'; resultDesc: string }
  /** No usable answer: ask again later; never send a second payment for this withdrawal. */
  | { state: 'unknown'; resultDesc: string };

export interface B2CGateway {
  readonly kind: 'daraja' | 'sandbox';
  /** Sends the B2C `BusinessPayment`; throws `MpesaRequestError` when Daraja refuses it outright. */
  pay(request: B2CPaymentRequest): Promise<B2CPaymentAccepted>;
  /** Validates the `{ Result }` body posted to the result URL; throws `MpesaCallbackError`. */
  parseResult(body: unknown): B2CResult;
  /**
   * Asks M-Pesa what happened to the withdrawal with this `OriginatorConversationID` (the transaction
   * status query). The answer comes later, as a POST to `resultUrl` (or a time-out on `timeoutUrl`);
   * the query's own two ids are returned so only an answer naming both is believed.
   */
  requestStatus(request: B2CStatusRequest): Promise<TransactionStatusAccepted>;
  /** Validates the status query's `{ Result }` body; throws `MpesaCallbackError`. */
  parseStatusResult(body: unknown): TransactionStatusResult;
}
