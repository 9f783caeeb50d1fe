// When the sandbox gateways may stand in for the real ones (docs/gateways.md, "Sandbox or real").

export type GatewayEnv = Record<string, string | undefined>;

/**
 * True when the sandbox serves this gateway: `PAYMENTS_SANDBOX=1` says so explicitly, or no
 * credentials are set outside production. In production without either the server must not start:
 * a sandbox there would take "payments" that no money backs.
 */
export function usesSandbox(
  env: GatewayEnv,
  options: { production: boolean; gateway: string; credentials: readonly string[] },
): boolean {
  if (env.PAYMENTS_SANDBOX === '1') return true;
  if (options.credentials.some((name) => env[name])) return false;
  if (options.production)
    throw new Error(
      `${options.gateway}: NODE_ENV=production but ${options.credentials.join(', ')} ${
        options.credentials.length > 1 ? 'are' : 'is'
      } not set. Set the credentials to take real payments, or PAYMENTS_SANDBOX=1 to run the sandbox on purpose.`,
    );
  return true;
}
