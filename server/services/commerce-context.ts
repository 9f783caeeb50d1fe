// What the commerce services need beyond AppContext: the payment gateways, their callback URLs and timings.
import type { AppContext } from '../context';
import type { MpesaGateway } from '../gateways/mpesa';
import type { B2CGateway } from '../gateways/mpesa-b2c';
import type { PesapalGateway } from '../gateways/pesapal';
import type { CallbackPaths } from './callback-secret-service';
import type { FollowUps } from './follow-ups';

export type CommerceSettings = {
  /** A pending M-Pesa or Pesapal payment is first asked about this long after it started (its notification may be lost). */
  mpesaQueryAfterMs: number;
  /** First wait between two gateway queries for one pending transaction; it doubles each time. */
  queryIntervalMs: number;
  /** The longest wait between two queries (the backoff's ceiling). */
  maxQueryIntervalMs: number;
  /**
   * The shortest time between two gateway queries about one transaction that a notification (an
   * IPN, a callback, Pesapal's return page) may force, in any process. The SPA's polling and the
   * background check wait for `next_check_at`, at least `queryIntervalMs` after the last query; so
   * with `queryIntervalMs` not below this, nothing asks more often than once per this gap.
   */
  minCheckGapMs: number;
  /**
   * An M-Pesa express payment still unconfirmed this long after the push ends as `expired`: the
   * prompt times out after about a minute, and Daraja has answered the query well before 3 more.
   */
  mpesaGiveUpAfterMs: number;
  /** A Pesapal payment still unconfirmed after this ends as `expired` (a card page left open for a day). */
  pesapalGiveUpAfterMs: number;
  /**
   * A paybill confirmation whose status query never answered goes to `needs_review` after this:
   * the customer may really have paid, so staff look at it rather than the server guessing.
   */
  paybillGiveUpAfterMs: number;
  /** Origin the gateways call back (defaults to APP_URL; a tunnel URL in development with real gateways). */
  callbackBaseUrl?: string;
};

export const DEFAULT_COMMERCE_SETTINGS: CommerceSettings = {
  mpesaQueryAfterMs: 30_000,
  queryIntervalMs: 10_000,
  maxQueryIntervalMs: 10 * 60_000,
  minCheckGapMs: 5_000,
  mpesaGiveUpAfterMs: 4 * 60_000,
  pesapalGiveUpAfterMs: 24 * 60 * 60_000,
  paybillGiveUpAfterMs: 24 * 60 * 60_000,
};

export type CommerceLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type CommerceContext = AppContext & {
  mpesa: MpesaGateway;
  /** Withdrawals to M-Pesa (Daraja B2C, issue 23). */
  b2c: B2CGateway;
  pesapal: PesapalGateway;
  settings: CommerceSettings;
  /** The gateways' notification routes, each with the deployment's callback secret in its path. */
  callbacks: CallbackPaths;
  log: CommerceLogger;
  /** What notifications leave for after their answer (the server's own question to the gateway). */
  followUps: FollowUps;
  /** Pesapal IPN id, registered lazily once per process. */
  pesapalIpn: { promise: Promise<string> | null };
};

export const callbackBase = (ctx: CommerceContext) => ctx.settings.callbackBaseUrl ?? ctx.config.appUrl;

/** Full URL of one of the gateways' notification routes. */
export const callbackUrl = (ctx: CommerceContext, name: keyof CallbackPaths) =>
  `${callbackBase(ctx)}${ctx.callbacks[name]}`;
