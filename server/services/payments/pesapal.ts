// Pesapal: an order on Pesapal's hosted page (card, mobile money) for a cart or a wallet top-up,
// and the status query that decides what became of it.
import { eq } from 'drizzle-orm';
import { transactions, users } from '../../db/schema';
import { PESAPAL_STATUS } from '../../gateways/pesapal';
import { HttpError } from '../../http/errors';
import { transactionResource } from '../../resources/commerce-resource';
import { centsToDecimal } from '../../resources/money';
import { t } from '../../../src/shared/messages';
import { callbackBase, callbackUrl, type CommerceContext } from '../commerce-context';
import type { Buyer, PayInput } from './cart-fulfilment';
import { markFailed, pendingCartPayment, pendingTopUp, type TransactionRow } from './pending-transactions';
import { settle } from './settlement';

async function pesapalIpnId(ctx: CommerceContext): Promise<string> {
  ctx.pesapalIpn.promise ??= ctx.pesapal
    .registerIpn(callbackUrl(ctx, 'pesapalIpn'), 'GET')
    .then((answer) => answer.ipnId);
  try {
    return await ctx.pesapalIpn.promise;
  } catch (error) {
    // A failed registration is tried again by the next payment.
    ctx.pesapalIpn.promise = null;
    throw error;
  }
}

export const PESAPAL_RETURN_PATH = '/payments/pesapal/return';

async function submitPesapal(ctx: CommerceContext, row: TransactionRow, userId: number) {
  try {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const accepted = await ctx.pesapal.submitOrder({
      id: row.reference,
      currency: 'KES',
      amount: centsToDecimal(row.amountCents),
      description: row.type === 'topup' ? 'Somesha wallet top-up' : 'Somesha lessons and plans',
      callbackUrl: `${callbackBase(ctx)}${PESAPAL_RETURN_PATH}`,
      notificationId: await pesapalIpnId(ctx),
      billingAddress: {
        email: user?.email ?? '',
        phone: user?.phone ?? '',
        first_name: user?.firstName ?? '',
        last_name: user?.lastName ?? '',
      },
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        orderTrackingId: accepted.orderTrackingId,
        meta: { ...row.meta, order_tracking_id: accepted.orderTrackingId, pesapal_url: accepted.redirectUrl },
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, row.id))
      .returning();
    return { row: updated ?? row, url: accepted.redirectUrl };
  } catch (error) {
    await markFailed(ctx.db, row, error instanceof Error ? error.message : t('messages.general'));
    throw new HttpError(502, t('messages.general'));
  }
}

const pesapalAnswer = (row: TransactionRow, url: string) => ({
  message: t('payment.pesapalPrompt'),
  pesapal_url: url,
  transaction: transactionResource(row),
});

export async function payByPesapal(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  input: PayInput,
) {
  const { row, reused } = await pendingCartPayment(ctx, buyer, cartId, 'pesapal', input, {});
  const storedUrl = typeof row.meta.pesapal_url === 'string' ? row.meta.pesapal_url : null;
  if (reused && storedUrl) return pesapalAnswer(row, storedUrl);
  const submitted = await submitPesapal(ctx, row, buyer.userId);
  return pesapalAnswer(submitted.row, submitted.url);
}

export async function topUpByPesapal(ctx: CommerceContext, userId: number, amountCents: number) {
  const row = await pendingTopUp(ctx, userId, amountCents, 'pesapal', {});
  const submitted = await submitPesapal(ctx, row, userId);
  return pesapalAnswer(submitted.row, submitted.url);
}

/** Pesapal's status query decides; a completed amount other than the order's is left for staff. */
export async function settleFromPesapal(ctx: CommerceContext, row: TransactionRow): Promise<boolean> {
  if (!row.orderTrackingId) return false;
  const status = await ctx.pesapal.getTransactionStatus(row.orderTrackingId);
  const details = { payment_method: status.paymentMethod, confirmation_code: status.confirmationCode };
  if (status.statusCode === PESAPAL_STATUS.COMPLETED) {
    const confirmedCents = Math.round(Number(status.amount) * 100);
    if (confirmedCents !== row.amountCents) {
      ctx.log.error(
        { transactionId: row.id, confirmed: status.amount, asked: centsToDecimal(row.amountCents) },
        'Pesapal confirmed another amount than the order; left for review',
      );
      await settle(ctx, row.id, {
        kind: 'needs_review',
        resultDesc: t('payment.needsReview'),
        confirmedCents,
        reviewReason: t('payment.reviewPesapalAmount'),
      });
      return true;
    }
    await settle(ctx, row.id, {
      kind: 'paid',
      paidCents: row.amountCents,
      // Pesapal's confirmation code is the payment's receipt: unique among Pesapal payments.
      receipt: status.confirmationCode || undefined,
      resultDesc: status.description,
      details,
    });
    return true;
  }
  if (status.statusCode === PESAPAL_STATUS.FAILED) {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: status.description || t('payment.failMsg') });
    return true;
  }
  if (status.statusCode === PESAPAL_STATUS.REVERSED) {
    await settle(ctx, row.id, {
      kind: 'reversed',
      resultDesc: status.description || status.paymentStatusDescription,
    });
    return true;
  }
  return false;
}
