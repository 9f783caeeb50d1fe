import { randomBytes, randomInt } from 'node:crypto';
import {
  DARAJA_BAD_REQUEST,
  MpesaRequestError,
  darajaTimestamp,
  parseC2BConfirmation,
  type C2BConfirmation,
} from './daraja-protocol';
import {
  checkStkPushRequest,
  isHttpUrl,
  type MpesaGateway,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
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
const STILL_PROCESSING = 'The transaction is being processed';
const ACCEPTED = 'Success. Request accepted for processing';

/** Anything with pino's/Fastify's `warn(obj, msg)`. */
export type SandboxLogger = { warn(details: object, message: string): void };

export type SandboxMpesaOptions = {
  /** Where `pay()` POSTs C2B confirmations (the commerce route `…/api/payments/mpesa/c2b/confirmation`). */
  c2bConfirmationUrl?: string;
  /** Paybill shown on the sandbox page and in `paybillDetails()`. */
  businessNumber?: string;
  /** Time the "customer" takes to answer the prompt; Daraja's sandbox takes about 3 s. */
  callbackDelayMs?: number;
  /** When a push nobody answers turns into 1037 for `stkQuery` (Daraja: about 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  logger?: SandboxLogger;
};

type Push = {
  request: StkPushRequest;
  accepted: StkPushAccepted;
  outcome: Outcome;
  pushedAt: number;
  /** Set once the customer "answered" (the callback was due). */
  settled: boolean;
  /** The callback body as sent, kept so it can be sent again. */
  callback?: unknown;
};

export type SandboxC2BPayment = { confirmation: C2BConfirmation; delivered: boolean; status: number | null };

/**
 * Behaves like Daraja's sandbox without leaving the machine: accepts the push, then POSTs a
 * `Body.stkCallback` shaped exactly like Daraja's to the push's callback URL, the result chosen
 * by the phone number. `stkQuery` answers from its memory of pushes.
 */
export class SandboxMpesaGateway implements MpesaGateway {
  readonly kind = 'sandbox' as const;
  private readonly pushes = new Map<string, Push>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly deliveries = new Set<Promise<void>>();
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly callbackDelayMs: number;
  private readonly timeoutMs: number;
  readonly businessNumber: string;

  constructor(private readonly options: SandboxMpesaOptions = {}) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
    this.callbackDelayMs = options.callbackDelayMs ?? 3000;
    this.timeoutMs = options.timeoutMs ?? 60_000;
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
    const push: Push = { request, accepted, outcome, pushedAt: this.now().getTime(), settled: false };
    this.forgetOldPushes(push.pushedAt);
    this.pushes.set(accepted.checkoutRequestId, push);
    if (outcome.sendsCallback) {
      this.later(this.callbackDelayMs, () => {
        push.settled = true;
        push.callback = this.stkCallbackBody(push);
        this.track(this.post(request.callbackUrl, push.callback, 'STK callback'));
      });
    }
    return accepted;
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const push = this.pushes.get(checkoutRequestId);
    if (!push)
      throw new MpesaRequestError(DARAJA_BAD_REQUEST, 'Bad Request - Invalid CheckoutRequestID', 400);
    const timedOut = this.now().getTime() - push.pushedAt >= this.timeoutMs;
    if (push.settled || (timedOut && !push.outcome.sendsCallback)) {
      return { resultCode: push.outcome.resultCode, resultDesc: push.outcome.resultDesc };
    }
    return { resultCode: null, resultDesc: STILL_PROCESSING };
  }

  paybillDetails(): { businessNumber: string } {
    return { businessNumber: this.businessNumber };
  }

  parseC2BConfirmation(body: unknown): C2BConfirmation {
    return parseC2BConfirmation(body);
  }

  /**
   * A customer pays `amount` KES to our paybill with `accountNumber` as the account: POSTs a Daraja
   * C2B confirmation to the configured URL and reports whether it was delivered.
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
      TransID: receiptNumber(),
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
    const status = await this.post(url, body, 'C2B confirmation');
    return { confirmation: parseC2BConfirmation(body), delivered: status !== null && status < 300, status };
  }

  /**
   * Delivers the same callback once more, as Daraja occasionally does: the commerce route must
   * change nothing the second time. Returns the HTTP status, or null if nothing was sent.
   */
  async resendCallback(checkoutRequestId: string): Promise<number | null> {
    const push = this.pushes.get(checkoutRequestId);
    if (!push?.callback) return null;
    return this.post(push.request.callbackUrl, push.callback, 'STK callback (repeat)');
  }

  /** Resolves once every callback already due has been delivered (tests, graceful shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.deliveries]);
  }

  /** Forgets pending callbacks (server shutdown). */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** A long-running sandbox remembers a day of pushes, like Daraja's query window, not forever. */
  private forgetOldPushes(nowMs: number): void {
    for (const [id, push] of this.pushes) {
      if (nowMs - push.pushedAt > MEMORY_MS) this.pushes.delete(id);
    }
  }

  private stkCallbackBody(push: Push) {
    const { outcome, accepted, request } = push;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: accepted.merchantRequestId,
      CheckoutRequestID: accepted.checkoutRequestId,
      ResultCode: outcome.resultCode,
      ResultDesc: outcome.resultDesc,
    };
    if (outcome.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: request.amount },
          { Name: 'MpesaReceiptNumber', Value: receiptNumber() },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(this.now())) },
          { Name: 'PhoneNumber', Value: Number(request.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    // A pending sandbox callback must not keep a finished test run or a stopping server alive.
    timer.unref();
    this.timers.add(timer);
  }

  private track(delivery: Promise<unknown>): void {
    const done = delivery.then(() => undefined);
    this.deliveries.add(done);
    void done.finally(() => this.deliveries.delete(done));
  }

  /** POSTs like Daraja: once, no retry; a failure is logged, never thrown into a timer. */
  private async post(url: string, body: unknown, what: string): Promise<number | null> {
    if (!isHttpUrl(url)) return null;
    try {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok)
        this.options.logger?.warn({ url, status: response.status }, `M-Pesa sandbox: ${what} was refused`);
      return response.status;
    } catch (error) {
      this.options.logger?.warn({ url, err: error }, `M-Pesa sandbox: ${what} could not be delivered`);
      return null;
    }
  }
}

/** Ten characters like `SKL4ABC12D`: M-Pesa receipts are upper-case letters and digits. */
function receiptNumber(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(9);
  let value = 'S';
  for (const byte of bytes) value += alphabet[byte % alphabet.length];
  return value;
}
