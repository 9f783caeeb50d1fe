// The unguessable part of the gateways' callback URLs (docs/gateways.md, "Callback URLs"): from
// PAYMENTS_CALLBACK_SECRET, or generated on first start and kept in `app_settings`, so every
// process of one deployment, and every restart, uses the same URLs.
import type { Database } from '../db/client';
import { storedSecret } from './stored-secret';

/** Letters, digits, `-` and `_` only, so the secret sits in a path unescaped; 32+ characters. */
const CALLBACK_SECRET_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export function callbackSecret(db: Database, configured?: string): Promise<string> {
  return storedSecret(db, {
    key: 'payments_callback_secret',
    configured,
    pattern: CALLBACK_SECRET_PATTERN,
    invalid:
      'PAYMENTS_CALLBACK_SECRET must be 32 to 128 letters, digits, "-" or "_" (e.g. `openssl rand -hex 32`).',
    name: 'callback secret',
  });
}

/**
 * Every route an outside service calls lives under this prefix with the secret as the next segment
 * (CONTRACT.md, "Gateway-facing routes"): Daraja refuses to register URLs that contain "mpesa" or
 * "safaricom", so no path below it names a brand.
 */
export const HOOKS_PREFIX = '/api/hooks';

/** `/api/hooks/{secret}/{name}`: the pattern (`:secret`) or, with a secret, the path an outside service is told. */
const hookPath = (secret: string, name: string) => `${HOOKS_PREFIX}/${secret}/${name}`;

export type CallbackPaths = {
  stkCallback: string;
  c2bConfirmation: string;
  c2bValidation: string;
  statusResult: string;
  statusTimeout: string;
  pesapalIpn: string;
  /** Withdrawals (issue 23): the B2C payment's result and queue time-out, and its status query's. */
  b2cResult: string;
  b2cTimeout: string;
  b2cStatusResult: string;
  b2cStatusTimeout: string;
  /** SMS (issue 26): Africa's Talking's delivery reports and bulk SMS opt-outs (docs/messaging.md). */
  smsDelivery: string;
  smsOptOut: string;
};

/** The route patterns (`:secret`) and, with a secret, the paths the gateways are told. */
export function callbackPaths(secret = ':secret'): CallbackPaths {
  return {
    stkCallback: hookPath(secret, 'stk'),
    c2bConfirmation: hookPath(secret, 'c2b/confirmation'),
    c2bValidation: hookPath(secret, 'c2b/validation'),
    statusResult: hookPath(secret, 'status/result'),
    statusTimeout: hookPath(secret, 'status/timeout'),
    pesapalIpn: hookPath(secret, 'pesapal/ipn'),
    b2cResult: hookPath(secret, 'b2c/result'),
    b2cTimeout: hookPath(secret, 'b2c/timeout'),
    b2cStatusResult: hookPath(secret, 'b2c/status/result'),
    b2cStatusTimeout: hookPath(secret, 'b2c/status/timeout'),
    smsDelivery: hookPath(secret, 'sms/delivery'),
    smsOptOut: hookPath(secret, 'sms/opt-out'),
  };
}
