// Issue 23's calls (docs/withdrawals.md "Contract"): the withdrawal number, a withdrawal and its
// history, a teacher's statement, and the admin money desk.
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeReviewTransaction, type ReviewTransaction } from './schemas/admin';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeWallet, type Wallet } from './schemas/wallet';
import {
  decodeMoneySummary,
  decodeStatement,
  decodeWithdrawal,
  type MoneySummary,
  type Statement,
  type Withdrawal,
} from './schemas/withdrawal';
import { t } from '@/shared/messages';

/** `POST /api/wallet/withdrawal-number {phone, pin}`: the wallet with the number masked. */
export async function setWithdrawalNumber(
  phone: string,
  pin: string,
): Promise<{ message: string; wallet: Wallet }> {
  const answer = await request('/api/wallet/withdrawal-number', { method: 'POST', body: { phone, pin } });
  return { message: messageOf(answer, t('walletUi.numberSaved')), wallet: decodeWallet(dataOf(answer)) };
}

export type WithdrawalRequested = { message: string; withdrawal: Withdrawal };

/** `POST /api/wallet/withdraw {amount, pin}` → 202 with the pending withdrawal. */
export async function requestWithdrawal(amount: string, pin: string): Promise<WithdrawalRequested> {
  const answer = await request('/api/wallet/withdraw', { method: 'POST', body: { amount, pin } });
  const transaction = (answer as { transaction?: unknown } | null)?.transaction;
  return { message: messageOf(answer, t('walletUi.pending')), withdrawal: decodeWithdrawal(transaction) };
}

/** The withdrawal as it is now (the transaction resource). */
export async function fetchWithdrawal(id: number): Promise<Withdrawal> {
  return decodeWithdrawal(
    dataOf(await request(`/api/wallet/transaction/show/${encodeURIComponent(String(id))}`)),
  );
}

export async function fetchWithdrawals(query: ListQuery): Promise<ListPage<Withdrawal>> {
  return decodePage(
    await request('/api/wallet/withdrawals', { query: pick(query, ['page', 'per_page']) }),
    decodeWithdrawal,
  );
}

export async function fetchStatement(month: string): Promise<Statement> {
  return decodeStatement(
    dataOf(await request('/api/teacher/statement', { query: { month, format: 'json' } })),
  );
}

/** Where the browser downloads the month's CSV (an attachment, so a plain link to the API, as the event stream's). */
export function statementCsvPath(month: string): string {
  return `${import.meta.env.VITE_API_URL ?? ''}/api/teacher/statement?month=${encodeURIComponent(month)}&format=csv`;
}

export async function fetchAdminWithdrawals(query: ListQuery): Promise<ListPage<Withdrawal>> {
  const wanted = { status: 'pending', ...pick(query, ['status', 'page', 'per_page']) };
  return decodePage(await request('/api/admin/withdrawals', { query: wanted }), decodeWithdrawal);
}

export async function fetchMoneySummary(): Promise<MoneySummary> {
  return decodeMoneySummary(dataOf(await request('/api/admin/money')));
}

export type ResolveAction = 'credit' | 'refunded_outside' | 'close';
export type Resolved = { message: string; transaction: ReviewTransaction };

/** `POST /api/admin/transactions/resolve/{id}`: 409 once another admin resolved it. */
export async function resolveTransaction(
  id: number,
  action: ResolveAction,
  remark: string,
  userId: number | null,
): Promise<Resolved> {
  const body: Record<string, unknown> = { action, remark: remark.trim() };
  if (action === 'credit') body.user_id = userId;
  const answer = await request(`/api/admin/transactions/resolve/${id}`, { method: 'POST', body });
  return {
    message: messageOf(answer, t('walletUi.resolved')),
    transaction: decodeReviewTransaction(dataOf(answer)),
  };
}
