// The background check: a pending gateway payment becomes paid only when the server asks the
// gateway itself (the STK query, Pesapal's status, M-Pesa's transaction status for paybill), never on
// a notification's word. Asked on a backoff, by the sweep, by the customer's poll, and at once after
// a notification (gateway-hints.ts); given up on after each gateway's limit.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ledgerLineResource } from '../../resources/commerce-resource';
import { t } from '../../../src/shared/messages';
import type { CommerceContext } from '../commerce-context';
import { WITHDRAWAL_REVIEW_AFTER_MS } from '../../../src/shared/withdrawals';
import { requestWithdrawalStatus, reviewWithdrawal } from './b2c';
import { settleFromStkQuery } from './mpesa-express';
import { requestPaybillStatus } from './paybill';
import { settleFromPesapal } from './pesapal';
import type { TransactionRow } from './pending-transactions';
import { settle, type Outcome } from './settlement';

/** The gateways whose pending transactions the server asks about: payments in, and withdrawals out. */
const CHECKED_GATEWAYS = ['mpesa', 'pesapal', 'paybill', 'mpesa_b2c'] as const;

/** The wait before the next gateway query: doubling from `queryIntervalMs` up to the ceiling. */
function backoffMs(ctx: CommerceContext, attempts: number): number {
  const { queryIntervalMs, maxQueryIntervalMs } = ctx.settings;
  return Math.min(queryIntervalMs * 2 ** Math.min(attempts, 20), maxQueryIntervalMs);
}

/**
 * Takes a pending transaction for one gateway query: moves its `next_check_at` on by the backoff
 * in the same statement, so two processes (or the sweep and a poll) never ask twice at once and a
 * transaction that stays unanswered sinks behind the ones not asked about yet. A notification
 * (`force`) skips the wait, but not within `minCheckGapMs` of the last question (`checked_at`), so
 * whoever pings a transaction, however often, costs the gateway one query per gap; one turned away
 * brings the next check forward to the end of the gap instead, and the news is not lost.
 */
async function claimCheck(ctx: CommerceContext, row: TransactionRow, now: Date, force: boolean) {
  const next = new Date(now.getTime() + backoffMs(ctx, row.checkAttempts));
  const gap = ctx.settings.minCheckGapMs;
  const [claimed] = await ctx.db
    .update(transactions)
    .set({ checkedAt: now, nextCheckAt: next, checkAttempts: sql`${transactions.checkAttempts} + 1` })
    .where(
      and(
        eq(transactions.id, row.id),
        eq(transactions.status, 'pending'),
        force
          ? sql`(${transactions.checkedAt} is null or ${transactions.checkedAt} <= ${new Date(now.getTime() - gap)})`
          : sql`coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt}) <= ${now}`,
      ),
    )
    .returning();
  if (!claimed && force)
    await ctx.db
      .update(transactions)
      .set({
        nextCheckAt: sql`least(coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt}), ${transactions.checkedAt} + ${gap} * interval '1 millisecond')`,
      })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'pending'),
          sql`${transactions.checkedAt} is not null`,
        ),
      );
  return claimed ?? null;
}

/** How long each gateway's pending transactions may stay unconfirmed, and how they end then. */
function giveUp(ctx: CommerceContext, row: TransactionRow): { afterMs: number; outcome: Outcome } {
  if (row.gateway === 'paybill')
    return {
      afterMs: ctx.settings.paybillGiveUpAfterMs,
      outcome: { kind: 'needs_review', resultDesc: t('payment.needsReview') },
    };
  return {
    afterMs: row.gateway === 'pesapal' ? ctx.settings.pesapalGiveUpAfterMs : ctx.settings.mpesaGiveUpAfterMs,
    outcome: { kind: 'expired', resultDesc: t('payment.expired') },
  };
}

/**
 * Asks the gateway about a pending transaction: the only way one becomes paid. Cheap to call often:
 * it does nothing before the transaction's `next_check_at` unless `force` (a notification just came).
 */
export async function reconcile(
  ctx: CommerceContext,
  row: TransactionRow,
  now = new Date(),
  { force = false } = {},
): Promise<void> {
  if (row.status !== 'pending' || !(CHECKED_GATEWAYS as readonly string[]).includes(row.gateway)) return;
  if (!force && (row.nextCheckAt ?? row.initiatedAt).getTime() > now.getTime()) return;
  const claimed = await claimCheck(ctx, row, now, force);
  if (!claimed) return;
  let decided = false;
  try {
    decided = await askGateway(ctx, claimed);
  } catch (error) {
    ctx.log.warn({ err: error, transactionId: row.id }, 'payment check: the gateway did not answer');
  }
  if (claimed.gateway === 'mpesa_b2c') {
    // A withdrawal M-Pesa has not answered for a day: for staff, nothing returned (docs/withdrawals.md).
    if (now.getTime() - claimed.initiatedAt.getTime() > WITHDRAWAL_REVIEW_AFTER_MS)
      await reviewWithdrawal(ctx, claimed.id, t('withdrawal.reviewNoAnswer'));
    return;
  }
  const limit = giveUp(ctx, claimed);
  if (!decided && now.getTime() - claimed.initiatedAt.getTime() > limit.afterMs)
    await settle(ctx, claimed.id, limit.outcome);
}

/** One query to the transaction's gateway; true when it settled the transaction. */
async function askGateway(ctx: CommerceContext, row: TransactionRow): Promise<boolean> {
  if (row.gateway === 'pesapal') return settleFromPesapal(ctx, row);
  if (row.gateway === 'mpesa_b2c') {
    await requestWithdrawalStatus(ctx, row);
    return false;
  }
  if (row.gateway === 'paybill') {
    await requestPaybillStatus(ctx, row);
    return false;
  }
  return settleFromStkQuery(ctx, row);
}

/**
 * The background check: the most overdue pending gateway transactions first, a batch at a time;
 * withdrawals (`mpesa_b2c`) wait in the same queue as payments, by the same `next_check_at`, so
 * neither starves the other. `now` is injectable (tests of the 24-hour limit).
 */
export async function reconcilePending(ctx: CommerceContext, batch = 50, now = new Date()): Promise<number> {
  const due = sql`coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt})`;
  const rows = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'pending'),
        inArray(transactions.gateway, [...CHECKED_GATEWAYS]),
        sql`${due} <= ${now}`,
      ),
    )
    .orderBy(asc(due), asc(transactions.id))
    .limit(batch);
  for (const row of rows) await reconcile(ctx, row, now);
  return rows.length;
}

export async function transactionFor(ctx: CommerceContext, userId: number, id: number) {
  let [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  // Someone else's transaction is not found either: its existence is not ours to confirm.
  if (!row || row.userId !== userId) throw new HttpError(404, t('messages.notFound'));
  if (row.status === 'pending') {
    await reconcile(ctx, row);
    [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  }
  return row ? ledgerLineResource(row) : null;
}
