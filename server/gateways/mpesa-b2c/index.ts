import type { Database } from '../../db/client';
import { darajaBaseUrl, positive, type SandboxLogger } from '../mpesa';
import { usesSandbox } from '../sandbox-mode';
import type { B2CGateway } from './b2c-gateway';
import { DarajaB2CGateway } from './daraja-b2c-gateway';
import { SandboxB2CGateway, type SandboxB2COptions } from './sandbox-b2c-gateway';

export * from './b2c-gateway';
export * from './b2c-protocol';
export { DarajaB2CGateway, type DarajaB2CConfig } from './daraja-b2c-gateway';
export { SANDBOX_B2C_PHONES, SandboxB2CGateway, type SandboxB2COptions } from './sandbox-b2c-gateway';

export type CreateB2COptions = {
  /** The sandbox keeps its payments here. */
  db: Database;
  /** NODE_ENV=production: no sandbox without PAYMENTS_SANDBOX=1. */
  production: boolean;
  fetch?: typeof fetch;
  logger?: SandboxLogger;
  /** Overrides for the sandbox (tests use short delays). */
  sandbox?: Partial<SandboxB2COptions>;
};

/** What the real B2C adapter needs besides the Daraja app's key and secret. */
export const B2C_REQUIRED_ENV = [
  'MPESA_CONSUMER_SECRET',
  'MPESA_B2C_SHORTCODE',
  'MPESA_INITIATOR_NAME',
  'MPESA_SECURITY_CREDENTIAL',
] as const;

/**
 * Daraja when the real M-Pesa is configured (`MPESA_CONSUMER_KEY`): then the B2C shortcode and its
 * initiator are required, and start-up names what is missing. Else the sandbox, which production
 * refuses unless PAYMENTS_SANDBOX=1 (server/gateways/sandbox-mode.ts).
 */
export function createB2CGateway(
  env: Record<string, string | undefined>,
  options: CreateB2COptions,
): B2CGateway {
  const sandbox = usesSandbox(env, {
    production: options.production,
    gateway: 'M-Pesa B2C',
    credentials: ['MPESA_CONSUMER_KEY'],
  });
  if (!sandbox) {
    return new DarajaB2CGateway({
      baseUrl: darajaBaseUrl(env, B2C_REQUIRED_ENV, 'M-Pesa B2C (withdrawals)'),
      consumerKey: env.MPESA_CONSUMER_KEY as string,
      consumerSecret: env.MPESA_CONSUMER_SECRET as string,
      shortcode: env.MPESA_B2C_SHORTCODE as string,
      initiator: env.MPESA_INITIATOR_NAME as string,
      securityCredential: env.MPESA_SECURITY_CREDENTIAL as string,
      fetch: options.fetch,
    });
  }
  return new SandboxB2CGateway({
    db: options.db,
    resultDelayMs: positive(env.MPESA_SANDBOX_B2C_RESULT_DELAY_MS),
    statusDelayMs: positive(env.MPESA_SANDBOX_STATUS_DELAY_MS),
    acceptDelayMs: positive(env.MPESA_SANDBOX_B2C_ACCEPT_DELAY_MS),
    fetch: options.fetch,
    logger: options.logger,
    ...options.sandbox,
  });
}
