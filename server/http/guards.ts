// preHandlers for protected routes: 401 without a signed-in session, 403 for the wrong role.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { roles, userRoles, users } from '../db/schema';
import { unauthenticated, unauthorized } from './errors';

export type AuthUser = { id: number; roles: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export function createGuards(db: Database) {
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const userId = request.session?.userId;
    if (!userId) throw unauthenticated();
    // Read with the session by the session hook (one statement less per request), while the request
    // still has that session (a sign-in in this request replaces it).
    const known = request.sessionAccount;
    if (known && known.session === request.session) {
      if (known.status !== 'active') throw unauthenticated();
      request.authUser = { id: userId, roles: known.roles };
      return;
    }
    const rows = await db
      .select({ status: users.status, role: roles.name })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .leftJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(users.id, userId));
    // A suspended or deleted account loses its sessions' rights at once.
    if (rows.length === 0 || rows[0]?.status !== 'active') throw unauthenticated();
    request.authUser = { id: userId, roles: rows.flatMap((row) => (row.role ? [row.role] : [])) };
  }

  function requireRole(...allowed: string[]): preHandlerAsyncHookHandler {
    return async function roleGuard(request, reply) {
      await authenticate(request, reply);
      if (!request.authUser?.roles.some((role) => allowed.includes(role))) throw unauthorized();
    };
  }

  return { authenticate, requireRole };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user, for handlers behind `authenticate`/`requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
