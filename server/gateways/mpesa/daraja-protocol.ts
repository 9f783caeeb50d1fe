// Daraja (Safaricom M-Pesa API) wire formats: the STK password and timestamp, the STK callback and
// the C2B confirmation. Pure functions, shared by the real adapter, the sandbox and the commerce routes.

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

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new MpesaCallbackError(`${where}.${key} must be a non-empty string`);
  }
  return value;
}

/** Daraja sends numbers sometimes as JSON numbers and sometimes as numeric strings. */
function toInteger(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

function toAmount(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
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
    resultDesc: typeof callback.ResultDesc === 'string' ? callback.ResultDesc : '',
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
  if (typeof receipt !== 'string' || !/^[A-Z0-9]{6,20}$/.test(receipt)) {
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
  const phone = values.get('PhoneNumber');
  if (phone !== undefined) result.phone = String(phone);
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
  const optional = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  return {
    transactionType: requireString(body, 'TransactionType', where),
    transId: requireString(body, 'TransID', where),
    transTime,
    amount,
    businessShortCode:
      String(body.BusinessShortCode ?? '').trim() || requireString(body, 'BusinessShortCode', where),
    billRefNumber: requireString(body, 'BillRefNumber', where).trim(),
    msisdn: String(body.MSISDN ?? ''),
    firstName: optional('FirstName'),
    middleName: optional('MiddleName'),
    lastName: optional('LastName'),
  };
}
