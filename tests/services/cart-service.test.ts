// The cart, payment and wallet calls against msw handlers shaped like CONTRACT.md: paths, methods,
// snake_case bodies out, camelCase objects in, missing keys read as null, failures as ApiError.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartItem,
  addToCart,
  cartErrorText,
  fetchCart,
  fetchCheckout,
  removeCartItem,
  serverMessageOr,
} from '@/services/cart-service';
import { ApiError } from '@/services/http';
import {
  confirmPaybill,
  fetchPaybill,
  fetchTransaction,
  payByMpesa,
  payByPesapal,
  payByWallet,
} from '@/services/payment-service';
import { cartItemName } from '@/services/schemas/cart';
import { transactionFailureReason } from '@/services/schemas/transaction';
import { fetchWallet, setUpWalletPin, topUpWallet } from '@/services/wallet-service';

const lessonItem = {
  id: 1,
  purchasable_type: 'lesson',
  purchasable_id: 11,
  purchasable: {
    id: 11,
    code: 'MAT-101',
    price: '1500.00',
    objective: 'Add and subtract fractions',
    start_at: '2026-12-01T09:00:00+03:00',
    end_at: '2026-12-01T10:00:00+03:00',
    topic: { name: 'Fractions' },
    program: { name: 'Grade 5 Mathematics', curriculum: { name: 'CBC' } },
    type: { name: 'Private', color: '#1971c2' },
  },
  quantity: 1,
  price: '1500.00',
  total: '1500.00',
  created_at: '2026-11-21T10:00:00+03:00',
  updated_at: '2026-11-21T10:00:00+03:00',
};
const planItem = {
  id: 2,
  purchasable_type: 'subscription',
  purchasable_id: 3,
  purchasable: { id: 3, price: 2500, package: { id: 3, name: 'Premium' } },
  quantity: '1',
  price: 2500,
  total: '2500.00',
};
const cartBody = {
  cart: {
    id: 7,
    user_id: 3,
    session_id: null,
    items: [lessonItem, planItem],
    created_at: '2026-11-21T10:00:00+03:00',
  },
  item_count: 2,
  total: '4000.00',
};
const pendingTransaction = {
  id: 55,
  user_id: 3,
  wallet_id: 4,
  type: 'payment',
  amount: '4000.00',
  reference: 'SOM-55',
  status: 'pending',
  meta: null,
  initiated_at: '2026-11-21T10:05:00+03:00',
};

type Seen = { method: string; path: string; body: unknown; xsrf: string | null };
let seen: Seen[] = [];

/** Notes the call and returns its JSON body (null when there is none). */
async function record(request: Request): Promise<unknown> {
  const text = request.method === 'GET' ? '' : await request.text();
  const body: unknown = text ? JSON.parse(text) : null;
  seen.push({
    method: request.method,
    path: new URL(request.url).pathname,
    body,
    xsrf: request.headers.get('x-xsrf-token'),
  });
  return body;
}

const server = setupServer(
  http.get('*/api/cart', async ({ request }) => {
    await record(request);
    return HttpResponse.json(cartBody);
  }),
  http.post('*/api/cart/store', async ({ request }) => {
    await record(request);
    return HttpResponse.json(cartBody);
  }),
  http.post('*/api/cart/remove/item', async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      cart: { ...cartBody.cart, items: [planItem] },
      item_count: 1,
      total: '2500.00',
    });
  }),
  http.get('*/api/cart/checkout/:id?', async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      ...cartBody,
      payment_methods: ['wallet', { method: 'mpesa', name: 'M-Pesa' }, 'bitcoin', 'pesapal'],
      wallet: { id: 4, account_no: 'W-0004', balance: '10000.00', currency: 'KES', has_pin: true },
    });
  }),
  http.post('*/api/payments/wallet/:id?', async ({ request }) => {
    const { pin } = (await record(request)) as { pin: string };
    if (pin !== '1234') {
      return HttpResponse.json(
        { message: 'The PIN is incorrect.', errors: { pin: ['The PIN is incorrect.'] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ message: 'Order paid' });
  }),
  http.post('*/api/payments/mpesa/:id?', async ({ request }) => {
    await record(request);
    return HttpResponse.json(
      { message: 'Check your phone to complete the payment.', transaction: pendingTransaction },
      { status: 202 },
    );
  }),
  http.get('*/api/payments/paybill/:id?', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ business_number: 174379, account_number: 'SOM-7', amount: '4000.00' });
  }),
  http.post('*/api/payments/paybill/confirm/:id?', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Still waiting for the payment.', paid: false }, { status: 202 });
  }),
  http.post('*/api/payments/pesapal/:id?', async ({ request }) => {
    await record(request);
    return HttpResponse.json(
      {
        message: 'Continue on Pesapal.',
        pesapal_url: 'https://pay.example/pesapal/abc',
        transaction: pendingTransaction,
      },
      { status: 202 },
    );
  }),
  http.get('*/api/wallet/transaction/show/:id', async ({ request, params }) => {
    await record(request);
    if (params.id === '404') return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    return HttpResponse.json({
      data: {
        ...pendingTransaction,
        status: 'failed',
        meta: { result_desc: 'Request cancelled by user' },
        completed_at: '2026-11-21T10:06:00+03:00',
      },
    });
  }),
  http.get('*/api/wallet', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ data: { id: 4, account_no: 'W-0004', balance: '250.50', currency: 'KES' } });
  }),
  http.post('*/api/wallet/topup', async ({ request }) => {
    await record(request);
    return HttpResponse.json(
      { message: 'Check your phone.', transaction: { ...pendingTransaction, type: 'topup' } },
      { status: 202 },
    );
  }),
  http.post('*/api/wallet/setup', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ message: 'Wallet setup complete' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterAll(() => server.close());

describe('cart service', () => {
  it('reads the cart body into the client view, items split by what they buy', async () => {
    const view = await fetchCart();
    expect(view.itemCount).toBe(2);
    expect(view.total).toBe('4000.00');
    expect(view.cart).toMatchObject({ id: 7, userId: 3, sessionId: null, updatedAt: null });
    const [lesson, plan] = view.items;
    expect(lesson).toMatchObject({
      purchasableType: 'lesson',
      purchasableId: 11,
      quantity: 1,
      price: '1500.00',
      options: null,
      purchasable: {
        code: 'MAT-101',
        startAt: '2026-12-01T09:00:00+03:00',
        topic: { name: 'Fractions' },
        program: { name: 'Grade 5 Mathematics', curriculum: { name: 'CBC' } },
        type: { name: 'Private', color: '#1971c2' },
        class: null,
      },
    });
    // Numbers on the wire still read as two-decimal money and integer quantities.
    expect(plan).toMatchObject({
      purchasableType: 'subscription',
      quantity: 1,
      price: '2500.00',
      purchasable: { price: '2500.00', package: { name: 'Premium' }, customPlan: null },
    });
    expect(view.items.map(cartItemName)).toEqual(['Fractions', 'Premium']);
  });

  it('adds to the cart with snake_case keys and the anti-forgery header', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    await addToCart({ purchasableType: 'lesson', purchasableId: 11 });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/cart/store',
        body: { purchasable_type: 'lesson', purchasable_id: 11 },
        xsrf: 'abc=',
      },
    ]);
  });

  it("adds a lesson or a plan and answers the cart with the server's message, else the catalogue's", async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    server.use(
      http.post('*/api/lessons/add-to-cart/:id', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ ...cartBody, message: 'Added: Fractions' });
      }),
      http.post('*/api/wallet/subscription/store', async ({ request }) => {
        await record(request);
        return HttpResponse.json(cartBody);
      }),
    );
    const lesson = await addCartItem({ kind: 'lesson', id: 11 });
    expect(lesson.message).toBe('Added: Fractions');
    expect(lesson.cart.itemCount).toBe(2);
    const plan = await addCartItem({ kind: 'plan', id: 3 });
    expect(plan.message).toBe('Plan added to cart');
    expect(seen).toEqual([
      { method: 'POST', path: '/api/lessons/add-to-cart/11', body: null, xsrf: 'abc=' },
      { method: 'POST', path: '/api/wallet/subscription/store', body: { package_id: 3 }, xsrf: 'abc=' },
    ]);
  });

  it('removes an item by purchasable and answers with the new cart', async () => {
    const view = await removeCartItem({ purchasableType: 'lesson', purchasableId: 11 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/cart/remove/item',
      body: { purchasable_type: 'lesson', purchasable_id: 11 },
    });
    expect(view).toMatchObject({ itemCount: 1, total: '2500.00' });
    expect(view.items.map((item) => item.id)).toEqual([2]);
  });

  it('loads checkout for a named cart or the current one, with the known methods and the wallet', async () => {
    const checkout = await fetchCheckout(7);
    await fetchCheckout();
    expect(seen.map((s) => s.path)).toEqual(['/api/cart/checkout/7', '/api/cart/checkout']);
    expect(checkout.paymentMethods).toEqual(['wallet', 'mpesa', 'pesapal']);
    expect(checkout.wallet).toMatchObject({
      balance: '10000.00',
      hasPIN: true,
      accountNo: 'W-0004',
      reference: null,
    });
    expect(checkout.itemCount).toBe(2);
  });

  it('turns a failed call into the server message, then the error message, then the unknown-error text', async () => {
    server.use(
      http.get('*/api/cart', () =>
        HttpResponse.json({ message: 'Your session has no cart.' }, { status: 409 }),
      ),
    );
    const error = await fetchCart().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409 });
    expect(cartErrorText(error)).toBe('Your session has no cart.');
    expect(cartErrorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(cartErrorText('nothing useful')).toBe('An unknown error occurred');
    expect(
      serverMessageOr(new ApiError({ status: 0, message: 'offline' }), 'We could not remove the item.'),
    ).toBe('We could not remove the item.');
  });

  it('reports an answer of the wrong shape as the general error', async () => {
    server.use(
      http.get('*/api/cart', () =>
        HttpResponse.json({ cart: { id: 7, items: [{ id: 1, purchasable_type: 'ticket' }] } }),
      ),
    );
    await expect(fetchCart()).rejects.toThrow('Something went wrong, please try again later.');
  });
});

describe('payment service', () => {
  it('pays by wallet with the PIN, and a wrong PIN is a 422 with the server message', async () => {
    await expect(payByWallet(7, '1234')).resolves.toEqual({ message: 'Order paid' });
    const refused = await payByWallet(7, '0000').catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 422,
      message: 'The PIN is incorrect.',
      fieldErrors: { pin: ['The PIN is incorrect.'] },
    });
    expect(seen.map((s) => [s.path, s.body])).toEqual([
      ['/api/payments/wallet/7', { pin: '1234' }],
      ['/api/payments/wallet/7', { pin: '0000' }],
    ]);
  });

  it('starts an M-Pesa payment and gets its pending transaction', async () => {
    const answer = await payByMpesa(null, '254708374149');
    expect(seen[0]).toMatchObject({ path: '/api/payments/mpesa', body: { phone: '254708374149' } });
    expect(answer).toMatchObject({
      message: 'Check your phone to complete the payment.',
      pesapalUrl: null,
      transaction: {
        id: 55,
        status: 'pending',
        amount: '4000.00',
        walletId: 4,
        completedAt: null,
        wallet: null,
      },
    });
  });

  it('reads the paybill numbers as text and a 202 confirmation as not paid yet', async () => {
    await expect(fetchPaybill(7)).resolves.toEqual({
      businessNumber: '174379',
      accountNumber: 'SOM-7',
      amount: '4000.00',
    });
    await expect(confirmPaybill(7)).resolves.toEqual({
      paid: false,
      underReview: false,
      message: 'Still waiting for the payment.',
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/payments/paybill/7',
      'POST /api/payments/paybill/confirm/7',
    ]);
  });

  it('reads a paid confirmation from its transaction when the body has no flag', async () => {
    server.use(
      http.post('*/api/payments/paybill/confirm/:id?', () =>
        HttpResponse.json({
          message: 'Order paid',
          transaction: { ...pendingTransaction, status: 'completed' },
        }),
      ),
    );
    await expect(confirmPaybill(7)).resolves.toEqual({
      paid: true,
      underReview: false,
      message: 'Order paid',
    });
  });

  it('reads a payment held for review from its transaction', async () => {
    server.use(
      http.post('*/api/payments/paybill/confirm/:id?', () =>
        HttpResponse.json({
          message: 'Our team is reviewing it.',
          paid: false,
          transaction: { ...pendingTransaction, status: 'needs_review' },
        }),
      ),
    );
    await expect(confirmPaybill(7)).resolves.toEqual({
      paid: false,
      underReview: true,
      message: 'Our team is reviewing it.',
    });
  });

  it('gets the Pesapal page to show', async () => {
    const answer = await payByPesapal(7);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/payments/pesapal/7', body: null });
    expect(answer.pesapalUrl).toBe('https://pay.example/pesapal/abc');
  });

  it("follows a transaction and reads the gateway's reason for a failure", async () => {
    const transaction = await fetchTransaction(55);
    expect(transaction).toMatchObject({ id: 55, status: 'failed', completedAt: '2026-11-21T10:06:00+03:00' });
    expect(transactionFailureReason(transaction)).toBe('Request cancelled by user');
    await expect(fetchTransaction(404)).rejects.toMatchObject({ status: 404, message: 'Not found.' });
  });
});

describe('wallet service', () => {
  it('reads the wallet with a default of no PIN', async () => {
    await expect(fetchWallet()).resolves.toMatchObject({
      id: 4,
      balance: '250.50',
      currency: 'KES',
      hasPIN: false,
    });
  });

  it('tops up by M-Pesa with the phone and by Pesapal without one', async () => {
    const answer = await topUpWallet({ amount: '500.00', method: 'mpesa', phone: '254708374149' });
    await topUpWallet({ amount: '500.00', method: 'pesapal', phone: '254708374149' });
    expect(answer.transaction.type).toBe('topup');
    expect(seen.map((s) => s.body)).toEqual([
      { amount: '500.00', method: 'mpesa', phone: '254708374149' },
      { amount: '500.00', method: 'pesapal' },
    ]);
  });

  it('sets up the PIN with its confirmation', async () => {
    await expect(setUpWalletPin('2468', '2468')).resolves.toEqual({ message: 'Wallet setup complete' });
    expect(seen[0]).toMatchObject({
      path: '/api/wallet/setup',
      body: { pin: '2468', pin_confirmation: '2468' },
    });
  });
});
