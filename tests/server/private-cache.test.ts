// privcache (issue 27): signed-in reads and sessions answered from memory (server/http/private-cache.ts)
// stay each user's own and never outlive a write, a sign-out or their time. These run on PGlite and,
// with `npm run test:pg`, on PostgreSQL (where the change notification travels on its own connection
// and a second app instance stands for another process).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { OutboxMailer } from '../../server/gateways/mail';
import type { PrivateCacheOptions } from '../../server/http/private-cache';
import { PrivateCache } from '../../server/http/private-cache';
import { bookings, lessons, notifications, users } from '../../server/db/schema';
import { addLesson, newBuyer, upcomingLessons } from './commerce/buyers';
import { startTestServer, type Browser, type TestServer } from './support/test-server';

let server: TestServer;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server.close();
});

/** Another app instance on the same database, caching as the test server does (another process). */
async function otherApp(cache: PrivateCacheOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    db: server.db,
    mailer: new OutboxMailer(server.db),
    config: testConfig({ distDir: 'tests/server/support/no-dist' }),
    publicData: { changes: server.publicDataChanges },
    privateData: { changes: server.privateDataChanges, cache },
  });
  apps.push(app);
  return app;
}

const cookieOf = (browser: Browser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function read(app: FastifyInstance, url: string, browser: Browser) {
  const reply = await app.inject({ method: 'GET', url, headers: { cookie: cookieOf(browser) } });
  return {
    status: reply.statusCode,
    text: reply.body,
    body: reply.statusCode === 200 ? JSON.parse(reply.body) : null,
    cacheControl: reply.headers['cache-control'],
  };
}

const stats = (app: FastifyInstance) => ({
  ...app.privateCache.answers.stats,
  sessionHits: app.privateCache.sessionStats.hits,
});

describe('signed-in reads from memory', () => {
  it('gives two users asking for the same URL each their own answer, from the cache the second time', async () => {
    const app = server.app;
    const [one, two] = [await newBuyer(server), await newBuyer(server)];
    const [lessonOne, lessonTwo] = await upcomingLessons(server);
    if (!lessonOne || !lessonTwo) throw new Error('the seed has upcoming lessons');
    // Each has a notification of their own.
    await server.db.insert(notifications).values([
      { userId: one.userId, type: 'test', data: { title: 'For one', body: 'one' } },
      { userId: two.userId, type: 'test', data: { title: 'For two', body: 'two' } },
    ]);
    for (const url of ['/api/notifications?per_page=10', '/api/lessons/bookings']) {
      const firstOne = await read(app, url, one.browser);
      const firstTwo = await read(app, url, two.browser);
      const before = stats(app);
      const againOne = await read(app, url, one.browser);
      const againTwo = await read(app, url, two.browser);
      expect(stats(app).hits).toBe(before.hits + 2);
      expect(againOne.text).toBe(firstOne.text);
      expect(againTwo.text).toBe(firstTwo.text);
      // The cached reply keeps the route's header.
      expect(againOne.cacheControl).toBe(firstOne.cacheControl);
      expect(againOne.cacheControl).toMatch(/no-store/);
    }
    const titles = async (browser: Browser) =>
      (await read(app, '/api/notifications?per_page=10', browser)).body.data.map(
        (row: { data: { title: string } }) => row.data.title,
      );
    expect(await titles(one.browser)).toContain('For one');
    expect(await titles(one.browser)).not.toContain('For two');
    expect(await titles(two.browser)).toContain('For two');
    expect(await titles(two.browser)).not.toContain('For one');
    // A visitor with no session is refused, not served someone's answer.
    const anonymous = await app.inject({ method: 'GET', url: '/api/notifications?per_page=10' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a booking made by payment, a notification marked read and a cancelled lesson at the next read', async () => {
    const app = server.app;
    const buyer = await newBuyer(server, { balanceKes: 5000 });
    const [lesson] = (await upcomingLessons(server)).slice(5);
    if (!lesson) throw new Error('the seed has upcoming lessons');
    const codes = async () =>
      (await read(app, '/api/lessons/bookings', buyer.browser)).body.data.map(
        (row: { code: string }) => row.code,
      );
    expect(await codes()).toEqual([]);
    expect(await codes()).toEqual([]);
    await addLesson(buyer.browser, lesson.id);
    const paid = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(paid.status).toBe(200);
    expect(await codes()).toEqual([lesson.code]);

    const page = `/api/lessons/show/${lesson.code}`;
    expect((await read(app, page, buyer.browser)).body.data.cancelled_at).toBeNull();
    await read(app, page, buyer.browser);
    await server.db
      .update(lessons)
      .set({ cancelledAt: new Date(), cancellationReason: 'teacher ill' })
      .where(eq(lessons.id, lesson.id));
    expect((await read(app, page, buyer.browser)).body.data.cancelled_at).not.toBeNull();
    await server.db
      .update(lessons)
      .set({ cancelledAt: null, cancellationReason: null })
      .where(eq(lessons.id, lesson.id));
    await server.db.delete(bookings).where(eq(bookings.lessonId, lesson.id));

    const [note] = await server.db
      .insert(notifications)
      .values({ userId: buyer.userId, type: 'test', data: { title: 'Unread', body: 'x' } })
      .returning();
    const unread = async () =>
      (await read(app, '/api/notifications?per_page=10', buyer.browser)).body.data.find(
        (row: { id: string }) => row.id === note?.id,
      ).read_at;
    expect(await unread()).toBeNull();
    expect(await unread()).toBeNull();
    const marked = await buyer.browser.post(`/api/notifications/read/${note?.id}`);
    expect(marked.status).toBeLessThan(300);
    expect(await unread()).not.toBeNull();
  });

  it('refuses the old cookie at once after sign-out, also when another instance signed it out', async () => {
    const other = await otherApp();
    for (const [readApp, label] of [
      [server.app, 'same'],
      [other, 'other'],
    ] as const) {
      const buyer = await newBuyer(server);
      const oldCookie = cookieOf(buyer.browser);
      const ask = () =>
        readApp.inject({
          method: 'GET',
          url: '/api/notifications?per_page=10',
          headers: { cookie: oldCookie },
        });
      expect((await ask()).statusCode, label).toBe(200);
      const before = stats(readApp);
      expect((await ask()).statusCode, label).toBe(200);
      expect(stats(readApp).sessionHits, label).toBe(before.sessionHits + 1);
      // Signed out through the test server (for `other`: another process on the same database).
      expect((await buyer.browser.post('/api/logout')).status).toBeLessThan(300);
      expect((await ask()).statusCode, label).toBe(401);
    }
  });

  it('refuses a suspended account at once, through another instance too', async () => {
    const other = await otherApp();
    const buyer = await newBuyer(server);
    expect((await read(other, '/api/lessons/bookings', buyer.browser)).status).toBe(200);
    expect((await read(other, '/api/lessons/bookings', buyer.browser)).status).toBe(200);
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, buyer.userId));
    expect((await read(other, '/api/lessons/bookings', buyer.browser)).status).toBe(401);
    expect((await read(server.app, '/api/lessons/bookings', buyer.browser)).status).toBe(401);
  });

  it('does not store an answer computed while a write committed', async () => {
    const other = await otherApp();
    const buyer = await newBuyer(server);
    let writeDuring = true;
    other.addHook('preHandler', async (request) => {
      if (writeDuring && request.url.startsWith('/api/notifications')) {
        await server.db
          .insert(notifications)
          .values({ userId: buyer.userId, type: 'test', data: { title: 'During', body: 'x' } });
      }
    });
    const url = '/api/notifications?per_page=10';
    const first = await read(other, url, buyer.browser);
    expect(first.body.data.map((row: { data: { title: string } }) => row.data.title)).toContain('During');
    writeDuring = false;
    const before = stats(other);
    await read(other, url, buyer.browser);
    // Computed again (a miss), then stored.
    expect(stats(other).hits).toBe(before.hits);
    expect(stats(other).stored).toBe(before.stored + 1);
    await read(other, url, buyer.browser);
    expect(stats(other).hits).toBe(before.hits + 1);
  });

  it('forgets an answer after its time (10 s) without any write', async () => {
    let now = Date.now();
    const other = await otherApp({ now: () => now });
    const buyer = await newBuyer(server);
    const url = '/api/timetable';
    await read(other, url, buyer.browser);
    const before = stats(other);
    now += 9_999;
    await read(other, url, buyer.browser);
    expect(stats(other).hits).toBe(before.hits + 1);
    now += 2;
    await read(other, url, buyer.browser);
    expect(stats(other).hits).toBe(before.hits + 1);
    expect(stats(other).stored).toBe(before.stored + 1);
  });

  it('computes every request when turned off (PRIVATE_CACHE=off)', async () => {
    const other = await otherApp({ enabled: false });
    const buyer = await newBuyer(server);
    for (let round = 0; round < 3; round += 1)
      expect((await read(other, '/api/lessons/bookings', buyer.browser)).status).toBe(200);
    expect(other.privateCache.active).toBe(false);
    expect(stats(other)).toMatchObject({ hits: 0, stored: 0, sessionHits: 0 });
  });

  it('has the change trigger on every table but those no signed-in read uses', async () => {
    const result = (await server.db.execute(sql`
      select t.tablename as "table",
        exists (select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where c.relname = t.tablename and c.relnamespace = (select oid from pg_namespace where nspname = t.schemaname)
            and g.tgname = t.tablename || '_private_data_change') as triggered
      from pg_tables t where t.schemaname = current_schema()`)) as unknown as {
      rows: Array<{ table: string; triggered: boolean }>;
    };
    const rows = result.rows;
    const without = rows
      .filter((row) => !row.triggered)
      .map((row) => row.table)
      .sort();
    expect(without).toEqual(
      [
        'email_verification_tokens',
        'mail_outbox',
        'outbox_messages',
        'password_reset_tokens',
        'phone_verifications',
        'rate_limits',
        'short_links',
        ...rows.map((row) => row.table).filter((table) => table.startsWith('sandbox_')),
      ].sort(),
    );
  });
});

describe('PrivateCache on its own', () => {
  const account = (lastSeenAt: number) => ({
    session: {
      id: 'h',
      userId: 1,
      csrfToken: 'c',
      remember: false,
      expiresAt: new Date(lastSeenAt + 3_600_000),
      lastSeenAt: new Date(lastSeenAt),
      createdAt: new Date(lastSeenAt),
    },
    status: 'active',
    roles: ['student'],
  });

  it('does not store a session read while private data changed, and drops sessions on a change', () => {
    const cache = new PrivateCache({ now: () => 0 });
    const generation = cache.begin();
    cache.invalidate();
    cache.storeSession('h', generation, account(0));
    expect(cache.session('h')).toBeNull();
    cache.storeSession('h', cache.begin(), account(0));
    expect(cache.session('h')?.session.userId).toBe(1);
    cache.invalidate();
    expect(cache.session('h')).toBeNull();
  });

  it('reads a session again once its sliding expiry is due to be written, or it expired', () => {
    let now = 0;
    const cache = new PrivateCache({ now: () => now });
    cache.storeSession('h', cache.begin(), account(0));
    now = 60_000;
    expect(cache.session('h')).not.toBeNull();
    now = 60_001;
    expect(cache.session('h')).toBeNull();
  });

  it('uses and stores nothing while notifications may be missed, and starts empty when they are back', async () => {
    const cache = new PrivateCache({ now: () => 0 });
    const listeners: Array<{ onLost?(): void; onRestored?(): void }> = [];
    await cache.follow({
      subscribe: async (listener) => {
        listeners.push(listener);
        return () => {};
      },
      sync: async () => {},
    });
    cache.storeSession('h', cache.begin(), account(0));
    const answer = { body: 'a', type: 'application/json', cacheControl: undefined };
    cache.answers.store('1 GET /x', cache.begin(), answer);
    listeners[0]?.onLost?.();
    expect(cache.active).toBe(false);
    expect(cache.session('h')).toBeNull();
    expect(cache.answers.peek('1 GET /x')).toBeNull();
    cache.storeSession('h', cache.begin(), account(0));
    cache.answers.store('1 GET /x', cache.begin(), answer);
    listeners[0]?.onRestored?.();
    expect(cache.session('h')).toBeNull();
    expect(cache.answers.peek('1 GET /x')).toBeNull();
    cache.storeSession('h', cache.begin(), account(0));
    expect(cache.session('h')).not.toBeNull();
  });

  it('hands out copies: a request cannot change what the next one gets', () => {
    const cache = new PrivateCache({ now: () => 0 });
    cache.storeSession('h', cache.begin(), account(0));
    const first = cache.session('h');
    first?.roles.push('admin');
    expect(cache.session('h')?.roles).toEqual(['student']);
  });
});
