// createSmsGateway: Africa's Talking when AT_USERNAME and AT_API_KEY are set (the `sandbox` username
// uses their sandbox host), else the development sandbox (docs/messaging.md "sms", docs/gateways.md "SMS").
import type { Database } from '../../db/client';
import type { SandboxLogger } from '../sandbox-deliveries';
import { AfricasTalkingSmsGateway, AT_LIVE_BASE_URL, AT_SANDBOX_BASE_URL } from './africas-talking';
import { SandboxSmsGateway, SmsSandbox } from './sandbox-sms';
import type { SmsGateway, SmsResult } from './sms-gateway';

export * from './sms-gateway';
export {
  AfricasTalkingSmsGateway,
  AT_LIVE_BASE_URL,
  AT_SANDBOX_BASE_URL,
  internationalNumber,
  readAnswer,
  type AfricasTalkingConfig,
} from './africas-talking';
export {
  registerSmsSandboxRoutes,
  SANDBOX_SMS_NUMBERS,
  SandboxSmsGateway,
  SMS_SANDBOX_MESSAGING_PATH,
  SmsSandbox,
  type SmsSandboxOptions,
} from './sandbox-sms';

export type CreateSmsOptions = {
  /** The sandbox records here. */
  db: Database;
  /** The server's own origin: the development sandbox answers below it. */
  selfUrl: string;
  /** Where the sandbox posts delivery reports: `{origin}/api/hooks/{secret}/sms/delivery`. */
  deliveryUrl: string;
  /** NODE_ENV=production: never the development sandbox. */
  production: boolean;
  fetch?: typeof globalThis.fetch;
  logger?: SandboxLogger;
  /** Sandbox only: how long until the delivery report (default 2000 ms). */
  deliveryDelayMs?: number;
};

/** In production without an Africa's Talking account: every SMS fails at once, with the reason. */
export class UnconfiguredSmsGateway implements SmsGateway {
  async send(): Promise<SmsResult> {
    return {
      outcome: 'permanent',
      providerStatus: 'NotConfigured',
      error: 'SMS is not configured: set AT_USERNAME and AT_API_KEY (docs/messaging.md "sms").',
    };
  }
}

const positive = (value: string | undefined) => {
  const number = Number(value);
  return value && Number.isFinite(number) && number >= 0 ? number : undefined;
};

export function createSmsGateway(
  env: Record<string, string | undefined>,
  options: CreateSmsOptions,
): SmsGateway {
  const username = env.AT_USERNAME?.trim();
  const apiKey = env.AT_API_KEY?.trim();
  const senderId = env.AT_SENDER_ID?.trim() || undefined;
  if (username || apiKey) {
    if (!username || !apiKey)
      throw new Error(
        `Africa's Talking: ${username ? 'AT_API_KEY' : 'AT_USERNAME'} is not set. Set both AT_USERNAME and AT_API_KEY, or neither for the development sandbox.`,
      );
    return new AfricasTalkingSmsGateway({
      username,
      apiKey,
      senderId,
      baseUrl: username === 'sandbox' ? AT_SANDBOX_BASE_URL : AT_LIVE_BASE_URL,
      fetch: options.fetch,
    });
  }
  if (options.production) {
    options.logger?.warn({}, 'SMS: AT_USERNAME and AT_API_KEY are not set; no SMS will be sent');
    return new UnconfiguredSmsGateway();
  }
  const sandbox = new SmsSandbox({
    db: options.db,
    deliveryUrl: options.deliveryUrl,
    deliveryDelayMs: options.deliveryDelayMs ?? positive(env.SMS_SANDBOX_DELIVERY_DELAY_MS),
    fetch: options.fetch,
    logger: options.logger,
  });
  return new SandboxSmsGateway(sandbox, options.selfUrl, { senderId, fetch: options.fetch });
}
