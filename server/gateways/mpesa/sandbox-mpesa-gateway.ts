import { randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxMpesaC2b, sandboxMpesaPushes } from '../../db/schema';
import { isHttpUrl } from '../http-url';
import { SandboxDeliveries, sandboxReceipt, statusQueryIds, type SandboxLogger } from '../sandbox-deliveries';
import {
  DARAJA_BAD_REQUEST,
  MpesaRequestError,
  darajaTimestamp,
  parseC2BConfirmation,
  parseTransactionStatusResult,
  type C2BConfirmation,
  type TransactionStatusResult,
} from './daraja-protocol';
import {
  checkStkPushRequest,
  type MpesaGateway,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
  type TransactionStatusAccepted,
  type TransactionStatusRequest,
} from './mpesa-gateway';

type Outcome = { resultCode: number; resultDesc: string; sendsCallback: boolean };

const PAID: Outcome = {
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  sendsCallback: true,
};

/** Test numbers and what the customer "does" on the prompt. Every other Safaricom number pays. */
export const SANDBOX_MPESA_PHONES: Readonly<Record<string, Outcome>> = {
  '254708374149': PAID,
  '254700000032': { resultCode: 1032, resultDesc: 'Request cancelled by user', sendsCallback: true },
  '254700000021': {
    resultCode: 2001,
    resultDesc: 'The initiator information is invalid.',
    sendsCallback: true,
  },
  '254700000001': {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    sendsCallback: true,
  },
  '254700000037': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', sendsCallback: false },
};

const MEMORY_MS = 24 * 60 * 60 * 1000;
/** The status query's answer for a receipt M-Pesa has no record of. */
const RECEIPT_UNKNOWN = { code: 2001, desc: 'The transaction receipt number does not exist.' } as const;
const STILL_PROCESSING = 'The transaction is being processed';
const ACCEPTED = 'Success. Request accepted for processing';

export type { SandboxLogger } from '../sandbox-deliveries';

export type SandboxMpesaOptions = {
  /** Where the sandbox keeps its pushes and paybill payments, as Daraja keeps its own. */
  db: Database;
  /** Where `pay()` POSTs C2B confirmations (the commerce route `…/api/hooks/{secret}/c2b/confirmation`). */
  c2bConfirmationUrl?: string;
  /** Paybill shown on the sandbox page and in `paybillDetails()`. */
  businessNumber?: string;
  /** Time the "customer" takes to answer the prompt; Daraja's sandbox takes about 3 s. */
  callbackDelayMs?: number;
  /** When a push nobody answers turns into 1037 for `stkQuery` (Daraja: about 60 s). */
  timeoutMs?: number;
  /** Time the transaction status query takes to post its answer (Daraja: a few seconds). */
  statusDelayMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  logger?: SandboxLogger;
};

type PushRow = typeof sandboxMpesaPushes.$inferSelect;

export type SandboxC2BPayment = { confirmation: C2BConfirmation; delivered: boolean; status: number | null };

/**
 * Behaves like Daraja's sandbox without leaving the machine: accepts the push, then POSTs a
 * `Body.stkCallback` shaped exactly like Daraja's to the push's callback URL, the result chosen
 * by the phone number. Pushes and paybill payments are rows in its own tables, so `stkQuery` and
 * the transaction status query answer truthfully after a restart, as Daraja would.
 */
export class SandboxMpesaGateway implements MpesaGateway {
  readonly kind = 'sandbox' as const;
  private readonly deliveries: SandboxDeliveries;
  private readonly db: Database;
  private readonly now: () => Date;
  private readonly callbackDelayMs: number;
  private readonly timeoutMs: number;
  private readonly statusDelayMs: number;
  readonly businessNumber: string;

  constructor(private readonly options: SandboxMpesaOptions) {
    this.db = options.db;
    this.deliveries = new SandboxDeliveries(
      'M-Pesa sandbox',
      options.fetch ?? globalThis.fetch,
      options.logger,
    );
    this.now = options.now ?? (() => new Date());
    this.callbackDelayMs = options.callbackDelayMs ?? 3000;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.statusDelayMs = options.statusDelayMs ?? 1000;
    this.businessNumber = options.businessNumber ?? '174379';
  }

  async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    checkStkPushRequest(request);
    const accepted: StkPushAccepted = {
      merchantRequestId: `${randomInt(10000, 99999)}-${randomInt(10_000_000, 99_999_999)}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp(this.now())}${randomInt(100_000_000, 999_999_999)}`,
      responseDescription: ACCEPTED,
      customerMessage: ACCEPTED,
    };
    const outcome = SANDBOX_MPESA_PHONES[request.phone] ?? PAID;
    const pushedAt = this.now();
    await this.forgetOldRecords(pushedAt);
    const [push] = await this.db
      .insert(sandboxMpesaPushes)
      .values({
        checkoutRequestId: accepted.checkoutRequestId,
        merchantRequestId: accepted.merchantRequestId,
        phone: request.phone,
        amount: request.amount,
        accountReference: request.accountReference,
        callbackUrl: request.callbackUrl,
        resultCode: outcome.resultCode,
        resultDesc: outcome.resultDesc,
        sendsCallback: outcome.sendsCallback,
        receipt: sandboxReceipt('S'),
        answersAt: new Date(
          pushedAt.getTime() + (outcome.sendsCallback ? this.callbackDelayMs : this.timeoutMs),
        ),
        pushedAt,
      })
      .returning();
    if (push && outcome.sendsCallback) {
      this.deliveries.later(this.callbackDelayMs, () =>
        this.deliveries.post(push.callbackUrl, this.stkCallbackBody(push), 'STK callback'),
      );
    }
    return accepted;
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const push = await this.findPush(checkoutRequestId);
    if (!push)
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid CheckoutRequestID', 400);
    if (this.answered(push)) return { resultCode: push.resultCode, resultDesc: push.resultDesc };
    return { resultCode: null, resultDesc: STILL_PROCESSING };
  }

  paybillDetails(): { businessNumber: string } {
    return { businessNumber: this.businessNumber };
  }

  parseC2BConfirmation(body: unknown): C2BConfirmation {
    return parseC2BConfirmation(body);
  }

  parseTransactionStatusResult(body: unknown): TransactionStatusResult {
    return parseTransactionStatusResult(body);
  }

  /**
   * Daraja's transaction status query: answers on `resultUrl` after `statusDelayMs` from the
   * sandbox's own records (paybill payments and paid pushes), like Daraja answers from M-Pesa's.
   */
  async requestTransactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted> {
    if (!isHttpUrl(request.resultUrl))
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid ResultURL', 400);
    const accepted = statusQueryIds(this.now());
    this.deliveries.later(this.statusDelayMs, async () => {
      const body = await this.transactionStatusBody(request.transId, accepted);
      return this.deliveries.post(request.resultUrl, body, 'transaction status result');
    });
    return accepted;
  }

  /**
   * A customer pays `amount` KES to our paybill with `accountNumber` as the account: records the
   * payment, POSTs a Daraja C2B confirmation to the configured URL and reports whether it was delivered.
   */
  async pay(accountNumber: string, amount: number, phone = '254708374149'): Promise<SandboxC2BPayment> {
    const url = this.options.c2bConfirmationUrl;
    if (!url) throw new Error('SandboxMpesaGateway: c2bConfirmationUrl is not configured');
    if (!Number.isInteger(amount) || amount < 1)
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid Amount', 400);
    if (accountNumber.trim() === '')
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid BillRefNumber', 400);
    const body = {
      TransactionType: 'Pay Bill',
      TransID: sandboxReceipt('S'),
      TransTime: darajaTimestamp(this.now()),
      TransAmount: amount.toFixed(2),
      BusinessShortCode: this.businessNumber,
      BillRefNumber: accountNumber.trim(),
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: phone,
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Doe',
    };
    await this.db.insert(sandboxMpesaC2b).values({
      transId: body.TransID,
      businessShortCode: body.BusinessShortCode,
      billRefNumber: body.BillRefNumber,
      amount,
      msisdn: phone,
      payerName: 'John Doe',
      transTime: body.TransTime,
    });
    const status = await this.deliveries.post(url, body, 'C2B confirmation');
    return { confirmation: parseC2BConfirmation(body), delivered: status !== null && status < 300, status };
  }

  /**
   * Delivers the callback of an answered push once more, as Daraja occasionally does: the commerce
   * route must change nothing the second time. Returns the HTTP status, or null if nothing was sent.
   */
  async resendCallback(checkoutRequestId: string): Promise<number | null> {
    const push = await this.findPush(checkoutRequestId);
    if (!push || !push.sendsCallback || !this.answered(push)) return null;
    return this.deliveries.post(push.callbackUrl, this.stkCallbackBody(push), 'STK callback (repeat)');
  }

  /** Resolves once every callback already due has been delivered (tests, graceful shutdown). */
  async flush(): Promise<void> {
    await this.deliveries.flush();
  }

  /**
   * Resolves once nothing is scheduled or on its way any more: every callback and status answer
   * due within `withinMs` has been delivered (tests wait for a paybill payment's whole round trip).
   */
  async drain(withinMs = 5000): Promise<void> {
    await this.deliveries.drain(withinMs);
  }

  /** Forgets pending callbacks (server shutdown); the records stay, as Daraja's do. */
  close(): void {
    this.deliveries.close();
  }

  private answered(push: PushRow): boolean {
    return this.now().getTime() >= push.answersAt.getTime();
  }

  private async findPush(checkoutRequestId: string): Promise<PushRow | undefined> {
    const [push] = await this.db
      .select()
      .from(sandboxMpesaPushes)
      .where(eq(sandboxMpesaPushes.checkoutRequestId, checkoutRequestId));
    // Daraja's query window is about a day.
    return push && this.now().getTime() - push.pushedAt.getTime() <= MEMORY_MS ? push : undefined;
  }

  /** A long-running sandbox keeps a day of pushes, like Daraja's query window, not forever. */
  private async forgetOldRecords(now: Date): Promise<void> {
    if (Math.random() >= 0.05) return;
    await this.db
      .delete(sandboxMpesaPushes)
      .where(lt(sandboxMpesaPushes.pushedAt, new Date(now.getTime() - MEMORY_MS)));
  }

  private async transactionStatusBody(transId: string, ids: TransactionStatusAccepted) {
    const [paid] = await this.db.select().from(sandboxMpesaC2b).where(eq(sandboxMpesaC2b.transId, transId));
    const [pushed] = paid
      ? []
      : await this.db.select().from(sandboxMpesaPushes).where(eq(sandboxMpesaPushes.receipt, transId));
    const found = paid
      ? {
          amount: paid.amount,
          payer: `${paid.msisdn} - ${paid.payerName}`,
          time: paid.transTime,
          reason: 'Pay Bill Online',
        }
      : pushed && pushed.resultCode === 0 && this.answered(pushed)
        ? {
            amount: pushed.amount,
            payer: `${pushed.phone} - John Doe`,
            time: darajaTimestamp(pushed.answersAt),
            reason: 'Pay Bill Online',
          }
        : null;
    const common = {
      ResultType: 0,
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      TransactionID: sandboxReceipt('S'),
    };
    if (!found)
      return {
        Result: { ...common, ResultCode: RECEIPT_UNKNOWN.code, ResultDesc: RECEIPT_UNKNOWN.desc },
      };
    const parameter = (Key: string, Value: string | number) => ({ Key, Value });
    return {
      Result: {
        ...common,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            parameter('DebitPartyName', found.payer),
            parameter('CreditPartyName', `${this.businessNumber} - Somesha Sandbox`),
            parameter('OriginatorConversationID', ids.originatorConversationId),
            parameter('InitiatedTime', Number(found.time)),
            parameter('DebitAccountType', 'MMF Account For Customer'),
            parameter('DebitPartyCharges', ''),
            parameter('TransactionReason', ''),
            parameter('ReasonType', found.reason),
            parameter('TransactionStatus', 'Completed'),
            parameter('FinalisedTime', Number(found.time)),
            parameter('Amount', found.amount),
            parameter('ConversationID', ids.conversationId),
            parameter('ReceiptNo', transId),
          ],
        },
        ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
      },
    };
  }

  private stkCallbackBody(push: PushRow) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: push.resultCode,
      ResultDesc: push.resultDesc,
    };
    if (push.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(push.answersAt)) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }
}
