// /api/wallet (CONTRACT "Wallet"): balance and history, top-up, PIN, transactions, plans into the cart.
import { dynamic, object, type Struct } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { pageRequest } from '../http/query';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payments';
import * as walletService from '../services/wallet-service';
import * as withdrawals from '../services/withdrawal-service';
import { t } from '../../src/shared/messages';
import { id, maybe, page, perPage, pin, piece, safaricomPhone, text } from '../../src/shared/request-schemas';
import { withdrawalAmountProblem } from '../../src/shared/withdrawals';
import { topUpAmountProblem, wholeShillings } from '../../src/shared/validation';
import { IdParams } from './cart-routes';

/**
 * Whole shillings within the top-up limits (`150`, `"150"`, `"150.00"`) → cents; anything else reads
 * as null and fails. The limits and the wording are the shared `topUpAmountProblem`, the wallet
 * page's own check.
 */
const topUpCents = () =>
  piece<number>(
    'topUpCents',
    (value) => (topUpAmountProblem(value) === null ? (wholeShillings(value) ?? 0) * 100 : null),
    (value) => (typeof value === 'number' ? null : topUpAmountProblem(value)),
  );

const method = () =>
  piece<'mpesa' | 'pesapal'>(
    'method',
    (value) => (typeof value === 'string' ? value.trim() : value),
    (value) => (value === 'mpesa' || value === 'pesapal' ? null : t('wallet.topupMethod')),
  );

/** M-Pesa needs the Safaricom number to push to; a card payment (Pesapal) needs none. */
const MpesaTopUp = object({ amount: topUpCents(), method: method(), phone: safaricomPhone() });
const OtherTopUp = object({ amount: topUpCents(), method: method(), phone: maybe(text({ max: 100 })) });
type TopUp = { amount: number; method: 'mpesa' | 'pesapal'; phone?: string | undefined };
const TopUpBody = dynamic<TopUp>((value) => {
  const isMpesa =
    typeof value === 'object' &&
    value !== null &&
    String((value as { method?: unknown }).method).trim() === 'mpesa';
  // Both shapes give a TopUp; superstruct's Struct type is invariant, hence the widening.
  return (isMpesa ? MpesaTopUp : OtherTopUp) as unknown as Struct<TopUp, null>;
});

/** Whole shillings within the withdrawal limits (`withdrawalAmountProblem`, the wallet page's check) → cents. */
const withdrawalCents = () =>
  piece<number>(
    'withdrawalCents',
    (value) => (withdrawalAmountProblem(value) === null ? (wholeShillings(value) ?? 0) * 100 : null),
    (value) => (typeof value === 'number' ? null : withdrawalAmountProblem(value)),
  );

const WithdrawalNumberBody = object({ phone: safaricomPhone(), pin: pin() });
const WithdrawBody = object({ amount: withdrawalCents(), pin: pin() });
const WithdrawalsQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });

const SetupBody = object({ pin: pin(), pin_confirmation: pin(), current_pin: pin() });

export function walletRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { bodyLimit: BODY_LIMIT.json, preValidation: guards.authenticate };

  api.get('/api/wallet', signedIn, async (request) => ({
    data: await walletService.walletWithHistory(
      ctx.db,
      currentUser(request).id,
      ctx.config.withdrawalFeeCents,
    ),
  }));

  api.get('/api/wallet/show/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const data = await walletService.walletWithHistory(
      ctx.db,
      currentUser(request).id,
      ctx.config.withdrawalFeeCents,
    );
    // A wallet is private: only its owner's id is known here.
    if (request.params.id !== data.id) throw notFound();
    return { data };
  });

  api.post('/api/wallet/topup', { ...signedIn, schema: { body: TopUpBody } }, async (request, reply) => {
    const { amount: amountCents, method } = request.body;
    const userId = currentUser(request).id;
    if (method === 'mpesa' && request.body.phone) {
      return reply
        .status(202)
        .send(await payments.topUpByMpesa(ctx, userId, amountCents, request.body.phone));
    }
    return reply.status(202).send(await payments.topUpByPesapal(ctx, userId, amountCents));
  });

  api.post('/api/wallet/setup', { ...signedIn, schema: { body: SetupBody } }, async (request) => {
    const body = request.body;
    await walletService.setUpPin(ctx.db, currentUser(request).id, {
      pin: body.pin,
      confirmation: body.pin_confirmation,
      currentPin: body.current_pin,
    });
    return { message: t('wallet.setupComplete') };
  });

  // Withdrawals to M-Pesa (issue 23, docs/withdrawals.md).
  api.post(
    '/api/wallet/withdrawal-number',
    { ...signedIn, schema: { body: WithdrawalNumberBody } },
    async (request) => withdrawals.setWithdrawalNumber(ctx, currentUser(request).id, request.body),
  );

  api.post(
    '/api/wallet/withdraw',
    { ...signedIn, schema: { body: WithdrawBody } },
    async (request, reply) => {
      const { amount, pin: walletPin } = request.body;
      return reply
        .status(202)
        .send(
          await withdrawals.withdraw(ctx, currentUser(request).id, { amountCents: amount, pin: walletPin }),
        );
    },
  );

  api.get(
    '/api/wallet/withdrawals',
    { ...signedIn, schema: { querystring: WithdrawalsQuery } },
    async (request) =>
      withdrawals.listWithdrawals(ctx.db, currentUser(request).id, pageRequest(request.query, 20)),
  );

  api.get(
    '/api/wallet/transaction/show/:id',
    { ...signedIn, schema: { params: IdParams } },
    async (request) => ({
      data: await payments.transactionFor(ctx, currentUser(request).id, request.params.id),
    }),
  );

  api.post(
    '/api/wallet/subscription/store',
    {
      bodyLimit: BODY_LIMIT.json,
      preValidation: guards.requireRole('student', 'parent'),
      schema: { body: object({ package_id: id() }) },
    },
    async (request) => {
      const user = currentUser(request);
      return carts.addItem(
        ctx.db,
        { userId: user.id, roles: user.roles },
        {
          purchasableType: 'subscription',
          purchasableId: request.body.package_id,
          quantity: 1,
          options: null,
        },
      );
    },
  );
}
