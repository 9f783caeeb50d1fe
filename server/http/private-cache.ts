// Answers an allow-list of signed-in GETs (bookings, timetable, notifications, a lesson page) and the
// session lookup every signed-in request makes from memory, until the data behind them changes.
// Built like the public cache (server/http/public-cache.ts, which stores the answers here too):
//
// - **Never shared between users.** An answer is stored under the signed-in user's id, the method
//   and the whole URL (`<user id> GET <url>`), only for a 200 the route computed after its guard
//   let that user in; it is given only to a request whose session (looked up first) belongs to that
//   user and whose account is active. The cookie is not the key: it only finds the session.
//   The reply keeps the route's `Cache-Control: no-store`.
// - **Exact invalidation.** Every write to a table these reads or the session lookup read (every
//   table but a few, migration 0019) sends `NOTIFY private_data` after commit; on it every stored
//   answer and session is dropped. A session row tells only when it ends or changes hands (sign-out,
//   sign-in, expiry sweep), not when its sliding expiry is written (at most once a minute), so the
//   cache does not depend on that column: a stored session is used only while its `last_seen_at`
//   is under a minute old and it has not expired, else it is read (and touched) again.
//   An answer or session read while a write committed is not stored (generations); before a lookup
//   the request waits until every notification committed before it has arrived (`DataChanges.sync`,
//   one shared round trip on PostgreSQL, nothing on PGlite), so a sign-out or a write through
//   another process is seen by the next request. If the listening connection breaks, nothing is
//   cached until it listens again.
// - **Time.** Answers depend on the clock (this week, "upcoming", a lesson that has ended becomes
//   "attended", join windows): they expire after `ttlMs` (10 s).
// - **Bounded.** At most `maxEntries` answers and `maxBytes` bytes, `maxSessions` sessions, least
//   recently used out first. PRIVATE_CACHE=off turns it off.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataChanges } from '../db/client';
import { TOUCH_INTERVAL_MS, type SessionAccount } from '../services/session-service';
import { PublicCache } from './public-cache';

export type PrivateCacheOptions = {
  /** Off: every request is computed (PRIVATE_CACHE=off, and when there is no change feed). */
  enabled?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  maxSessions?: number;
  ttlMs?: number;
  now?: () => number;
};

export class PrivateCache {
  readonly enabled: boolean;
  /** The answers: the public cache's machinery (generations, TTL, LRU, precompression). */
  readonly answers: PublicCache;
  private readonly sessions = new Map<string, SessionAccount>();
  private readonly maxSessions: number;
  private readonly now: () => number;
  readonly sessionStats = { hits: 0, misses: 0, stored: 0 };

  constructor({
    enabled = true,
    maxEntries = 5000,
    maxBytes = 32 * 1024 * 1024,
    maxSessions = 10_000,
    ttlMs = 10_000,
    now = Date.now,
  }: PrivateCacheOptions = {}) {
    this.enabled = enabled;
    this.now = now;
    this.maxSessions = maxSessions;
    this.answers = new PublicCache({ enabled, maxEntries, maxBytes, ttlMs, now });
  }

  get active(): boolean {
    return this.answers.active;
  }

  /** Private data changed: forget every answer and session. */
  invalidate(): void {
    this.answers.invalidate();
    this.sessions.clear();
  }

  /** The generation a session or answer is read in (pass it back to `storeSession` / `store`). */
  begin(): number {
    return this.answers.begin();
  }

  /** The stored session for this token hash, while it needs no touch and has not expired. */
  session(id: string): SessionAccount | null {
    if (!this.active) return null;
    const found = this.sessions.get(id);
    if (!found) {
      this.sessionStats.misses += 1;
      return null;
    }
    const now = this.now();
    const { expiresAt, lastSeenAt } = found.session;
    if (expiresAt.getTime() <= now || now - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      // The lookup deletes an expired session, or writes its sliding expiry: let it.
      this.sessions.delete(id);
      this.sessionStats.misses += 1;
      return null;
    }
    this.sessions.delete(id);
    this.sessions.set(id, found);
    this.sessionStats.hits += 1;
    // A copy: nothing a request does to its session reaches the next request's.
    return { session: { ...found.session }, status: found.status, roles: [...found.roles] };
  }

  storeSession(id: string, generation: number, account: SessionAccount): void {
    if (!this.active || generation !== this.begin()) return;
    this.sessions.delete(id);
    this.sessions.set(id, {
      session: { ...account.session },
      status: account.status,
      roles: [...account.roles],
    });
    this.sessionStats.stored += 1;
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
  }

  /** Listens to the database's private change feed; until then (and without one) nothing is cached. */
  async follow(changes: DataChanges): Promise<() => void> {
    return changes.subscribe({
      onChange: () => this.invalidate(),
      onLost: () => {
        this.answers.lost();
        this.sessions.clear();
      },
      onRestored: () => {
        this.answers.restored();
        this.sessions.clear();
      },
    });
  }
}

/**
 * Before a session lookup: waits until every private change committed before this request has been
 * heard (a no-op on PGlite). False when that cannot be known (no feed, the wait failed, the cache
 * is off): then neither a stored session nor a stored answer may be used for this request.
 */
export async function privateSync(cache: PrivateCache, changes: DataChanges | null): Promise<boolean> {
  if (!cache.active || !changes) return false;
  if (changes.immediate) return true;
  try {
    await changes.sync();
    return true;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer this signed-in GET from the private cache (per user; server/http/private-cache.ts). */
    privateCache?: boolean;
  }
  interface FastifyRequest {
    /** The private cache was synced with the change feed for this request (set by the session hook). */
    privateCacheSynced?: boolean;
    privateCacheUser?: number;
    privateCacheGeneration?: number;
    privateCacheRelease?: () => void;
  }
}

const keyOf = (userId: number, request: FastifyRequest) => `${userId} GET ${request.url}`;

/**
 * Hooks for routes with `config: { privateCache: true }`. Register after the session hook
 * (server/http/session.ts), which syncs and reads the session: a hit is answered before validation
 * and the guard (which would let the same active user in, as it did when the answer was stored); a
 * 200 the route computed for the guard's user is stored.
 */
export function registerPrivateCache(app: FastifyInstance, cache: PrivateCache): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.privateCache || request.method !== 'GET') return done();
    if (!request.privateCacheSynced || !cache.active) return done();
    const account = request.sessionAccount;
    const userId = account?.session.userId;
    if (!account || !userId || account.status !== 'active' || account.session !== request.session)
      return done();
    const key = keyOf(userId, request);
    const hit = cache.answers.peek(key);
    if (hit) {
      cache.answers.send(request, reply, hit);
      return;
    }
    cache.answers.answer(key).then((answer) => {
      if (answer && 'entry' in answer) {
        cache.answers.send(request, reply, answer.entry);
        return;
      }
      if (answer) {
        request.privateCacheUser = userId;
        request.privateCacheGeneration = answer.generation;
        request.privateCacheRelease = answer.release;
      }
      done();
    }, done);
  });
  const release = async (request: FastifyRequest) => request.privateCacheRelease?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  app.addHook('onSend', async (request, reply, payload) => {
    const generation = request.privateCacheGeneration;
    const userId = request.privateCacheUser;
    if (
      generation !== undefined &&
      userId !== undefined &&
      // The guard let this very user in (a sign-in within the request would change it).
      request.authUser?.id === userId &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !reply.hasHeader('set-cookie')
    ) {
      cache.answers.store(keyOf(userId, request), generation, {
        body: payload,
        type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        // The app's onSend hook sets `no-store` on every reply, hits included.
        cacheControl: undefined,
      });
    }
    return payload;
  });
}

/** A route's `config` for a signed-in GET answered from the private cache (the allow-list). */
export const privateCacheRoute = { privateCache: true };
