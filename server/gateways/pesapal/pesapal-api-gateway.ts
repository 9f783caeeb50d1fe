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
import {
  createOAuthClient,
  type AccessToken,
  type GatewayAnswer,
  type GatewayConnection,
  type JsonBody,
  type OAuthClient,
} from '../oauth-client';

export const PESAPAL_BASE_URLS = {
  sandbox: 'https://cybqa.pesapal.com/pesapalv3',
  live: 'https://pay.pesapal.com/v3',
} as const;

export type PesapalApiConfig = GatewayConnection;

/** Renew this long before `expiryDate` (tokens live 5 minutes). */
const TOKEN_MARGIN_MS = 30_000;
/** Used when `expiryDate` cannot be read. */
const TOKEN_FALLBACK_MS = 4 * 60_000;

/** Real Pesapal API 3.0 adapter. */
export class PesapalApiGateway implements PesapalGateway {
  readonly kind = 'pesapal' as const;
  private readonly client: OAuthClient;

  constructor(config: PesapalApiConfig) {
    this.client = createOAuthClient({
      ...config,
      tokenRequest: {
        method: 'POST',
        path: '/api/Auth/RequestToken',
        body: { consumer_key: config.consumerKey, consumer_secret: config.consumerSecret },
      },
      readToken: readPesapalToken,
      read: readPesapal,
      unreachable: (reason) =>
        new PesapalError('network_error', `Pesapal could not be reached: ${reason}`, 0),
      isTokenRefused: (error) => error instanceof PesapalError && error.httpStatus === 401,
    });
  }

  async registerIpn(url: string, method: 'GET' | 'POST'): Promise<{ ipnId: string }> {
    const body = await this.client.call('POST', '/api/URLSetup/RegisterIPN', {
      url,
      ipn_notification_type: method,
    });
    if (typeof body.ipn_id !== 'string' || body.ipn_id === '')
      throw new PesapalError('invalid_response', 'Pesapal returned no ipn_id', 200);
    return { ipnId: body.ipn_id };
  }

  async submitOrder(order: PesapalOrder): Promise<PesapalOrderAccepted> {
    checkOrder(order);
    const { billingAddress } = order;
    const body = await this.client.call('POST', '/api/Transactions/SubmitOrderRequest', {
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
    const body = await this.client.call('GET', `/api/Transactions/GetTransactionStatus?${query}`);
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
}

/**
 * Pesapal's answer, or its error as a PesapalError: most errors come with HTTP 200 and an `error`
 * object (which is all nulls on success); non-JSON answers (gateway errors) by their HTTP status.
 */
function readPesapal({ status, ok, body }: GatewayAnswer): JsonBody {
  const error =
    typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : null;
  if (error && (error.code || error.message)) {
    const stated = Number(body.status);
    throw new PesapalError(
      String(error.code || 'pesapal_error'),
      String(error.message || error.code),
      ok && Number.isInteger(stated) ? stated : status,
    );
  }
  if (!ok) {
    throw new PesapalError(
      `http_${status}`,
      typeof body.message === 'string' ? body.message : `Pesapal answered HTTP ${status}`,
      status,
    );
  }
  return body;
}

/** Pesapal's token lives 5 minutes, until its `expiryDate`; it is renewed 30 seconds before. */
function readPesapalToken(body: JsonBody, nowMs: number): AccessToken {
  if (typeof body.token !== 'string' || body.token === '')
    throw new PesapalError('invalid_response', 'Pesapal returned no token', 200);
  const expiry = parseExpiry(body.expiryDate);
  return {
    value: body.token,
    renewAt: expiry === null ? nowMs + TOKEN_FALLBACK_MS : expiry - TOKEN_MARGIN_MS,
  };
}

/** Pesapal's `expiryDate` is UTC, sometimes without a zone suffix and with 7 fraction digits. */
function parseExpiry(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}
