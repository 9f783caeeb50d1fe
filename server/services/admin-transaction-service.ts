// Staff's view of gateway payments the server would not settle on its own (`needs_review`), and
// of the other final states, newest first (CONTRACT: GET /api/admin/transactions?status=), and of
// withdrawals by status (GET /api/admin/withdrawals?status=, docs/withdrawals.md). Each transaction
// carries what the money desk did to it (`audit`).
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { TRANSACTION_STATUSES, transactionAudit, transactions, users } from '../db/schema';
import type { PageRequest } from '../http/query';
import { transactionResource } from '../resources/commerce-resource';
import { centsToDecimal } from '../resources/money';
import { transactionFailureReason } from '../../src/shared/transactions';
import { paged } from './paged';

export { TRANSACTION_STATUSES };
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The statuses staff list withdrawals by (the money desk's tabs). */
export const WITHDRAWAL_LIST_STATUSES = ['pending', 'failed', 'needs_review', 'completed'] as const;
export type WithdrawalListStatus = (typeof WITHDRAWAL_LIST_STATUSES)[number];

type Db = Database | Transaction;
type TransactionRow = typeof transactions.$inferSelect;
type UserRow = typeof users.$inferSelect;

const centsOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

const personResource = (user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>) => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
});

export type AuditEntry = {
  action: string;
  remark: string;
  actor: ReturnType<typeof personResource> | null;
  /** The ledger line the action wrote, when money moved. */
  result_transaction: number | null;
  created_at: string;
};

/** What the money desk did to each of `ids`, oldest first. */
export async function auditOf(db: Db, ids: number[]): Promise<Map<number, AuditEntry[]>> {
  const byTransaction = new Map<number, AuditEntry[]>();
  if (ids.length === 0) return byTransaction;
  const entries = await db
    .select({ entry: transactionAudit, actor: users })
    .from(transactionAudit)
    .leftJoin(users, eq(users.id, transactionAudit.actorUserId))
    .where(inArray(transactionAudit.transactionId, ids))
    .orderBy(asc(transactionAudit.createdAt), asc(transactionAudit.id));
  for (const { entry, actor } of entries) {
    const list = byTransaction.get(entry.transactionId) ?? [];
    list.push({
      action: entry.action,
      remark: entry.remark,
      actor: actor ? personResource(actor) : null,
      result_transaction: entry.resultTransactionId,
      created_at: entry.createdAt.toISOString(),
    });
    byTransaction.set(entry.transactionId, list);
  }
  return byTransaction;
}

/** A transaction as staff see it: the receipts and amounts to compare, its owner, the desk's audit. */
export function adminTransactionResource(
  transaction: TransactionRow,
  user: UserRow | null,
  audit: AuditEntry[],
) {
  return {
    ...transactionResource(transaction),
    // A receipt already held by another payment is not recorded again; staff still see it.
    gateway_receipt:
      transaction.gatewayReceipt ??
      (typeof transaction.meta.receipt === 'string' ? transaction.meta.receipt : null),
    paybill_account: transaction.paybillAccount,
    // What the notification claimed and what the gateway itself confirmed, side by side.
    claimed_amount: centsOrNull(transaction.claimedAmountCents),
    confirmed_amount: centsOrNull(transaction.confirmedAmountCents),
    review_reason: typeof transaction.meta.review_reason === 'string' ? transaction.meta.review_reason : null,
    /** The gateway's own words on a failure (M-Pesa's `ResultDesc` of a failed withdrawal). */
    reason: transactionFailureReason(transaction),
    user: user ? personResource(user) : null,
    audit,
  };
}

export type AdminTransaction = ReturnType<typeof adminTransactionResource>;

async function listWhere(db: Database, where: SQL | undefined, page: PageRequest) {
  const { rows, meta } = await paged(
    page,
    db
      .select({ transaction: transactions, user: users })
      .from(transactions)
      .leftJoin(users, eq(users.id, transactions.userId))
      .where(where)
      .orderBy(desc(transactions.updatedAt), desc(transactions.id)),
    db.select({ total: count() }).from(transactions).where(where),
  );
  const audit = await auditOf(
    db,
    rows.map((row) => row.transaction.id),
  );
  return {
    data: rows.map(({ transaction, user }) =>
      adminTransactionResource(transaction, user, audit.get(transaction.id) ?? []),
    ),
    meta,
  };
}

export async function listTransactions(db: Database, status: TransactionStatus, page: PageRequest) {
  return listWhere(db, eq(transactions.status, status), page);
}

/** Withdrawals in `status`, most recently changed first, with the user. */
export async function listWithdrawals(db: Database, status: WithdrawalListStatus, page: PageRequest) {
  return listWhere(db, and(eq(transactions.type, 'withdrawal'), eq(transactions.status, status)), page);
}

/** One transaction as staff see it (the answer of a money desk action). */
export async function adminTransaction(db: Db, id: number): Promise<AdminTransaction | null> {
  const [row] = await db
    .select({ transaction: transactions, user: users })
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id));
  if (!row) return null;
  const audit = await auditOf(db, [id]);
  return adminTransactionResource(row.transaction, row.user, audit.get(id) ?? []);
}
