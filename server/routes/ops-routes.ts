// What a load balancer probes (CONTRACT.md "Operations", README "Health and readiness checks"):
// - GET /healthz: the process runs and answers (never asks the database), 200 `{status: "ok"}`.
// - GET /readyz: the database answers and has every migration this build ships, 200
//   `{status: "ok"}`; else 503 `{status: "unavailable", message}` (the contract's 5xx message) with
//   Retry-After, so traffic goes to another process until this one can serve.
// Both JSON, not cached, no session (a probe sends no cookie and must not make the database work),
// no CSRF (GETs), not rate limited.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { RETRY_AFTER_SECONDS } from '../http/error-handler';
import { readiness, shippedMigrations } from '../services/readiness-service';
import { t } from '../../src/shared/messages';

const OPERATIONS_PATHS = ['/healthz', '/readyz'] as const;

/** `/healthz`, `/readyz` and anything under them: never the SPA's page. */
export function isOperationsPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return OPERATIONS_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function opsRoutes(app: FastifyInstance, db: Database): void {
  const expected = shippedMigrations();
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get('/healthz', async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    noStore(reply);
    const state = await readiness(db, expected);
    if (state.ready) return { status: 'ok' };
    // Debug: a load balancer probes every few seconds, and the outage is logged where it happens.
    request.log.debug({ reason: state.reason }, 'not ready');
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', message: t('messages.general') });
  });
}
