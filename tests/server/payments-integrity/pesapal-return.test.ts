// Pesapal's return page is public: anyone can load it, with any tracking id, as often as they like.
// It must cost Pesapal at most one status query per few seconds per transaction, whoever pings it
// (the page, IPNs, the SPA's polling), and tell the outcome to the transaction's owner only
// (issue 20, hole 8).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '../../../server/db/schema';
import { eventually, newBuyer } from '../commerce/buyers';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  // The production gap between two questions about one transaction.
  server = await startTestServer({ commerce: { minCheckGapMs: 5_000 } });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** Counts Pesapal's status queries from here on. */
const statusQueries = () => vi.spyOn(server.pesapal, 'getTransactionStatus');

/** A signed-in buyer with a pending Pesapal top-up, and its tracking id (known to the server only). */
async function pendingPesapalTopUp(on: TestServer) {
  const buyer = await newBuyer(on);
  const started = await buyer.browser.post('/api/wallet/topup', { amount: 500, method: 'pesapal' });
  expect(started.status).toBe(202);
  const id = started.body.transaction.id as number;
  const [row] = await on.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row?.orderTrackingId) throw new Error('The top-up has no tracking id');
  const returnPath =
    `/payments/pesapal/return?OrderTrackingId=${row.orderTrackingId}` +
    `&OrderMerchantReference=${row.reference}&OrderNotificationType=CALLBACKURL`;
  return { buyer, id, trackingId: row.orderTrackingId, returnPath };
}

async function landing(browser: Browser, path: string): Promise<string> {
  const answer = await browser.get(path);
  expect(answer.status).toBe(303);
  return answer.headers.get('location') ?? '';
}

describe('the Pesapal return page', () => {
  it('sends a visitor and another user to a page that names no transaction, without asking Pesapal', async () => {
    const { id, returnPath } = await pendingPesapalTopUp(server);
    const stranger = (await newBuyer(server)).browser;
    const queries = statusQueries();
    const landings = await Promise.all(
      Array.from({ length: 50 }, (_, index) => landing(index % 2 ? stranger : server.browser(), returnPath)),
    );
    expect(new Set(landings)).toEqual(new Set(['/payments/return']));
    for (const location of landings) {
      expect(location).not.toContain(String(id));
      expect(location).not.toMatch(/payment=|transaction=|pending/);
    }
    expect(queries).not.toHaveBeenCalled();
  });

  it('asks Pesapal once however often the owner, IPNs and polling ping within the gap, and shows the owner the outcome', async () => {
    const { buyer, id, trackingId, returnPath } = await pendingPesapalTopUp(server);
    const queries = statusQueries();
    const landings = await Promise.all(Array.from({ length: 50 }, () => landing(buyer.browser, returnPath)));
    const ipn = `${server.callbacks.pesapalIpn}?OrderTrackingId=${trackingId}&OrderMerchantReference=x&OrderNotificationType=IPNCHANGE`;
    const ipns = await Promise.all(Array.from({ length: 20 }, () => server.browser().get(ipn)));
    const polls = await Promise.all(
      Array.from({ length: 20 }, () => buyer.browser.get(`/api/wallet/transaction/show/${id}`)),
    );
    expect(queries).toHaveBeenCalledTimes(1);
    // The owner still lands where the SPA shows the outcome.
    expect(new Set(landings)).toEqual(
      new Set([`/payments/return?payment=pending&transaction=${id}&type=topup`]),
    );
    expect(ipns.every((answer) => answer.status === 200)).toBe(true);
    expect(polls.every((answer) => answer.body.data.status === 'pending')).toBe(true);
  });

  it('does not ask Pesapal about an IPN for a tracking id that names no transaction', async () => {
    const queries = statusQueries();
    const answer = await server
      .browser()
      .get(
        `${server.callbacks.pesapalIpn}?OrderTrackingId=0b7e1c6e-0000-4000-8000-000000000000&OrderMerchantReference=x&OrderNotificationType=IPNCHANGE`,
      );
    expect(answer.status).toBe(200);
    expect(queries).not.toHaveBeenCalled();
  });
});

describe('a notification within the gap', () => {
  it('is not lost: the next check comes once the gap has passed, and the payment settles', async () => {
    const quick = await startTestServer({ commerce: { minCheckGapMs: 600 } });
    try {
      const { buyer, id, trackingId, returnPath } = await pendingPesapalTopUp(quick);
      // The owner comes back before paying: Pesapal is asked, the top-up is still pending.
      expect(await landing(buyer.browser, returnPath)).toContain('payment=pending');
      // The customer pays; Pesapal's IPN arrives within the gap and is not asked about at once...
      const queries = vi.spyOn(quick.pesapal, 'getTransactionStatus');
      await quick.pesapal.complete(trackingId, 'pay');
      expect(queries).not.toHaveBeenCalled();
      // ...but the SPA's polling asks as soon as the gap is over, not after the usual backoff.
      const settled = await eventually(async () => {
        const data = (await buyer.browser.get(`/api/wallet/transaction/show/${id}`)).body.data;
        return data.status === 'pending' ? null : data;
      }, 3_000);
      expect(settled.status).toBe('completed');
      expect(queries).toHaveBeenCalledTimes(1);
    } finally {
      await quick.close();
    }
  });
});
