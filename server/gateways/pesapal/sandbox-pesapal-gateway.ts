import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPesapalIpns, sandboxPesapalOrders } from '../../db/schema';
import { isHttpUrl } from '../http-url';
import {
  PESAPAL_STATUS,
  PesapalError,
  checkOrder,
  parseIpn,
  type PesapalGateway,
  type PesapalIpn,
  type PesapalOrder,
  type PesapalOrderAccepted,
  type PesapalStatusCode,
  type PesapalTransactionStatus,
} from './pesapal-gateway';

export const PESAPAL_SANDBOX_PAGE = '/sandbox/pesapal/pay';

export type SandboxPesapalLogger = { warn(details: object, message: string): void };

export type SandboxPesapalOptions = {
  /** Where the sandbox keeps its IPN registrations and orders, as Pesapal keeps its own. */
  db: Database;
  /** Public origin of this server; the hosted page lives at `${baseUrl}/sandbox/pesapal/pay/{id}`. */
  baseUrl: string;
  fetch?: typeof fetch;
  logger?: SandboxPesapalLogger;
};

export type SandboxPesapalOrder = {
  orderTrackingId: string;
  order: PesapalOrder;
  statusCode: PesapalStatusCode;
  paymentStatusDescription: string;
  description: string;
  confirmationCode: string;
  paymentMethod: string;
};

export type SandboxPesapalChoice = 'pay' | 'cancel';

const DESCRIPTIONS: Record<PesapalStatusCode, string> = {
  0: 'INVALID',
  1: 'Completed',
  2: 'Failed',
  3: 'Reversed',
};

/**
 * Pesapal without leaving the machine: orders are rows in its own tables, the hosted payment page is served by
 * `registerPesapalSandboxRoutes`, and choosing Pay or Cancel there sends the IPN to the registered
 * URL and sends the browser back to the order's callback URL, as Pesapal does.
 */
export class SandboxPesapalGateway implements PesapalGateway {
  readonly kind = 'sandbox' as const;
  private readonly db: Database;
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: SandboxPesapalOptions) {
    this.db = options.db;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async registerIpn(url: string, method: 'GET' | 'POST'): Promise<{ ipnId: string }> {
    if (!isHttpUrl(url)) throw new PesapalError('invalid_ipn_url', 'The IPN URL is not a valid URL', 400);
    if (method !== 'GET' && method !== 'POST')
      throw new PesapalError('invalid_ipn_notification_type', 'Use GET or POST', 400);
    // Pesapal hands back the same id when a URL is registered again.
    const [known] = await this.db
      .select()
      .from(sandboxPesapalIpns)
      .where(and(eq(sandboxPesapalIpns.url, url), eq(sandboxPesapalIpns.method, method)));
    if (known) return { ipnId: known.ipnId };
    const ipnId = randomUUID();
    await this.db.insert(sandboxPesapalIpns).values({ ipnId, url, method });
    return { ipnId };
  }

  async submitOrder(order: PesapalOrder): Promise<PesapalOrderAccepted> {
    checkOrder(order);
    if (!(await this.findIpn(order.notificationId))) {
      throw new PesapalError('invalid_notification_id', 'The notification_id is not registered', 400);
    }
    const orderTrackingId = randomUUID();
    await this.db.insert(sandboxPesapalOrders).values({
      orderTrackingId,
      order: { ...order, billingAddress: { ...order.billingAddress } },
      statusCode: PESAPAL_STATUS.INVALID,
      paymentStatusDescription: DESCRIPTIONS[0],
      description: '',
      confirmationCode: '',
      paymentMethod: '',
    });
    return {
      orderTrackingId,
      merchantReference: order.id,
      redirectUrl: `${this.baseUrl}${PESAPAL_SANDBOX_PAGE}/${orderTrackingId}`,
    };
  }

  async getTransactionStatus(orderTrackingId: string): Promise<PesapalTransactionStatus> {
    const found = await this.requireOrder(orderTrackingId);
    return {
      statusCode: found.statusCode,
      paymentStatusDescription: found.paymentStatusDescription,
      amount: Number(found.order.amount).toFixed(2),
      confirmationCode: found.confirmationCode,
      merchantReference: found.order.id,
      paymentMethod: found.paymentMethod,
      description: found.description,
    };
  }

  parseIpn(queryOrBody: unknown): PesapalIpn {
    return parseIpn(queryOrBody);
  }

  /** The order behind a hosted page, or undefined. */
  async findOrder(orderTrackingId: string): Promise<Readonly<SandboxPesapalOrder> | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxPesapalOrders)
      .where(eq(sandboxPesapalOrders.orderTrackingId, orderTrackingId));
    return row
      ? { ...row, order: row.order as PesapalOrder, statusCode: row.statusCode as PesapalStatusCode }
      : undefined;
  }

  /**
   * The customer's choice on the hosted page. Records the result, delivers the IPN (awaited, so
   * the merchant knows before the browser lands on its callback) and returns where to send the browser.
   * Throws `PesapalError` (`order_closed`) when the order was already paid or cancelled.
   */
  async complete(
    orderTrackingId: string,
    choice: SandboxPesapalChoice,
  ): Promise<{ redirectUrl: string; ipnStatus: number | null }> {
    await this.requireOrder(orderTrackingId);
    const statusCode = choice === 'pay' ? PESAPAL_STATUS.COMPLETED : PESAPAL_STATUS.FAILED;
    // Only an open order closes, once: two clicks (or two tabs) cannot both pay it.
    const [closed] = await this.db
      .update(sandboxPesapalOrders)
      .set({
        statusCode,
        paymentStatusDescription: DESCRIPTIONS[statusCode],
        ...(choice === 'pay'
          ? {
              description: 'Payment completed successfully',
              confirmationCode: confirmationCode(),
              paymentMethod: 'Visa',
            }
          : { description: 'Payment cancelled by the customer' }),
      })
      .where(
        and(
          eq(sandboxPesapalOrders.orderTrackingId, orderTrackingId),
          eq(sandboxPesapalOrders.statusCode, PESAPAL_STATUS.INVALID),
        ),
      )
      .returning();
    if (!closed) throw new PesapalError('order_closed', 'This order has already been processed', 409);
    const found = (await this.requireOrder(orderTrackingId)) as SandboxPesapalOrder;

    const ipnStatus = await this.sendIpn(found);
    const redirect = new URL(found.order.callbackUrl);
    redirect.searchParams.set('OrderTrackingId', found.orderTrackingId);
    redirect.searchParams.set('OrderMerchantReference', found.order.id);
    redirect.searchParams.set('OrderNotificationType', 'CALLBACKURL');
    return { redirectUrl: redirect.toString(), ipnStatus };
  }

  /**
   * Sends the IPN of a finished order once more, as Pesapal does until it is acknowledged: the
   * commerce route must change nothing the second time. Returns the HTTP status, or null.
   */
  async resendIpn(orderTrackingId: string): Promise<number | null> {
    const found = await this.requireOrder(orderTrackingId);
    return found.statusCode === PESAPAL_STATUS.INVALID ? null : this.sendIpn(found);
  }

  private async findIpn(ipnId: string) {
    const [ipn] = await this.db.select().from(sandboxPesapalIpns).where(eq(sandboxPesapalIpns.ipnId, ipnId));
    return ipn;
  }

  private async requireOrder(orderTrackingId: string): Promise<Readonly<SandboxPesapalOrder>> {
    const found = await this.findOrder(orderTrackingId);
    if (!found)
      throw new PesapalError('invalid_order_tracking_id', 'The order tracking id is not known', 404);
    return found;
  }

  /** Sends the IPN the way it was registered (GET query or POST JSON); failures are logged, not thrown. */
  private async sendIpn(found: Readonly<SandboxPesapalOrder>): Promise<number | null> {
    const ipn = await this.findIpn(found.order.notificationId);
    if (!ipn) return null;
    const fields = {
      OrderTrackingId: found.orderTrackingId,
      OrderMerchantReference: found.order.id,
      OrderNotificationType: 'IPNCHANGE',
    };
    const url = new URL(ipn.url);
    if (ipn.method === 'GET')
      for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    try {
      const response = await this.fetch(url, {
        method: ipn.method,
        headers: {
          Accept: 'application/json',
          ...(ipn.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        },
        body: ipn.method === 'POST' ? JSON.stringify(fields) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok)
        this.options.logger?.warn(
          { url: ipn.url, status: response.status },
          'Pesapal sandbox: the IPN was refused',
        );
      return response.status;
    } catch (error) {
      this.options.logger?.warn(
        { url: ipn.url, err: error },
        'Pesapal sandbox: the IPN could not be delivered',
      );
      return null;
    }
  }
}

/** Pesapal confirmation codes are long digit strings. */
function confirmationCode(): string {
  return Array.from(randomBytes(11), (byte) => String(byte % 100).padStart(2, '0')).join('');
}
