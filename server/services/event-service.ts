// The live-event pump behind `GET /api/events` (docs/learning-workspace.md "Live events"). Events
// are rows of the `user_events` outbox, written in the transactions that cause them by any API
// process; each process runs one pump that polls the outbox while it has open streams and writes
// each new row to its user's streams. It works alike on PGlite and PostgreSQL, with any number of
// processes, and needs no LISTEN/NOTIFY.
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { sessions, userEvents, users } from '../db/schema';

/** One open `text/event-stream` response. `send` writes raw SSE text; `end` closes the response. */
export type LiveStream = {
  userId: number;
  /** The session the stream was opened with: when it ends (sign-out, expiry), the stream ends. */
  sessionId: string;
  send(chunk: string): void;
  end(): void;
};

export type EventPumpOptions = {
  /** How often the outbox is read while streams are open. */
  pollMs: number;
  /** A `: ping` comment keeps proxies from closing an idle stream. */
  pingMs: number;
  /** How often the streams' sessions are checked (signed out, expired, account suspended). */
  sessionCheckMs: number;
  /**
   * Rows are read back this far on every poll: serial ids are handed out in insert order but commit
   * in any order, so a lower id can appear after a higher one was sent. Seen ids are not sent twice.
   */
  lookbackMs: number;
  /** Outbox rows older than this are deleted … */
  retentionMs: number;
  /** … this often (the first time when the pump starts). */
  pruneEveryMs: number;
  /** More streams than this for one user (tabs left open): the oldest is closed. */
  maxStreamsPerUser: number;
};

const DEFAULT_EVENT_PUMP_OPTIONS: EventPumpOptions = {
  pollMs: 500,
  pingMs: 25_000,
  sessionCheckMs: 2_000,
  lookbackMs: 30_000,
  retentionMs: 60 * 60 * 1000,
  pruneEveryMs: 10 * 60 * 1000,
  maxStreamsPerUser: 10,
};

type Subscriber = { stream: LiveStream; afterId: number; ended: boolean };

/** SSE framing: `event:` and one `data:` line (JSON has no raw newlines). */
const sseEvent = (kind: string, payload: unknown) => `event: ${kind}\ndata: ${JSON.stringify(payload)}\n\n`;

/** Deletes outbox rows older than `retentionMs`; returns how many. */
async function pruneUserEvents(db: Database, retentionMs: number): Promise<number> {
  const deleted = await db
    .delete(userEvents)
    .where(lt(userEvents.createdAt, sql`now() - ${retentionMs} * interval '1 millisecond'`))
    .returning({ id: userEvents.id });
  return deleted.length;
}

export class EventPump {
  private readonly options: EventPumpOptions;
  private readonly byUser = new Map<number, Set<Subscriber>>();
  /** Ids already forwarded, with when they were first seen (ms), forgotten after the look-back. */
  private readonly seen = new Map<number, number>();
  private pollTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastSessionCheck = 0;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    options: Partial<EventPumpOptions> = {},
  ) {
    this.options = { ...DEFAULT_EVENT_PUMP_OPTIONS, ...options };
  }

  /** Starts the occasional outbox pruning (it runs whether or not streams are open). */
  start(): void {
    if (this.stopped || this.pruneTimer) return;
    const prune = () =>
      void pruneUserEvents(this.db, this.options.retentionMs).catch((error: unknown) =>
        this.log.warn({ err: error }, 'live events: pruning the outbox failed'),
      );
    this.pruneTimer = setInterval(prune, this.options.pruneEveryMs);
    this.pruneTimer.unref();
    prune();
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  /**
   * Adds a stream; it gets the user's events committed from now on. Returns the function that
   * removes it (call it when the client goes away; calling it twice is harmless).
   */
  async open(stream: LiveStream): Promise<() => void> {
    if (this.stopped) {
      stream.end();
      return () => {};
    }
    const [last] = await this.db
      .select({ id: sql<number>`coalesce(max(${userEvents.id}), 0)` })
      .from(userEvents);
    const subscriber: Subscriber = { stream, afterId: Number(last?.id ?? 0), ended: false };
    if (this.stopped) {
      stream.end();
      return () => {};
    }
    const set = this.byUser.get(stream.userId) ?? new Set<Subscriber>();
    this.byUser.set(stream.userId, set);
    set.add(subscriber);
    if (set.size > this.options.maxStreamsPerUser) {
      const oldest = set.values().next().value;
      if (oldest) this.end(oldest);
    }
    this.wake();
    return () => this.remove(subscriber);
  }

  /** Ends every stream and stops polling; waits for a poll under way (the database may close next). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.pollTimer, this.pruneTimer]) if (timer) clearTimeout(timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pollTimer = this.pingTimer = this.pruneTimer = null;
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) this.end(subscriber);
    await this.running;
  }

  private remove(subscriber: Subscriber): void {
    subscriber.ended = true;
    const set = this.byUser.get(subscriber.stream.userId);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.byUser.delete(subscriber.stream.userId);
    if (this.byUser.size === 0) this.sleep();
  }

  private end(subscriber: Subscriber): void {
    this.remove(subscriber);
    try {
      subscriber.stream.end();
    } catch {
      // The socket is gone already.
    }
  }

  private write(subscriber: Subscriber, chunk: string): void {
    if (subscriber.ended) return;
    try {
      subscriber.stream.send(chunk);
    } catch {
      this.end(subscriber);
    }
  }

  /** Polling and pings run only while a stream is open. */
  private wake(): void {
    if (this.stopped) return;
    this.pingTimer ??= setInterval(() => {
      for (const set of [...this.byUser.values()])
        for (const subscriber of [...set]) this.write(subscriber, ': ping\n\n');
    }, this.options.pingMs);
    if (!this.pollTimer && !this.running) this.schedule();
  }

  private sleep(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pollTimer = this.pingTimer = null;
    this.seen.clear();
  }

  private schedule(): void {
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.running = this.tick()
        .catch((error: unknown) => this.log.warn({ err: error }, 'live events: reading the outbox failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped && this.byUser.size > 0 && !this.pollTimer) this.schedule();
        });
    }, this.options.pollMs);
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.byUser.size === 0) return;
    const now = Date.now();
    if (now - this.lastSessionCheck >= this.options.sessionCheckMs) {
      this.lastSessionCheck = now;
      await this.checkSessions();
    }
    await this.forward();
    for (const [id, at] of this.seen) if (now - at > 2 * this.options.lookbackMs) this.seen.delete(id);
  }

  private async forward(): Promise<void> {
    const userIds = [...this.byUser.keys()];
    if (userIds.length === 0) return;
    const rows = await this.db
      .select()
      .from(userEvents)
      .where(
        and(
          inArray(userEvents.userId, userIds),
          gt(userEvents.createdAt, sql`now() - ${this.options.lookbackMs} * interval '1 millisecond'`),
        ),
      )
      .orderBy(asc(userEvents.id));
    const now = Date.now();
    for (const row of rows) {
      if (this.seen.has(row.id)) continue;
      this.seen.set(row.id, now);
      const chunk = sseEvent(row.kind, row.payload);
      for (const subscriber of [...(this.byUser.get(row.userId) ?? [])])
        if (row.id > subscriber.afterId) this.write(subscriber, chunk);
    }
  }

  /** A stream whose session ended (signed out, expired, account no longer active) is closed. */
  private async checkSessions(): Promise<void> {
    const subscribers = [...this.byUser.values()].flatMap((set) => [...set]);
    const ids = [...new Set(subscribers.map((subscriber) => subscriber.stream.sessionId))];
    if (ids.length === 0) return;
    const alive = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')));
    const owner = new Map(alive.map((row) => [row.id, row.userId]));
    for (const subscriber of subscribers)
      if (owner.get(subscriber.stream.sessionId) !== subscriber.stream.userId) this.end(subscriber);
  }
}
