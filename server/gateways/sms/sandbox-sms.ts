// The development SMS sandbox (docs/messaging.md "SMS"): an in-process stand-in for Africa's Talking's
// messaging endpoint, so the real adapter runs unchanged in development and in the tests. It records
// every SMS it accepts (`sandbox_sms_messages`, shown at /dev/sms) and later posts a delivery report
// to the server's own hook, form-encoded, as Africa's Talking does. Never registered in production.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxSmsMessages } from '../../db/schema';
import { isHttpUrl } from '../http-url';
import { acceptUrlEncodedForms, formField } from '../mpesa/sandbox-page';
import { SandboxDeliveries, type SandboxLogger } from '../sandbox-deliveries';
import { AfricasTalkingSmsGateway, AT_MESSAGING_PATH } from './africas-talking';

/** Where the sandbox answers, below the server's own origin. */
export const SMS_SANDBOX_BASE_PATH = '/sandbox/africastalking';
export const SMS_SANDBOX_MESSAGING_PATH = `${SMS_SANDBOX_BASE_PATH}${AT_MESSAGING_PATH}`;

/**
 * Numbers the sandbox treats specially (any other Kenyan mobile number is sent and delivered):
 * refused at once as Africa's Talking would, or accepted and then reported `Failed`.
 */
export const SANDBOX_SMS_NUMBERS = {
  invalidPhone: '254700000403',
  serverError: '254700000500',
  notDelivered: '254700000009',
} as const;

const RECIPIENT_PATTERN = /^\+254[17]\d{8}$/;
/** Safaricom's network code (Kenya 639, network 02). */
const SAFARICOM_NETWORK_CODE = '63902';
const SANDBOX_COST = 'KES 0.8000';

export type SmsSandboxOptions = {
  db: Database;
  /** The server's own delivery report hook (`/api/hooks/{secret}/sms/delivery`, full URL). */
  deliveryUrl: string;
  /** How long "the network" takes to report delivery (default 2000 ms; the outbox records the id first). */
  deliveryDelayMs?: number;
  fetch?: typeof globalThis.fetch;
  logger?: SandboxLogger;
};

type Recipient = { statusCode: number; number: string; status: string; cost: string; messageId: string };

export class SmsSandbox {
  /** The sandbox's own key, known only to this process's adapter. */
  readonly apiKey = randomBytes(16).toString('hex');
  readonly username = 'sandbox';
  private readonly deliveries: SandboxDeliveries;
  private readonly fetch: typeof globalThis.fetch;

  constructor(private readonly options: SmsSandboxOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.deliveries = new SandboxDeliveries('SMS sandbox', this.fetch, options.logger);
  }

  /** One messaging request as Africa's Talking takes it: `username`, `to` (comma-separated), `message`, `from`. */
  async receive(apiKey: string | undefined, body: unknown): Promise<{ status: number; body: unknown }> {
    if (apiKey !== this.apiKey || formField(body, 'username') !== this.username)
      return { status: 401, body: 'The supplied authentication is invalid' };
    const message = formField(body, 'message');
    const to = formField(body, 'to')
      .split(',')
      .map((number) => number.trim())
      .filter(Boolean);
    if (!message || to.length === 0) return { status: 400, body: 'Request is missing required form field' };
    const from = formField(body, 'from') || null;
    const recipients: Recipient[] = [];
    for (const number of to) recipients.push(await this.accept(number, message, from));
    const sent = recipients.filter((recipient) => recipient.statusCode === 101).length;
    return {
      status: 201,
      body: {
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      },
    };
  }

  /** Newest first, for /dev/sms. */
  latest(limit = 50) {
    return this.options.db
      .select()
      .from(sandboxSmsMessages)
      .orderBy(desc(sandboxSmsMessages.id))
      .limit(limit);
  }

  /** Resolves once every delivery report already scheduled has been posted (tests). */
  drain(withinMs?: number): Promise<void> {
    return this.deliveries.drain(withinMs);
  }

  close(): void {
    this.deliveries.close();
  }

  private async accept(number: string, message: string, from: string | null): Promise<Recipient> {
    const refused = (statusCode: number, status: string): Recipient => ({
      statusCode,
      number,
      status,
      cost: '0',
      messageId: 'None',
    });
    if (!RECIPIENT_PATTERN.test(number) || number === `+${SANDBOX_SMS_NUMBERS.invalidPhone}`)
      return refused(403, 'InvalidPhoneNumber');
    if (number === `+${SANDBOX_SMS_NUMBERS.serverError}`) return refused(500, 'InternalServerError');
    const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
    await this.options.db
      .insert(sandboxSmsMessages)
      .values({ messageId, to: number, from, text: message, status: 'Sent' });
    const failed = number === `+${SANDBOX_SMS_NUMBERS.notDelivered}`;
    this.deliveries.later(this.options.deliveryDelayMs ?? 2000, () =>
      this.report(
        messageId,
        number,
        failed ? { status: 'Failed', failureReason: 'UserIsInactive' } : { status: 'Success' },
      ),
    );
    return { statusCode: 101, number, status: 'Success', cost: SANDBOX_COST, messageId };
  }

  /** Posts a delivery report like Africa's Talking (form-encoded, once) and keeps its status. */
  private async report(
    messageId: string,
    phoneNumber: string,
    outcome: { status: string; failureReason?: string },
  ): Promise<void> {
    await this.options.db
      .update(sandboxSmsMessages)
      .set({ status: outcome.status })
      .where(eq(sandboxSmsMessages.messageId, messageId));
    const url = this.options.deliveryUrl;
    if (!isHttpUrl(url)) return;
    const form = new URLSearchParams({
      id: messageId,
      status: outcome.status,
      phoneNumber,
      networkCode: SAFARICOM_NETWORK_CODE,
      retryCount: '0',
      ...(outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
    });
    try {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok)
        this.options.logger?.warn({ status: response.status }, 'SMS sandbox: a delivery report was refused');
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'SMS sandbox: a delivery report could not be delivered');
    }
  }
}

/** The real adapter, pointed at the in-process sandbox. */
export class SandboxSmsGateway extends AfricasTalkingSmsGateway {
  constructor(
    readonly sandbox: SmsSandbox,
    selfUrl: string,
    options: { senderId?: string; fetch?: typeof globalThis.fetch } = {},
  ) {
    super({
      username: sandbox.username,
      apiKey: sandbox.apiKey,
      senderId: options.senderId,
      baseUrl: `${selfUrl.replace(/\/+$/, '')}${SMS_SANDBOX_BASE_PATH}`,
      fetch: options.fetch,
    });
  }
}

/** The sandbox's messaging endpoint (development and tests only: app.ts never registers it in production). */
export function registerSmsSandboxRoutes(app: FastifyInstance, sandbox: SmsSandbox): void {
  void app.register(async (scope) => {
    acceptUrlEncodedForms(scope);
    scope.post(SMS_SANDBOX_MESSAGING_PATH, async (request, reply) => {
      const header = request.headers.apikey;
      const answer = await sandbox.receive(Array.isArray(header) ? header[0] : header, request.body);
      if (typeof answer.body === 'string')
        return reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.body);
      return reply.status(answer.status).send(answer.body);
    });
  });
}
