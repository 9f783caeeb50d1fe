// A wallet ledger entry's types and states (CONTRACT.md "Transaction"), shared by the API's table
// and the SPA's decoder so the two lists cannot drift apart.

/**
 * `earning`: a teacher's share of a lesson that ended, credited to the teacher's wallet (issue 10).
 * `withdrawal`: money sent from the wallet to M-Pesa (B2C), held from the request (issue 23);
 * `withdrawal_reversal`: a failed withdrawal's money back in the wallet, once.
 */
export const TRANSACTION_TYPES = [
  'topup',
  'payment',
  'refund',
  'payout',
  'earning',
  'withdrawal',
  'withdrawal_reversal',
] as const;

export const TRANSACTION_STATUSES = [
  'pending',
  'completed',
  'failed',
  'cancelled',
  'reversed',
  /** The gateway confirmed something other than what we asked for: no money moved, staff decide. */
  'needs_review',
  /** Never confirmed either way within the gateway's limit; the cart was left as it was. */
  'expired',
] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Attempts that ended without moving money: no sign in the wallet history, neither debit nor credit. */
const NO_MONEY_MOVED: readonly TransactionStatus[] = ['failed', 'cancelled', 'expired', 'needs_review'];

/**
 * How a ledger entry reads in the wallet history: '-' money out, '+' money in, '' no money moved (a
 * payment or top-up attempt that failed, was cancelled or expired). A withdrawal keeps its '-': its
 * hold left the wallet, and a failed one comes back as its own `withdrawal_reversal`.
 */
export function walletSign(transaction: { type?: string | null; status: TransactionStatus }): '-' | '+' | '' {
  const outgoing = ['payment', 'payout', 'withdrawal'].includes(transaction.type ?? '');
  if (transaction.type !== 'withdrawal' && NO_MONEY_MOVED.includes(transaction.status)) return '';
  return outgoing ? '-' : '+';
}

/** The gateway's own reason for a failed payment (M-Pesa `ResultDesc`, Pesapal description). */
export function transactionFailureReason(transaction: {
  meta?: Record<string, unknown> | null;
}): string | null {
  const reason = transaction.meta?.resultDesc;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}
