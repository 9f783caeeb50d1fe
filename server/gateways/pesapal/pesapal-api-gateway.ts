import {
  PesapalError,
  checkOrder,
  parseIpn,
  toDecimalString,
  toStatusCode,
  type PesapalGateway,
  type PesapalIpn,
  type PesapalOrder,
  type PesapalOrderAccepted,
  type PesapalTransactionStatus,
} from './pesapal-gateway';

export const PESAPAL_BASE_URLS = {
  sandbox: 'https://cybqa.pesapal.com/pesapalv3',
  live: 'https://pay.pesapal.com/v3',
} as const;

export type PesapalApiConfig = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
};

type PesapalBody = Record<string, unknown>;

/** Renew this long before `expiryDate` (tokens live 5 minutes). */
const TOKEN_MARGIN_MS = 30_000;
/** Used when `expiryDate` cannot be read. */
const TOKEN_FALLBACK_MS = 4 * 60_000;

/** Real Pesapal API 3.0 adapter. */
export class PesapalApiGateway implements PesapalGateway {
  readonly kind = 'pesapal' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly config: PesapalApiConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
    this.now = config.now ?? (() => new Date());
  }

  async registerIpn(url: string, method: 'GET' | 'POST'): Promise<{ ipnId: string }> {
    const body = await this.call('POST', '/api/URLSetup/RegisterIPN', { url, ipn_notification_type: method });
    if (typeof body.ipn_id !== 'string' || body.ipn_id === '')
      throw new PesapalError('invalid_response', 'Pesapal returned no ipn_id', 200);
    return { ipnId: body.ipn_id };
  }

  async submitOrder(order: PesapalOrder): Promise<PesapalOrderAccepted> {
    checkOrder(order);
    const { billingAddress } = order;
    const body = await this.call('POST', '/api/Transactions/SubmitOrderRequest', {
      id: order.id,
      currency: order.currency,
      amount: Number(order.amount),
      description: order.description,
      callback_url: order.callbackUrl,
      notification_id: order.notificationId,
      billing_address: {
        email_address: billingAddress.email,
        phone_number: billingAddress.phone,
        country_code: 'KE',
        first_name: billingAddress.first_name,
        last_name: billingAddress.last_name,
      },
    });
    if (typeof body.order_tracking_id !== 'string' || typeof body.redirect_url !== 'string') {
      throw new PesapalError(
        'invalid_response',
        'Pesapal returned no order_tracking_id or redirect_url',
        200,
      );
    }
    return {
      orderTrackingId: body.order_tracking_id,
      merchantReference: String(body.merchant_reference ?? order.id),
      redirectUrl: body.redirect_url,
    };
  }

  async getTransactionStatus(orderTrackingId: string): Promise<PesapalTransactionStatus> {
    const query = new URLSearchParams({ orderTrackingId });
    const body = await this.call('GET', `/api/Transactions/GetTransactionStatus?${query}`);
    return {
      statusCode: toStatusCode(body.status_code),
      paymentStatusDescription: String(body.payment_status_description ?? ''),
      amount: toDecimalString(body.amount),
      confirmationCode: String(body.confirmation_code ?? ''),
      merchantReference: String(body.merchant_reference ?? ''),
      paymentMethod: String(body.payment_method ?? ''),
      description: String(body.description ?? ''),
    };
  }

  parseIpn(queryOrBody: unknown): PesapalIpn {
    return parseIpn(queryOrBody);
  }

  /** Bearer token from RequestToken, cached until shortly before its `expiryDate`; one request at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now().getTime()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const body = await this.send(
      'POST',
      '/api/Auth/RequestToken',
      {},
      {
        consumer_key: this.config.consumerKey,
        consumer_secret: this.config.consumerSecret,
      },
    );
    if (typeof body.token !== 'string' || body.token === '')
      throw new PesapalError('invalid_response', 'Pesapal returned no token', 200);
    const expiry = parseExpiry(body.expiryDate);
    const nowMs = this.now().getTime();
    const expiresAt = expiry === null ? nowMs + TOKEN_FALLBACK_MS : expiry - TOKEN_MARGIN_MS;
    this.token = { value: body.token, expiresAt };
    return body.token;
  }

  /** Authenticated call; a 401 means the token died early, so it is renewed once and retried. */
  private async call(method: 'GET' | 'POST', path: string, payload?: PesapalBody): Promise<PesapalBody> {
    const attempt = async () =>
      this.send(method, path, { Authorization: `Bearer ${await this.accessToken()}` }, payload);
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof PesapalError) || error.httpStatus !== 401) throw error;
      this.token = null;
      return attempt();
    }
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    payload?: PesapalBody,
  ): Promise<PesapalBody> {
    let response: Response;
    try {
      response = await this.fetch(`${this.config.baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new PesapalError('network_error', `Pesapal could not be reached: ${(error as Error).message}`, 0);
    }
    const text = await response.text();
    let body: PesapalBody = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (typeof parsed === 'object' && parsed !== null) body = parsed as PesapalBody;
    } catch {
      // Non-JSON answers (gateway errors) are reported by their HTTP status below.
    }
    // Pesapal reports most errors with HTTP 200 and an `error` object (which is all nulls on success).
    const error =
      typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : null;
    if (error && (error.code || error.message)) {
      const status = Number(body.status);
      throw new PesapalError(
        String(error.code || 'pesapal_error'),
        String(error.message || error.code),
        response.ok && Number.isInteger(status) ? status : response.status,
      );
    }
    if (!response.ok) {
      throw new PesapalError(
        `http_${response.status}`,
        typeof body.message === 'string' ? body.message : `Pesapal answered HTTP ${response.status}`,
        response.status,
      );
    }
    return body;
  }
}

/** Pesapal's `expiryDate` is UTC, sometimes without a zone suffix and with 7 fraction digits. */
function parseExpiry(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}
