// Pesapal API 3.0 behind one interface (the real API, or `SandboxPesapalGateway` by default), and
// the pure parts of its protocol: IPN parsing and the acknowledgement Pesapal expects back.
import { isHttpUrl } from '../http-url';

/** Pesapal refused a request (its `{error: {code, message}}`), or could not be reached (`network_error`). */
export class PesapalError extends Error {
  override readonly name = 'PesapalError';
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status of the answer; 0 when none came. */
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** An IPN or callback query that is not what Pesapal sends. The route answers 400 and stores nothing. */
export class PesapalIpnError extends Error {
  override readonly name = 'PesapalIpnError';
}

export const PESAPAL_STATUS = { INVALID: 0, COMPLETED: 1, FAILED: 2, REVERSED: 3 } as const;
export type PesapalStatusCode = (typeof PESAPAL_STATUS)[keyof typeof PESAPAL_STATUS];

export type PesapalBillingAddress = { email: string; phone: string; first_name: string; last_name: string };

export type PesapalOrder = {
  /** Our merchant reference (unique per payment attempt, at most 50 characters). */
  id: string;
  currency: 'KES';
  /** Decimal string, e.g. `"1500.00"`. */
  amount: string;
  /** At most 100 characters. */
  description: string;
  /** Where the customer's browser is sent after paying or cancelling. */
  callbackUrl: string;
  /** The `ipnId` from `registerIpn`. */
  notificationId: string;
  billingAddress: PesapalBillingAddress;
};

export type PesapalOrderAccepted = {
  orderTrackingId: string;
  merchantReference: string;
  /** The hosted payment page (CONTRACT's `pesapal_url`); show it in an iframe or redirect to it. */
  redirectUrl: string;
};

export type PesapalTransactionStatus = {
  /** 0 INVALID (not paid yet / abandoned), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
  statusCode: PesapalStatusCode;
  paymentStatusDescription: string;
  /** Decimal string with two decimals. */
  amount: string;
  confirmationCode: string;
  merchantReference: string;
  paymentMethod: string;
  /** Pesapal's reason, e.g. why a card was declined. */
  description: string;
};

export type PesapalNotificationType = 'IPNCHANGE' | 'CALLBACKURL' | 'RECURRING';

export type PesapalIpn = {
  orderTrackingId: string;
  merchantReference: string;
  notificationType: PesapalNotificationType;
};

/**
 * The commerce service registers its IPN URL once (`registerIpn`, keep the `ipnId`), submits an
 * order per payment attempt, and settles the transaction from `getTransactionStatus` whenever an
 * IPN or the browser callback names it: an IPN says only *that* something changed, never what.
 */
export interface PesapalGateway {
  readonly kind: 'pesapal' | 'sandbox';
  registerIpn(url: string, method: 'GET' | 'POST'): Promise<{ ipnId: string }>;
  submitOrder(order: PesapalOrder): Promise<PesapalOrderAccepted>;
  getTransactionStatus(orderTrackingId: string): Promise<PesapalTransactionStatus>;
  parseIpn(queryOrBody: unknown): PesapalIpn;
}

const NOTIFICATION_TYPES: readonly string[] = ['IPNCHANGE', 'CALLBACKURL', 'RECURRING'];

/** Reads an IPN (GET query or POST JSON body) or the callback query; throws `PesapalIpnError`. */
export function parseIpn(queryOrBody: unknown): PesapalIpn {
  if (typeof queryOrBody !== 'object' || queryOrBody === null)
    throw new PesapalIpnError('The notification is empty');
  const source = queryOrBody as Record<string, unknown>;
  const read = (key: string) => {
    const value = source[key];
    if (typeof value !== 'string' || value.trim() === '') throw new PesapalIpnError(`${key} is missing`);
    return value.trim();
  };
  const orderTrackingId = read('OrderTrackingId');
  const merchantReference = read('OrderMerchantReference');
  // The browser callback may come without a type; Pesapal's IPNs always carry one.
  const type =
    typeof source.OrderNotificationType === 'string'
      ? source.OrderNotificationType.trim().toUpperCase()
      : 'CALLBACKURL';
  if (!NOTIFICATION_TYPES.includes(type))
    throw new PesapalIpnError(`OrderNotificationType ${type} is unknown`);
  return { orderTrackingId, merchantReference, notificationType: type as PesapalNotificationType };
}

/** The JSON Pesapal expects in answer to an IPN; `status` 500 asks it to try again later. */
export function ipnAcknowledgement(ipn: PesapalIpn, received: boolean) {
  return {
    orderNotificationType: ipn.notificationType,
    orderTrackingId: ipn.orderTrackingId,
    orderMerchantReference: ipn.merchantReference,
    status: received ? 200 : 500,
  };
}

/** Pesapal sends the status as a number; anything outside 0–3 is treated as INVALID (not paid). */
export function toStatusCode(value: unknown): PesapalStatusCode {
  const n = Number(value);
  return n === 1 || n === 2 || n === 3 ? n : 0;
}

export function toDecimalString(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : '0.00';
}

/** Checks both adapters apply before sending an order, so the sandbox refuses what Pesapal refuses. */
export function checkOrder(order: PesapalOrder): void {
  const bad = (code: string, message: string) => new PesapalError(code, message, 400);
  if (!/^[A-Za-z0-9\-_.:]{1,50}$/.test(order.id))
    throw bad(
      'invalid_merchant_reference',
      'The merchant reference must be 1-50 letters, digits, -, _, . or :',
    );
  if (order.currency !== 'KES') throw bad('invalid_currency', 'Only KES is supported');
  if (!/^\d+(\.\d{1,2})?$/.test(order.amount) || Number(order.amount) <= 0)
    throw bad('invalid_amount', 'The amount must be a positive decimal');
  if (order.description.trim() === '' || order.description.length > 100)
    throw bad('invalid_description', 'The description must be 1-100 characters');
  if (!isHttpUrl(order.callbackUrl)) throw bad('invalid_callback_url', 'The callback URL is not a valid URL');
  if (order.notificationId.trim() === '')
    throw bad('invalid_notification_id', 'The notification id is required');
  if (!order.billingAddress.email && !order.billingAddress.phone) {
    throw bad('invalid_billing_address', 'An e-mail address or a phone number is required');
  }
}
