// What the commerce services need beyond AppContext: the payment gateways and their timings.
import type { AppContext } from '../context';
import type { MpesaGateway } from '../gateways/mpesa';
import type { PesapalGateway } from '../gateways/pesapal';

export type CommerceSettings = {
  /** A pending M-Pesa payment older than this is asked about with an STK query (its callback may be lost). */
  mpesaQueryAfterMs: number;
  /** At most one gateway query per pending transaction in this interval. */
  queryIntervalMs: number;
  /** An STK push the gateway no longer knows (restart, expiry) fails once older than this. */
  mpesaGiveUpAfterMs: number;
  /** Origin the gateways call back (defaults to APP_URL; a tunnel URL in development with real gateways). */
  callbackBaseUrl?: string;
};

export const DEFAULT_COMMERCE_SETTINGS: CommerceSettings = {
  mpesaQueryAfterMs: 30_000,
  queryIntervalMs: 10_000,
  mpesaGiveUpAfterMs: 3 * 60_000,
};

export type CommerceContext = AppContext & {
  mpesa: MpesaGateway;
  pesapal: PesapalGateway;
  settings: CommerceSettings;
  /** Pesapal IPN id, registered lazily once per process. */
  pesapalIpn: { promise: Promise<string> | null };
};

export const callbackBase = (ctx: CommerceContext) => ctx.settings.callbackBaseUrl ?? ctx.config.appUrl;
