// What the gateways tell us unasked: an STK callback, a paybill (C2B) confirmation, a Pesapal IPN or
// the browser back from Pesapal. Each is only a hint: it is recorded, and the server then asks the
// gateway itself (`reconcile`, reconciliation.ts), after answering where the gateway waits (follow-ups.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { carts, transactions, wallets } from '../../db/schema';
import { parseStkCallback } from '../../gateways/mpesa';
import { ipnAcknowledgement, type PesapalIpn } from '../../gateways/pesapal';
import { cartItemsOf } from '../cart-service';
import type { CommerceContext } from '../commerce-context';
import type { FollowUp } from '../follow-ups';
import { payoutKes, resultIds } from './b2c';
import { resolveLearner, totalFor } from './cart-fulfilment';
import { askedMpesaCents } from './mpesa-express';
import { reconcile } from './reconciliation';
import { isUniqueViolation, receiptSpace } from './settlement';

/**
 * `POST /api/hooks/{secret}/stk`: a hint that a push was answered. What it claims is
 * kept for staff, and the STK query decides: the follow-up, run once Daraja has its answer (throws
 * MpesaCallbackError for a body that is not Daraja's).
 */
export async function handleStkCallback(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const result = parseStkCallback(body);
  const claimed = {
    callback_result_code: result.resultCode,
    ...(result.amount !== undefined ? { callback_amount: result.amount } : {}),
    ...(result.mpesaReceiptNumber ? { callback_receipt: result.mpesaReceiptNumber } : {}),
  };
  // Recorded in one statement, and only on pushes we made that are still open; anything else is
  // acknowledged and ignored.
  const [hinted] = await ctx.db
    .update(transactions)
    .set({
      meta: sql`${transactions.meta} || ${JSON.stringify(claimed)}::jsonb`,
      claimedAmountCents: result.amount !== undefined ? Math.round(result.amount * 100) : undefined,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transactions.checkoutRequestId, result.checkoutRequestId),
        eq(transactions.gateway, 'mpesa'),
        eq(transactions.status, 'pending'),
      ),
    )
    .returning();
  if (!hinted) {
    await recordLateStkReceipt(ctx, result.checkoutRequestId, result.mpesaReceiptNumber);
    return null;
  }
  if (result.amount !== undefined && result.amount * 100 !== askedMpesaCents(hinted))
    ctx.log.warn(
      { transactionId: hinted.id, claimed: result.amount, asked: askedMpesaCents(hinted) / 100 },
      'M-Pesa callback claims another amount than the push asked for; the STK query decides',
    );
  return () => reconcile(ctx, hinted, new Date(), { force: true });
}

/**
 * The STK query can confirm a push before its callback arrives; Daraja's query names no receipt, so
 * the payment was settled without one. The callback's receipt is recorded then, so the same receipt
 * re-sent as a C2B TransID finds it. A receipt another payment already holds is only logged.
 */
async function recordLateStkReceipt(ctx: CommerceContext, checkoutRequestId: string, receipt?: string) {
  if (!receipt) return;
  try {
    await ctx.db
      .update(transactions)
      .set({ gatewayReceipt: receipt, updatedAt: new Date() })
      .where(
        and(
          eq(transactions.checkoutRequestId, checkoutRequestId),
          eq(transactions.gateway, 'mpesa'),
          eq(transactions.status, 'completed'),
          sql`${transactions.gatewayReceipt} is null`,
        ),
      );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    ctx.log.error(
      { checkoutRequestId, receipt },
      'STK callback names a receipt already recorded on another payment; left as it is',
    );
  }
}

/** An IPN or the browser's return: Pesapal's status query decides. Returns the acknowledgement body. */
export async function handlePesapalNotification(ctx: CommerceContext, ipn: PesapalIpn) {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.orderTrackingId, ipn.orderTrackingId));
  if (row && row.status === 'pending') await reconcile(ctx, row, new Date(), { force: true });
  const [after] = row ? await ctx.db.select().from(transactions).where(eq(transactions.id, row.id)) : [];
  return { acknowledgement: ipnAcknowledgement(ipn, true), transaction: after ?? null };
}

/**
 * The browser back from Pesapal, on a public page anyone can load with any tracking id: only the
 * transaction's owner (`viewerId`, from the session) makes us ask Pesapal or learns the outcome.
 * Anyone else gets null, exactly as for a tracking id that names nothing.
 */
export async function handlePesapalReturn(ctx: CommerceContext, ipn: PesapalIpn, viewerId: number | null) {
  if (viewerId === null) return null;
  const [row] = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderTrackingId, ipn.orderTrackingId), eq(transactions.userId, viewerId)));
  return row ? (await handlePesapalNotification(ctx, ipn)).transaction : null;
}

/**
 * `POST /api/hooks/{secret}/c2b/confirmation`: a hint that someone paid our paybill. It is
 * recorded as a pending transaction and M-Pesa's transaction status query is asked (the follow-up,
 * once Daraja has its answer) what really arrived; `handleTransactionStatusResult` settles from that answer (throws MpesaCallbackError for a
 * body that is not Daraja's).
 */
export async function handleC2BConfirmation(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const confirmation = ctx.mpesa.parseC2BConfirmation(body);
  // Any M-Pesa payment (express or paybill) already holding this receipt: a repeat, or an STK receipt
  // re-sent as a TransID. Either way it is not money a second time.
  const [known] = await ctx.db
    .select({ id: transactions.id, gateway: transactions.gateway })
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReceipt, confirmation.transId),
        inArray(transactions.gateway, receiptSpace('paybill')),
      ),
    );
  if (known) {
    if (known.gateway !== 'paybill')
      ctx.log.warn(
        { transactionId: known.id, receipt: confirmation.transId, account: confirmation.billRefNumber },
        'C2B confirmation names the receipt of an M-Pesa express payment; ignored',
      );
    return null;
  }
  const [cart] = await ctx.db
    .select()
    .from(carts)
    .where(sql`upper(${carts.paybillAccount}) = ${confirmation.billRefNumber.toUpperCase()}`);
  const [wallet] = cart?.userId
    ? await ctx.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, cart.userId))
    : [];
  const items = cart ? await cartItemsOf(ctx.db, cart.id) : [];
  // The learner is decided as for the other methods, from the child chosen on the paybill screen
  // (rememberPaybillLearner); a parent of several who has not chosen gets the money in the wallet.
  const learnerId = cart?.userId
    ? await resolveLearner(ctx.db, cart.userId, null, items).catch(() => null)
    : null;
  const claimedCents = Math.round(confirmation.amount * 100);
  const [row] = await ctx.db
    .insert(transactions)
    .values({
      userId: cart?.userId ?? null,
      walletId: wallet?.id ?? null,
      type: 'payment',
      // What the server asks for: the cart's total now; with no cart, what the customer says they
      // paid (nothing is settled without M-Pesa confirming exactly that). Either way only a claim.
      amountCents: (await totalFor(ctx.db, cart?.userId ?? null, items, learnerId)) || claimedCents,
      claimedAmountCents: claimedCents,
      reference: `C2B-${confirmation.transId}`,
      gateway: 'paybill',
      gatewayReceipt: confirmation.transId,
      paybillAccount: confirmation.billRefNumber,
      cartId: cart?.id ?? null,
      cartVersion: cart?.version ?? null,
      studentId: learnerId,
      meta: {
        trans_id: confirmation.transId,
        bill_ref_number: confirmation.billRefNumber,
      },
      nextCheckAt: new Date(Date.now() + ctx.settings.queryIntervalMs),
    })
    .onConflictDoNothing()
    .returning();
  return row ? () => reconcile(ctx, row, new Date(), { force: true }) : null;
}

/**
 * `POST /api/hooks/{secret}/b2c/result`: a hint that M-Pesa processed a withdrawal. Recorded only on a
 * pending withdrawal named by both its `OriginatorConversationID` and the `ConversationID` Daraja gave
 * the server on acceptance (neither leaves the server); the status query then decides (the follow-up).
 * Anything else (an unknown or replayed id, a settled withdrawal) is acknowledged and ignored; a
 * claimed amount or receipt is never used (throws MpesaCallbackError for a body that is not Daraja's).
 */
export async function handleB2CResult(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const result = ctx.b2c.parseResult(body);
  const hinted = await recordB2CHint(ctx, result, {
    result_hint_code: result.resultCode,
    result_hint_desc: result.resultDesc,
    ...(result.receipt ? { result_hint_receipt: result.receipt } : {}),
    ...(result.amount !== null ? { result_hint_amount: result.amount } : {}),
  });
  if (!hinted) return null;
  if (result.amount !== null && result.amount !== payoutKes(hinted))
    ctx.log.warn(
      { transactionId: hinted.id, claimed: result.amount, asked: payoutKes(hinted) },
      'B2C result claims another amount than the withdrawal asked for; the status query decides',
    );
  return () => reconcile(ctx, hinted, new Date(), { force: true });
}

/** `POST /api/hooks/{secret}/b2c/timeout`: the request timed out in Daraja's queue; the status query decides. */
export async function handleB2CTimeout(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const ids = resultIds(body);
  if (!ids) return null;
  const hinted = await recordB2CHint(ctx, ids, { queue_timeout: true });
  return hinted ? () => reconcile(ctx, hinted, new Date(), { force: true }) : null;
}

async function recordB2CHint(
  ctx: CommerceContext,
  ids: { originatorConversationId: string; conversationId: string },
  claimed: Record<string, unknown>,
) {
  if (!ids.originatorConversationId || !ids.conversationId) return null;
  const [hinted] = await ctx.db
    .update(transactions)
    .set({
      meta: sql`${transactions.meta} || ${JSON.stringify(claimed)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transactions.originatorConversationId, ids.originatorConversationId),
        eq(transactions.gateway, 'mpesa_b2c'),
        eq(transactions.type, 'withdrawal'),
        eq(transactions.status, 'pending'),
        sql`${transactions.meta}->>'b2c_conversation_id' = ${ids.conversationId}::text`,
      ),
    )
    .returning();
  return hinted ?? null;
}
