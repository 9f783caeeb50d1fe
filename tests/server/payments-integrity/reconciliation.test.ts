// The background check always finishes: abandoned payments cannot starve newer ones, and what
// stays unconfirmed past its gateway's limit ends as `expired` with the cart left alone
// (issue 8, "Reconciliation that always finishes").
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../../server/db/schema';
import { addLesson, eventually, newBuyer, upcomingLessons } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';

const HOUR = 60 * 60 * 1000;

describe('the background check under 60 abandoned Pesapal orders', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      // Callbacks go to a port nobody listens on: every notification is lost, only the check remains.
      // A pass comes less often than a transaction may be asked again (as in production: 15 s and
      // 10 s), so a check that always took the 50 oldest would take the same 50 for ever.
      commerce: { callbackBaseUrl: 'http://127.0.0.1:9', mpesaQueryAfterMs: 100, queryIntervalMs: 100 },
      paymentCheckIntervalMs: 200,
    });
  });
  afterAll(() => server.close());

  it('still settles a newer M-Pesa payment whose callback was lost, within a few passes', async () => {
    const abandoner = await newBuyer(server);
    // Older than everything else and overdue, as orders left open on Pesapal's page for an hour are.
    const abandoned = await server.db
      .insert(transactions)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          userId: abandoner.userId,
          type: 'payment' as const,
          amountCents: 150_000,
          reference: `PAY-ABANDONED-${index}`,
          gateway: 'pesapal' as const,
          orderTrackingId: randomUUID(),
          initiatedAt: new Date(Date.now() - 2 * HOUR),
          nextCheckAt: new Date(Date.now() - HOUR),
        })),
      )
      .returning({ id: transactions.id });

    const buyer = await newBuyer(server);
    const [lesson] = await upcomingLessons(server);
    await addLesson(buyer.browser, lesson?.id ?? 0);
    const payment = await buyer.browser.post('/api/payments/mpesa', { phone: '0708374149' });
    expect(payment.status).toBe(202);
    const id = payment.body.transaction.id as number;

    // Nobody polls the transaction: only the sweep can settle it.
    const settled = await eventually(async () => {
      const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
      return row?.status === 'completed' ? row : null;
    }, 5000);
    expect(settled.status).toBe('completed');
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(0);

    // The abandoned ones were asked about too, and wait their backoff behind everything newer.
    const after = await server.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          abandoned.map((row) => row.id),
        ),
      );
    expect(after.every((row) => row.status === 'pending')).toBe(true);
    expect(after.every((row) => row.checkAttempts >= 1)).toBe(true);
    expect(after.every((row) => (row.nextCheckAt?.getTime() ?? 0) > Date.now() - 1000)).toBe(true);
  });
});

describe('payments that stay unconfirmed past their limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      commerce: { mpesaQueryAfterMs: 100, queryIntervalMs: 50 },
      paymentCheckIntervalMs: 50,
    });
  });
  afterAll(() => server.close());

  async function ageAndWait(id: number, ageMs: number) {
    await server.db
      .update(transactions)
      .set({ initiatedAt: new Date(Date.now() - ageMs), nextCheckAt: new Date() })
      .where(eq(transactions.id, id));
    return eventually(async () => {
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id)));
      return row?.status === 'pending' ? null : row;
    });
  }

  it('ends a Pesapal payment left open for more than 24 hours as expired, cart untouched', async () => {
    const buyer = await newBuyer(server);
    const [lesson] = await upcomingLessons(server);
    await addLesson(buyer.browser, lesson?.id ?? 0);
    const started = await buyer.browser.post('/api/payments/pesapal');
    expect(started.status).toBe(202);
    const id = started.body.transaction.id as number;

    // A day later the order is still open on Pesapal's side.
    const ended = await ageAndWait(id, 24 * HOUR + 60_000);
    expect(ended?.status).toBe('expired');
    const seen = (await buyer.browser.get(`/api/wallet/transaction/show/${id}`)).body.data;
    expect(seen).toMatchObject({ status: 'expired', completed_at: null });
    expect(seen.meta.result_desc).toMatch(/^We could not confirm this payment in time/);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });

  it('ends an M-Pesa payment the gateway no longer knows as expired, 3 minutes after the prompt timed out', async () => {
    const buyer = await newBuyer(server);
    const [lesson] = await upcomingLessons(server);
    await addLesson(buyer.browser, lesson?.id ?? 0);
    const cart = (await buyer.browser.get('/api/cart')).body.cart;
    const [row] = await server.db
      .insert(transactions)
      .values({
        userId: buyer.userId,
        type: 'payment',
        amountCents: 100_00,
        reference: 'PAY-LOST-PUSH',
        gateway: 'mpesa',
        checkoutRequestId: 'ws_CO_20261122000000999999999',
        cartId: cart.id,
        cartVersion: 1,
        initiatedAt: new Date(),
      })
      .returning();
    // Three and a half minutes: still inside the limit, so it stays pending.
    expect(await ageAndWait(row?.id ?? 0, 3.5 * 60_000).catch(() => 'still pending')).toBe('still pending');
    const ended = await ageAndWait(row?.id ?? 0, 4 * 60_000 + 1000);
    expect(ended?.status).toBe('expired');
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });
});
