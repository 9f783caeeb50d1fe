// GET /api/subscriptions: the caller's plans with their status (docs/learning-workspace.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../server/db/schema';
import { dayIn } from '../../../src/shared/calendar-days';
import { newBuyer, plan } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

describe('a learner’s plans', () => {
  it('answers 401 when signed out', async () => {
    expect((await server.browser().get('/api/subscriptions')).status).toBe(401);
  });

  it('lists pending, active, ended and cancelled plans, pending first', async () => {
    const buyer = await newBuyer(server, { balanceKes: 0 });
    const other = await newBuyer(server);
    const [basic, premium] = await Promise.all([plan(server, 'basic'), plan(server, 'premium')]);
    const now = Date.now();
    await server.db.insert(subscriptions).values([
      {
        userId: buyer.userId,
        packageId: basic.id,
        startDate: new Date(now - 40 * DAY),
        endDate: new Date(now - 10 * DAY),
        priceCents: 100_000,
      },
      {
        userId: buyer.userId,
        packageId: premium.id,
        startDate: new Date(now - 2 * DAY),
        endDate: new Date(now + 28 * DAY),
        priceCents: 250_000,
      },
      {
        userId: buyer.userId,
        packageId: basic.id,
        startDate: new Date(now - 5 * DAY),
        endDate: new Date(now + 25 * DAY),
        priceCents: 100_000,
        status: 'cancelled',
      },
      {
        userId: other.userId,
        packageId: basic.id,
        startDate: new Date(now),
        endDate: new Date(now + 30 * DAY),
        priceCents: 100_000,
      },
    ]);
    const inCart = await buyer.browser.post('/api/wallet/subscription/store', { package_id: premium.id });
    expect(inCart.status).toBe(200);

    const response = await buyer.browser.get('/api/subscriptions');
    expect(response.status).toBe(200);
    const plans = response.body.data as Array<Record<string, unknown>>;
    expect(plans.map((row) => row.status)).toEqual(['pending_payment', 'active', 'ended', 'cancelled']);
    expect(plans[0]).toMatchObject({
      id: expect.stringMatching(/^cart-item-\d+$/),
      package: { id: premium.id, name: premium.name },
      start_date: null,
      end_date: null,
    });
    expect(plans[1]).toMatchObject({
      id: expect.any(Number),
      package: { id: premium.id, name: premium.name },
      custom_plan: null,
      price: '2500.00',
      // SPEC §3: the plan's days as YYYY-MM-DD, in Nairobi.
      start_date: dayIn(now - 2 * DAY),
      end_date: dayIn(now + 28 * DAY),
    });
    expect(plans[2]).toMatchObject({ status: 'ended', price: '1000.00' });

    // Another user's plan is never in the list.
    const others = await other.browser.get('/api/subscriptions');
    expect(others.body.data).toHaveLength(1);
  });

  it('answers an empty list to a user without plans', async () => {
    const buyer = await newBuyer(server);
    expect((await buyer.browser.get('/api/subscriptions')).body).toEqual({ data: [] });
  });
});
