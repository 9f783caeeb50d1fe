import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lessons } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { addLesson, newBuyer, plan, upcomingLessons } from './buyers';

let server: TestServer;
let lessonIds: number[];
beforeAll(async () => {
  server = await startTestServer();
  lessonIds = (await upcomingLessons(server)).map((lesson) => lesson.id);
});
afterAll(() => server.close());

describe('the cart of a visitor', () => {
  it('starts empty with the cart body shape', async () => {
    const response = await server.browser().get('/api/cart');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ cart: null, item_count: 0, total: '0.00' });
  });

  it('adds a lesson and shows it with its code, price, topic, program and type', async () => {
    const visitor = server.browser();
    const [lesson] = await server.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, lessonIds[0] ?? 0));
    const body = await addLesson(visitor, lessonIds[0] ?? 0);
    expect(body.message).toBe('Lesson added to cart');
    expect(body.item_count).toBe(1);
    expect(body.total).toBe(`${(lesson?.priceCents ?? 0) / 100}.00`);
    const [item] = body.cart.items;
    expect(item).toMatchObject({
      purchasable_type: 'lesson',
      purchasable_id: lesson?.id,
      quantity: 1,
      price: body.total,
      total: body.total,
    });
    expect(item.purchasable).toMatchObject({
      code: lesson?.code,
      price: body.total,
      objective: lesson?.objective,
      start_at: lesson?.startAt.toISOString(),
      topic: { name: expect.any(String) },
      program: { name: expect.any(String), curriculum: { name: expect.any(String) } },
      type: { name: expect.any(String), color: expect.stringMatching(/^#/) },
    });
    expect(body.cart.session_id).toEqual(expect.any(String));
    expect(body.cart.user_id).toBeNull();

    const again = await visitor.get('/api/cart');
    expect(again.body.cart.items).toHaveLength(1);
  });

  it('removes an item by purchasable, by id, and refuses a bad quantity for a lesson', async () => {
    const visitor = server.browser();
    await addLesson(visitor, lessonIds[1] ?? 0);
    const two = await addLesson(visitor, lessonIds[2] ?? 0);
    expect(two.item_count).toBe(2);

    const refused = await visitor.post(`/api/cart/update/${two.cart.items[0].id}`, { quantity: 3 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.quantity).toEqual(['A lesson can only be booked once.']);

    const removed = await visitor.post('/api/cart/remove/item', {
      purchasable_type: 'lesson',
      purchasable_id: lessonIds[1],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.item_count).toBe(1);
    expect(removed.body.cart.items[0].purchasable_id).toBe(lessonIds[2]);

    const deleted = await visitor.request('DELETE', `/api/cart/delete/${removed.body.cart.items[0].id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ item_count: 0, total: '0.00', cart: { items: [] } });
  });

  it('refuses a lesson that has started or is not approved', async () => {
    const [lesson] = await server.db
      .insert(lessons)
      .values({
        code: 'PAST-0001',
        teacherId: (await upcomingLessons(server))[0]?.teacherId ?? 0,
        objective: 'Already over',
        priceCents: 50_000,
        startAt: new Date(Date.now() - 3_600_000),
        endAt: new Date(Date.now() - 60_000),
        isApproved: true,
      })
      .returning();
    const response = await server.browser().post(`/api/lessons/add-to-cart/${lesson?.id}`);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('This lesson is not open for booking.');
    expect((await server.browser().post('/api/lessons/add-to-cart/999999')).status).toBe(404);
  });

  it('needs the CSRF token to change the cart', async () => {
    const visitor = server.browser();
    await visitor.csrf();
    const response = await visitor.post(`/api/lessons/add-to-cart/${lessonIds[0]}`, undefined, {
      csrf: false,
    });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: 'CSRF token mismatch.' });
    expect((await visitor.get('/api/cart')).body.item_count).toBe(0);
  });
});

describe('signing in with a visitor cart', () => {
  it('merges the visitor cart into the user cart, keeping items from both once', async () => {
    const buyer = await newBuyer(server);
    await addLesson(buyer.browser, lessonIds[3] ?? 0);
    await addLesson(buyer.browser, lessonIds[4] ?? 0);
    await buyer.browser.post('/api/logout');

    const visitor = server.browser();
    await addLesson(visitor, lessonIds[4] ?? 0);
    await addLesson(visitor, lessonIds[5] ?? 0);
    await visitor.signIn(buyer.email);

    const cart = await visitor.get('/api/cart');
    expect(cart.body.cart.user_id).toBe(buyer.userId);
    expect(
      cart.body.cart.items.map((item: { purchasable_id: number }) => item.purchasable_id).sort(),
    ).toEqual([lessonIds[3], lessonIds[4], lessonIds[5]].sort());
    expect(cart.body.item_count).toBe(3);
  });

  it('hands a visitor cart to a user who had none', async () => {
    const buyer = await newBuyer(server);
    await buyer.browser.post('/api/logout');
    const visitor = server.browser();
    await addLesson(visitor, lessonIds[6] ?? 0);
    await visitor.signIn(buyer.email);
    const cart = await visitor.get('/api/cart');
    expect(cart.body.cart).toMatchObject({
      user_id: buyer.userId,
      items: [{ purchasable_id: lessonIds[6] }],
    });
  });
});

describe('checkout and plans', () => {
  it('answers checkout with the payment methods and the wallet', async () => {
    const buyer = await newBuyer(server, { balanceKes: 700 });
    await addLesson(buyer.browser, lessonIds[0] ?? 0);
    const response = await buyer.browser.get('/api/cart/checkout');
    expect(response.status).toBe(200);
    expect(response.body.payment_methods).toEqual(['wallet', 'mpesa', 'paybill', 'pesapal']);
    expect(response.body.wallet).toMatchObject({ balance: '700.00', has_pin: true, currency: 'KES' });
    expect(response.body.item_count).toBe(1);
    const byId = await buyer.browser.get(`/api/cart/checkout/${response.body.cart.id}`);
    expect(byId.body.cart.id).toBe(response.body.cart.id);
  });

  it('keeps carts private: another cart id is a 404', async () => {
    const owner = await newBuyer(server);
    const body = await addLesson(owner.browser, lessonIds[0] ?? 0);
    const other = await newBuyer(server);
    expect((await other.browser.get(`/api/cart/checkout/${body.cart.id}`)).status).toBe(404);
    expect((await other.browser.post(`/api/payments/wallet/${body.cart.id}`, { pin: '1234' })).status).toBe(
      404,
    );
  });

  it('puts a plan in the cart with its package name and price', async () => {
    const buyer = await newBuyer(server);
    const standard = await plan(server, 'standard');
    const response = await buyer.browser.post('/api/wallet/subscription/store', { package_id: standard.id });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe('2500.00');
    expect(response.body.cart.items[0]).toMatchObject({
      purchasable_type: 'subscription',
      purchasable_id: standard.id,
      purchasable: { price: '2500.00', package: { name: 'Standard' } },
    });
  });

  it('answers 401 to visitors and 403 to teachers on buyer calls', async () => {
    const visitor = server.browser();
    expect((await visitor.get('/api/cart/checkout')).status).toBe(401);
    expect((await visitor.post('/api/payments/wallet', { pin: '1234' })).body).toEqual({
      message: 'Unauthenticated.',
    });
    expect((await visitor.get('/api/wallet')).status).toBe(401);
    expect((await visitor.get('/api/lessons/bookings')).status).toBe(401);

    const teacher = server.browser();
    await teacher.signIn('teacher@example.com');
    const add = await teacher.post(`/api/lessons/add-to-cart/${lessonIds[0]}`);
    expect(add.status).toBe(403);
    expect(add.body).toEqual({ message: 'This action is unauthorized.' });
    expect((await teacher.post('/api/payments/mpesa', { phone: '0708374149' })).status).toBe(403);
  });

  it('answers 419 to a payment without the CSRF header and charges nothing', async () => {
    const buyer = await newBuyer(server, { balanceKes: 10_000 });
    await addLesson(buyer.browser, lessonIds[0] ?? 0);
    const response = await buyer.browser.post('/api/payments/wallet', { pin: '1234' }, { csrf: false });
    expect(response.status).toBe(419);
    expect((await buyer.browser.get('/api/cart')).body.item_count).toBe(1);
    expect((await buyer.browser.get('/api/wallet')).body.data.balance).toBe('10000.00');
  });

  it('changes the quantity of a plan and totals it', async () => {
    const buyer = await newBuyer(server);
    const basic = await plan(server, 'basic');
    const added = await buyer.browser.post('/api/wallet/subscription/store', { package_id: basic.id });
    const updated = await buyer.browser.post(`/api/cart/update/${added.body.cart.items[0].id}`, {
      quantity: 3,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ item_count: 3, total: '3000.00' });
    expect(updated.body.cart.items[0]).toMatchObject({ quantity: 3, price: '1000.00', total: '3000.00' });
    const tooMany = await buyer.browser.post(`/api/cart/update/${added.body.cart.items[0].id}`, {
      quantity: 13,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.quantity).toEqual(['The quantity must be a whole number from 1 to 12.']);
  });
});
