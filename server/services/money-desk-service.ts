// The admin money desk (issue 23, docs/withdrawals.md "The admin money desk"): the platform's
// commission by month, what waits for staff, and the three actions that resolve a transaction in
// `needs_review` (a gateway payment the server would not settle, or a withdrawal M-Pesa never
// answered). Each action claims the transaction once, writes the ledger line where money moves and a
// `transaction_audit` row (who, when, why) in the same database transaction.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { transactionAudit, transactions, wallets } from '../db/schema';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { centsToDecimal } from '../resources/money';
import { adminTransaction, type AdminTransaction } from './admin-transaction-service';
import { transactionEvent } from './notification-service';
import { newReference } from './payments';
import { t, type MessageKey } from '../../src/shared/messages';
import { formatKes } from '../../src/shared/format';
import type { TransactionStatus } from '../../src/shared/transactions';

export const RESOLVE_ACTIONS = ['credit', 'refunded_outside', 'close'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

type TransactionRow = typeof transactions.$inferSelect;

/**
 * Where a resolved transaction ends. A payment's money that is credited or was returned outside the
 * app is `reversed`, one merely closed is `cancelled` (a payment never becomes `completed` here: that
 * would claim an order or a top-up the gateway did not confirm). A withdrawal credited back is
 * `reversed` (its `withdrawal_reversal` returns the money); otherwise its money stays out of the
 * wallet, paid by M-Pesa or by staff outside the app: `completed`.
 */
function resolvedStatus(action: ResolveAction, type: TransactionRow['type']): TransactionStatus {
  if (type === 'withdrawal') return action === 'credit' ? 'reversed' : 'completed';
  return action === 'close' ? 'cancelled' : 'reversed';
}

const RESOLVED_MESSAGE: Record<Exclude<ResolveAction, 'credit'>, MessageKey> = {
  refunded_outside: 'desk.resolvedRefundedOutside',
  close: 'desk.resolvedClose',
};

/**
 * What `credit` puts in a wallet, and why that amount: a withdrawal its own amount; a payment what
 * the gateway itself confirmed, else what its notification claimed, else what the server asked for.
 */
export function creditAmount(row: TransactionRow): {
  cents: number;
  basis: 'withdrawal' | 'confirmed' | 'claimed' | 'requested';
} {
  if (row.type === 'withdrawal') return { cents: row.amountCents, basis: 'withdrawal' };
  if (row.confirmedAmountCents !== null && row.confirmedAmountCents > 0)
    return { cents: row.confirmedAmountCents, basis: 'confirmed' };
  if (row.claimedAmountCents !== null && row.claimedAmountCents > 0)
    return { cents: row.claimedAmountCents, basis: 'claimed' };
  return { cents: row.amountCents, basis: 'requested' };
}

export type ResolveBody = { action: ResolveAction; user_id?: number | null; remark: string };

/** Whose wallet `credit` pays (422 when the body names none, or another for a withdrawal). */
function creditedUser(row: TransactionRow, wanted: number | null | undefined): number {
  if (row.type === 'withdrawal') {
    if (wanted !== null && wanted !== undefined && wanted !== row.userId)
      throw ValidationError.field('user_id', t('desk.withdrawalOwnWallet'));
    if (row.userId === null) throw ValidationError.field('user_id', t('desk.creditUserUnknown'));
    return row.userId;
  }
  const userId = wanted ?? row.userId;
  if (userId === null || userId === undefined)
    throw ValidationError.field('user_id', t('desk.creditUserRequired'));
  return userId;
}

/** `credit`: the ledger line and the balance it explains, in the claiming transaction. */
async function credit(tx: Transaction, row: TransactionRow, userId: number, now: Date) {
  const amount = creditAmount(row);
  // Lock order step 4 (docs/commerce.md), after the claim (step 0).
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${amount.cents}`, updatedAt: now })
    .where(eq(wallets.userId, userId))
    .returning({ id: wallets.id });
  if (!wallet) throw ValidationError.field('user_id', t('desk.creditUserUnknown'));
  const withdrawal = row.type === 'withdrawal';
  const [line] = await tx
    .insert(transactions)
    .values({
      userId,
      walletId: wallet.id,
      type: withdrawal ? 'withdrawal_reversal' : 'refund',
      amountCents: amount.cents,
      reference: newReference(withdrawal ? 'WRV' : 'CRD'),
      status: 'completed',
      gateway: 'wallet',
      relatedTransactionId: row.id,
      meta: {
        result_desc: t(withdrawal ? 'desk.reversalNote' : 'desk.creditNote', { reference: row.reference }),
        resolved_transaction_id: row.id,
        amount_basis: amount.basis,
      },
      initiatedAt: now,
      completedAt: now,
    })
    .returning({ id: transactions.id, status: transactions.status });
  if (!line) throw new Error('Credit insert returned no row');
  await transactionEvent(tx, userId, line);
  return { line, amount };
}

/**
 * `POST /api/admin/transactions/resolve/{id}`: resolves a transaction in `needs_review` once. 404
 * when there is none, 409 when it is not (or no longer) waiting for review: of two admins acting at
 * once, the second waits on the first's claim and then finds it resolved.
 */
export async function resolveTransaction(
  db: Database,
  adminUserId: number,
  transactionId: number,
  body: ResolveBody,
  now = new Date(),
): Promise<{ message: string; data: AdminTransaction }> {
  const remark = body.remark.trim();
  const message = await db.transaction(async (tx) => {
    // The type never changes: read it to know where the transaction ends, then claim it.
    const [found] = await tx
      .select({ type: transactions.type, status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    if (!found) throw notFound();
    if (found.status !== 'needs_review') throw new HttpError(409, t('desk.notInReview'));
    const status = resolvedStatus(body.action, found.type);
    const [row] = await tx
      .update(transactions)
      .set({ status, updatedAt: now, ...(status === 'completed' ? { completedAt: now } : {}) })
      .where(and(eq(transactions.id, transactionId), eq(transactions.status, 'needs_review')))
      .returning();
    if (!row) throw new HttpError(409, t('desk.notInReview'));
    let result: Awaited<ReturnType<typeof credit>> | null = null;
    let creditedUserId: number | null = null;
    if (body.action === 'credit') {
      creditedUserId = creditedUser(row, body.user_id);
      result = await credit(tx, row, creditedUserId, now);
    }
    await tx.insert(transactionAudit).values({
      transactionId: row.id,
      actorUserId: adminUserId,
      action: body.action,
      remark,
      resultTransactionId: result?.line.id ?? null,
      meta: {
        status_before: 'needs_review',
        status_after: status,
        ...(result
          ? {
              credited_user_id: creditedUserId,
              amount_cents: result.amount.cents,
              amount_basis: result.amount.basis,
            }
          : {}),
      },
      createdAt: now,
    });
    if (row.userId !== null) await transactionEvent(tx, row.userId, row);
    return result
      ? t('desk.resolvedCredit', { amount: formatKes(centsToDecimal(result.amount.cents)) })
      : t(RESOLVED_MESSAGE[body.action as Exclude<ResolveAction, 'credit'>]);
  });
  const data = await adminTransaction(db, transactionId);
  if (!data) throw notFound();
  return { message, data };
}

// ---- The overview ----

export type MoneyOverview = {
  commission_by_month: {
    month: string;
    commission: string;
    gross: string;
    earnings: string;
    lessons: number;
  }[];
  needs_review: { payments: number; withdrawals: number };
  withdrawals: { pending: number; failed: number; needs_review: number };
};

/** Months of the commission list (newest first). */
const COMMISSION_MONTHS = 24;

/**
 * `GET /api/admin/money`: the platform's commission by Nairobi month, from the earnings' own record
 * of each lesson (`meta.gross_cents`, `meta.commission_cents`), and what waits for staff.
 */
export async function moneyOverview(db: Database): Promise<MoneyOverview> {
  const month = sql<string>`to_char((${transactions.completedAt} at time zone 'Africa/Nairobi'), 'YYYY-MM')`;
  const cents = (key: string) => sql<number>`coalesce(sum((${transactions.meta}->>${key})::bigint), 0)`;
  const commission = await db
    .select({
      month,
      commission: cents('commission_cents').mapWith(Number),
      gross: cents('gross_cents').mapWith(Number),
      earnings: sql<number>`coalesce(sum(${transactions.amountCents}), 0)`.mapWith(Number),
      lessons: count(),
    })
    .from(transactions)
    .where(and(eq(transactions.type, 'earning'), eq(transactions.status, 'completed')))
    .groupBy(month)
    .orderBy(sql`1 desc`)
    .limit(COMMISSION_MONTHS);
  const waiting = await db
    .select({
      withdrawal: sql<boolean>`${transactions.type} = 'withdrawal'`,
      status: transactions.status,
      total: count(),
    })
    .from(transactions)
    .where(
      sql`${transactions.status} in ('needs_review', 'pending', 'failed')
        and (${transactions.type} = 'withdrawal' or ${transactions.status} = 'needs_review')`,
    )
    .groupBy(sql`1`, transactions.status);
  const counted = (withdrawal: boolean, status: TransactionStatus) =>
    Number(waiting.find((row) => row.withdrawal === withdrawal && row.status === status)?.total ?? 0);
  return {
    commission_by_month: commission.map((row) => ({
      month: row.month,
      commission: centsToDecimal(row.commission),
      gross: centsToDecimal(row.gross),
      earnings: centsToDecimal(row.earnings),
      lessons: Number(row.lessons),
    })),
    needs_review: { payments: counted(false, 'needs_review'), withdrawals: counted(true, 'needs_review') },
    withdrawals: {
      pending: counted(true, 'pending'),
      failed: counted(true, 'failed'),
      needs_review: counted(true, 'needs_review'),
    },
  };
}
