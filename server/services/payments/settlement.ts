// Every completed payment goes through `settle`, so a callback, an IPN, an STK query and a paybill
// status result all end in the same order/booking/emptying logic, once.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Transaction as DbTransaction } from '../../db/client';
import { transactions, wallets } from '../../db/schema';
import { centsToDecimal } from '../../resources/money';
import { formatKes } from '../../../src/shared/format';
import { t } from '../../../src/shared/messages';
import { feedForTopUp } from '../activity-service';
import { tellTopUp } from '../../messaging/causes';
import type { CommerceContext } from '../commerce-context';
import { transactionEvent } from '../notification-service';
import {
  availabilityProblem,
  booksLessons,
  fulfilCart,
  lockCartWithLessons,
  lockedPricing,
} from './cart-fulfilment';
import type { TransactionRow } from './pending-transactions';

export type Outcome =
  | {
      kind: 'paid';
      paidCents: number;
      receipt?: string;
      resultDesc: string;
      details?: Record<string, unknown>;
    }
  | {
      kind: 'failed' | 'cancelled' | 'reversed' | 'expired' | 'needs_review';
      resultDesc: string;
      /** What the gateway confirmed when it is not settled (kept for staff). */
      confirmedCents?: number;
      /** Why staff review it (`meta.review_reason`); the customer reads `resultDesc`. */
      reviewReason?: string;
    };

/** Gateways whose receipts share one space: one unique index each (server/db/schema.ts). */
export function receiptSpace(gateway: TransactionRow['gateway']): TransactionRow['gateway'][] {
  // M-Pesa express, paybill and B2C withdrawals share M-Pesa's receipt space (issue 23).
  if (gateway === 'mpesa' || gateway === 'paybill' || gateway === 'mpesa_b2c')
    return ['mpesa', 'paybill', 'mpesa_b2c'];
  return [gateway];
}

export const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string } | null)?.code === '23505';
};

/**
 * Records the receipt a gateway confirmed on this transaction, unless another transaction of the same
 * provider holds it already: false then, and nothing is written. Runs in a savepoint, so a payment
 * that recorded the same receipt a moment earlier costs this statement only, never a 500.
 */
export async function recordReceipt(
  tx: DbTransaction,
  row: TransactionRow,
  receipt: string,
): Promise<boolean> {
  const [holder] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReceipt, receipt),
        inArray(transactions.gateway, receiptSpace(row.gateway)),
        ne(transactions.id, row.id),
      ),
    )
    .limit(1);
  if (holder) return false;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(transactions)
        .set({ gatewayReceipt: receipt })
        .where(eq(transactions.id, row.id));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Money that arrived but cannot pay the cart goes to the buyer's wallet, as its own ledger line.
 * The wallet's row is locked last (docs/commerce.md "Lock order", step 4).
 */
async function creditWallet(tx: DbTransaction, row: TransactionRow, amountCents: number, note: string) {
  if (!row.walletId) return;
  await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.id, row.walletId));
  const now = new Date();
  await tx.insert(transactions).values({
    userId: row.userId,
    walletId: row.walletId,
    type: 'topup',
    amountCents,
    reference: `${row.reference}-W`,
    status: 'completed',
    gateway: row.gateway,
    relatedTransactionId: row.id,
    meta: { result_desc: note },
    initiatedAt: now,
    completedAt: now,
  });
}

/** Settles a pending transaction once; a second notification finds it final and changes nothing. */
export async function settle(
  ctx: CommerceContext,
  transactionId: number,
  outcome: Outcome,
): Promise<TransactionRow | null> {
  return ctx.db.transaction(async (tx) => {
    // Lock order step 0 (docs/commerce.md "Lock order"): the transaction row first, so of two
    // notifications about one payment, the second waits and then finds it final.
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for('update');
    if (!row || row.status !== 'pending') return row ?? null;
    const now = new Date();
    let receipt = row.gatewayReceipt;
    const finish = async (
      status: TransactionRow['status'],
      resultDesc: string,
      extra: Record<string, unknown> = {},
    ) => {
      const [updated] = await tx
        .update(transactions)
        .set({
          status,
          meta: { ...row.meta, ...extra, result_desc: resultDesc },
          completedAt: status === 'completed' ? now : null,
          gatewayReceipt: receipt,
          confirmedAmountCents:
            outcome.kind === 'paid'
              ? outcome.paidCents
              : (outcome.confirmedCents ?? row.confirmedAmountCents),
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      // An open tab hears of it at once (`event: transaction`); its 3 s poll is the fallback.
      if (row.userId) await transactionEvent(tx, row.userId, { id: row.id, status });
      return updated ?? row;
    };
    if (outcome.kind !== 'paid')
      return finish(
        outcome.kind,
        outcome.resultDesc,
        outcome.reviewReason ? { review_reason: outcome.reviewReason } : {},
      );

    const extra = { ...outcome.details, ...(outcome.receipt ? { receipt: outcome.receipt } : {}) };
    // One payment, one credit: a receipt already settled on another transaction moves nothing again.
    if (outcome.receipt && outcome.receipt !== row.gatewayReceipt) {
      if (!(await recordReceipt(tx, row, outcome.receipt))) {
        ctx.log.error(
          { transactionId: row.id, receipt: outcome.receipt },
          'The gateway confirmed a receipt already recorded on another payment; left for review',
        );
        return finish('needs_review', t('payment.needsReview'), {
          ...extra,
          review_reason: t('payment.reviewReceiptUsed'),
        });
      }
      receipt = outcome.receipt;
    }
    if (outcome.paidCents < row.amountCents) {
      await creditWallet(tx, row, outcome.paidCents, t('payment.amountMismatch'));
      return finish('failed', t('payment.amountMismatch'), extra);
    }
    if (row.type === 'topup') {
      return settleTopUp(tx, ctx.config.appUrl, row, outcome.paidCents, finish, extra);
    }
    const refund = async (reason = t('payment.cartChangedRefund')) => {
      await creditWallet(tx, row, outcome.paidCents, reason);
      return finish('failed', reason, extra);
    };
    if (!row.cartId || !row.userId) return refund();
    // Lock order: this transaction's row (step 0, above), the cart's lessons, the cart, then wallets
    // (steps 1, 2 and 4 of docs/commerce.md "Lock order").
    const { cart, items, locked, changed } = await lockCartWithLessons(tx, row.cartId);
    if (!cart || changed || cart.version !== row.cartVersion) return refund();
    if (items.length === 0) return refund();
    if (await availabilityProblem(tx, items, row.studentId, locked)) return refund();
    // The buyer's plans, locked after the cart (step 2b): an included lesson used meanwhile by
    // another checkout changes the total, and the money goes to the wallet like any changed cart.
    const pricing = await lockedPricing(tx, row.userId, items, now, { learnerId: row.studentId, locked });
    if (pricing.totalCents !== row.amountCents) return refund();
    // Lessons need a learner (a parent paying by paybill without choosing a child): nobody to book for.
    if (row.studentId === null && booksLessons(items)) return refund(t('payment.noLearnerRefund'));
    await fulfilCart(tx, {
      cart,
      items,
      userId: row.userId,
      learnerId: row.studentId,
      transactionId: row.id,
      pricing,
      now,
      appUrl: ctx.config.appUrl,
    });
    // Paybill customers type the amount themselves; what is over the total is theirs to keep.
    if (outcome.paidCents > row.amountCents)
      await creditWallet(tx, row, outcome.paidCents - row.amountCents, t('payment.overpaidCredit'));
    return finish('completed', outcome.resultDesc || t('payment.paid'), extra);
  });
}

/** A top-up credits its wallet: the transaction row (step 0), then the wallet (step 4, "Lock order"). */
async function settleTopUp(
  tx: DbTransaction,
  appUrl: string,
  row: TransactionRow,
  paidCents: number,
  finish: (
    status: TransactionRow['status'],
    resultDesc: string,
    extra?: Record<string, unknown>,
  ) => Promise<TransactionRow>,
  extra: Record<string, unknown>,
) {
  if (!row.walletId) return finish('failed', t('messages.general'), extra);
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${paidCents}`, updatedAt: new Date() })
    .where(eq(wallets.id, row.walletId))
    .returning();
  if (row.userId) {
    await feedForTopUp(tx, { userId: row.userId, transactionId: row.id, amountCents: paidCents });
    // Issue 26: the top-up's receipt commits with the credit (outbox rows, after the wallet's lock).
    await tellTopUp(tx, appUrl, {
      userId: row.userId,
      reference: row.reference,
      amountCents: paidCents,
      balanceCents: wallet?.balanceCents ?? paidCents,
      now: new Date(),
    });
  }
  return finish(
    'completed',
    t('wallet.credited', { balance: formatKes(centsToDecimal(wallet?.balanceCents ?? 0)) }),
    extra,
  );
}
