// The commerce screens' data and forms (src/views/pages/commerce/*): the wallet, its PIN and top-up
// forms, a teacher's earnings, the plans and a payment's return page, each service bound once here.
import { fromPromise, type AnyActorRef } from 'xstate';
import { formMachine, formSubmitter, type FormLogic, type FormValues } from '@/machines/form-machine';
import { listLoader, oneLoader } from '@/machines/load-machine';
import type { PaymentStart } from '@/machines/payment-machine';
import { fetchTransaction } from '@/services/payment-service';
import type { Earning, EarningTotals } from '@/services/schemas/teaching';
import type { Transaction } from '@/services/schemas/transaction';
import type { Package } from '@/services/schemas/web';
import { fetchEarnings } from '@/services/teaching-service';
import { setUpWalletPin } from '@/services/wallet-service';
import { changeWalletPin, fetchWalletOverview, type WalletOverview } from '@/services/wallet-history-service';
import { fetchPackages } from '@/services/web-service';
import { wholeShillings } from '@/shared/validation';

/** The systemId of the wallet page's loader: a top-up that succeeded reloads it (`load.refresh`). */
export { WALLET_SCREEN as WALLET } from '@/machines/app-machine';

/** The balance, the account number, whether a PIN is set and the newest transactions. */
export const walletLoader = oneLoader<WalletOverview>(() => fetchWalletOverview());

export type PinValues = { currentPin: string; pin: string; pinConfirmation: string };

export const walletPinSetupForm = formSubmitter<PinValues, { message: string }>((values) =>
  setUpWalletPin(values.pin, values.pinConfirmation),
);

/** A wrong current PIN is a 422 on `currentPin`. */
export const walletPinChangeForm = formSubmitter<PinValues, { message: string }>((values) =>
  changeWalletPin(values),
);

export type TopUpValues = {
  amount: string;
  method: 'mpesa' | 'pesapal';
  /** Prefills the M-Pesa phone field of the payment modal. */
  phone: string | null;
};

/**
 * A top-up whose amount passed the API's limits starts the wallet top-up payment actor (systemId
 * `walletTopUp`), which runs the same modal as checkout and owns the round trip from there.
 */
export const walletTopUpForm = formMachine.provide({
  actors: {
    submit: fromPromise<unknown, { values: FormValues }>(async ({ input, system }) => {
      const { amount, method, phone } = input.values as TopUpValues;
      const topUp = system.get('walletTopUp') as AnyActorRef | undefined;
      if (!topUp) throw new Error('The wallet top-up actor is not running.');
      const start: PaymentStart = {
        method,
        cartId: null,
        phone,
        wallet: null,
        amount: `${wholeShillings(amount) ?? 0}.00`,
        purpose: 'topup',
      };
      topUp.send({ type: 'payment.start', ...start });
      return null;
    }),
  },
}) as FormLogic<TopUpValues, null>;

export type EarningsExtra = { totals: EarningTotals; commissionPercent: number | null };

/** A teacher's settled lessons, a page at a time, with the totals and the commission rate. */
export const earningsLoader = listLoader<Earning>(async (query) => {
  const { items, meta, totals, commissionPercent } = await fetchEarnings(query);
  return { items, meta, extra: { totals, commissionPercent } satisfies EarningsExtra };
});

export const plansLoader = oneLoader<Package[]>(() => fetchPackages());

/** The transaction a gateway sent the browser back about (`params.id`), as it is now. */
export const returnedTransactionLoader = oneLoader<Transaction>((params) =>
  fetchTransaction(Number(params.id)),
);
