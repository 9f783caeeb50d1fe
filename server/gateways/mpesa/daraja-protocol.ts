// Daraja (Safaricom M-Pesa API) wire formats: the STK password and timestamp, the STK callback and
// the C2B validation and confirmation. Pure functions, shared by the real adapter, the sandbox and the commerce routes.
import { isStorableText } from '../../../src/shared/request-schemas';

/** A callback or confirmation body that is not what Daraja sends. The route answers 400 and stores nothing. */
export class MpesaCallbackError extends Error {
  override readonly name = 'MpesaCallbackError';
}

/** Daraja rejected a request (or could not be reached: code `network_error`). */
export class MpesaRequestError extends Error {
  override readonly name = 'MpesaRequestError';
  constructor(
    /** Daraja's `errorCode` (e.g. `400.002.02`), a non-zero `ResponseCode`, or `network_error`. */
    readonly code: string,
    message: string,
    /** HTTP status Daraja answered with; 0 when no answer came. */
    readonly httpStatus: number,
  ) {
    super(message);
  }

  /** True when the request itself was wrong (bad phone, amount…): the customer can fix it. */
  get isBadRequest(): boolean {
    return this.httpStatus === 400;
  }
}

/** Daraja's codes for a bad request; the sandbox answers with the same ones. */
export const DARAJA_BAD_REQUEST = '400.002.02';
/** `stkpushquery` answers this (HTTP 500) while the customer has not answered the prompt yet. */
export const DARAJA_STILL_PROCESSING = '500.001.1001';

/** Body Daraja expects back from a C2B confirmation (and that we also send to the STK callback). */
export const DARAJA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/** STK password: base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

const nairobiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYYMMDDHHmmss` in Nairobi time, the only clock Daraja speaks. */
export function darajaTimestamp(date: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    nairobiParts.formatToParts(date).find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** Reads a Daraja `YYYYMMDDHHmmss` (Nairobi, UTC+3 all year) back into an instant; null if malformed. */
export function parseDarajaTimestamp(value: string | number): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(value));
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type StkCallbackResult = {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** 0 = paid; anything else is a failure (1032 cancelled, 1037 unreachable, 2001 wrong PIN, 1 no funds…). */
  resultCode: number;
  resultDesc: string;
  /** Whole KES; present when paid. */
  amount?: number;
  mpesaReceiptNumber?: string;
  /** `2547xxxxxxxx` */
  phone?: string;
  /** Daraja's `YYYYMMDDHHmmss` (Nairobi time); see `parseDarajaTimestamp`. */
  transactionDate?: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Longest text field we keep from a notification; Daraja's own fields are far shorter. */
const FIELD_MAX = 100;

/** Text a notification may carry into the database: short, storable, no control characters. */
function isNotificationText(value: string, max = FIELD_MAX): boolean {
  // eslint-disable-next-line no-control-regex
  return value.length <= max && isStorableText(value) && !/[\u0000-\u001f]/.test(value);
}

function requireString(source: Record<string, unknown>, key: string, where: string, max = FIELD_MAX): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '' || !isNotificationText(value, max)) {
    throw new MpesaCallbackError(`${where}.${key} must be a non-empty string of at most ${max} characters`);
  }
  return value;
}

/** An optional text field: absent, null or a number reads as a string; anything unstorable is refused. */
function optionalString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (value === undefined || value === null) return '';
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !isNotificationText(text))
    throw new MpesaCallbackError(`${where}.${key} must be a string of at most ${FIELD_MAX} characters`);
  return text;
}

/** M-Pesa receipts (STK `MpesaReceiptNumber`, C2B `TransID`): upper-case letters and digits. */
export const RECEIPT_PATTERN = /^[A-Z0-9]{6,20}$/;

/** Daraja sends numbers sometimes as JSON numbers and sometimes as numeric strings. */
function toInteger(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && Math.abs(n) < 2 ** 31 ? n : null;
}

/** M-Pesa moves at most a few hundred thousand shillings at once; more is not an M-Pesa amount. */
export const MPESA_AMOUNT_MAX = 10_000_000;

function toAmount(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n > 0 && n <= MPESA_AMOUNT_MAX ? n : null;
}

/** Validates and flattens `Body.stkCallback`; throws `MpesaCallbackError` on anything else. */
export function parseStkCallback(body: unknown): StkCallbackResult {
  const callback = isRecord(body) && isRecord(body.Body) ? body.Body.stkCallback : undefined;
  if (!isRecord(callback)) throw new MpesaCallbackError('Body.stkCallback is missing');
  const where = 'Body.stkCallback';
  const resultCode = toInteger(callback.ResultCode);
  if (resultCode === null) throw new MpesaCallbackError(`${where}.ResultCode must be an integer`);
  const result: StkCallbackResult = {
    merchantRequestId: requireString(callback, 'MerchantRequestID', where),
    checkoutRequestId: requireString(callback, 'CheckoutRequestID', where),
    resultCode,
    resultDesc: optionalString(callback, 'ResultDesc', where),
  };
  if (resultCode !== 0) return result;

  // A successful payment must say what was paid, or we cannot reconcile it.
  const items = isRecord(callback.CallbackMetadata) ? callback.CallbackMetadata.Item : undefined;
  if (!Array.isArray(items)) throw new MpesaCallbackError(`${where}.CallbackMetadata.Item is missing`);
  const values = new Map<string, unknown>();
  for (const item of items) {
    if (!isRecord(item) || typeof item.Name !== 'string') {
      throw new MpesaCallbackError(`${where}.CallbackMetadata.Item entries need a Name`);
    }
    values.set(item.Name, item.Value);
  }
  const amount = toAmount(values.get('Amount'));
  if (amount === null) throw new MpesaCallbackError(`${where}: Amount must be a positive number`);
  const receipt = values.get('MpesaReceiptNumber');
  if (typeof receipt !== 'string' || !RECEIPT_PATTERN.test(receipt)) {
    throw new MpesaCallbackError(`${where}: MpesaReceiptNumber is missing or malformed`);
  }
  result.amount = amount;
  result.mpesaReceiptNumber = receipt;
  const date = values.get('TransactionDate');
  if (date !== undefined) {
    if (parseDarajaTimestamp(date as string | number) === null) {
      throw new MpesaCallbackError(`${where}: TransactionDate must be YYYYMMDDHHmmss`);
    }
    result.transactionDate = String(date);
  }
  const phone = optionalString(Object.fromEntries(values), 'PhoneNumber', where);
  if (phone !== '') result.phone = phone;
  return result;
}

export type C2BConfirmation = {
  /** `Pay Bill` or `Buy Goods` */
  transactionType: string;
  /** M-Pesa receipt, unique per payment: the idempotency key. */
  transId: string;
  /** `YYYYMMDDHHmmss`, Nairobi time */
  transTime: string;
  /** Whole KES */
  amount: number;
  businessShortCode: string;
  /** The account number the customer typed: our paybill account number. */
  billRefNumber: string;
  /** The payer's number; Safaricom masks or hashes it in production, so never rely on it. */
  msisdn: string;
  firstName: string;
  middleName: string;
  lastName: string;
};

/** Validates a Daraja C2B confirmation body (`POST …/c2b/confirmation`); throws `MpesaCallbackError`. */
export function parseC2BConfirmation(body: unknown): C2BConfirmation {
  if (!isRecord(body)) throw new MpesaCallbackError('The C2B confirmation must be a JSON object');
  const where = 'C2B confirmation';
  const transTime = requireString(body, 'TransTime', where);
  if (parseDarajaTimestamp(transTime) === null)
    throw new MpesaCallbackError(`${where}.TransTime must be YYYYMMDDHHmmss`);
  const amount = toAmount(body.TransAmount);
  if (amount === null) throw new MpesaCallbackError(`${where}.TransAmount must be a positive number`);
  const transId = requireString(body, 'TransID', where);
  if (!RECEIPT_PATTERN.test(transId)) throw new MpesaCallbackError(`${where}.TransID is malformed`);
  const shortCode = optionalString(body, 'BusinessShortCode', where).trim();
  if (!/^\d{5,7}$/.test(shortCode))
    throw new MpesaCallbackError(`${where}.BusinessShortCode must be a shortcode`);
  return {
    transactionType: requireString(body, 'TransactionType', where),
    transId,
    transTime,
    amount,
    businessShortCode: shortCode,
    billRefNumber: requireString(body, 'BillRefNumber', where, 50).trim(),
    msisdn: optionalString(body, 'MSISDN', where),
    firstName: optionalString(body, 'FirstName', where),
    middleName: optionalString(body, 'MiddleName', where),
    lastName: optionalString(body, 'LastName', where),
  };
}

/**
 * The body of a C2B validation request (`POST …/c2b/validation`): Daraja asks before it takes a
 * paybill payment, when external validation is enabled on the shortcode. Only the account number
 * matters to the answer ('' when the customer typed none); throws `MpesaCallbackError` for a body
 * that is not Daraja's.
 */
export function parseC2BValidation(body: unknown): { billRefNumber: string } {
  if (!isRecord(body)) throw new MpesaCallbackError('The C2B validation must be a JSON object');
  return { billRefNumber: optionalString(body, 'BillRefNumber', 'C2B validation').trim() };
}

/** Daraja's validation answers: `"0"` takes the payment; a `C2B000xx` code refuses it, so no money moves. */
export const C2B_VALIDATION_ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' } as const;
/** `C2B00012` is Daraja's "Invalid Account Number" (C2B00011 MSISDN, C2B00013 amount, C2B00016 other). */
export const C2B_INVALID_ACCOUNT = { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } as const;

/** What the transaction status query answers, on our ResultURL (Daraja's status API is asynchronous). */
export type TransactionStatusResult = {
  /** Our id for the query (`OriginatorConversationID`). */
  originatorConversationId: string;
  /** Daraja's id for the query (`ConversationID`), known only to Daraja and the server; '' when missing. */
  conversationId: string;
  /** 0 = the query succeeded and the parameters below describe the transaction. */
  resultCode: number;
  resultDesc: string;
  /** The M-Pesa receipt the answer is about (`ReceiptNo`); '' when the query failed. */
  receipt: string;
  /** `Completed`, `Failed`, … (`TransactionStatus`). */
  status: string;
  /** Whole KES that moved; null when the answer does not say. */
  amount: number | null;
  /** `600000 - Business name`: who received the money. */
  creditPartyName: string;
  debitPartyName: string;
};

/** Validates a Daraja `{ Result: … }` body of the transaction status query; throws `MpesaCallbackError`. */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult {
  const result = isRecord(body) ? body.Result : undefined;
  if (!isRecord(result)) throw new MpesaCallbackError('Result is missing');
  const where = 'Result';
  const resultCode = toInteger(result.ResultCode);
  if (resultCode === null) throw new MpesaCallbackError(`${where}.ResultCode must be an integer`);
  const values = new Map<string, unknown>();
  const parameters = isRecord(result.ResultParameters) ? result.ResultParameters.ResultParameter : undefined;
  for (const item of Array.isArray(parameters) ? parameters : isRecord(parameters) ? [parameters] : []) {
    if (isRecord(item) && typeof item.Key === 'string') values.set(item.Key, item.Value);
  }
  const parameter = (key: string) => optionalString(Object.fromEntries(values), key, `${where}.${key}`);
  // `TransactionID` names the status query itself; the receipt asked about is `ReceiptNo`.
  const receipt = parameter('ReceiptNo');
  if (receipt !== '' && !RECEIPT_PATTERN.test(receipt))
    throw new MpesaCallbackError(`${where}: the receipt number is malformed`);
  const amount = values.has('Amount') ? toAmount(values.get('Amount')) : null;
  return {
    originatorConversationId: requireString(result, 'OriginatorConversationID', where),
    conversationId: optionalString(result, 'ConversationID', where),
    resultCode,
    resultDesc: optionalString(result, 'ResultDesc', where),
    receipt,
    status: parameter('TransactionStatus'),
    amount,
    creditPartyName: parameter('CreditPartyName'),
    debitPartyName: parameter('DebitPartyName'),
  };
}
