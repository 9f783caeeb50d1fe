// DB-backed sessions (docs/api.md): the cookie holds a random token, the table its sha256.
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles, sessions, userRoles, users } from '../db/schema';
import { hashToken, randomToken } from '../security/tokens';

export type Session = typeof sessions.$inferSelect;

const IDLE_LIFETIME_MS = 2 * 60 * 60 * 1000;
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most once a minute per session to keep reads cheap.
export const TOUCH_INTERVAL_MS = 60 * 1000;

const lifetime = (remember: boolean) => (remember ? REMEMBER_LIFETIME_MS : IDLE_LIFETIME_MS);

/** A session's user as the guards need them: their status and role names, read with the session. */
export type SessionAccount = { session: Session; status: string | null; roles: string[] };

/**
 * The session a cookie names and its user's status and roles, in one statement: every signed-in
 * request reads both, and a round trip to the database is most of what a small read costs (issue 27).
 */
export async function findSessionWithAccount(db: Database, token: string): Promise<SessionAccount | null> {
  const [found] = await db
    .select({
      session: sessions,
      status: users.status,
      roles: sql<string[] | null>`(select array_agg(${roles.name}) from ${userRoles}
        inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${sessions.userId})`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, hashToken(token)));
  if (!found) return null;
  const row = found.session;
  const account = (session: Session): SessionAccount => ({
    session,
    status: found.status,
    roles: found.roles ?? [],
  });
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const touched = { lastSeenAt: new Date(now), expiresAt: new Date(now + lifetime(row.remember)) };
    await db.update(sessions).set(touched).where(eq(sessions.id, row.id));
    return account({ ...row, ...touched });
  }
  return account(row);
}

export async function findSession(db: Database, token: string): Promise<Session | null> {
  return (await findSessionWithAccount(db, token))?.session ?? null;
}

export async function createSession(
  db: Database,
  options: { userId?: number | null; remember?: boolean } = {},
): Promise<{ token: string; session: Session }> {
  // Expired rows are swept now and then instead of by a separate job.
  if (Math.random() < 0.05) await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const token = randomToken(40);
  const remember = options.remember ?? false;
  const [session] = await db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: options.userId ?? null,
      csrfToken: randomToken(32),
      remember,
      expiresAt: new Date(Date.now() + lifetime(remember)),
    })
    .returning();
  if (!session) throw new Error('Session insert returned no row');
  return { token, session };
}

/**
 * Sign-in: the old id (known to anyone who planted it) dies and a fresh id and CSRF token carry the
 * user. The row is re-keyed rather than replaced, so rows that reference `sessions.id` with
 * ON UPDATE CASCADE (a visitor's cart) follow the visitor into the signed-in session.
 */
export async function rotateSession(
  db: Database,
  previous: Session | null,
  userId: number,
  remember: boolean,
): Promise<{ token: string; session: Session; previousId: string | null }> {
  if (previous) {
    const token = randomToken(40);
    const now = Date.now();
    const [session] = await db
      .update(sessions)
      .set({
        id: hashToken(token),
        userId,
        csrfToken: randomToken(32),
        remember,
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + lifetime(remember)),
      })
      .where(eq(sessions.id, previous.id))
      .returning();
    if (session) return { token, session, previousId: previous.id };
  }
  const created = await createSession(db, { userId, remember });
  return { ...created, previousId: previous?.id ?? null };
}

export async function destroySession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** After a password change or reset, other devices are signed out. */
export async function destroyUserSessions(db: Database, userId: number, keepId?: string): Promise<void> {
  const condition = keepId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}
