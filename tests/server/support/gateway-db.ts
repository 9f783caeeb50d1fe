// A migrated, empty in-memory database for the sandbox gateways' own tables (no app, no seed).
import { createDatabase, type DatabaseHandle } from '../../../server/db/client';

export async function gatewayDatabase(): Promise<DatabaseHandle> {
  const handle = await createDatabase({ memory: true });
  await handle.migrate();
  return handle;
}

/**
 * The sandbox pages are for signed-in testers; a bare Fastify app in a gateway unit test has no
 * session layer, so this stands one in (the HTTP tests check the real one).
 */
export const TESTER_CSRF = 'tester-csrf-token';
export function signedInTester(app: import('fastify').FastifyInstance): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { session: unknown }).session = { userId: 1, csrfToken: TESTER_CSRF };
  });
}
