// "Withdraw to M-Pesa" on the wallet page (issue 23, docs/withdrawals.md "The flow"): the amount
// (checked with the shared limits and the wallet's withdrawable amount, the fee shown before
// confirming), the wallet PIN, the request (202: a pending withdrawal, the money held), then the
// withdrawal followed until M-Pesa settles it: paid with the receipt, or failed with M-Pesa's reason
// (the money back in the wallet). The live stream's `transaction.updated` reaches it as
// `transaction.settled` (the notifications machine forwards it to listeners, as for payments);
// between events it checks every few seconds. A 422 puts the server's words on the field it names.
import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorStatus, serverMessageOr } from '@/services/cart-service';
import type { Withdrawal } from '@/services/schemas/withdrawal';
import type { WithdrawalRequested } from '@/services/withdrawal-service';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { pinProblems } from '@/shared/payment-validation';
import type { FieldErrors } from '@/shared/validation';
import { withdrawalAmountProblem, withdrawalTotal } from '@/shared/withdrawal-form';
import type { NotifyColor } from './session-machine';

/** A pending withdrawal is checked this often between stream events. */
export const WITHDRAWAL_POLL_MS = 5000;
/** After this long the panel stops waiting on screen (the withdrawal stays pending; the history shows it). */
export const WITHDRAWAL_WAIT_MS = 180_000;

/** What the wallet knew when the person opened the panel. */
export type WithdrawalOpen = {
  type: 'withdraw.open';
  withdrawable: string;
  fee: string;
  /** The masked withdrawal number, or null when none is set. */
  number: string | null;
};

export type WithdrawalEvent =
  | WithdrawalOpen
  | { type: 'amount.submit'; amount: string }
  | { type: 'pin.submit'; pin: string }
  | { type: 'withdraw.back' }
  | { type: 'withdraw.close' }
  /** The live stream says a transaction changed (forwarded by the notifications machine). */
  | { type: 'transaction.settled'; id: number; status: string };

export type WithdrawalEmitted =
  | { type: 'notify'; color: NotifyColor; message: string }
  /** The wallet's balance and the withdrawals list changed (held, paid or returned). */
  | { type: 'withdrawal.changed' };

export type WithdrawalContext = {
  withdrawable: string;
  fee: string;
  number: string | null;
  /** Whole shillings as typed, sent as `"500.00"`. */
  amount: string;
  error: string | null;
  fieldErrors: FieldErrors;
  message: string | null;
  withdrawal: Withdrawal | null;
};

const initialContext: WithdrawalContext = {
  withdrawable: '0.00',
  fee: '0.00',
  number: null,
  amount: '',
  error: null,
  fieldErrors: {},
  message: null,
  withdrawal: null,
};

const hasProblems = (errors: FieldErrors) => Object.keys(errors).length > 0;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error && typeof error === 'object' && 'fieldErrors' in error ? (error.fieldErrors as FieldErrors) : {};
/** A failed withdrawal: the money is back, and M-Pesa's reason when it gave one. */
export function failureMessage(withdrawal: Withdrawal): string {
  return withdrawal.reason ? `${t('walletUi.failed')} M-Pesa: ${withdrawal.reason}` : t('walletUi.failed');
}
const amountDecimal = (amount: string) => `${Number(amount.trim())}.00`;

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    emitted: {} as WithdrawalEmitted,
  },
  actors: {
    requestWithdrawal: fromPromise<WithdrawalRequested, { amount: string; pin: string }>(async () => {
      throw new Error('No requestWithdrawal actor was provided.');
    }),
    fetchWithdrawal: fromPromise<Withdrawal, { id: number }>(async () => {
      throw new Error('No fetchWithdrawal actor was provided.');
    }),
    /**
     * Registers with the notifications actor (when the app runs one) for `transaction.settled` while
     * a withdrawal is pending, and passes what it hears on.
     */
    hearSettlements: fromCallback<WithdrawalEvent>(({ system, self, sendBack, receive }) => {
      const notifications = system.get('notifications');
      notifications?.send({ type: 'transactions.listen', listener: self });
      receive((event) => sendBack(event));
      return () => notifications?.send({ type: 'transactions.unlisten', listener: self });
    }),
  },
  actions: {
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    announce: emit({ type: 'withdrawal.changed' as const }),
    refuse: assign((_, params: { fieldErrors: FieldErrors }) => ({
      error: Object.values(params.fieldErrors)[0]?.[0] ?? null,
      fieldErrors: params.fieldErrors,
    })),
    /** A 422: the server's words, on the field it names. */
    refuseWithServerMessage: assign((_, params: { error: unknown }) => ({
      error: serverMessageOr(params.error, t('messages.general')),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    clearProblems: assign({ error: null, fieldErrors: {} }),
    follow: assign((_, params: { withdrawal: Withdrawal }) => ({ withdrawal: params.withdrawal })),
    say: assign((_, params: { message: string }) => ({ message: params.message })),
  },
  guards: {
    badAmount: ({ context, event }) =>
      event.type === 'amount.submit' && withdrawalAmountProblem(event.amount, context.withdrawable) !== null,
    badPin: ({ event }) => event.type === 'pin.submit' && hasProblems(pinProblems(event.pin)),
    /** A 422 about the PIN: the PIN step stays; any other 422 (amount, number) goes back to the amount. */
    refusedPin: (_, params: { error: unknown }) =>
      errorStatus(params.error) === 422 && 'pin' in fieldErrorsOf(params.error),
    refusedInput: (_, params: { error: unknown }) => errorStatus(params.error) === 422,
    isOurs: ({ context, event }) =>
      event.type === 'transaction.settled' &&
      context.withdrawal !== null &&
      event.id === context.withdrawal.id,
    paid: (_, params: { withdrawal: Withdrawal }) => params.withdrawal.status === 'completed',
    underReview: (_, params: { withdrawal: Withdrawal }) => params.withdrawal.status === 'needs_review',
    failed: (_, params: { withdrawal: Withdrawal }) =>
      params.withdrawal.status !== 'pending' && params.withdrawal.status !== null,
  },
  delays: { poll: WITHDRAWAL_POLL_MS, wait: WITHDRAWAL_WAIT_MS },
}).createMachine({
  id: 'withdrawal',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'withdraw.open': {
          target: 'amount',
          actions: assign(({ event }) => ({
            ...initialContext,
            withdrawable: event.withdrawable,
            fee: event.fee,
            number: event.number,
          })),
        },
      },
    },
    amount: {
      on: {
        'amount.submit': [
          {
            guard: 'badAmount',
            actions: [
              assign({ amount: ({ event }) => event.amount }),
              {
                type: 'refuse',
                params: ({ context, event }) => ({
                  fieldErrors: {
                    amount: [withdrawalAmountProblem(event.amount, context.withdrawable) ?? ''],
                  },
                }),
              },
            ],
          },
          {
            target: 'pin',
            actions: [assign({ amount: ({ event }) => event.amount.trim() }), 'clearProblems'],
          },
        ],
        'withdraw.close': { target: 'closed', actions: assign(initialContext) },
      },
    },
    // The fee and the total are on screen here, before the PIN confirms them.
    pin: {
      on: {
        'pin.submit': [
          {
            guard: 'badPin',
            actions: { type: 'refuse', params: ({ event }) => ({ fieldErrors: pinProblems(event.pin) }) },
          },
          { target: 'requesting', actions: 'clearProblems' },
        ],
        'withdraw.back': { target: 'amount', actions: 'clearProblems' },
        'withdraw.close': { target: 'closed', actions: assign(initialContext) },
      },
    },
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context, event }) => {
          assertEvent(event, 'pin.submit');
          return { amount: amountDecimal(context.amount), pin: event.pin };
        },
        onDone: {
          target: 'pending',
          actions: [
            { type: 'follow', params: ({ event }) => ({ withdrawal: event.output.withdrawal }) },
            { type: 'say', params: ({ event }) => ({ message: event.output.message }) },
            'announce',
          ],
        },
        onError: [
          {
            guard: { type: 'refusedPin', params: ({ event }) => ({ error: event.error }) },
            target: 'pin',
            actions: { type: 'refuseWithServerMessage', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'refusedInput', params: ({ event }) => ({ error: event.error }) },
            target: 'amount',
            actions: { type: 'refuseWithServerMessage', params: ({ event }) => ({ error: event.error }) },
          },
          // No answer, or not one the form can fix: the money may or may not be held; the history says.
          {
            target: 'failed',
            actions: [
              {
                type: 'say',
                params: ({ event }) => ({
                  message: serverMessageOr(event.error, t('walletUi.requestFailed')),
                }),
              },
            ],
          },
        ],
      },
    },
    // Held, sent to M-Pesa: followed until it is final.
    pending: {
      initial: 'waiting',
      invoke: { src: 'hearSettlements' },
      after: {
        wait: { target: 'slow', actions: { type: 'say', params: { message: t('walletUi.slow') } } },
      },
      states: {
        waiting: {
          after: { poll: 'checking' },
          on: { 'transaction.settled': { guard: 'isOurs', target: 'checking' } },
        },
        checking: {
          // A check already out may have been answered before the settlement: ask again.
          on: { 'transaction.settled': { guard: 'isOurs', target: 'checking', reenter: true } },
          invoke: {
            id: 'fetchWithdrawal',
            src: 'fetchWithdrawal',
            input: ({ context }) => ({ id: context.withdrawal?.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'paid', params: ({ event }) => ({ withdrawal: event.output }) },
                target: '#withdrawal.paid',
                actions: { type: 'follow', params: ({ event }) => ({ withdrawal: event.output }) },
              },
              {
                guard: { type: 'underReview', params: ({ event }) => ({ withdrawal: event.output }) },
                target: '#withdrawal.review',
                actions: { type: 'follow', params: ({ event }) => ({ withdrawal: event.output }) },
              },
              {
                guard: { type: 'failed', params: ({ event }) => ({ withdrawal: event.output }) },
                target: '#withdrawal.failed',
                actions: [
                  { type: 'follow', params: ({ event }) => ({ withdrawal: event.output }) },
                  {
                    type: 'say',
                    params: ({ event }) => ({ message: failureMessage(event.output) }),
                  },
                ],
              },
              { target: 'waiting' },
            ],
            // A check that did not get through says nothing about the withdrawal: keep following.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    // Still pending after the wait: the panel says so; the stream may still settle it.
    slow: {
      invoke: { src: 'hearSettlements' },
      on: {
        'transaction.settled': { guard: 'isOurs', target: '#withdrawal.pending.checking' },
        'withdraw.close': { target: 'closed', actions: assign(initialContext) },
      },
    },
    paid: {
      entry: [
        {
          type: 'notify',
          params: ({ context }) => ({
            color: 'success' as const,
            message: t('walletUi.paid', { receipt: context.withdrawal?.receipt ?? '' }),
          }),
        },
        'announce',
      ],
      on: { 'withdraw.close': { target: 'closed', actions: assign(initialContext) } },
    },
    failed: {
      entry: [
        {
          type: 'notify',
          params: ({ context }) => ({
            color: 'error' as const,
            message: context.message ?? t('walletUi.failed'),
          }),
        },
        'announce',
      ],
      on: { 'withdraw.close': { target: 'closed', actions: assign(initialContext) } },
    },
    review: {
      entry: [
        { type: 'notify', params: { color: 'warning' as const, message: t('walletUi.review') } },
        'announce',
      ],
      on: { 'withdraw.close': { target: 'closed', actions: assign(initialContext) } },
    },
  },
});

export type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;

export type WithdrawalStep = 'closed' | 'amount' | 'pin' | 'pending' | 'slow' | 'paid' | 'failed' | 'review';

/** What the panel shows, derived from the state. */
export function selectWithdrawal(snapshot: WithdrawalSnapshot) {
  const { context } = snapshot;
  const step: WithdrawalStep = snapshot.matches('requesting')
    ? 'pin'
    : ((['closed', 'amount', 'pin', 'pending', 'slow', 'paid', 'failed', 'review'] as const).find((name) =>
        snapshot.matches(name),
      ) ?? 'closed');
  const amount = context.amount ? amountDecimal(context.amount) : '0.00';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    error: context.error,
    fieldErrors: context.fieldErrors,
    /** What the PIN confirms: the amount, the number, the fee and the total. */
    confirmation:
      step === 'pin'
        ? t('walletUi.confirm', {
            amount: formatKes(amount),
            number: context.number ?? '',
            fee: formatKes(context.fee),
            total: formatKes(withdrawalTotal(amount, context.fee)),
          })
        : null,
    message:
      step === 'pending'
        ? (context.message ?? t('walletUi.pending'))
        : step === 'paid'
          ? t('walletUi.paid', { receipt: context.withdrawal?.receipt ?? '' })
          : step === 'review'
            ? t('walletUi.review')
            : step === 'failed' || step === 'slow'
              ? context.message
              : null,
    receipt: context.withdrawal?.receipt ?? null,
    /** The amount last typed (kept when the server sends the person back to it). */
    amount: context.amount,
  };
}
