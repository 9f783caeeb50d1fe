// Withdrawals to M-Pesa (issue 23, docs/withdrawals.md): the B2C request sent after the hold
// committed, M-Pesa's transaction status query that alone settles a withdrawal, and the three ends:
// paid (the receipt, unique), failed (the amount back once, a `withdrawal_reversal` line), or left
// for staff (`needs_review`). The B2C result and time-out are hints (gateway-hints.ts); the background
// check (reconciliation.ts) asks again on the same backoff as payments.
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction as DbTransaction } from '../../db/client';
import { transactions, wallets } from '../../db/schema';
import { MpesaRequestError } from '../../gateways/mpesa';
import { b2cStatusOf } from '../../gateways/mpesa-b2c';
import { withdrawalFeeCents } from '../../resources/commerce-resource';
import { t } from '../../../src/shared/messages';
import { mpesaWithdrawalReason } from '../../../src/shared/mpesa-results';
import { callbackUrl, type CommerceContext } from '../commerce-context';
import { transactionEvent } from '../notification-service';
import { sendNotice } from '../../messaging/notices';
import { withdrawalFailedNotice, withdrawalPaidNotice } from '../../messaging/texts';
import { centsToDecimal } from '../../resources/money';
import { formatKes } from '../../../src/shared/format';
import { maskedNumber } from '../../../src/shared/withdrawals';
import type { TransactionRow } from './pending-transactions';
import { recordReceipt } from './settlement';
import { closeStatusQuery, rememberStatusQuery } from './status-queries';

/**
 * M-Pesa's "no payment with this id" is believed for a request Daraja accepted only this long after
 * the request: before that it may still sit in Daraja's queue.
 */
export const B2C_NOT_FOUND_AFTER_MS = 5 * 60_000;

export { withdrawalFeeCents };

/** What the B2C request pays: the withdrawal's amount less its fee, whole KES. */
export const payoutKes = (row: TransactionRow) => (row.amountCents - withdrawalFeeCents(row)) / 100;

const metaText = (row: TransactionRow, key: string) =>
  typeof row.meta[key] === 'string' ? (row.meta[key] as string) : null;

/** M-Pesa's reason in plain words (src/shared/mpesa-results.ts); Daraja's own words only in the log. */
export function b2cReason(code: unknown): string {
  return mpesaWithdrawalReason(code);
}

/**
 * Sends the B2C `BusinessPayment` of a pending withdrawal, after the hold committed. Daraja's
 * acceptance (its ConversationID) is kept server-side; a request Daraja refuses outright (4xx) is a
 * failure and the money returns; no answer at all leaves it pending for the status query.
 */
export async function sendPayout(ctx: CommerceContext, row: TransactionRow): Promise<TransactionRow> {
  const phone = metaText(row, 'phone');
  if (!row.originatorConversationId || !phone) return row;
  try {
    const accepted = await ctx.b2c.pay({
      originatorConversationId: row.originatorConversationId,
      amount: payoutKes(row),
      phone,
      remarks: `Somesha withdrawal ${row.reference}`,
      resultUrl: callbackUrl(ctx, 'b2cResult'),
      timeoutUrl: callbackUrl(ctx, 'b2cTimeout'),
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        meta: sql`${transactions.meta} || ${JSON.stringify({
          b2c_conversation_id: accepted.conversationId,
          b2c_requested_at: new Date().toISOString(),
        })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
      .returning();
    return updated ?? row;
  } catch (error) {
    // Daraja refusing a repeated OriginatorConversationID has the first request: not a failure.
    const duplicate = error instanceof MpesaRequestError && /duplicate/i.test(error.message);
    if (
      error instanceof MpesaRequestError &&
      !duplicate &&
      error.httpStatus >= 400 &&
      error.httpStatus < 500
    ) {
      ctx.log.warn({ transactionId: row.id, code: error.code }, 'Daraja refused a B2C request');
      return (
        (await failWithdrawal(ctx, row.id, t('withdrawal.failed', { reason: t('withdrawal.notSent') }))) ??
        row
      );
    }
    // No answer: M-Pesa may or may not have it. The status query decides; nothing is sent twice.
    ctx.log.warn(
      { err: error, transactionId: row.id },
      'B2C request got no answer; the status query decides',
    );
    return row;
  }
}

/**
 * A failed withdrawal: claimed from `pending` in one statement, so however often M-Pesa's failure is
 * told, the amount returns once, as its own `withdrawal_reversal` line (the wallet locked last, step 4
 * of docs/commerce.md "Lock order"). Null when it was not pending any more.
 */
export async function failWithdrawal(
  ctx: CommerceContext,
  id: number,
  resultDesc: string,
): Promise<TransactionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [failed] = await tx
      .update(transactions)
      .set({
        status: 'failed',
        meta: sql`${transactions.meta} || ${JSON.stringify({ result_desc: resultDesc })}::jsonb`,
        nextCheckAt: null,
        updatedAt: now,
      })
      .where(
        and(eq(transactions.id, id), eq(transactions.type, 'withdrawal'), eq(transactions.status, 'pending')),
      )
      .returning();
    if (!failed) return null;
    await returnHeld(tx, failed, resultDesc);
    if (failed.userId) await transactionEvent(tx, failed.userId, { id: failed.id, status: 'failed' });
    // Issue 26: the owner hears of it by e-mail and SMS, written with the reversal.
    if (failed.userId)
      await sendNotice(tx, ctx.config.appUrl, failed.userId, () =>
        withdrawalFailedNotice({ amount: sentAmount(failed), reason: resultDesc }),
      );
    return failed;
  });
}

/** What a withdrawal sends to M-Pesa: its held total less the fee. */
const sentAmount = (row: TransactionRow) => {
  const fee = typeof row.meta.fee_cents === 'number' ? row.meta.fee_cents : 0;
  return formatKes(centsToDecimal(row.amountCents - fee));
};

async function returnHeld(tx: DbTransaction, withdrawal: TransactionRow, resultDesc: string) {
  if (!withdrawal.walletId) return;
  const now = new Date();
  await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${withdrawal.amountCents}`, updatedAt: now })
    .where(eq(wallets.id, withdrawal.walletId));
  await tx.insert(transactions).values({
    userId: withdrawal.userId,
    walletId: withdrawal.walletId,
    type: 'withdrawal_reversal',
    amountCents: withdrawal.amountCents,
    reference: `${withdrawal.reference}-R`,
    status: 'completed',
    gateway: 'mpesa_b2c',
    relatedTransactionId: withdrawal.id,
    meta: { result_desc: resultDesc },
    initiatedAt: now,
    completedAt: now,
  });
}

/** A withdrawal M-Pesa has not settled: for staff, nothing returned (it may have been paid). */
export async function reviewWithdrawal(
  ctx: CommerceContext,
  id: number,
  reviewReason: string,
  extra: Record<string, unknown> = {},
): Promise<TransactionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({
        status: 'needs_review',
        meta: sql`${transactions.meta} || ${JSON.stringify({
          ...extra,
          result_desc: t('withdrawal.needsReview'),
          review_reason: reviewReason,
        })}::jsonb`,
        nextCheckAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(eq(transactions.id, id), eq(transactions.type, 'withdrawal'), eq(transactions.status, 'pending')),
      )
      .returning();
    if (!row) return null;
    ctx.log.error({ transactionId: id, reviewReason }, 'Withdrawal left for review');
    if (row.userId) await transactionEvent(tx, row.userId, { id: row.id, status: 'needs_review' });
    return row;
  });
}

/** Paid: completed with M-Pesa's receipt, unless another transaction holds it (then for staff). */
async function completeWithdrawal(ctx: CommerceContext, id: number, receipt: string, confirmedCents: number) {
  const held = await ctx.db.transaction(async (tx) => {
    // Lock order step 0: the transaction's row, so two answers about it take turns.
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
    if (!row || row.status !== 'pending') return false;
    if (receipt !== row.gatewayReceipt && !(await recordReceipt(tx, row, receipt))) return true;
    const now = new Date();
    await tx
      .update(transactions)
      .set({
        status: 'completed',
        gatewayReceipt: receipt,
        confirmedAmountCents: confirmedCents,
        completedAt: now,
        nextCheckAt: null,
        meta: sql`${transactions.meta} || ${JSON.stringify({
          receipt,
          result_desc: t('withdrawal.paid', { receipt }),
        })}::jsonb`,
        updatedAt: now,
      })
      .where(eq(transactions.id, id));
    if (row.userId) await transactionEvent(tx, row.userId, { id, status: 'completed' });
    // Issue 26: the owner hears of it by e-mail and SMS, written with the completion.
    if (row.userId)
      await sendNotice(tx, ctx.config.appUrl, row.userId, () =>
        withdrawalPaidNotice({
          amount: sentAmount(row),
          receipt,
          number: maskedNumber(typeof row.meta.phone === 'string' ? row.meta.phone : null) ?? 'your number',
        }),
      );
    return false;
  });
  if (held) await reviewWithdrawal(ctx, id, t('withdrawal.reviewReceiptUsed'), { status_receipt: receipt });
}

/** The transactions a B2C status answer can close. */
const B2C_WITHDRAWAL = and(eq(transactions.gateway, 'mpesa_b2c'), eq(transactions.type, 'withdrawal'));

/** Asks M-Pesa about a pending withdrawal; the answer arrives at the B2C status result route. */
export async function requestWithdrawalStatus(ctx: CommerceContext, row: TransactionRow): Promise<void> {
  if (!row.originatorConversationId) return;
  const accepted = await ctx.b2c.requestStatus({
    originatorConversationId: row.originatorConversationId,
    resultUrl: callbackUrl(ctx, 'b2cStatusResult'),
    timeoutUrl: callbackUrl(ctx, 'b2cStatusTimeout'),
    remarks: `Confirm ${row.reference}`,
  });
  if (!accepted.originatorConversationId || !accepted.conversationId) return;
  // As for paybill: both ids of every open question, server-side only (status-queries.ts).
  await rememberStatusQuery(ctx, row.id, accepted);
}

/** `POST /api/hooks/{secret}/b2c/status/timeout`: that query is closed; the background check asks again. */
export async function handleB2CStatusTimeout(ctx: CommerceContext, body: unknown): Promise<void> {
  const ids = resultIds(body);
  if (!ids) return;
  const closed = await closeStatusQuery(ctx, ids, B2C_WITHDRAWAL);
  if (closed) ctx.log.warn({ transactionId: closed.id }, 'B2C status query timed out; asking again later');
}

/** Both ids of a Daraja `{ Result }` body, read leniently (a time-out body is not a full result). */
export function resultIds(
  body: unknown,
): { originatorConversationId: string; conversationId: string } | null {
  const result = body && typeof body === 'object' ? (body as { Result?: unknown }).Result : undefined;
  if (!result || typeof result !== 'object') return null;
  const { OriginatorConversationID: originator, ConversationID: conversation } = result as Record<
    string,
    unknown
  >;
  if (typeof originator !== 'string' || typeof conversation !== 'string') return null;
  if (originator.length > 100 || conversation.length > 100) return null;
  return { originatorConversationId: originator, conversationId: conversation };
}

/**
 * `POST /api/hooks/{secret}/b2c/status/result`: M-Pesa's answer about a withdrawal, believed only for
 * an open query named by both its ids. Paid for exactly the amount asked → completed; another amount
 * → for staff; failed → the money returns once; "no such payment" → sent now if Daraja never
 * accepted it (the process stopped before the request), else failed once it is old enough; anything
 * else says nothing and the background check asks again.
 */
export async function handleB2CStatusResult(ctx: CommerceContext, body: unknown): Promise<void> {
  const answer = ctx.b2c.parseStatusResult(body);
  const row = await closeStatusQuery(ctx, answer, B2C_WITHDRAWAL);
  if (!row) return;
  const status = b2cStatusOf(answer);
  if (status.state === 'paid') {
    const confirmedCents = status.amount === null ? null : Math.round(status.amount * 100);
    if (confirmedCents !== Math.round(payoutKes(row) * 100)) {
      await reviewWithdrawal(ctx, row.id, t('withdrawal.reviewAmountDiffers'), {
        status_receipt: status.receipt,
        status_amount: status.amount,
      });
      return;
    }
    await completeWithdrawal(ctx, row.id, status.receipt, confirmedCents);
    return;
  }
  if (status.state === 'failed') {
    const reason = b2cReason(row.meta.result_hint_code);
    await failWithdrawal(ctx, row.id, t('withdrawal.failed', { reason }));
    return;
  }
  if (status.state !== 'not_found') return;
  if (!metaText(row, 'b2c_conversation_id')) {
    // M-Pesa says the request never reached it, and Daraja never accepted one: send it, once.
    const [claimed] = await ctx.db
      .update(transactions)
      .set({ meta: sql`${transactions.meta} || '{"b2c_resent": true}'::jsonb` })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'pending'),
          sql`${transactions.meta}->'b2c_resent' is null`,
          sql`${transactions.meta}->'b2c_conversation_id' is null`,
        ),
      )
      .returning();
    if (claimed) await sendPayout(ctx, claimed);
    return;
  }
  const requestedAt = Date.parse(metaText(row, 'b2c_requested_at') ?? '');
  if (Number.isFinite(requestedAt) && Date.now() - requestedAt >= B2C_NOT_FOUND_AFTER_MS)
    await failWithdrawal(ctx, row.id, t('withdrawal.failed', { reason: t('withdrawal.notSent') }));
}
