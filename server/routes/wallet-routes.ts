// /api/wallet (CONTRACT "Wallet"): balance and history, top-up, PIN, transactions, plans into the cart.
import type { FastifyInstance } from 'fastify';
import { id, readBody, str } from '../http/body';
import { ValidationError, notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payment-service';
import * as walletService from '../services/wallet-service';
import { t } from '../../src/shared/messages';
import { safaricomPhone } from './payment-routes';

type IdParams = { Params: { id: string } };

/** Whole shillings within the top-up limits → cents. */
function topUpCents(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : str(value);
  const kes = /^\d+(\.0{1,2})?$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(kes) || kes < walletService.TOPUP_MIN_KES || kes > walletService.TOPUP_MAX_KES) {
    throw ValidationError.field(
      'amount',
      t('wallet.topupAmount', {
        min: walletService.TOPUP_MIN_KES.toLocaleString('en-US'),
        max: walletService.TOPUP_MAX_KES.toLocaleString('en-US'),
      }),
    );
  }
  return kes * 100;
}

const pinText = (value: unknown) => (typeof value === 'number' ? String(value).padStart(4, '0') : str(value));

export function walletRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const signedIn = { preHandler: guards.authenticate };

  app.get('/api/wallet', signedIn, async (request) => ({
    data: await walletService.walletWithHistory(ctx.db, currentUser(request).id),
  }));

  app.get<IdParams>('/api/wallet/show/:id', signedIn, async (request) => {
    const data = await walletService.walletWithHistory(ctx.db, currentUser(request).id);
    // A wallet is private: only its owner's id is known here.
    if (id(request.params.id) !== data.id) throw notFound();
    return { data };
  });

  app.post('/api/wallet/topup', signedIn, async (request, reply) => {
    const body = readBody(request);
    const amountCents = topUpCents(body.amount);
    const method = str(body.method);
    const userId = currentUser(request).id;
    if (method === 'mpesa') {
      const phone = safaricomPhone(body.phone);
      return reply.status(202).send(await payments.topUpByMpesa(ctx, userId, amountCents, phone));
    }
    if (method === 'pesapal')
      return reply.status(202).send(await payments.topUpByPesapal(ctx, userId, amountCents));
    throw ValidationError.field('method', t('wallet.topupMethod'));
  });

  app.post('/api/wallet/setup', signedIn, async (request) => {
    const body = readBody(request);
    await walletService.setUpPin(ctx.db, currentUser(request).id, {
      pin: pinText(body.pin),
      confirmation: pinText(body.pin_confirmation),
      currentPin: pinText(body.current_pin),
    });
    return { message: t('wallet.setupComplete') };
  });

  app.get<IdParams>('/api/wallet/transaction/show/:id', signedIn, async (request) => {
    const transactionId = id(request.params.id);
    if (transactionId === null) throw notFound();
    return { data: await payments.transactionFor(ctx, currentUser(request).id, transactionId) };
  });

  app.post(
    '/api/wallet/subscription/store',
    { preHandler: guards.requireRole('student', 'parent') },
    async (request) => {
      const packageId = id(readBody(request).package_id);
      if (packageId === null) throw ValidationError.field('package_id', t('validation.required'));
      const user = currentUser(request);
      return carts.addItem(
        ctx.db,
        { userId: user.id, roles: user.roles },
        { purchasableType: 'subscription', purchasableId: packageId, quantity: 1, options: null },
      );
    },
  );
}
