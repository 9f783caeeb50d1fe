// /api/wallet (CONTRACT "Wallet"): balance and history, top-up, PIN, transactions, plans into the cart.
import { dynamic, object, type Struct } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payments';
import * as walletService from '../services/wallet-service';
import { t } from '../../src/shared/messages';
import { id, maybe, pin, piece, safaricomPhone, text } from '../../src/shared/request-schemas';
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

const SetupBody = object({ pin: pin(), pin_confirmation: pin(), current_pin: pin() });

export function walletRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { bodyLimit: BODY_LIMIT.json, preValidation: guards.authenticate };

  api.get('/api/wallet', signedIn, async (request) => ({
    data: await walletService.walletWithHistory(ctx.db, currentUser(request).id),
  }));

  api.get('/api/wallet/show/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const data = await walletService.walletWithHistory(ctx.db, currentUser(request).id);
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
