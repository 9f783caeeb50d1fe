// The door every outside service knocks on: routes under /api/hooks/{secret}/… (HOOKS_PREFIX).
// They carry no session and no CSRF token (CSRF_EXEMPT_PATHS); the secret in the path, and
// optionally the caller's address, are all that let a request in. Any route registered under the
// prefix takes `gatewayHookGuard` as its `onRequest` (the M-Pesa and Pesapal notifications today,
// B2C results and SMS reports later).
import type { onRequestAsyncHookHandler } from 'fastify';
import { safeEqual } from '../security/tokens';
import { notFound } from './errors';
import { parseAllowList } from './network-allow-list';

/**
 * Checked before the body is read: a wrong secret, or a source outside `allow`
 * (PAYMENTS_CALLBACK_ALLOW), is the same 404 as a path that does not exist, so it learns nothing.
 */
export function gatewayHookGuard(secret: string, allow: readonly string[] = []): onRequestAsyncHookHandler {
  const allowList = parseAllowList(allow);
  return async (request) => {
    const sent = (request.params as { secret?: unknown }).secret;
    if (typeof sent !== 'string' || !safeEqual(sent, secret)) throw notFound();
    if (allowList && !allowList.allows(request.ip)) {
      request.log.warn({ ip: request.ip }, 'gateway callback from outside PAYMENTS_CALLBACK_ALLOW');
      throw notFound();
    }
  };
}
