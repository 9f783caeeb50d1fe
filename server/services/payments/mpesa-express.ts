// M-Pesa express: an STK push to the customer's phone for a cart or a wallet top-up, and the STK
// query that decides what became of it (asked by the background check, reconciliation.ts).
import { eq } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { MpesaRequestError } from '../../gateways/mpesa';
import { HttpError, ValidationError } from '../../http/errors';
import { transactionResource } from '../../resources/commerce-resource';
import { t } from '../../../src/shared/messages';
import { mpesaPaymentReason, STK_RESULT } from '../../../src/shared/mpesa-results';
import { callbackUrl, type CommerceContext } from '../commerce-context';
import type { Buyer, PayInput } from './cart-fulfilment';
import { markFailed, pendingCartPayment, pendingTopUp, type TransactionRow } from './pending-transactions';
import { settle, type Outcome } from './settlement';

/** STK push for a pending transaction; a refused push fails it (422 for a bad phone, 502 otherwise). */
async function pushStk(ctx: CommerceContext, row: TransactionRow, phone: string) {
  try {
    const accepted = await ctx.mpesa.stkPush({
      amount: Math.ceil(row.amountCents / 100),
      phone,
      accountReference: row.reference.slice(0, 12),
      description: row.type === 'topup' ? 'Wallet topup' : 'Somesha order',
      callbackUrl: callbackUrl(ctx, 'stkCallback'),
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        checkoutRequestId: accepted.checkoutRequestId,
        meta: {
          ...row.meta,
          phone,
          merchant_request_id: accepted.merchantRequestId,
          checkout_request_id: accepted.checkoutRequestId,
        },
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    await markFailed(ctx.db, row, error instanceof Error ? error.message : t('messages.general'));
    if (error instanceof MpesaRequestError && error.isBadRequest)
      throw ValidationError.field('phone', t('validation.safaricomPhone'));
    throw new HttpError(502, t('messages.general'));
  }
}

export async function payByMpesa(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  input: PayInput & { phone: string },
) {
  const { row, reused } = await pendingCartPayment(ctx, buyer, cartId, 'mpesa', input, {
    phone: input.phone,
  });
  const pending = reused ? row : await pushStk(ctx, row, input.phone);
  return { message: t('payment.mpesaPrompt'), transaction: transactionResource(pending) };
}

export async function topUpByMpesa(ctx: CommerceContext, userId: number, amountCents: number, phone: string) {
  const row = await pendingTopUp(ctx, userId, amountCents, 'mpesa', { phone });
  const pending = await pushStk(ctx, row, phone);
  return { message: t('payment.mpesaPrompt'), transaction: transactionResource(pending) };
}

/** What M-Pesa express asked the customer for: whole shillings, the cart total rounded up. */
export const askedMpesaCents = (row: TransactionRow) => Math.ceil(row.amountCents / 100) * 100;

/** Daraja result codes: 0 paid (the amount we pushed), 1032 cancelled by the customer, anything else failed. */
function stkOutcome(row: TransactionRow, resultCode: number): Outcome {
  if (resultCode === 0) {
    // The STK query confirms *that* our push was paid; the push fixed the amount, so it is ours.
    // Daraja's query names no receipt: the callback's is recorded, so it is never settled again.
    const receipt = typeof row.meta.callback_receipt === 'string' ? row.meta.callback_receipt : undefined;
    return { kind: 'paid', paidCents: askedMpesaCents(row), receipt, resultDesc: '' };
  }
  return {
    kind: resultCode === STK_RESULT.cancelled ? 'cancelled' : 'failed',
    // The customer reads plain words (src/shared/mpesa-results.ts), never Daraja's ResultDesc.
    resultDesc: mpesaPaymentReason(resultCode),
  };
}

/** One STK query about a push; true when its answer settled the transaction. */
export async function settleFromStkQuery(ctx: CommerceContext, row: TransactionRow): Promise<boolean> {
  if (!row.checkoutRequestId) return false;
  try {
    const result = await ctx.mpesa.stkQuery(row.checkoutRequestId);
    if (result.resultCode === null) return false;
    await settle(ctx, row.id, stkOutcome(row, result.resultCode));
    return true;
  } catch (error) {
    // Daraja forgets pushes it never heard back about: unknown is "not confirmed", never "paid".
    if (error instanceof MpesaRequestError && error.isBadRequest) return false;
    throw error;
  }
}
