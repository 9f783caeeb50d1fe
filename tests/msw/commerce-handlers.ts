// The commerce part of the fake API (CONTRACT.md "Cart", "Payments", "Wallet", docs/commerce.md):
// one cart, one wallet, gateway transactions that settle after a scripted number of checks.
// Composed with `handlers` in ./server.ts; state lives in `commerce` and is reset per test.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { api } from './handlers';

type WireRecord = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

/** Prices in cents, like the real server; the wire carries decimal strings. */
const money = (cents: number) => (cents / 100).toFixed(2);

export const LESSON_ALGEBRA = {
  id: 501,
  code: 'LSN-ALG-01',
  price: '1500.00',
  objective: 'Solve linear equations',
  start_at: '2026-12-03T14:00:00+03:00',
  end_at: '2026-12-03T15:00:00+03:00',
  topic: { name: 'Algebra' },
  program: { name: 'Mathematics', curriculum: { name: 'CBC' } },
  type: { name: 'Private', color: '#1971c2' },
};
export const PLAN_PREMIUM = { id: 7, price: '2000.00', package: { id: 3, name: 'Premium' } };

export const PACKAGES = [
  {
    id: 2,
    name: 'Basic',
    slug: 'basic',
    recommended: false,
    price: '500.00',
    interval: 'month',
    duration: 1,
    duration_unit: 'month',
    entitlements: { included_lessons: 2, lesson_cap: '600.00', discount_percent: 10 },
    features: [
      { id: 1, name: 'Lessons included each month', slug: 'lessons', value: '2', display_value: '2' },
    ],
  },
  {
    id: 3,
    name: 'Premium',
    slug: 'premium',
    recommended: true,
    price: '2000.00',
    interval: 'month',
    duration: 1,
    duration_unit: 'month',
    entitlements: { included_lessons: 6, lesson_cap: '1600.00', discount_percent: 20 },
    features: [
      { id: 1, name: 'Lessons included each month', slug: 'lessons', value: '6', display_value: '6' },
      { id: 2, name: 'Off every other lesson', slug: 'discount', value: '20%', display_value: null },
    ],
  },
];

type CartLine = {
  purchasableType: 'lesson' | 'subscription';
  purchasable: WireRecord;
  priceCents: number;
  /** The buyer's plan on the line (issue 24) and what it charges then. */
  plan?: { name: string; covered: boolean; discount_percent: number | null };
  chargedCents?: number;
};
type FinalStatus = 'completed' | 'failed' | 'cancelled' | 'needs_review';
type FakeTransaction = {
  id: number;
  type: 'payment' | 'topup';
  amountCents: number;
  status: 'pending' | FinalStatus;
  /** Status checks answered `pending` before the final status shows. */
  checksLeft: number;
  finalStatus: FinalStatus;
  resultDesc: string | null;
};

// The sandbox numbers of the README: what the customer does on the phone.
export const MPESA_SUCCESS_PHONE = '0708374149';
export const MPESA_CANCEL_PHONE = '0700000032';
export const MPESA_CANCEL_REASON = 'Request cancelled by user';
export const PAYBILL = { business_number: '4123456', account_number: 'SW00000101' };
export const PESAPAL_URL = 'https://sandbox.example/pesapal/pay?order=1';

export const commerce = {
  lines: [] as CartLine[],
  cartId: 41,
  walletCents: 1_000_000,
  pin: '1234' as string | null,
  transactions: new Map<number, FakeTransaction>(),
  nextTransactionId: 900,
  /** Pending checks before a gateway transaction is final. */
  checksBeforeFinal: 1,
  /** Whether the paybill C2B confirmation has come in. */
  paybillPaid: false,
  /** Pesapal's final status for the next payment. */
  pesapalOutcome: 'completed' as FinalStatus,
  reset() {
    // Empty by default, so screens that do not care about the cart see "Cart, 0 items".
    this.lines = [];
    this.cartId = 41;
    this.walletCents = 1_000_000;
    this.pin = '1234';
    this.transactions = new Map();
    this.nextTransactionId = 900;
    this.checksBeforeFinal = 1;
    this.paybillPaid = false;
    this.pesapalOutcome = 'completed';
  },
  /** A lesson (KES 1,500) and a plan (KES 2,000): KES 3,500. */
  fill() {
    this.lines = [
      { purchasableType: 'lesson', purchasable: { ...LESSON_ALGEBRA }, priceCents: 150_000 },
      { purchasableType: 'subscription', purchasable: { ...PLAN_PREMIUM }, priceCents: 200_000 },
    ];
  },
  totalCents() {
    return this.lines.reduce((sum, line) => sum + (line.chargedCents ?? line.priceCents), 0);
  },
  cartBody(): WireRecord {
    return {
      cart: {
        id: this.cartId,
        user_id: null,
        session_id: 'session',
        items: this.lines.map((line, index) => ({
          id: index + 1,
          purchasable_type: line.purchasableType,
          purchasable_id: line.purchasable.id,
          purchasable: line.purchasable,
          quantity: 1,
          options: null,
          price: money(line.priceCents),
          total: money(line.chargedCents ?? line.priceCents),
          plan: line.plan ?? null,
          created_at: '2026-11-20T10:00:00+03:00',
          updated_at: '2026-11-20T10:00:00+03:00',
        })),
        created_at: '2026-11-20T10:00:00+03:00',
        updated_at: '2026-11-20T10:00:00+03:00',
      },
      item_count: this.lines.length,
      total: money(this.totalCents()),
    };
  },
  walletWire(): WireRecord {
    return {
      id: 77,
      account_no: 'SW00000101',
      reference: 'W-77',
      user_id: 101,
      balance: money(this.walletCents),
      currency: 'KES',
      withdrawal_no: null,
      withdrawal_provider: null,
      // Issue 23 (tests/msw/withdrawal-handlers.ts sets them for the withdrawal tests).
      withdrawal_no_usable_at: null,
      withdrawable: '0.00',
      withdrawal_fee: '0.00',
      has_pin: this.pin !== null,
    };
  },
  transactionWire(tx: FakeTransaction): WireRecord {
    return {
      id: tx.id,
      user_id: 101,
      wallet_id: 77,
      type: tx.type,
      amount: money(tx.amountCents),
      reference: `TX-${tx.id}`,
      status: tx.status,
      related_transaction: null,
      meta: tx.resultDesc ? { result_desc: tx.resultDesc } : {},
      initiated_at: '2026-11-21T10:00:00+03:00',
      completed_at: tx.status === 'pending' ? null : '2026-11-21T10:01:00+03:00',
      receipt_sent_at: null,
    };
  },
  startTransaction(
    type: FakeTransaction['type'],
    amountCents: number,
    finalStatus: FinalStatus,
    resultDesc: string | null,
  ) {
    const tx: FakeTransaction = {
      id: this.nextTransactionId++,
      type,
      amountCents,
      status: 'pending',
      checksLeft: this.checksBeforeFinal,
      finalStatus,
      resultDesc,
    };
    this.transactions.set(tx.id, tx);
    return tx;
  },
  /** What the gateway's callback does once the customer has answered. */
  settle(tx: FakeTransaction) {
    tx.status = tx.finalStatus;
    if (tx.status !== 'completed') return;
    if (tx.type === 'topup') {
      this.walletCents += tx.amountCents;
      // The server's words for a credited wallet, with the new balance.
      tx.resultDesc = t('wallet.credited', { balance: formatKes(money(this.walletCents)) });
    } else this.lines = [];
  },
};
commerce.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

async function bodyOf(request: Request): Promise<WireRecord> {
  const body = (await request.json().catch(() => ({}))) as WireRecord;
  api.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

/** Signed in, and writes carry the XSRF header (as the real server checks). */
function guarded(request: Request, respond: () => Response | Promise<Response>) {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF) {
    return json({ message: t('auth.csrfMismatch') }, 419);
  }
  return respond();
}

const emptyCart = () => (commerce.lines.length === 0 ? json({ message: t('cart.empty') }, 409) : null);

/** Children of the signed-in parent, as `GET /api/user` lists them. */
export function parentChildren(): number[] {
  const parent = api.current()?.user.parent as { students?: Array<{ id: number }> } | null | undefined;
  return (parent?.students ?? []).map((student) => student.id);
}

/**
 * As the server (docs/api.md "Paying"): lessons are booked for one learner, so a parent of several
 * children must name one in `student_id`; someone else's child is refused the same way.
 */
function learnerRefused(body: WireRecord): Response | null {
  const children = parentChildren();
  if (!commerce.lines.some((line) => line.purchasableType === 'lesson') || children.length === 0) return null;
  const wanted = body.student_id ?? (children.length === 1 ? children[0] : null);
  if (typeof wanted === 'number' && children.includes(wanted)) return null;
  return json(
    { message: t('payment.childRequired'), errors: { student_id: [t('payment.childRequired')] } },
    422,
  );
}

export const commerceHandlers = [
  // A visitor's cart lives in the session, so GET /api/cart answers without sign-in.
  http.get('/api/cart', () => json(commerce.cartBody())),
  http.get('/api/cart/checkout/:id?', ({ request }) =>
    guarded(request, () =>
      json({
        ...commerce.cartBody(),
        payment_methods: ['wallet', 'mpesa', 'paybill', 'pesapal'],
        wallet: commerce.walletWire(),
      }),
    ),
  ),
  http.post('/api/cart/remove/item', async ({ request }) => {
    const body = await bodyOf(request);
    commerce.lines = commerce.lines.filter(
      (line) =>
        !(line.purchasableType === body.purchasable_type && line.purchasable.id === body.purchasable_id),
    );
    return json(commerce.cartBody());
  }),

  http.post('/api/payments/wallet/:id?', ({ request }) =>
    guarded(request, async () => {
      const body = await bodyOf(request);
      const { pin } = body;
      if (commerce.pin === null)
        return json({ message: t('wallet.noPin'), errors: { pin: [t('wallet.noPin')] } }, 422);
      if (pin !== commerce.pin) {
        const message = t('wallet.pinIncorrect', { count: 4 });
        return json({ message, errors: { pin: [message] } }, 422);
      }
      const refused = emptyCart() ?? learnerRefused(body);
      if (refused) return refused;
      if (commerce.walletCents < commerce.totalCents())
        return json({ message: t('wallet.insufficient') }, 422);
      commerce.walletCents -= commerce.totalCents();
      commerce.lines = [];
      return json({ message: t('payment.paid') });
    }),
  ),
  http.post('/api/payments/mpesa/:id?', ({ request }) =>
    guarded(request, async () => {
      const body = await bodyOf(request);
      const { phone } = body;
      const refused = emptyCart() ?? learnerRefused(body);
      if (refused) return refused;
      const cancelled = phone === '254700000032';
      const tx = commerce.startTransaction(
        'payment',
        commerce.totalCents(),
        cancelled ? 'cancelled' : 'completed',
        cancelled ? MPESA_CANCEL_REASON : null,
      );
      return json({ message: t('payment.mpesaPrompt'), transaction: commerce.transactionWire(tx) }, 202);
    }),
  ),
  http.get('/api/payments/paybill/:id?', ({ request }) =>
    guarded(request, () => json({ ...PAYBILL, amount: money(commerce.totalCents()) })),
  ),
  http.post('/api/payments/paybill/confirm/:id?', ({ request }) =>
    guarded(request, () => {
      if (!commerce.paybillPaid) return json({ message: t('payment.paybillWaiting'), paid: false }, 202);
      commerce.lines = [];
      return json({ message: t('payment.paybillPaid'), paid: true });
    }),
  ),
  http.post('/api/payments/pesapal/:id?', ({ request }) =>
    guarded(request, async () => {
      const refused = emptyCart() ?? learnerRefused(await bodyOf(request));
      if (refused) return refused;
      const tx = commerce.startTransaction('payment', commerce.totalCents(), commerce.pesapalOutcome, null);
      return json(
        {
          message: t('payment.pesapalPrompt'),
          pesapal_url: PESAPAL_URL,
          transaction: commerce.transactionWire(tx),
        },
        202,
      );
    }),
  ),

  http.get('/api/wallet', ({ request }) =>
    guarded(request, () =>
      json({
        data: {
          ...commerce.walletWire(),
          transactions: [...commerce.transactions.values()]
            .reverse()
            .map((tx) => commerce.transactionWire(tx)),
        },
      }),
    ),
  ),
  // Issue 23: no withdrawals unless a test uses tests/msw/withdrawal-handlers.ts.
  http.get('/api/wallet/withdrawals', ({ request }) =>
    guarded(request, () =>
      json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 } }),
    ),
  ),
  http.get('/api/wallet/transaction/show/:id', ({ request, params }) =>
    guarded(request, () => {
      const tx = commerce.transactions.get(Number(params.id));
      if (!tx) return json({ message: t('messages.notFound') }, 404);
      if (tx.status === 'pending') {
        if (tx.checksLeft > 0) tx.checksLeft -= 1;
        else commerce.settle(tx);
      }
      return json({ data: commerce.transactionWire(tx) });
    }),
  ),
  http.post('/api/wallet/setup', ({ request }) =>
    guarded(request, async () => {
      const body = await bodyOf(request);
      if (commerce.pin !== null && body.current_pin !== commerce.pin) {
        return json(
          { message: t('wallet.currentPin'), errors: { current_pin: [t('wallet.currentPin')] } },
          422,
        );
      }
      commerce.pin = String(body.pin);
      return json({ message: t('wallet.setupComplete') });
    }),
  ),
  http.post('/api/wallet/topup', ({ request }) =>
    guarded(request, async () => {
      const body = await bodyOf(request);
      const cents = Math.round(Number(body.amount) * 100);
      const tx = commerce.startTransaction('topup', cents, 'completed', null);
      const pesapal = body.method === 'pesapal';
      return json(
        {
          message: pesapal ? t('payment.pesapalPrompt') : t('payment.mpesaPrompt'),
          pesapal_url: pesapal ? PESAPAL_URL : null,
          transaction: commerce.transactionWire(tx),
        },
        202,
      );
    }),
  ),
  http.post('/api/wallet/subscription/store', ({ request }) =>
    guarded(request, async () => {
      const body = await bodyOf(request);
      const plan = PACKAGES.find((p) => p.id === body.package_id);
      if (!plan)
        return json(
          { message: t('validation.choice'), errors: { package_id: [t('validation.choice')] } },
          422,
        );
      const priceCents = Math.round(Number(plan.price) * 100);
      commerce.lines.push({
        purchasableType: 'subscription',
        purchasable: { id: 800 + plan.id, price: plan.price, package: { id: plan.id, name: plan.name } },
        priceCents,
      });
      return json(commerce.cartBody());
    }),
  ),
  http.get('/api/web/packages', () => json({ data: PACKAGES })),
];
