import type { Database } from '../../db/client';
import { usesSandbox } from '../sandbox-mode';
import { PESAPAL_BASE_URLS, PesapalApiGateway } from './pesapal-api-gateway';
import type { PesapalGateway } from './pesapal-gateway';
import { SandboxPesapalGateway, type SandboxPesapalLogger } from './sandbox-pesapal-gateway';

export * from './pesapal-gateway';
export { PESAPAL_BASE_URLS, PesapalApiGateway, type PesapalApiConfig } from './pesapal-api-gateway';
export {
  PESAPAL_SANDBOX_PAGE,
  SandboxPesapalGateway,
  type SandboxPesapalChoice,
  type SandboxPesapalOptions,
  type SandboxPesapalOrder,
} from './sandbox-pesapal-gateway';
export { registerPesapalSandboxRoutes } from './sandbox-routes';

export type PesapalEnv = Record<string, string | undefined>;

export type CreatePesapalOptions = {
  /** The sandbox keeps its orders here. */
  db: Database;
  /** Public origin of this server; the sandbox's hosted page URLs start with it. */
  baseUrl: string;
  /** NODE_ENV=production: no sandbox without PAYMENTS_SANDBOX=1. */
  production: boolean;
  fetch?: typeof fetch;
  logger?: SandboxPesapalLogger;
};

/**
 * The real API when `PESAPAL_CONSUMER_KEY` is set (then the secret is required), else the sandbox,
 * which production refuses unless PAYMENTS_SANDBOX=1 (server/gateways/sandbox-mode.ts).
 */
export function createPesapalGateway(env: PesapalEnv, options: CreatePesapalOptions): PesapalGateway {
  const sandbox = usesSandbox(env, {
    production: options.production,
    gateway: 'Pesapal',
    credentials: ['PESAPAL_CONSUMER_KEY'],
  });
  if (!sandbox && env.PESAPAL_CONSUMER_KEY) {
    if (!env.PESAPAL_CONSUMER_SECRET)
      throw new Error('Pesapal: PESAPAL_CONSUMER_KEY is set but PESAPAL_CONSUMER_SECRET missing');
    const mode = env.PESAPAL_ENV ?? 'sandbox';
    if (mode !== 'sandbox' && mode !== 'live')
      throw new Error('Pesapal: PESAPAL_ENV must be sandbox or live');
    return new PesapalApiGateway({
      baseUrl: PESAPAL_BASE_URLS[mode],
      consumerKey: env.PESAPAL_CONSUMER_KEY,
      consumerSecret: env.PESAPAL_CONSUMER_SECRET,
      fetch: options.fetch,
    });
  }
  return new SandboxPesapalGateway({
    db: options.db,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    logger: options.logger,
  });
}
