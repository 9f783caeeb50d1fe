import { DARAJA_BASE_URLS, DarajaMpesaGateway } from './daraja-mpesa-gateway';
import type { MpesaGateway } from './mpesa-gateway';
import { SandboxMpesaGateway, type SandboxLogger, type SandboxMpesaOptions } from './sandbox-mpesa-gateway';

export * from './daraja-protocol';
export * from './mpesa-gateway';
export { DARAJA_BASE_URLS, DarajaMpesaGateway, type DarajaConfig } from './daraja-mpesa-gateway';
export {
  SANDBOX_MPESA_PHONES,
  SandboxMpesaGateway,
  type SandboxC2BPayment,
  type SandboxMpesaOptions,
} from './sandbox-mpesa-gateway';
export { registerMpesaSandboxRoutes } from './sandbox-routes';

/** Path of the commerce route that receives C2B confirmations (CONTRACT.md). */
export const C2B_CONFIRMATION_PATH = '/api/payments/mpesa/c2b/confirmation';

export type MpesaEnv = Record<string, string | undefined>;

export type CreateMpesaOptions = {
  /** Public origin of this server, e.g. `https://somesha.co.ke`; the sandbox posts C2B confirmations there. */
  callbackBaseUrl: string;
  fetch?: typeof fetch;
  logger?: SandboxLogger;
  /** Overrides for the sandbox (tests use short delays). */
  sandbox?: Partial<SandboxMpesaOptions>;
};

/** Daraja when `MPESA_CONSUMER_KEY` is set (then every other MPESA_* credential is required), else the sandbox. */
export function createMpesaGateway(env: MpesaEnv, options: CreateMpesaOptions): MpesaGateway {
  if (env.MPESA_CONSUMER_KEY) {
    const required = ['MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'] as const;
    const missing = required.filter((name) => !env[name]);
    if (missing.length)
      throw new Error(`M-Pesa: MPESA_CONSUMER_KEY is set but ${missing.join(', ')} missing`);
    const mode = env.MPESA_ENV ?? 'sandbox';
    if (mode !== 'sandbox' && mode !== 'production')
      throw new Error('M-Pesa: MPESA_ENV must be sandbox or production');
    return new DarajaMpesaGateway({
      baseUrl: DARAJA_BASE_URLS[mode],
      consumerKey: env.MPESA_CONSUMER_KEY,
      consumerSecret: env.MPESA_CONSUMER_SECRET as string,
      shortcode: env.MPESA_SHORTCODE as string,
      passkey: env.MPESA_PASSKEY as string,
      paybill: env.MPESA_PAYBILL || undefined,
      fetch: options.fetch,
    });
  }
  const base = options.callbackBaseUrl.replace(/\/+$/, '');
  return new SandboxMpesaGateway({
    c2bConfirmationUrl: `${base}${C2B_CONFIRMATION_PATH}`,
    businessNumber: env.MPESA_PAYBILL || undefined,
    callbackDelayMs: positive(env.MPESA_SANDBOX_CALLBACK_DELAY_MS),
    timeoutMs: positive(env.MPESA_SANDBOX_TIMEOUT_MS),
    fetch: options.fetch,
    logger: options.logger,
    ...options.sandbox,
  });
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : undefined;
}
