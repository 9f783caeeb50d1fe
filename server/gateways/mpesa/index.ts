import type { Database } from '../../db/client';
import { usesSandbox } from '../sandbox-mode';
import { DARAJA_BASE_URLS, DarajaMpesaGateway } from './daraja-mpesa-gateway';
import type { MpesaGateway } from './mpesa-gateway';
import { SandboxMpesaGateway, type SandboxLogger, type SandboxMpesaOptions } from './sandbox-mpesa-gateway';

export * from './daraja-protocol';
export * from './mpesa-gateway';
export {
  DARAJA_BASE_URLS,
  DarajaMpesaGateway,
  createDarajaClient,
  readDaraja,
  readDarajaToken,
  statusQueryAccepted,
  type DarajaConfig,
} from './daraja-mpesa-gateway';
export {
  SANDBOX_MPESA_PHONES,
  SandboxMpesaGateway,
  type SandboxC2BPayment,
  type SandboxLogger,
  type SandboxMpesaOptions,
} from './sandbox-mpesa-gateway';
export { registerMpesaSandboxRoutes } from './sandbox-routes';

export type MpesaEnv = Record<string, string | undefined>;

export type CreateMpesaOptions = {
  /** The sandbox keeps its records here. */
  db: Database;
  /** Full URL of the C2B confirmation route (with the callback secret); the sandbox posts there. */
  c2bConfirmationUrl: string;
  /** NODE_ENV=production: no sandbox without PAYMENTS_SANDBOX=1. */
  production: boolean;
  fetch?: typeof fetch;
  logger?: SandboxLogger;
  /** Overrides for the sandbox (tests use short delays). */
  sandbox?: Partial<SandboxMpesaOptions>;
};

/**
 * Daraja when `MPESA_CONSUMER_KEY` is set (then every other MPESA_* credential is required), else the
 * sandbox, which production refuses unless PAYMENTS_SANDBOX=1 (server/gateways/sandbox-mode.ts).
 */
export function createMpesaGateway(env: MpesaEnv, options: CreateMpesaOptions): MpesaGateway {
  const sandbox = usesSandbox(env, {
    production: options.production,
    gateway: 'M-Pesa',
    credentials: ['MPESA_CONSUMER_KEY'],
  });
  if (!sandbox) {
    const required = [
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
      'MPESA_INITIATOR_NAME',
      'MPESA_SECURITY_CREDENTIAL',
    ] as const;
    return new DarajaMpesaGateway({
      baseUrl: darajaBaseUrl(env, required, 'M-Pesa'),
      consumerKey: env.MPESA_CONSUMER_KEY as string,
      consumerSecret: env.MPESA_CONSUMER_SECRET as string,
      shortcode: env.MPESA_SHORTCODE as string,
      passkey: env.MPESA_PASSKEY as string,
      paybill: env.MPESA_PAYBILL || undefined,
      initiator: env.MPESA_INITIATOR_NAME,
      securityCredential: env.MPESA_SECURITY_CREDENTIAL,
      fetch: options.fetch,
    });
  }
  return new SandboxMpesaGateway({
    db: options.db,
    c2bConfirmationUrl: options.c2bConfirmationUrl,
    businessNumber: env.MPESA_PAYBILL || undefined,
    callbackDelayMs: positive(env.MPESA_SANDBOX_CALLBACK_DELAY_MS),
    timeoutMs: positive(env.MPESA_SANDBOX_TIMEOUT_MS),
    statusDelayMs: positive(env.MPESA_SANDBOX_STATUS_DELAY_MS),
    fetch: options.fetch,
    logger: options.logger,
    ...options.sandbox,
  });
}

/**
 * The real Daraja's URL once `MPESA_CONSUMER_KEY` is set: start-up names the `required` settings that
 * are missing, and refuses an MPESA_ENV other than sandbox or production.
 */
export function darajaBaseUrl(env: MpesaEnv, required: readonly string[], gateway: string): string {
  const missing = required.filter((name) => !env[name]);
  if (missing.length)
    throw new Error(
      `${gateway}: MPESA_CONSUMER_KEY is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  const mode = env.MPESA_ENV ?? 'sandbox';
  if (mode !== 'sandbox' && mode !== 'production')
    throw new Error('M-Pesa: MPESA_ENV must be sandbox or production');
  return DARAJA_BASE_URLS[mode];
}

/** A delay setting: a non-negative number, else the default. */
export function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : undefined;
}
