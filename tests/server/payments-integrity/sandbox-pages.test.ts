// The sandbox pages stand in for a customer's phone and Pesapal's site: signed-in testers only,
// and their forms carry the session's CSRF token, so another site cannot make a browser "pay".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLesson, newBuyer, upcomingLessons } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the M-Pesa paybill sandbox page', () => {
  it('sends a visitor to sign in and back', async () => {
    const visitor = server.browser();
    const page = await visitor.get('/sandbox/mpesa/paybill?account=SOM-1&amount=10');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(
      `/sign-in?redirect=${encodeURIComponent('/sandbox/mpesa/paybill?account=SOM-1&amount=10')}`,
    );
    const post = await visitor.post(
      '/sandbox/mpesa/paybill',
      undefined,
      form({ account: 'SOM-1', amount: '10' }),
    );
    expect(post.status).toBe(401);
  });

  it('refuses a form without the session’s CSRF token, and pays nothing', async () => {
    const buyer = await newBuyer(server);
    const page = await buyer.browser.get('/sandbox/mpesa/paybill');
    expect(page.status).toBe(200);
    const token = decodeURIComponent(buyer.browser.cookie('XSRF-TOKEN') ?? '');
    expect(page.text).toContain(`<input type="hidden" name="_token" value="${token}">`);

    for (const wrong of [{}, { _token: 'forged' }] as Array<Record<string, string>>) {
      const sent = await buyer.browser.post(
        '/sandbox/mpesa/paybill',
        undefined,
        form({ account: 'SOM-NOPE', amount: '10', phone: '0708374149', ...wrong }),
      );
      expect(sent.status).toBe(419);
      expect(sent.text).toContain('This form is out of date.');
    }
    await server.settlePayments();
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    const review = await admin.get('/api/admin/transactions?status=needs_review&per_page=100');
    expect(JSON.stringify(review.body.data)).not.toContain('SOM-NOPE');
  });

  it('refuses an amount M-Pesa would not take, instead of failing', async () => {
    const buyer = await newBuyer(server);
    const token = decodeURIComponent(buyer.browser.cookie('XSRF-TOKEN') ?? '');
    const sent = await buyer.browser.post(
      '/sandbox/mpesa/paybill',
      undefined,
      form({ account: 'SOM-1', amount: '99999999999', phone: '0708374149', _token: token }),
    );
    expect(sent.status).toBe(422);
    expect(sent.text).toContain('Enter a whole amount from 1 to 250,000 shillings.');
  });
});

describe('the Pesapal sandbox page', () => {
  it('is for signed-in testers, and its Pay button needs the CSRF token', async () => {
    const buyer = await newBuyer(server);
    const [lesson] = await upcomingLessons(server);
    await addLesson(buyer.browser, lesson?.id ?? 0);
    const started = await buyer.browser.post('/api/payments/pesapal');
    const path = new URL(started.body.pesapal_url).pathname;

    expect((await server.browser().get(path)).status).toBe(303);
    const forged = await buyer.browser.post(path, undefined, form({ choice: 'pay' }));
    expect(forged.status).toBe(419);
    const still = await buyer.browser.get(`/api/wallet/transaction/show/${started.body.transaction.id}`);
    expect(still.body.data.status).toBe('pending');
    // Not one of the sandbox's order ids at all: a plain "not found" page.
    expect((await buyer.browser.get('/sandbox/pesapal/pay/%00..%2F')).status).toBe(404);
  });
});
