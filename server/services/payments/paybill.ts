// Paybill (M-Pesa C2B): the customer sends money to our paybill with the cart's account number. The
// C2B confirmation is only a claim (gateway-hints.ts); M-Pesa's transaction status query, asked by the
// background check and answered at the status result route, decides.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartItems, transactions } from '../../db/schema';
import type { TransactionStatusResult } from '../../gateways/mpesa';
import { HttpError } from '../../http/errors';
import { transactionResource, type CartItemRow } from '../../resources/commerce-resource';
import { centsToDecimal } from '../../resources/money';
import { t } from '../../../src/shared/messages';
import { cartItemsOf, paybillAccountOf, requireCart } from '../cart-service';
import { closeStatusQuery, rememberStatusQuery } from './status-queries';
import { callbackUrl, type CommerceContext } from '../commerce-context';
import { resolveLearner, totalFor, type Buyer } from './cart-fulfilment';
import type { TransactionRow } from './pending-transactions';
import { settle } from './settlement';

/** The paybill screen's "I have paid" looks for confirmations this recent. */
const PAYBILL_CONFIRM_WINDOW_MS = 60 * 60 * 1000;

/**
 * A paybill payer's chosen child (`student_id`), checked like the wallet's and M-Pesa's (422 on
 * `student_id`), kept in the `student_id` option of the cart's lessons: no transaction exists before
 * the C2B confirmation, whose `resolveLearner` reads it from there.
 */
async function rememberPaybillLearner(
  db: Database,
  buyer: Buyer,
  cartId: number,
  items: CartItemRow[],
  studentId: number | null,
): Promise<void> {
  if (studentId === null) return;
  const learnerId = await resolveLearner(db, buyer.userId, studentId, items);
  if (learnerId === null) return;
  await db
    .update(cartItems)
    .set({
      options: sql`coalesce(${cartItems.options}, '{}'::jsonb) || jsonb_build_object('student_id', ${learnerId}::integer)`,
    })
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.purchasableType, ['lesson', 'class'])));
}

export async function paybillFor(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  studentId: number | null = null,
) {
  const cart = await requireCart(ctx.db, buyer, cartId);
  const items = cart ? await cartItemsOf(ctx.db, cart.id) : [];
  if (!cart || items.length === 0) throw new HttpError(409, t('cart.empty'));
  await rememberPaybillLearner(ctx.db, buyer, cart.id, items, studentId);
  // The learner the payment will book for, when already known: a class is priced for them.
  const learnerId = await resolveLearner(ctx.db, buyer.userId, studentId, items).catch(() => null);
  return {
    business_number: ctx.mpesa.paybillDetails().businessNumber,
    account_number: await paybillAccountOf(ctx.db, cart),
    // M-Pesa moves whole shillings.
    amount: centsToDecimal(Math.ceil((await totalFor(ctx.db, buyer.userId, items, learnerId)) / 100) * 100),
  };
}

/** The transactions a paybill status answer can close. */
const PAYBILL = eq(transactions.gateway, 'paybill');

/** Asks M-Pesa about a paybill receipt; the answer arrives at the status result route. */
export async function requestPaybillStatus(ctx: CommerceContext, row: TransactionRow): Promise<void> {
  if (!row.gatewayReceipt) return;
  const accepted = await ctx.mpesa.requestTransactionStatus({
    transId: row.gatewayReceipt,
    resultUrl: callbackUrl(ctx, 'statusResult'),
    timeoutUrl: callbackUrl(ctx, 'statusTimeout'),
    remarks: `Confirm ${row.reference}`,
  });
  if (!accepted.originatorConversationId || !accepted.conversationId) {
    ctx.log.warn({ transactionId: row.id }, 'Daraja accepted a status query without both of its ids');
    return;
  }
  // Remembered by both its ids: only an answer naming both is believed (status-queries.ts).
  await rememberStatusQuery(ctx, row.id, accepted);
}

/**
 * The status query waited too long in Daraja's queue (QueueTimeOutURL): that query is closed, and the
 * background check asks again. A body that names no open query is acknowledged and ignored.
 */
export async function handleTransactionStatusTimeout(ctx: CommerceContext, body: unknown): Promise<void> {
  const result = body && typeof body === 'object' ? (body as { Result?: unknown }).Result : undefined;
  if (!result || typeof result !== 'object') return;
  const { OriginatorConversationID: originator, ConversationID: conversation } = result as Record<
    string,
    unknown
  >;
  if (typeof originator !== 'string' || typeof conversation !== 'string') return;
  if (originator.length > 100 || conversation.length > 100) return;
  const closed = await closeStatusQuery(
    ctx,
    {
      originatorConversationId: originator,
      conversationId: conversation,
    },
    PAYBILL,
  );
  if (closed) ctx.log.warn({ transactionId: closed.id }, 'M-Pesa status query timed out; asking again later');
}

/**
 * `POST /api/hooks/{secret}/status/result`: M-Pesa's answer about a paybill receipt. It is
 * believed only when it names both ids of a query the server asked and has not seen answered (the
 * originator id and Daraja's conversation id, which never leave the server), and it is settled only
 * when its receipt and amount are those the C2B confirmation claimed: any disagreement is for staff.
 */
export async function handleTransactionStatusResult(ctx: CommerceContext, body: unknown): Promise<void> {
  const result: TransactionStatusResult = ctx.mpesa.parseTransactionStatusResult(body);
  const row = await closeStatusQuery(ctx, result, PAYBILL);
  if (!row) return;
  if (result.resultCode !== 0 || result.status !== 'Completed') {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: result.resultDesc || t('payment.notConfirmed') });
    return;
  }
  const businessNumber = ctx.mpesa.paybillDetails().businessNumber;
  if (!result.creditPartyName.startsWith(`${businessNumber} `) && result.creditPartyName !== businessNumber) {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: t('payment.wrongPaybill') });
    return;
  }
  const confirmedCents = result.amount === null ? undefined : Math.round(result.amount * 100);
  const review = (reviewReason: string, resultDesc = t('payment.needsReview')) => {
    ctx.log.error(
      {
        transactionId: row.id,
        receipt: row.gatewayReceipt,
        answeredReceipt: result.receipt,
        account: row.paybillAccount,
        claimedCents: row.claimedAmountCents,
        confirmedCents,
      },
      `Paybill payment left for review: ${reviewReason}`,
    );
    return settle(ctx, row.id, { kind: 'needs_review', resultDesc, confirmedCents, reviewReason });
  };
  if (result.receipt !== row.gatewayReceipt) {
    await review(t('payment.reviewReceiptDiffers'));
    return;
  }
  if (confirmedCents === undefined || confirmedCents !== row.claimedAmountCents) {
    await review(t('payment.reviewAmountDiffers'));
    return;
  }
  if (!row.userId) {
    const noCart = t('payment.noCartForAccount', { account: row.paybillAccount ?? '' });
    await review(noCart, noCart);
    return;
  }
  await settle(ctx, row.id, {
    kind: 'paid',
    paidCents: confirmedCents,
    receipt: row.gatewayReceipt ?? undefined,
    resultDesc: '',
  });
}

/** "I have paid": 200 once the C2B confirmation for this cart's account came in, else 202. */
export async function confirmPaybill(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  studentId: number | null = null,
) {
  const cart = await requireCart(ctx.db, buyer, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  await rememberPaybillLearner(ctx.db, buyer, cart.id, await cartItemsOf(ctx.db, cart.id), studentId);
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.cartId, cart.id),
        eq(transactions.gateway, 'paybill'),
        gt(transactions.initiatedAt, new Date(Date.now() - PAYBILL_CONFIRM_WINDOW_MS)),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1);
  if (row?.status === 'completed')
    return {
      status: 200,
      body: { message: t('payment.paid'), paid: true, transaction: transactionResource(row) },
    };
  // Held for staff: not a failure to retry (the customer's money may be in), so no 409.
  if (row?.status === 'needs_review')
    return {
      status: 200,
      body: {
        message: typeof row.meta.result_desc === 'string' ? row.meta.result_desc : t('payment.needsReview'),
        paid: false,
        transaction: transactionResource(row),
      },
    };
  if (row && row.status !== 'pending') {
    const reason = typeof row.meta.result_desc === 'string' ? row.meta.result_desc : t('payment.failMsg');
    throw new HttpError(409, reason);
  }
  return { status: 202, body: { message: t('payment.paybillWaiting'), paid: false } };
}
