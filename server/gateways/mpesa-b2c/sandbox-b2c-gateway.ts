import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxMpesaB2c } from '../../db/schema';
import { isHttpUrl } from '../http-url';
import { SandboxDeliveries, sandboxReceipt, statusQueryIds } from '../sandbox-deliveries';
import {
  DARAJA_BAD_REQUEST,
  MpesaRequestError,
  darajaTimestamp,
  parseTransactionStatusResult,
  type SandboxLogger,
  type TransactionStatusAccepted,
  type TransactionStatusResult,
} from '../mpesa';
import type {
  B2CGateway,
  B2CPaymentAccepted,
  B2CPaymentRequest,
  B2CResult,
  B2CStatusRequest,
} from './b2c-gateway';
import { B2C_RESULT, B2C_STATUS_NOT_FOUND, checkB2CRequest, parseB2CResult } from './b2c-protocol';

type Outcome = { resultCode: number; resultDesc: string; answers: boolean };

const PAID: Outcome = { resultCode: B2C_RESULT.paid.code, resultDesc: B2C_RESULT.paid.desc, answers: true };

/**
 * Recipient numbers and what M-Pesa "does" with a payment to them (README "Withdrawals"). Every other
 * Safaricom number is paid.
 */
export const SANDBOX_B2C_PHONES: Readonly<Record<string, Outcome>> = {
  '254708374149': PAID,
  '254700000040': {
    resultCode: B2C_RESULT.unregistered.code,
    resultDesc: B2C_RESULT.unregistered.desc,
    answers: true,
  },
  '254700000011': {
    resultCode: B2C_RESULT.shortOfFunds.code,
    resultDesc: B2C_RESULT.shortOfFunds.desc,
    answers: true,
  },
  '254700000099': { resultCode: -1, resultDesc: 'No answer from M-Pesa', answers: false },
};

const SHORTCODE = '600000';

export type SandboxB2COptions = {
  /** Where the sandbox keeps its payments, as M-Pesa keeps its own. */
  db: Database;
  /** Time M-Pesa takes to pay and post the result (Daraja's sandbox: a few seconds). */
  resultDelayMs?: number;
  /** Time the transaction status query takes to post its answer. */
  statusDelayMs?: number;
  /**
   * Time Daraja takes to accept a payment request (default 0). The payment exists only once
   * accepted: a process killed meanwhile never made it (the restart tests).
   */
  acceptDelayMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  logger?: SandboxLogger;
};

type PaymentRow = typeof sandboxMpesaB2c.$inferSelect;

/**
 * Behaves like Daraja's B2C without leaving the machine: accepts a `BusinessPayment`, then POSTs a
 * `{ Result }` shaped like Daraja's to its ResultURL, the outcome chosen by the recipient's number.
 * Payments are rows in `sandbox_mpesa_b2c`, so the transaction status query answers truthfully after
 * a restart; a payment to the "no answer" number never gets a result, and its status query only
 * times out.
 */
export class SandboxB2CGateway implements B2CGateway {
  readonly kind = 'sandbox' as const;
  private readonly deliveries: SandboxDeliveries;
  private readonly now: () => Date;
  private readonly resultDelayMs: number;
  private readonly statusDelayMs: number;
  private readonly acceptDelayMs: number;

  constructor(private readonly options: SandboxB2COptions) {
    this.deliveries = new SandboxDeliveries('B2C sandbox', options.fetch ?? globalThis.fetch, options.logger);
    this.now = options.now ?? (() => new Date());
    this.resultDelayMs = options.resultDelayMs ?? 3000;
    this.statusDelayMs = options.statusDelayMs ?? 1000;
    this.acceptDelayMs = options.acceptDelayMs ?? 0;
  }

  async pay(request: B2CPaymentRequest): Promise<B2CPaymentAccepted> {
    checkB2CRequest(request);
    if (this.acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.acceptDelayMs));
    const outcome = SANDBOX_B2C_PHONES[request.phone] ?? PAID;
    const requestedAt = this.now();
    const conversationId = `AG_${darajaTimestamp(requestedAt)}_${randomBytes(10).toString('hex')}`;
    // Daraja refuses an OriginatorConversationID it has seen: one id, one payment.
    const [payment] = await this.options.db
      .insert(sandboxMpesaB2c)
      .values({
        originatorConversationId: request.originatorConversationId,
        conversationId,
        phone: request.phone,
        amount: request.amount,
        resultUrl: request.resultUrl,
        timeoutUrl: request.timeoutUrl,
        resultCode: outcome.resultCode,
        resultDesc: outcome.resultDesc,
        answers: outcome.answers,
        receipt: sandboxReceipt('T'),
        answersAt: new Date(requestedAt.getTime() + this.resultDelayMs),
        requestedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!payment)
      throw new MpesaRequestError(
        DARAJA_BAD_REQUEST,
        'Bad Request - Duplicate OriginatorConversationID',
        400,
      );
    if (payment.answers)
      this.deliveries.later(this.resultDelayMs, () =>
        this.deliveries.post(payment.resultUrl, this.resultBody(payment), 'B2C result'),
      );
    return { originatorConversationId: request.originatorConversationId, conversationId };
  }

  parseResult(body: unknown): B2CResult {
    return parseB2CResult(body);
  }

  parseStatusResult(body: unknown): TransactionStatusResult {
    return parseTransactionStatusResult(body);
  }

  /**
   * The transaction status query by OriginalConversationID, answered after `statusDelayMs` from the
   * sandbox's records: paid (`Completed`, the receipt), failed (`Failed`), "does not exist" for an id
   * it never accepted; a payment not processed yet, or one M-Pesa never answers, only times out.
   */
  async requestStatus(request: B2CStatusRequest): Promise<TransactionStatusAccepted> {
    if (!isHttpUrl(request.resultUrl))
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid ResultURL', 400);
    const accepted = statusQueryIds(this.now());
    this.deliveries.later(this.statusDelayMs, async () => {
      const payment = await this.find(request.originatorConversationId);
      if (payment && (!payment.answers || this.now().getTime() < payment.answersAt.getTime()))
        return this.deliveries.post(request.timeoutUrl, this.timeoutBody(accepted), 'status time-out');
      return this.deliveries.post(request.resultUrl, this.statusBody(payment, accepted), 'status result');
    });
    return accepted;
  }

  /** Posts the result of an answered payment once more, as Daraja sometimes does; null if none. */
  async resendResult(originatorConversationId: string): Promise<number | null> {
    const payment = await this.find(originatorConversationId);
    if (!payment?.answers || this.now().getTime() < payment.answersAt.getTime()) return null;
    return this.deliveries.post(payment.resultUrl, this.resultBody(payment), 'B2C result (repeat)');
  }

  /** Resolves once nothing is scheduled or on its way any more (within `withinMs`). */
  async drain(withinMs = 5000): Promise<void> {
    await this.deliveries.drain(withinMs);
  }

  /** Forgets pending posts (server shutdown); the records stay, as M-Pesa's do. */
  close(): void {
    this.deliveries.close();
  }

  private async find(originatorConversationId: string): Promise<PaymentRow | undefined> {
    const [payment] = await this.options.db
      .select()
      .from(sandboxMpesaB2c)
      .where(eq(sandboxMpesaB2c.originatorConversationId, originatorConversationId));
    return payment;
  }

  private resultBody(payment: PaymentRow) {
    const common = {
      ResultType: 0,
      ResultCode: payment.resultCode,
      ResultDesc: payment.resultDesc,
      OriginatorConversationID: payment.originatorConversationId,
      ConversationID: payment.conversationId,
      TransactionID: payment.receipt,
    };
    if (payment.resultCode !== 0) return { Result: common };
    const parameter = (Key: string, Value: string | number) => ({ Key, Value });
    return {
      Result: {
        ...common,
        ResultParameters: {
          ResultParameter: [
            parameter('TransactionAmount', payment.amount),
            parameter('TransactionReceipt', payment.receipt),
            parameter('B2CRecipientIsRegisteredCustomer', 'Y'),
            parameter('B2CChargesPaidAccountAvailableFunds', -4510.0),
            parameter('ReceiverPartyPublicName', `${payment.phone} - John Doe`),
            parameter('TransactionCompletedDateTime', darajaTimestamp(payment.answersAt)),
            parameter('B2CUtilityAccountAvailableFunds', 10116.0),
            parameter('B2CWorkingAccountAvailableFunds', 900000.0),
          ],
        },
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: payment.timeoutUrl } },
      },
    };
  }

  private statusBody(payment: PaymentRow | undefined, ids: TransactionStatusAccepted) {
    const common = {
      ResultType: 0,
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      TransactionID: sandboxReceipt('T'),
    };
    if (!payment)
      return {
        Result: { ...common, ResultCode: B2C_STATUS_NOT_FOUND.code, ResultDesc: B2C_STATUS_NOT_FOUND.desc },
      };
    const parameter = (Key: string, Value: string | number) => ({ Key, Value });
    const paid = payment.resultCode === 0;
    return {
      Result: {
        ...common,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            parameter('DebitPartyName', `${SHORTCODE} - Somesha Sandbox`),
            parameter('CreditPartyName', `${payment.phone} - John Doe`),
            parameter('OriginatorConversationID', payment.originatorConversationId),
            parameter('InitiatedTime', Number(darajaTimestamp(payment.requestedAt))),
            parameter('DebitAccountType', 'Utility Account'),
            parameter('TransactionReason', paid ? '' : payment.resultDesc.slice(0, 100)),
            parameter('ReasonType', 'Business Payment to Customer via API'),
            parameter('TransactionStatus', paid ? 'Completed' : 'Failed'),
            parameter('FinalisedTime', Number(darajaTimestamp(payment.answersAt))),
            parameter('Amount', payment.amount),
            parameter('ConversationID', payment.conversationId),
            ...(paid ? [parameter('ReceiptNo', payment.receipt)] : []),
          ],
        },
      },
    };
  }

  private timeoutBody(ids: TransactionStatusAccepted) {
    return {
      Result: {
        ResultType: 1,
        ResultCode: 'SVC0403',
        ResultDesc: 'The request timed out in the queue.',
        OriginatorConversationID: ids.originatorConversationId,
        ConversationID: ids.conversationId,
      },
    };
  }
}
