// Issue 23's endpoints in the fake API, shaped as docs/withdrawals.md says: the withdrawal number
// (a Safaricom number and the wallet PIN, usable 24 h after it is set), a withdrawal (the limits of
// src/shared/withdrawals.ts, the withdrawable amount, the PIN, the number; 202 with the pending
// withdrawal, the amount and fee held from the balance), settled after `checksBeforeFinal` checks or
// by the test (`settle`): paid with a receipt, or failed with M-Pesa's reason and the money back; the
// withdrawals history; a teacher's statement (JSON and CSV); the admin money desk's withdrawals by
// status, the commission by month, and resolving a transaction in review (409 once resolved). The
// review queue is admin-handlers.ts's `admin.payments`. The balance is commerce-handlers.ts's.
// Add with `useWithdrawalApi()` after the file's `useFakeApi()` or `useAdminApi()`.
import { beforeEach } from 'vitest';
import { http, HttpResponse } from 'msw';
import { t } from '@/shared/messages';
import { isSafaricomPhone, normaliseKenyanPhone } from '@/shared/validation';
import {
  maskedNumber,
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  withdrawalNumberUsableAt,
} from '@/shared/withdrawals';
import { admin } from './admin-handlers';
import { commerce } from './commerce-handlers';
import { guard, invalid, json } from './handler-kit';
import { server } from './server';

type Wire = Record<string, unknown>;
const money = (cents: number) => (cents / 100).toFixed(2);

/** The server's words the tests look for. */
export const WITHDRAWAL_TEXT = {
  numberWait: 'This number was set less than 24 hours ago. Withdrawals can be paid to it from tomorrow.',
  noNumber: 'Set a withdrawal number first.',
  tooMuch: 'You can withdraw at most KES 2,000.',
  pinWrong: 'The PIN is incorrect. You have 4 tries left.',
  accepted: 'Withdrawal requested. M-Pesa will pay your number shortly.',
  resolvedAlready: 'This transaction has already been resolved by another admin.',
  reason: 'The recipient is not registered for M-Pesa.',
};
export const RECEIPT = 'SKR7Y2K9QZ';
/** The demo teacher's number, as set, and masked. */
export const NUMBER = '254712345678';

type FakeWithdrawal = {
  id: number;
  amountCents: number;
  feeCents: number;
  status: 'pending' | 'completed' | 'failed' | 'needs_review';
  receipt: string | null;
  reason: string | null;
  checksLeft: number;
  initiatedAt: string;
};

export const withdrawals = {
  number: NUMBER as string | null,
  /** When the number was set; long ago by default, so it is usable. */
  numberSetAt: new Date('2026-11-01T08:00:00.000Z'),
  withdrawableCents: 200_000,
  feeCents: 0,
  items: [] as FakeWithdrawal[],
  nextId: 700,
  /** Checks of a pending withdrawal before it is final; Infinity: only `settle` ends it. */
  checksBeforeFinal: Infinity,
  /** How the next withdrawals end. */
  outcome: 'completed' as 'completed' | 'failed' | 'needs_review',
  /** Resolve bodies, commission, admin withdrawals. */
  bodies: new Map<string, Wire>(),
  adminItems: [] as Wire[],
  reset() {
    this.number = NUMBER;
    this.numberSetAt = new Date('2026-11-01T08:00:00.000Z');
    this.withdrawableCents = 200_000;
    this.feeCents = 0;
    this.items = [
      {
        id: 650,
        amountCents: 100_000,
        feeCents: 0,
        status: 'failed',
        receipt: null,
        reason: WITHDRAWAL_TEXT.reason,
        checksLeft: 0,
        initiatedAt: '2026-11-20T07:00:00.000Z',
      },
      {
        id: 651,
        amountCents: 150_000,
        feeCents: 0,
        status: 'completed',
        receipt: 'SKQ1A2B3C4',
        reason: null,
        checksLeft: 0,
        initiatedAt: '2026-11-22T07:00:00.000Z',
      },
    ];
    this.nextId = 700;
    this.checksBeforeFinal = Infinity;
    this.outcome = 'completed';
    this.bodies = new Map();
    this.adminItems = [
      adminWithdrawal(801, 'pending', {}),
      adminWithdrawal(802, 'failed', { reason: WITHDRAWAL_TEXT.reason }),
      adminWithdrawal(803, 'needs_review', {}),
      adminWithdrawal(804, 'completed', { receipt: 'SKP9Z8Y7X6' }),
    ];
  },
  /** M-Pesa's answer for a pending withdrawal: paid, or failed with the money back. */
  settle(id: number, how?: 'completed' | 'failed' | 'needs_review') {
    const outcome = how ?? withdrawals.outcome;
    const item = this.items.find((each) => each.id === id);
    if (!item || item.status !== 'pending') return;
    item.status = outcome;
    if (outcome === 'completed') item.receipt = RECEIPT;
    if (outcome === 'failed') {
      item.reason = WITHDRAWAL_TEXT.reason;
      commerce.walletCents += item.amountCents + item.feeCents;
      this.withdrawableCents += item.amountCents + item.feeCents;
    }
  },
  latest(): FakeWithdrawal | undefined {
    return this.items.at(-1);
  },
};

function adminWithdrawal(id: number, status: string, extra: Wire): Wire {
  return {
    id,
    type: 'withdrawal',
    amount: '1500.00',
    fee: '0.00',
    status,
    reference: `WD-${id}`,
    receipt: null,
    reason: null,
    withdrawal_no: maskedNumber(NUMBER),
    initiated_at: '2026-11-25T07:00:00.000Z',
    completed_at: null,
    user: { id: 3, email: 'grace.mwangi@example.com', first_name: 'Grace', last_name: 'Mwangi' },
    ...extra,
  };
}

function usableAt(): string | null {
  if (!withdrawals.number) return null;
  const at = withdrawalNumberUsableAt(withdrawals.numberSetAt);
  return at.getTime() > Date.now() ? at.toISOString() : null;
}

function withdrawalWire(item: FakeWithdrawal): Wire {
  return {
    id: item.id,
    user_id: 101,
    wallet_id: 77,
    type: 'withdrawal',
    amount: money(item.amountCents),
    fee: money(item.feeCents),
    reference: `WD-${item.id}`,
    status: item.status,
    receipt: item.receipt,
    reason: item.reason,
    related_transaction: null,
    meta: item.reason ? { result_desc: item.reason } : {},
    initiated_at: item.initiatedAt,
    completed_at: item.status === 'pending' ? null : item.initiatedAt,
    receipt_sent_at: null,
  };
}

/** The statement of `month`: one lesson's earning and one withdrawal, balances that add up. */
export function statementWire(month: string): Wire {
  return {
    month,
    opening_balance: '10000.00',
    closing_balance: '10700.00',
    lines: [
      {
        date: `${month}-10T09:00:00.000Z`,
        kind: 'earning',
        description: 'Fractions (Grade 7)',
        lesson_code: 'LSN-F7',
        gross: '1500.00',
        commission: '300.00',
        net: '1200.00',
        receipt: null,
        balance: '11200.00',
      },
      {
        date: `${month}-12T09:00:00.000Z`,
        kind: 'withdrawal',
        description: 'Withdrawal to M-Pesa',
        lesson_code: null,
        gross: null,
        commission: null,
        net: '-500.00',
        receipt: 'SKQ1A2B3C4',
        balance: '10700.00',
      },
    ],
    totals: { gross: '1500.00', commission: '300.00', net: '1200.00', withdrawals: '500.00' },
  };
}

async function bodyOf(request: Request): Promise<Wire> {
  const body = (await request.json().catch(() => ({}))) as Wire;
  withdrawals.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

function paged(items: Wire[], query: URLSearchParams): Wire {
  const perPage = Number(query.get('per_page') ?? 15);
  const page = Number(query.get('page') ?? 1);
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(items.length / perPage)),
      per_page: perPage,
      total: items.length,
    },
  };
}

function walletWire(): Wire {
  return {
    ...commerce.walletWire(),
    withdrawal_no: maskedNumber(withdrawals.number),
    withdrawal_provider: withdrawals.number ? 'mpesa' : null,
    withdrawal_no_usable_at: usableAt(),
    withdrawable: money(Math.min(withdrawals.withdrawableCents, commerce.walletCents)),
    withdrawal_fee: money(withdrawals.feeCents),
  };
}

const pinRefused = (pin: unknown) =>
  commerce.pin === null
    ? invalid({ pin: [t('wallet.noPin')] })
    : pin !== commerce.pin
      ? invalid({ pin: [WITHDRAWAL_TEXT.pinWrong] })
      : null;

export const withdrawalHandlers = [
  http.get('/api/wallet', ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    return json({ data: { ...walletWire(), transactions: [] } });
  }),
  http.post('/api/wallet/withdrawal-number', async ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const phone = String(body.phone ?? '');
    if (!isSafaricomPhone(phone)) return invalid({ phone: [t('validation.safaricomPhone')] });
    const wrongPin = pinRefused(body.pin);
    if (wrongPin) return wrongPin;
    withdrawals.number = normaliseKenyanPhone(phone);
    withdrawals.numberSetAt = new Date();
    return json({ message: t('walletUi.numberSaved'), data: walletWire() });
  }),
  http.post('/api/wallet/withdraw', async ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const wrongPin = pinRefused(body.pin);
    if (wrongPin) return wrongPin;
    if (!withdrawals.number) return invalid({ withdrawal_no: [WITHDRAWAL_TEXT.noNumber] });
    if (usableAt()) return invalid({ withdrawal_no: [WITHDRAWAL_TEXT.numberWait] });
    const cents = Math.round(Number(body.amount) * 100);
    if (!Number.isFinite(cents) || cents < WITHDRAWAL_MIN_CENTS || cents > WITHDRAWAL_MAX_CENTS)
      return invalid({ amount: ['Withdraw from KES 50 to KES 150,000.'] });
    if (cents + withdrawals.feeCents > Math.min(withdrawals.withdrawableCents, commerce.walletCents))
      return invalid({ amount: [WITHDRAWAL_TEXT.tooMuch] });
    commerce.walletCents -= cents + withdrawals.feeCents;
    withdrawals.withdrawableCents -= cents + withdrawals.feeCents;
    const item: FakeWithdrawal = {
      id: withdrawals.nextId++,
      amountCents: cents,
      feeCents: withdrawals.feeCents,
      status: 'pending',
      receipt: null,
      reason: null,
      checksLeft: withdrawals.checksBeforeFinal,
      initiatedAt: new Date().toISOString(),
    };
    withdrawals.items.push(item);
    return json({ message: WITHDRAWAL_TEXT.accepted, transaction: withdrawalWire(item) }, 202);
  }),
  http.get('/api/wallet/transaction/show/:id', ({ request, params }) => {
    const item = withdrawals.items.find((each) => String(each.id) === params.id);
    if (!item) return undefined;
    const refused = guard(request);
    if (refused) return refused;
    if (item.status === 'pending') {
      if (item.checksLeft > 0) item.checksLeft -= 1;
      else withdrawals.settle(item.id);
    }
    return json({ data: withdrawalWire(item) });
  }),
  http.get('/api/wallet/withdrawals', ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    return json(
      paged([...withdrawals.items].reverse().map(withdrawalWire), new URL(request.url).searchParams),
    );
  }),
  http.get('/api/teacher/statement', ({ request }) => {
    const refused = guard(request, 'teacher');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const month = query.get('month') ?? '';
    if (!/^\d{4}-\d{2}$/.test(month)) return invalid({ month: ['Choose a month (YYYY-MM).'] });
    if (query.get('format') === 'csv')
      return new HttpResponse('date,kind,description\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': `attachment; filename="somesha-statement-${month}.csv"`,
        },
      });
    return json({ data: statementWire(month) });
  }),
  http.get('/api/admin/withdrawals', ({ request }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const status = query.get('status') ?? 'pending';
    return json(
      paged(
        withdrawals.adminItems.filter((item) => item.status === status),
        query,
      ),
    );
  }),
  http.get('/api/admin/money', ({ request }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    return json({
      data: {
        commission_by_month: [
          { month: '2026-11', commission: '4200.00', lessons: 14 },
          { month: '2026-10', commission: '3600.00', lessons: 12 },
        ],
        needs_review: {
          payments: admin.payments.filter((item) => item.status === 'needs_review').length,
          withdrawals: withdrawals.adminItems.filter((item) => item.status === 'needs_review').length,
        },
      },
    });
  }),
  http.post('/api/admin/transactions/resolve/:id', async ({ request, params }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const found = admin.payments.find((item) => String(item.id) === params.id);
    if (!found) return json({ message: t('messages.notFound') }, 404);
    const body = await bodyOf(request);
    const action = String(body.action ?? '');
    const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
    const errors: Record<string, string[]> = {};
    if (!['credit', 'refunded_outside', 'close'].includes(action)) errors.action = ['Choose an action.'];
    if (remark.length < 5) errors.remark = ['The remark must be at least 5 characters.'];
    if (action === 'credit' && typeof body.user_id !== 'number')
      errors.user_id = ['Choose whose wallet to credit.'];
    if (Object.keys(errors).length) return invalid(errors);
    if (found.status !== 'needs_review') return json({ message: WITHDRAWAL_TEXT.resolvedAlready }, 409);
    const status =
      action === 'credit' ? 'completed' : action === 'refunded_outside' ? 'reversed' : 'cancelled';
    Object.assign(found, {
      status,
      audit: [
        ...((found.audit as Wire[] | undefined) ?? []),
        {
          action,
          remark,
          actor: { id: 5, name: 'Imani Admin', email: 'admin@example.com' },
          created_at: '2026-11-27T09:00:00.000Z',
        },
      ],
    });
    return json({ message: t('walletUi.resolved'), data: found });
  }),
];

/** After the file's `useFakeApi()` or `useAdminApi()`: these endpoints too, fresh per test. */
export function useWithdrawalApi() {
  beforeEach(() => {
    withdrawals.reset();
    server.use(...withdrawalHandlers);
  });
}
withdrawals.reset();
