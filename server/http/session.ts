// Session loading, cookies and the CSRF check (Sanctum-style, docs/api.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, DataChanges } from '../db/client';
import {
  createSession,
  findSession,
  findSessionWithAccount,
  REMEMBER_LIFETIME_MS,
  type Session,
  type SessionAccount,
} from '../services/session-service';
import { hashToken, safeEqual } from '../security/tokens';
import { privateSync, type PrivateCache } from './private-cache';
import { HttpError } from './errors';
import { t } from '../../src/shared/messages';
import { isServerPath } from '../../src/shared/routes';

const SESSION_COOKIE = 'somesha_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Writes that arrive from payment gateways carry no browser cookies; they are verified by the
 * gateway's own means instead. Every such route lives under /api/hooks/{secret}/.
 */
export const CSRF_EXEMPT_PATHS: RegExp[] = [
  // Every route an outside service calls: its secret is checked instead (server/http/gateway-hooks.ts).
  /^\/api\/hooks\/[^/]+\//,
];

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_SHAPE = /^[\w-]{16,256}$/;

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** The loaded session's user (status, roles), read with it; the guards use it for that session only. */
    sessionAccount: SessionAccount | null;
  }
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function needsCsrfCheck(method: string, path: string): boolean {
  return (
    UNSAFE_METHODS.has(method) &&
    (path === '/api' || path.startsWith('/api/')) &&
    !CSRF_EXEMPT_PATHS.some((pattern) => pattern.test(path))
  );
}

export function writeSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: Session,
): void {
  const base = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    // Without "remember" both are browser-session cookies; the server still expires them when idle.
    ...(session.remember ? { maxAge: REMEMBER_LIFETIME_MS / 1000 } : {}),
  };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

/** Returns the visitor's session, starting one (and setting its cookies) when there is none. */
export async function ensureSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session> {
  if (request.session) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) writeSessionCookies(request, reply, token, request.session);
    return request.session;
  }
  const { token, session } = await createSession(db);
  request.session = session;
  writeSessionCookies(request, reply, token, session);
  return session;
}

/**
 * The session the request's cookie names, or null. The hook below loads it for server paths only; a
 * page route that must know its visitor (Pesapal's return page) asks here.
 */
export async function sessionOf(db: Database, request: FastifyRequest): Promise<Session | null> {
  const token = request.cookies[SESSION_COOKIE];
  // Session tokens are base64url (randomToken); a cookie of any other shape (NUL, 8 KB of junk)
  // cannot match one, so it is no session without a database lookup.
  return token && TOKEN_SHAPE.test(token) ? findSession(db, token) : null;
}

/**
 * `sessionOf` with the session's user's status and roles, in the same statement; from the private
 * cache when it holds the session (server/http/private-cache.ts), after hearing every change
 * committed before this request (a sign-out in another process included).
 */
async function sessionAccountOf(
  db: Database,
  request: FastifyRequest,
  cached?: { cache: PrivateCache; changes: DataChanges | null },
): Promise<SessionAccount | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  if (!cached || !(await privateSync(cached.cache, cached.changes))) return findSessionWithAccount(db, token);
  request.privateCacheSynced = true;
  const id = hashToken(token);
  const hit = cached.cache.session(id);
  if (hit) return hit;
  const generation = cached.cache.begin();
  const found = await findSessionWithAccount(db, token);
  if (found) cached.cache.storeSession(id, generation, found);
  return found;
}

export function registerSessions(
  app: FastifyInstance,
  db: Database,
  cached?: { cache: PrivateCache; changes: DataChanges | null },
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionAccount', null);

  app.addHook('onRequest', async (request) => {
    const path = pathOf(request);
    // Static files and app pages never need the session; skip the lookup for them.
    const isServer = isServerPath(path);
    // The public site's GETs answer everyone the same (server/http/public-cache.ts): no lookup either.
    const needsSession = isServer && !(request.method === 'GET' && request.routeOptions.config.publicCache);
    const found = needsSession ? await sessionAccountOf(db, request, cached) : null;
    request.session = found?.session ?? null;
    request.sessionAccount = found;

    if (needsCsrfCheck(request.method, path)) {
      const header = request.headers['x-xsrf-token'];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!request.session || !sent || !safeEqual(sent, request.session.csrfToken)) {
        throw new HttpError(419, t('auth.csrfMismatch'));
      }
    }
  });
}
