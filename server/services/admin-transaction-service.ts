// Staff's view of gateway payments the server would not settle on its own (`needs_review`), and
// of the other final states, newest first (CONTRACT: GET /api/admin/transactions?status=).
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { TRANSACTION_STATUSES, transactions, users } from '../db/schema';
import type { PageRequest } from '../http/query';
import { transactionResource } from '../resources/commerce-resource';
import { centsToDecimal } from '../resources/money';
import { paged } from './paged';

export { TRANSACTION_STATUSES };
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

const centsOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export async function listTransactions(db: Database, status: TransactionStatus, page: PageRequest) {
  const { rows, meta } = await paged(
    page,
    db
      .select({ transaction: transactions, user: users })
      .from(transactions)
      .leftJoin(users, eq(users.id, transactions.userId))
      .where(eq(transactions.status, status))
      .orderBy(desc(transactions.updatedAt), desc(transactions.id)),
    db.select({ total: count() }).from(transactions).where(eq(transactions.status, status)),
  );
  return {
    data: rows.map(({ transaction, user }) => ({
      ...transactionResource(transaction),
      // A receipt already held by another payment is not recorded again; staff still see it.
      gateway_receipt:
        transaction.gatewayReceipt ??
        (typeof transaction.meta.receipt === 'string' ? transaction.meta.receipt : null),
      paybill_account: transaction.paybillAccount,
      // What the notification claimed and what the gateway itself confirmed, side by side.
      claimed_amount: centsOrNull(transaction.claimedAmountCents),
      confirmed_amount: centsOrNull(transaction.confirmedAmountCents),
      review_reason:
        typeof transaction.meta.review_reason === 'string' ? transaction.meta.review_reason : null,
      user: user
        ? { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName }
        : null,
    })),
    meta,
  };
}
