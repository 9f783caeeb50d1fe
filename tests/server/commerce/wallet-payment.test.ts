import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carts, cartItems, subscriptions, transactions } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { addLesson, balanceOf, bookedCodes, newBuyer, plan, upcomingLessons } from './buyers';

let server: TestServer;
let upcoming: Awaited<ReturnType<typeof upcomingLessons>>;
beforeAll(async () => {
  server = await startTestServer();
  upcoming = await upcomingLessons(server);
});
afterAll(() => server.close());

const lesson = (index: number) => {
  const found = upcoming[index];
  if (!found) throw new Error(`No lesson ${index}`);
  return found;
};

describe('paying from the wallet', () => {
  it('debits the wallet, books the lesson, empties the cart and records the payment', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lesson(0).id);
    const checkout = await buyer.browser.get('/api/cart/checkout');

    const paid = await buyer.browser.post('/api/payments/wallet', {
      pin: '1234',
      cart_version: checkout.body.cart.version,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ message: 'Order paid' });

    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000 - lesson(0).priceCents);
    expect((await buyer.browser.get('/api/cart')).body).toMatchObject({ item_count: 0, total: '0.00' });
    expect(await bookedCodes(buyer.browser)).toEqual([lesson(0).code]);
    expect(await bookedCodes(buyer.browser, 'upcoming')).toEqual([lesson(0).code]);
    expect(await bookedCodes(buyer.browser, 'past')).toEqual([]);

    const wallet = await buyer.browser.get('/api/wallet');
    expect(wallet.body.data.transactions[0]).toMatchObject({
      type: 'payment',
      status: 'completed',
      amount: `${lesson(0).priceCents / 100}.00`,
    });

    const again = await buyer.browser.post(`/api/lessons/add-to-cart/${lesson(0).id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already booked this lesson.');

    const shown = await buyer.browser.get(`/api/lessons/show/${lesson(0).code}`);
    // Issue 22: a booked learner gets the classroom's window, never the link (the join answer has it).
    expect(shown.body.data).toMatchObject({
      code: lesson(0).code,
      is_booked: true,
      link: null,
      classroom: { provider: 'jitsi' },
    });
  });

  it('activates a plan from now for its duration', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    const premium = await plan(server, 'premium');
    await buyer.browser.post('/api/wallet/subscription/store', { package_id: premium.id });
    const paid = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(paid.status).toBe(200);
    const [subscription] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyer.userId));
    expect(subscription).toMatchObject({ packageId: premium.id, status: 'active', priceCents: 600_000 });
    const months =
      (subscription?.endDate.getUTCFullYear() ?? 0) * 12 +
      (subscription?.endDate.getUTCMonth() ?? 0) -
      ((subscription?.startDate.getUTCFullYear() ?? 0) * 12 + (subscription?.startDate.getUTCMonth() ?? 0));
    expect(months).toBe(3);
  });

  it('refuses a short balance with 422 and changes nothing', async () => {
    const buyer = await newBuyer(server, { balanceKes: 100 });
    await addLesson(buyer.browser, lesson(1).id);
    const response = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'Insufficient wallet balance. Top up your wallet or choose another payment method.',
    );
    expect(await balanceOf(server, buyer.userId)).toBe(10_000);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
  });

  it('answers 409 for an empty cart', async () => {
    const buyer = await newBuyer(server, { balanceKes: 1000 });
    const response = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Your cart is empty.');
  });

  it('answers 409 when the cart changed since checkout loaded, with or without cart_version', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lesson(2).id);
    const checkout = await buyer.browser.get('/api/cart/checkout');
    await addLesson(buyer.browser, lesson(3).id);

    const withVersion = await buyer.browser.post('/api/payments/wallet', {
      pin: '1234',
      cart_version: checkout.body.cart.version,
    });
    expect(withVersion.status).toBe(409);
    expect(withVersion.body.message).toBe(
      'Your cart changed since you opened checkout. Please review it and pay again.',
    );
    const withoutVersion = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(withoutVersion.status).toBe(409);
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000);

    await buyer.browser.get('/api/cart/checkout');
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
  });

  it('charges once when Pay is pressed twice at the same time', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lesson(4).id);
    const answers = await Promise.all([
      buyer.browser.post('/api/payments/wallet', { pin: '1234' }),
      buyer.browser.post('/api/payments/wallet', { pin: '1234' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000 - lesson(4).priceCents);
    const payments = await server.db.select().from(transactions).where(eq(transactions.userId, buyer.userId));
    expect(payments).toHaveLength(1);
  });

  it('never overdraws: two concurrent payments that together exceed the balance', async () => {
    const price = lesson(5).priceCents + lesson(6).priceCents;
    // Enough for either one, not both.
    const balanceKes = Math.max(lesson(5).priceCents, lesson(6).priceCents) / 100;
    expect(balanceKes * 100).toBeLessThan(price);
    const buyer = await newBuyer(server, { balanceKes });
    const first = await addLesson(buyer.browser, lesson(5).id);
    // A second cart of the same user (e.g. left over from another device), paid by id.
    const [second] = await server.db.insert(carts).values({ userId: buyer.userId }).returning();
    await server.db.insert(cartItems).values({
      cartId: second?.id ?? 0,
      purchasableType: 'lesson',
      purchasableId: lesson(6).id,
      priceCents: lesson(6).priceCents,
    });
    const answers = await Promise.all([
      buyer.browser.post(`/api/payments/wallet/${first.cart.id}`, { pin: '1234' }),
      buyer.browser.post(`/api/payments/wallet/${second?.id}`, { pin: '1234' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const left = await balanceOf(server, buyer.userId);
    expect(left).toBeGreaterThanOrEqual(0);
    expect([balanceKes * 100 - lesson(5).priceCents, balanceKes * 100 - lesson(6).priceCents]).toContain(
      left,
    );
    expect(await bookedCodes(buyer.browser)).toHaveLength(1);
  });
});

describe('the wallet PIN', () => {
  it('counts down wrong PINs and locks the wallet for 15 minutes after the fifth', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lesson(7).id);
    const messages: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await buyer.browser.post('/api/payments/wallet', { pin: '9999' });
      expect(response.status).toBe(422);
      messages.push(response.body.errors.pin[0]);
    }
    expect(messages).toEqual([
      'Incorrect PIN. 4 attempts left.',
      'Incorrect PIN. 3 attempts left.',
      'Incorrect PIN. 2 attempts left.',
      'Incorrect PIN. 1 attempt left.',
    ]);
    const fifth = await buyer.browser.post('/api/payments/wallet', { pin: '9999' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong PINs. Try again in 15 minutes.');
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(800);

    const right = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(right.status).toBe(429);
    expect(await balanceOf(server, buyer.userId)).toBe(1_000_000);
  });

  it('sets up a PIN with confirmation, and changing it needs the current one', async () => {
    const buyer = await newBuyer(server, { balanceKes: 0, pin: null });
    expect((await buyer.browser.get('/api/wallet')).body.data.has_pin).toBe(false);
    const mismatch = await buyer.browser.post('/api/wallet/setup', { pin: '4321', pin_confirmation: '4322' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.pin_confirmation).toEqual(['The PINs do not match.']);
    const short = await buyer.browser.post('/api/wallet/setup', { pin: '12', pin_confirmation: '12' });
    expect(short.body.errors.pin).toEqual(['The PIN must be a 4-digit number.']);

    const done = await buyer.browser.post('/api/wallet/setup', { pin: '4321', pin_confirmation: '4321' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Wallet setup complete' });
    expect((await buyer.browser.get('/api/wallet')).body.data.has_pin).toBe(true);

    const noCurrent = await buyer.browser.post('/api/wallet/setup', {
      pin: '5555',
      pin_confirmation: '5555',
    });
    expect(noCurrent.status).toBe(422);
    expect(noCurrent.body.errors.current_pin).toEqual(['The current PIN is incorrect.']);
    const changed = await buyer.browser.post('/api/wallet/setup', {
      pin: '5555',
      pin_confirmation: '5555',
      current_pin: '4321',
    });
    expect(changed.status).toBe(200);
  });

  it('asks for a PIN set-up before paying from a wallet without one', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000, pin: null });
    await addLesson(buyer.browser, lesson(8).id);
    const response = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(response.status).toBe(422);
    expect(response.body.errors.pin).toEqual(['Set up your wallet PIN first.']);
  });
});

describe('a parent paying for a child', () => {
  it('needs the child when there are several, and books the lesson for that child', async () => {
    const parent = await newBuyer(server, { role: 'parent', balanceKes: 10_000, children: 2 });
    await addLesson(parent.browser, lesson(9).id);
    const unchosen = await parent.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(unchosen.status).toBe(422);
    expect(unchosen.body.errors.student_id).toEqual(['Choose which child these lessons are for.']);

    const paid = await parent.browser.post('/api/payments/wallet', {
      pin: '1234',
      student_id: parent.childIds[1],
    });
    expect(paid.status).toBe(200);
    const bookings = await parent.browser.get('/api/lessons/bookings');
    expect(bookings.body.data).toHaveLength(1);
    expect(bookings.body.data[0]).toMatchObject({
      code: lesson(9).code,
      booking: { student_id: parent.childIds[1] },
    });
    expect(bookings.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 1 });
  });
});

describe('transactions', () => {
  it('shows a transaction to its owner only', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lesson(10).id);
    await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
    const id = (await buyer.browser.get('/api/wallet')).body.data.transactions[0].id;
    const own = await buyer.browser.get(`/api/wallet/transaction/show/${id}`);
    expect(own.body.data).toMatchObject({ id, status: 'completed', type: 'payment', user_id: buyer.userId });
    const other = await newBuyer(server);
    // Someone else's transaction is not found: its existence is not theirs to learn.
    const refused = await other.browser.get(`/api/wallet/transaction/show/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Not found.' });
  });
});
