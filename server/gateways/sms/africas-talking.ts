// Africa's Talking's REST messaging API (docs/messaging.md "SMS", docs/gateways.md "SMS"): one
// form-encoded POST to `{base}/version1/messaging` with the `apiKey` header, answered with
// `SMSMessageData.Recipients[]`. The same adapter talks to the real service, to Africa's Talking's
// own sandbox (`api.sandbox.africastalking.com`) and to the in-process development sandbox.
import type { SmsGateway, SmsRequest, SmsResult } from './sms-gateway';

export const AT_LIVE_BASE_URL = 'https://api.africastalking.com';
export const AT_SANDBOX_BASE_URL = 'https://api.sandbox.africastalking.com';
export const AT_MESSAGING_PATH = '/version1/messaging';

/** Recipient status codes Africa's Talking documents: 100 Processed, 101 Sent, 102 Queued. */
const SENT_CODES = new Set([100, 101, 102]);
/** 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway: worth trying again later. */
const TEMPORARY_CODES = new Set([500, 501, 502]);

/** How long one request may take before it counts as a network failure (then retried by the outbox). */
const REQUEST_TIMEOUT_MS = 15_000;

export type AfricasTalkingConfig = {
  username: string;
  apiKey: string;
  /** A registered alphanumeric sender ID or short code; unset: the account's default. */
  senderId?: string;
  /** `https://api.africastalking.com`, their sandbox, or the development sandbox's base. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
};

/** `2547xxxxxxxx` → `+2547xxxxxxxx` (Africa's Talking wants the international form with `+`). */
export const internationalNumber = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

type Recipient = { statusCode?: unknown; status?: unknown; messageId?: unknown; cost?: unknown };

export class AfricasTalkingSmsGateway implements SmsGateway {
  private readonly fetch: typeof globalThis.fetch;

  constructor(private readonly config: AfricasTalkingConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async send(request: SmsRequest): Promise<SmsResult> {
    const form = new URLSearchParams({
      username: this.config.username,
      to: internationalNumber(request.to),
      message: request.text,
    });
    if (this.config.senderId) form.set('from', this.config.senderId);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.config.baseUrl.replace(/\/+$/, '')}${AT_MESSAGING_PATH}`, {
        method: 'POST',
        headers: {
          apiKey: this.config.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      return {
        outcome: 'temporary',
        providerStatus: 'NetworkError',
        error: `Africa's Talking could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    return readAnswer(response.status, text);
  }
}

/** An HTTP status and body from the messaging endpoint → the outcome for our one recipient. */
export function readAnswer(httpStatus: number, body: string): SmsResult {
  const said = body.trim().slice(0, 200);
  if (httpStatus >= 500)
    return {
      outcome: 'temporary',
      providerStatus: `HTTP ${httpStatus}`,
      error: said || `HTTP ${httpStatus}`,
    };
  // 401 (a wrong key or username) and other refusals will not change by sending again.
  if (httpStatus < 200 || httpStatus >= 300)
    return {
      outcome: 'permanent',
      providerStatus: `HTTP ${httpStatus}`,
      error: said || `HTTP ${httpStatus}`,
    };
  const data = parseJson(body) as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } } | null;
  const recipients = data?.SMSMessageData?.Recipients;
  const recipient: Recipient | undefined = Array.isArray(recipients)
    ? (recipients[0] as Recipient)
    : undefined;
  if (!recipient || typeof recipient !== 'object') {
    // Accepted but no recipient: the whole request was refused (e.g. `Message: "InvalidSenderId"`).
    // Never retried: an answer we cannot read may still have sent the SMS.
    const message = typeof data?.SMSMessageData?.Message === 'string' ? data.SMSMessageData.Message : said;
    return {
      outcome: 'permanent',
      providerStatus: message.slice(0, 100) || 'NoRecipient',
      error: message || 'No recipient in the answer',
    };
  }
  const code = Number(recipient.statusCode);
  const status = typeof recipient.status === 'string' ? recipient.status : String(recipient.statusCode ?? '');
  if (SENT_CODES.has(code) && typeof recipient.messageId === 'string' && recipient.messageId !== '') {
    return {
      outcome: 'sent',
      providerId: recipient.messageId,
      providerStatus: status,
      cost: typeof recipient.cost === 'string' ? recipient.cost : null,
    };
  }
  const error = `Africa's Talking: ${code} ${status}`.trim();
  return TEMPORARY_CODES.has(code)
    ? { outcome: 'temporary', providerStatus: status, error }
    : { outcome: 'permanent', providerStatus: status, error };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
