// Live events over HTTP (`GET /api/events`, server-sent events) and the outbox pump behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { sessions, userEvents } from '../../../server/db/schema';
import { EventPump, type LiveStream } from '../../../server/services/event-service';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { addLesson, newBuyer, upcomingLessons } from '../commerce/buyers';
import { openEvents, payFromWallet, type EventStream } from './support';

let server: TestServer;
let upcoming: Awaited<ReturnType<typeof upcomingLessons>>;
const streams: EventStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
  upcoming = await upcomingLessons(server);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

async function open(browser: Parameters<typeof openEvents>[1]) {
  const stream = await openEvents(server.baseUrl, browser);
  streams.push(stream);
  return stream;
}

const silentLog = { warn: () => {} };

describe('GET /api/events', () => {
  it('answers 401 without a signed-in session', async () => {
    const response = await fetch(`${server.baseUrl}/api/events`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('streams uncompressed, uncached SSE that starts with the retry delay', async () => {
    const buyer = await newBuyer(server);
    const response = await fetch(`${server.baseUrl}/api/events`, {
      headers: {
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
        cookie: [...buyer.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('retry: 3000\n\n');
    await reader?.cancel();
  });

  it('delivers the notifications and the transaction of a wallet payment within a second, to that user only', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    const bystander = await newBuyer(server, { balanceKes: 10_000 });
    const [tab, secondTab, other] = await Promise.all([
      open(buyer.browser),
      open(buyer.browser),
      open(bystander.browser),
    ]);
    expect(tab.status).toBe(200);
    const lesson = upcoming[0];
    if (!lesson) throw new Error('No lesson');
    await addLesson(buyer.browser, lesson.id);

    await payFromWallet(buyer.browser);
    const payment = await tab.next(
      (message) => message.event === 'notification' && message.json.type === 'payment',
    );
    const transaction = await tab.next((message) => message.event === 'transaction');
    const booking = await tab.next(
      (message) => message.event === 'notification' && message.json.type === 'booking',
    );

    const wallet = await buyer.browser.get('/api/wallet');
    expect(transaction.json).toEqual({ id: wallet.body.data.transactions[0].id, status: 'completed' });
    // The event is the Notification as the list shows it.
    const listed = await buyer.browser.get('/api/notifications');
    expect(listed.body.data).toEqual([payment.json, booking.json]);
    expect(payment.json).toMatchObject({ type: 'payment', read_at: null, data: { title: 'Order paid' } });

    // A second tab of the same user gets the same events; another user gets none.
    await secondTab.next((message) => message.event === 'transaction');
    expect(secondTab.messages.map((message) => message.event).sort()).toEqual([
      'notification',
      'notification',
      'transaction',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(other.messages).toEqual([]);
    expect(tab.messages).toHaveLength(3);
  });

  it('tells a pending M-Pesa top-up it settled, without the client polling', async () => {
    const buyer = await newBuyer(server, { balanceKes: 100 });
    const stream = await open(buyer.browser);
    const response = await buyer.browser.post('/api/wallet/topup', {
      amount: '250',
      method: 'mpesa',
      phone: '0708374149',
    });
    expect(response.status).toBe(202);
    const id = response.body.transaction.id;
    // The sandbox answers the push after 30 ms; its callback settles the transaction.
    const settled = await stream.next((message) => message.event === 'transaction', 3000);
    expect(settled.json).toEqual({ id, status: 'completed' });
    const note = await stream.next((message) => message.event === 'notification');
    expect(note.json.data).toEqual({
      title: 'Wallet topped up',
      body: 'Wallet topped up: KES 250',
      url: '/wallet',
      transaction_id: id,
    });
  });

  it('ends the stream when its session signs out', async () => {
    const buyer = await newBuyer(server);
    const stream = await open(buyer.browser);
    expect(stream.status).toBe(200);
    expect(await stream.ended(300)).toBe(false);
    expect((await buyer.browser.post('/api/logout')).status).toBe(204);
    expect(await stream.ended(4000)).toBe(true);
    // Reconnecting with the old cookie is refused.
    const again = await fetch(`${server.baseUrl}/api/events`, {
      headers: { cookie: [...buyer.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(again.status).toBe(401);
  });

  it('lets app.close() finish while streams are open, ending them', async () => {
    const own = await startTestServer();
    const buyer = own.browser();
    await buyer.signIn('student@example.com');
    const stream = await openEvents(own.baseUrl, buyer);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stream.ended(1000)).toBe(true);
  });
});

describe('the event pump', () => {
  function fakeStream(userId: number, sessionId: string) {
    const chunks: string[] = [];
    let ended = false;
    const stream: LiveStream = {
      userId,
      sessionId,
      send: (chunk) => chunks.push(chunk),
      end: () => {
        ended = true;
      },
    };
    return { stream, chunks, isEnded: () => ended };
  }

  const sessionIdOf = async (userId: number) => {
    const [row] = await server.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(1);
    return row?.id ?? '';
  };

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('sends an event committed late with a lower id once, and pings idle streams', async () => {
    const buyer = await newBuyer(server);
    const pump = new EventPump(server.db, silentLog, { pollMs: 20, pingMs: 60, sessionCheckMs: 60_000 });
    const tab = fakeStream(buyer.userId, await sessionIdOf(buyer.userId));
    const leave = await pump.open(tab.stream);
    try {
      // Two transactions take ids n and n+1; n+1 commits first, n later.
      const reserved = await server.db.execute(sql`select nextval('user_events_id_seq') as id`);
      const lowId = Number((reserved as unknown as { rows: Json[] }).rows[0].id);
      await server.db
        .insert(userEvents)
        .values({ userId: buyer.userId, kind: 'transaction', payload: { id: 2, status: 'completed' } });
      await wait(100);
      await server.db.insert(userEvents).values({
        id: lowId,
        userId: buyer.userId,
        kind: 'transaction',
        payload: { id: 1, status: 'failed' },
      });
      await wait(150);
      const events = tab.chunks.filter((chunk) => chunk.startsWith('event:'));
      expect(events).toEqual([
        'event: transaction\ndata: {"id":2,"status":"completed"}\n\n',
        'event: transaction\ndata: {"id":1,"status":"failed"}\n\n',
      ]);
      expect(tab.chunks).toContain(': ping\n\n');
    } finally {
      leave();
      await pump.stop();
    }
  });

  it('gives a new stream only what is committed after it opened, and stop() ends every stream', async () => {
    const buyer = await newBuyer(server);
    await server.db
      .insert(userEvents)
      .values({ userId: buyer.userId, kind: 'transaction', payload: { id: 3, status: 'completed' } });
    const pump = new EventPump(server.db, silentLog, { pollMs: 20, sessionCheckMs: 60_000 });
    const tab = fakeStream(buyer.userId, await sessionIdOf(buyer.userId));
    await pump.open(tab.stream);
    await wait(100);
    expect(tab.chunks).toEqual([]);
    await server.db
      .insert(userEvents)
      .values({ userId: buyer.userId, kind: 'transaction', payload: { id: 4, status: 'completed' } });
    await wait(100);
    expect(tab.chunks).toEqual(['event: transaction\ndata: {"id":4,"status":"completed"}\n\n']);
    expect(pump.openStreams).toBe(1);
    await pump.stop();
    expect(tab.isEnded()).toBe(true);
    expect(pump.openStreams).toBe(0);
  });

  it('closes a stream whose session is gone, and the oldest of too many tabs', async () => {
    const buyer = await newBuyer(server);
    const pump = new EventPump(server.db, silentLog, {
      pollMs: 20,
      sessionCheckMs: 20,
      maxStreamsPerUser: 2,
    });
    try {
      const valid = fakeStream(buyer.userId, await sessionIdOf(buyer.userId));
      const forged = fakeStream(buyer.userId, 'no-such-session');
      await pump.open(valid.stream);
      await pump.open(forged.stream);
      await wait(120);
      expect(forged.isEnded()).toBe(true);
      expect(valid.isEnded()).toBe(false);

      const second = fakeStream(buyer.userId, await sessionIdOf(buyer.userId));
      const third = fakeStream(buyer.userId, await sessionIdOf(buyer.userId));
      await pump.open(second.stream);
      await pump.open(third.stream);
      expect(valid.isEnded()).toBe(true);
      expect(second.isEnded()).toBe(false);
      expect(pump.openStreams).toBe(2);
    } finally {
      await pump.stop();
    }
  });
});
