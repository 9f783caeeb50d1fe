// Daraja B2C wire formats (issue 23): the checks Daraja applies to a payment request, the `{ Result }`
// posted to the ResultURL, and how a transaction status answer reads for a withdrawal. Pure
// functions, shared by the real adapter, the sandbox and the withdrawal service.
import { isSafaricomPhone } from '../../../src/shared/validation';
import { isStorableText } from '../../../src/shared/request-schemas';
import { isHttpUrl } from '../http-url';
import {
  DARAJA_BAD_REQUEST,
  MPESA_AMOUNT_MAX,
  MpesaCallbackError,
  MpesaRequestError,
  RECEIPT_PATTERN,
  type TransactionStatusResult,
} from '../mpesa';
import type { B2CPaymentRequest, B2CResult, B2CStatus } from './b2c-gateway';

/** M-Pesa's B2C result codes the server and the sandbox name (docs/gateways.md "M-Pesa B2C"). */
export const B2C_RESULT = {
  paid: { code: 0, desc: 'The service request is processed successfully.' },
  shortOfFunds: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  wrongInitiator: { code: 2001, desc: 'The initiator information is invalid.' },
  unregistered: {
    code: 2040,
    desc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
  },
} as const;

/**
 * The transaction status query's answer for an `OriginalConversationID` M-Pesa has no payment for.
 * Only this code with this wording is read as "the request never reached M-Pesa": 2001 alone also
 * means a wrong initiator, which says nothing about the payment.
 */
export const B2C_STATUS_NOT_FOUND = {
  code: 2001,
  desc: 'The transaction with the OriginatorConversationID does not exist.',
} as const;

/** Daraja keeps 100 characters of the remarks. */
export const B2C_REMARKS_MAX = 100;

/** The checks Daraja applies before accepting a B2C request; both adapters run them so they fail alike. */
export function checkB2CRequest(request: B2CPaymentRequest): void {
  const bad = (what: string) =>
    new MpesaRequestError(DARAJA_BAD_REQUEST, `Bad Request - Invalid ${what}`, 400);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(request.originatorConversationId)) throw bad('OriginatorConversationID');
  if (!Number.isInteger(request.amount) || request.amount < 10 || request.amount > MPESA_AMOUNT_MAX)
    throw bad('Amount');
  if (!/^254\d{9}$/.test(request.phone) || !isSafaricomPhone(request.phone)) throw bad('PartyB');
  if (!isHttpUrl(request.resultUrl)) throw bad('ResultURL');
  if (!isHttpUrl(request.timeoutUrl)) throw bad('QueueTimeOutURL');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const FIELD_MAX = 200;

function text(value: unknown, where: string, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) throw new MpesaCallbackError(`${where} is missing`);
    return '';
  }
  const string = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f]/;
  if (
    typeof string !== 'string' ||
    string.length > FIELD_MAX ||
    !isStorableText(string) ||
    control.test(string) ||
    (required && string.trim() === '')
  )
    throw new MpesaCallbackError(`${where} must be a string of at most ${FIELD_MAX} characters`);
  return string;
}

function integer(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

function amount(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 && n <= MPESA_AMOUNT_MAX ? n : null;
}

/** Validates Daraja's B2C `{ Result: … }` body; throws `MpesaCallbackError` on anything else. */
export function parseB2CResult(body: unknown): B2CResult {
  const result = isRecord(body) ? body.Result : undefined;
  if (!isRecord(result)) throw new MpesaCallbackError('Result is missing');
  const resultCode = integer(result.ResultCode);
  if (resultCode === null) throw new MpesaCallbackError('Result.ResultCode must be an integer');
  const values = new Map<string, unknown>();
  const parameters = isRecord(result.ResultParameters) ? result.ResultParameters.ResultParameter : undefined;
  for (const item of Array.isArray(parameters) ? parameters : isRecord(parameters) ? [parameters] : [])
    if (isRecord(item) && typeof item.Key === 'string') values.set(item.Key, item.Value);
  const receipt = text(values.get('TransactionReceipt'), 'Result.TransactionReceipt', false);
  if (receipt !== '' && !RECEIPT_PATTERN.test(receipt))
    throw new MpesaCallbackError('Result: TransactionReceipt is malformed');
  const receiver = text(values.get('ReceiverPartyPublicName'), 'Result.ReceiverPartyPublicName', false);
  return {
    originatorConversationId: text(result.OriginatorConversationID, 'Result.OriginatorConversationID', true),
    conversationId: text(result.ConversationID, 'Result.ConversationID', true),
    resultCode,
    resultDesc: text(result.ResultDesc, 'Result.ResultDesc', false),
    receipt: receipt || null,
    amount: values.has('TransactionAmount') ? amount(values.get('TransactionAmount')) : null,
    receiver: receiver || null,
  };
}

/**
 * What a believed transaction status answer says about a withdrawal: `Completed` with a receipt is
 * paid, `Failed` (or any other final M-Pesa status) failed, the one "does not exist" answer means the
 * request never reached M-Pesa, and anything else (the query itself failed) says nothing.
 */
export function b2cStatusOf(answer: TransactionStatusResult): B2CStatus {
  if (answer.resultCode === 0) {
    if (answer.status === 'Completed' && answer.receipt)
      return {
        state: 'paid',
        receipt: answer.receipt,
        amount: answer.amount,
        receiver: answer.creditPartyName,
      };
    if (['Failed', 'Cancelled', 'Declined', 'Expired'].includes(answer.status))
      return { state: 'failed', resultDesc: answer.resultDesc };
    return { state: 'unknown', resultDesc: answer.resultDesc };
  }
  if (answer.resultCode === B2C_STATUS_NOT_FOUND.code && answer.resultDesc === B2C_STATUS_NOT_FOUND.desc)
    return { state: 'not_found', resultDesc: answer.resultDesc };
  return { state: 'unknown', resultDesc: answer.resultDesc };
}
