// Issue 23's screens (docs/withdrawals.md "Screens"): the wallet page's withdrawal number, the
// withdrawal itself and its history, a teacher's monthly statement, and the admin money desk, each
// service bound once here.
import { enqueueActions, fromPromise } from 'xstate';
import { formSubmitter } from '@/machines/form-machine';
import { listLoader, oneLoader } from '@/machines/load-machine';
import { withdrawalMachine } from '@/machines/withdrawal-machine';
import type { ReviewTransaction } from '@/services/schemas/admin';
import type { MoneySummary, Statement, Withdrawal } from '@/services/schemas/withdrawal';
import type { Wallet } from '@/services/schemas/wallet';
import {
  fetchAdminWithdrawals,
  fetchMoneySummary,
  fetchStatement,
  fetchWithdrawal,
  fetchWithdrawals,
  requestWithdrawal,
  resolveTransaction,
  setWithdrawalNumber,
  type ResolveAction,
  type Resolved,
  type WithdrawalRequested,
} from '@/services/withdrawal-service';
import { normaliseKenyanPhone } from '@/shared/validation';
import { alsoAfterSave } from './after-save';
import { WALLET } from './commerce-screens';

export { statementCsvPath } from '@/services/withdrawal-service';

/** The systemId of the wallet page's withdrawals list: a withdrawal that moved reloads it. */
export const WITHDRAWALS_LIST = 'walletWithdrawals';

export type WithdrawalNumberValues = { phone: string; pin: string };

/** Sets or changes the number; the wallet then shows it masked, with when it becomes usable. */
export const withdrawalNumberForm = alsoAfterSave(
  formSubmitter<WithdrawalNumberValues, { message: string; wallet: Wallet }>(({ phone, pin }) =>
    setWithdrawalNumber(normaliseKenyanPhone(phone) ?? phone, pin),
  ),
  () => [{ to: WALLET, event: { type: 'load.refresh' } }],
);

/**
 * "Withdraw to M-Pesa": the withdrawal machine with its calls bound; whenever the money moves (held,
 * paid, returned) the wallet and the withdrawals list load again.
 */
export const withdrawalFlow = withdrawalMachine.provide({
  actors: {
    requestWithdrawal: fromPromise<WithdrawalRequested, { amount: string; pin: string }>(({ input }) =>
      requestWithdrawal(input.amount, input.pin),
    ),
    fetchWithdrawal: fromPromise<Withdrawal, { id: number }>(({ input }) => fetchWithdrawal(input.id)),
  },
  actions: {
    announce: enqueueActions(({ system, enqueue }) => {
      for (const id of [WALLET, WITHDRAWALS_LIST]) {
        const loader = system.get(id);
        if (loader) enqueue.sendTo(loader, { type: 'load.refresh' });
      }
    }),
  },
});

export const withdrawalsLoader = listLoader<Withdrawal>((query) => fetchWithdrawals(query));

/** `/wallet/statement/:month` from `format=json`. */
export const statementLoader = oneLoader<Statement>((params) => fetchStatement(String(params.month)));

// The admin money desk ---------------------------------------------------------------------------

/** The systemId of the desk's review queue: a resolved transaction is replaced in place. */
export const MONEY_REVIEW_LIST = 'adminMoneyReview';

/** Withdrawals by status (`?status=`, pending when the URL names none). */
export const adminWithdrawalsLoader = listLoader<Withdrawal>((query) => fetchAdminWithdrawals(query));

export const moneySummaryLoader = oneLoader<MoneySummary>(() => fetchMoneySummary());

export type ResolveValues = { id: number; action: ResolveAction | ''; userId: string; remark: string };

/** Credit, refunded outside or close, with a remark; the transaction shows its new state and audit at once. */
export const resolveTransactionForm = alsoAfterSave(
  formSubmitter<ResolveValues, Resolved>(({ id, action, userId, remark }) =>
    resolveTransaction(id, action as ResolveAction, remark, userId ? Number(userId) : null),
  ),
  (answer) => [{ to: MONEY_REVIEW_LIST, event: { type: 'item.replace', item: answer.transaction } }],
);

export type { ReviewTransaction };
