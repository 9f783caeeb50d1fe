// The payment lifecycle behind the payment modal (SPEC §4 "Payment", CONTRACT.md "Payments"):
// a chosen method opens the modal, the method asks for what it needs (wallet PIN, M-Pesa phone,
// paybill numbers, the Pesapal page), the call is made once, and a pending payment is followed
// until it is final. Outcomes are emitted (the app machine routes them: the cart refreshes on success).
import { assertEvent, assign, emit, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { errorStatus, serverMessageOr } from '@/services/cart-service';
import * as paymentService from '@/services/payment-service';
import { setUpWalletPin } from '@/services/wallet-service';
import type {
  GatewayPayment,
  Paybill,
  PaybillConfirmation,
  PaymentMethod,
  WalletPayment,
} from '@/services/schemas/checkout';
import { transactionFailureReason, type Transaction } from '@/services/schemas/transaction';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { phoneProblems, pinProblems } from '@/shared/payment-validation';
import { normaliseKenyanPhone, type FieldErrors } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

/** SPEC §4 / issue 3: a pending payment is checked every 3 s, for at most 2 minutes. */
export const POLL_INTERVAL_MS = 3000;
export const PENDING_TIMEOUT_MS = 120_000;
// The rules live in src/shared (the API checks the same PIN rule); re-exported for the machine's callers.
export { phoneProblems, pinProblems, WALLET_PIN_PATTERN } from '@/shared/payment-validation';

/** What the modal body shows; each state of the machine says which (`meta.step`). */
export type PaymentModalMode =
  | 'closed'
  | 'pin'
  | 'pinSetup'
  | 'phone'
  | 'loading'
  | 'paybill'
  | 'prompt'
  | 'iframe'
  | 'success'
  | 'fail'
  /** The gateway confirmed something the server would not settle alone: staff look at it. */
  | 'review';

/**
 * SPEC §2 "Payment modal, opened by Pay, with mode, phone, title, submit text, show flag and gateway":
 * derived from the state by `selectPaymentModal`, never stored.
 */
export type PaymentModal = {
  mode: PaymentModalMode;
  phone: string;
  title: string;
  submitText: string;
  show: boolean;
  gateway: PaymentMethod | null;
};

export type PaymentWallet = { hasPIN: boolean; balance: string };

/** What is paid for: a cart (the order) or a wallet top-up; it decides the words of success. */
export type PaymentPurpose = 'order' | 'topup';

export type PaymentStart = {
  method: PaymentMethod;
  /** The cart being paid; null pays the caller's current cart. */
  cartId: number | null;
  /** Prefills the M-Pesa phone field. */
  phone: string | null;
  wallet: PaymentWallet | null;
  /** Shown with the paybill numbers, and handed to the actors (wallet top-up pays an amount, not a cart). */
  amount: string | null;
  /** A parent's child the lessons are for (`student_id`); null for a student's own cart. */
  studentId?: number | null;
  /** Default `order`. */
  purpose?: PaymentPurpose;
};

export type PaymentContext = {
  method: PaymentMethod | null;
  cartId: number | null;
  amount: string | null;
  studentId: number | null;
  purpose: PaymentPurpose;
  wallet: PaymentWallet | null;
  /** The M-Pesa phone: prefilled by checkout, then the one last submitted. */
  phone: string;
  /** Why the last submission was refused (wrong PIN, invalid phone); shown under the form. */
  error: string | null;
  fieldErrors: FieldErrors;
  /** What the modal says: the prompt while pending, the outcome at the end. */
  message: string | null;
  transactionId: number | null;
  /** Pesapal's hosted payment page, shown in the modal's iframe. */
  redirectUrl: string | null;
  paybill: Paybill | null;
};

export type PaymentEvent =
  | ({ type: 'payment.start' } & PaymentStart)
  | { type: 'pin.submit'; pin: string }
  | { type: 'pin.setup'; pin: string; pinConfirmation: string }
  | { type: 'phone.submit'; phone: string }
  /** Paybill "I have paid", or "I have completed the payment" while pending: check now. */
  | { type: 'payment.confirm' }
  | { type: 'payment.retry' }
  | { type: 'payment.close' }
  /**
   * The person is gone (signed out, or the server answered 401): whatever is on screen or out closes,
   * even a call in flight (its answer is no longer anyone's). Sent by the app machine.
   */
  | { type: 'payment.abort' }
  /** The live stream says a transaction changed (forwarded by the notifications machine): check ours now. */
  | { type: 'transaction.settled'; id: number; status: string };

export type PaymentEmitted =
  | { type: 'notify'; color: NotifyColor; message: string }
  | { type: 'payment.succeeded' }
  | { type: 'wallet.pinSetUp' };

export type PayInput = { cartId: number | null; amount: string | null; studentId: number | null };

const TITLES: Record<PaymentMethod, string> = {
  wallet: t('payment.walletTitle'),
  mpesa: t('payment.mpesaTitle'),
  paybill: t('payment.paybillTitle'),
  pesapal: t('payment.pesapalTitle'),
};

const SUBMIT_TEXTS: Record<PaymentModalMode, string> = {
  closed: '',
  pin: t('payment.submitPay'),
  pinSetup: t('payment.submitPin'),
  phone: t('payment.submitPrompt'),
  loading: '',
  paybill: t('payment.submitPaybill'),
  prompt: t('payment.submitComplete'),
  iframe: t('payment.submitComplete'),
  success: '',
  fail: '',
  review: '',
};

const initialContext: PaymentContext = {
  method: null,
  cartId: null,
  amount: null,
  studentId: null,
  purpose: 'order',
  wallet: null,
  phone: '',
  error: null,
  fieldErrors: {},
  message: null,
  transactionId: null,
  redirectUrl: null,
  paybill: null,
};

/**
 * What success says once a gateway transaction completed: an order is paid; a top-up says the wallet
 * was credited, with the balance the server reports ("Your wallet has been credited. Balance: KES 700.").
 */
export function successMessage(
  context: Pick<PaymentContext, 'purpose' | 'amount'>,
  transaction: Transaction,
): string {
  if (context.purpose === 'order') return t('payment.paid');
  return (
    transactionFailureReason(transaction) ?? t('wallet.topupCredited', { amount: formatKes(context.amount) })
  );
}

// Closing is possible wherever the modal waits for the person, never while a call is out.
const closeModal = { target: '#payment.idle', actions: 'reset' } as const;
// A call failed for a reason the form cannot fix (cart changed, server down): the outcome says the server's words.
const failWithServerMessage = { target: '#payment.modal.fail', actions: 'sayServerFailure' } as const;

const payInput = (context: PaymentContext): PayInput => ({
  cartId: context.cartId,
  amount: context.amount,
  studentId: context.studentId,
});
const hasProblems = (errors: FieldErrors) => Object.keys(errors).length > 0;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error && typeof error === 'object' && 'fieldErrors' in error ? (error.fieldErrors as FieldErrors) : {};
/** The error of a failed call's event (`xstate.error.actor.*`). */
const errorOf = (event: EventObject): unknown => ('error' in event ? event.error : undefined);

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
    meta: {} as { step: PaymentModalMode },
  },
  actors: {
    payByWallet: fromPromise<WalletPayment, PayInput & { pin: string }>(({ input }) =>
      paymentService.payByWallet(input.cartId, input.pin, input.studentId),
    ),
    setUpWalletPin: fromPromise<{ message: string }, { pin: string; pinConfirmation: string }>(({ input }) =>
      setUpWalletPin(input.pin, input.pinConfirmation),
    ),
    payByMpesa: fromPromise<GatewayPayment, PayInput & { phone: string }>(({ input }) =>
      paymentService.payByMpesa(input.cartId, input.phone, input.studentId),
    ),
    fetchPaybill: fromPromise<Paybill, PayInput>(({ input }) =>
      paymentService.fetchPaybill(input.cartId, input.studentId),
    ),
    confirmPaybill: fromPromise<PaybillConfirmation, PayInput>(({ input }) =>
      paymentService.confirmPaybill(input.cartId, input.studentId),
    ),
    payByPesapal: fromPromise<GatewayPayment, PayInput>(({ input }) =>
      paymentService.payByPesapal(input.cartId, input.studentId),
    ),
    fetchTransaction: fromPromise<Transaction, { transactionId: number }>(({ input }) =>
      paymentService.fetchTransaction(input.transactionId),
    ),
  },
  actions: {
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    announceSuccess: emit({ type: 'payment.succeeded' as const }),
    announcePinSetUp: emit({ type: 'wallet.pinSetUp' as const }),
    clearProblems: assign({ error: null, fieldErrors: {} }),
    refuse: assign((_, params: { error: string; fieldErrors?: FieldErrors }) => ({
      error: params.error,
      fieldErrors: params.fieldErrors ?? {},
    })),
    /** 422 and the like: the form stays, with the server's words (or `fallback`) and its field errors. */
    refuseWithServerMessage: assign(({ event }, params: { fallback: string }) => ({
      error: serverMessageOr(errorOf(event), params.fallback),
      fieldErrors: fieldErrorsOf(errorOf(event)),
    })),
    say: assign((_, params: { message: string }) => ({ message: params.message })),
    sayServerFailure: assign(({ event }) => ({
      message: serverMessageOr(errorOf(event), t('payment.failMsg')),
    })),
    reset: assign(initialContext),
  },
  guards: {
    // Only a wallet known to have no PIN asks for one; otherwise the server has the last word (422).
    needsPinSetup: ({ context }) => context.method === 'wallet' && context.wallet?.hasPIN === false,
    paysByWallet: ({ context }) => context.method === 'wallet',
    paysByMpesa: ({ context }) => context.method === 'mpesa',
    paysByPaybill: ({ context }) => context.method === 'paybill',
    badPin: ({ event }) => event.type === 'pin.submit' && hasProblems(pinProblems(event.pin)),
    badPinSetup: ({ event }) =>
      event.type === 'pin.setup' && hasProblems(pinProblems(event.pin, event.pinConfirmation)),
    badPhone: ({ event }) => event.type === 'phone.submit' && hasProblems(phoneProblems(event.phone)),
    /** 422: the server refused what was typed (wrong or locked PIN, short balance, bad phone); the form stays. */
    refusedInput: (_, params: { error: unknown }) => errorStatus(params.error) === 422,
    paid: (_, params: { paid: boolean }) => params.paid,
    underReview: (_, params: { underReview: boolean }) => params.underReview,
    transactionPaid: (_, params: { transaction: Transaction }) => params.transaction.status === 'completed',
    transactionUnderReview: (_, params: { transaction: Transaction }) =>
      params.transaction.status === 'needs_review',
    isOurTransaction: ({ context, event }) =>
      event.type === 'transaction.settled' &&
      context.transactionId !== null &&
      event.id === context.transactionId,
    transactionFailed: (_, params: { transaction: Transaction }) =>
      params.transaction.status !== 'completed' && params.transaction.status !== 'pending',
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    pendingTimeout: PENDING_TIMEOUT_MS,
  },
}).createMachine({
  id: 'payment',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'payment.start': {
          target: 'modal',
          actions: assign(({ event }) => ({
            ...initialContext,
            method: event.method,
            cartId: event.cartId,
            amount: event.amount,
            studentId: event.studentId ?? null,
            purpose: event.purpose ?? 'order',
            wallet: event.wallet,
            phone: event.phone ?? '',
          })),
        },
      },
    },

    // The modal is open: each method asks for what it needs, then the call, then the outcome.
    modal: {
      initial: 'opening',
      on: { 'payment.abort': { target: 'idle', actions: 'reset' } },
      states: {
        // Each method asks for something different first; a retry comes back here too.
        opening: {
          always: [
            { guard: 'needsPinSetup', target: 'pinSetup' },
            { guard: 'paysByWallet', target: 'walletPin' },
            { guard: 'paysByMpesa', target: 'mpesaPhone' },
            { guard: 'paysByPaybill', target: 'loadingPaybill' },
            { target: 'payingByPesapal' },
          ],
        },

        walletPin: {
          meta: { step: 'pin' },
          on: {
            'pin.submit': [
              {
                guard: 'badPin',
                actions: {
                  type: 'refuse',
                  params: ({ event }) => ({
                    error: t('validation.pin'),
                    fieldErrors: pinProblems(event.pin),
                  }),
                },
              },
              { target: 'payingByWallet', actions: 'clearProblems' },
            ],
            'payment.close': closeModal,
          },
        },
        payingByWallet: {
          tags: 'busy',
          meta: { step: 'pin' },
          invoke: {
            id: 'payByWallet',
            src: 'payByWallet',
            input: ({ context, event }) => {
              assertEvent(event, 'pin.submit');
              return { ...payInput(context), pin: event.pin };
            },
            onDone: {
              target: 'success',
              actions: { type: 'say', params: ({ event }) => ({ message: event.output.message }) },
            },
            onError: [
              {
                guard: { type: 'refusedInput', params: ({ event }) => ({ error: event.error }) },
                target: 'walletPin',
                actions: { type: 'refuseWithServerMessage', params: { fallback: t('payment.failMsg') } },
              },
              failWithServerMessage,
            ],
          },
        },

        pinSetup: {
          meta: { step: 'pinSetup' },
          on: {
            'pin.setup': [
              {
                guard: 'badPinSetup',
                actions: {
                  type: 'refuse',
                  params: ({ event }) => {
                    const problems = pinProblems(event.pin, event.pinConfirmation);
                    return {
                      error: Object.values(problems)[0]?.[0] ?? t('validation.pin'),
                      fieldErrors: problems,
                    };
                  },
                },
              },
              { target: 'settingUpPin', actions: 'clearProblems' },
            ],
            'payment.close': closeModal,
          },
        },
        settingUpPin: {
          tags: 'busy',
          meta: { step: 'pinSetup' },
          invoke: {
            id: 'setUpWalletPin',
            src: 'setUpWalletPin',
            input: ({ event }) => {
              assertEvent(event, 'pin.setup');
              return { pin: event.pin, pinConfirmation: event.pinConfirmation };
            },
            onDone: {
              target: 'walletPin',
              actions: [
                assign(({ context }) => ({
                  wallet: { balance: context.wallet?.balance ?? '0.00', hasPIN: true },
                })),
                'announcePinSetUp',
                {
                  type: 'notify',
                  params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
                },
              ],
            },
            onError: {
              target: 'pinSetup',
              actions: { type: 'refuseWithServerMessage', params: { fallback: t('wallet.setupError') } },
            },
          },
        },

        mpesaPhone: {
          meta: { step: 'phone' },
          on: {
            'phone.submit': [
              {
                guard: 'badPhone',
                actions: [
                  assign({ phone: ({ event }) => event.phone }),
                  {
                    type: 'refuse',
                    params: ({ event }) => ({
                      error: t('validation.safaricomPhone'),
                      fieldErrors: phoneProblems(event.phone),
                    }),
                  },
                ],
              },
              {
                target: 'payingByMpesa',
                actions: [assign({ phone: ({ event }) => event.phone }), 'clearProblems'],
              },
            ],
            'payment.close': closeModal,
          },
        },
        payingByMpesa: {
          tags: 'busy',
          meta: { step: 'phone' },
          invoke: {
            id: 'payByMpesa',
            src: 'payByMpesa',
            input: ({ context }) => ({
              ...payInput(context),
              phone: normaliseKenyanPhone(context.phone) ?? context.phone,
            }),
            onDone: {
              target: 'pending',
              actions: assign(({ event }) => ({
                transactionId: event.output.transaction.id,
                message: event.output.message ?? t('payment.mpesaPrompt'),
              })),
            },
            onError: [
              {
                guard: { type: 'refusedInput', params: ({ event }) => ({ error: event.error }) },
                target: 'mpesaPhone',
                actions: {
                  type: 'refuseWithServerMessage',
                  params: { fallback: t('validation.safaricomPhone') },
                },
              },
              failWithServerMessage,
            ],
          },
        },

        loadingPaybill: {
          tags: 'busy',
          meta: { step: 'loading' },
          invoke: {
            id: 'fetchPaybill',
            src: 'fetchPaybill',
            input: ({ context }) => payInput(context),
            onDone: { target: 'paybill', actions: assign({ paybill: ({ event }) => event.output }) },
            onError: failWithServerMessage,
          },
        },
        paybill: {
          meta: { step: 'paybill' },
          on: {
            'payment.confirm': 'confirmingPaybill',
            'payment.close': closeModal,
          },
        },
        confirmingPaybill: {
          tags: 'busy',
          meta: { step: 'paybill' },
          invoke: {
            id: 'confirmPaybill',
            src: 'confirmPaybill',
            input: ({ context }) => payInput(context),
            onDone: [
              {
                guard: { type: 'paid', params: ({ event }) => ({ paid: event.output.paid }) },
                target: 'success',
                actions: {
                  type: 'say',
                  params: ({ event }) => ({ message: event.output.message ?? t('payment.paid') }),
                },
              },
              {
                guard: {
                  type: 'underReview',
                  params: ({ event }) => ({ underReview: event.output.underReview }),
                },
                target: 'review',
                actions: {
                  type: 'say',
                  params: ({ event }) => ({ message: event.output.message ?? t('payment.needsReview') }),
                },
              },
              // 202: the C2B confirmation has not come in yet; the numbers stay on screen.
              {
                target: 'paybill',
                actions: { type: 'say', params: () => ({ message: t('payment.paybillWaiting') }) },
              },
            ],
            onError: failWithServerMessage,
          },
        },

        payingByPesapal: {
          tags: 'busy',
          meta: { step: 'loading' },
          invoke: {
            id: 'payByPesapal',
            src: 'payByPesapal',
            input: ({ context }) => payInput(context),
            onDone: {
              target: 'pending',
              actions: assign(({ event }) => ({
                transactionId: event.output.transaction.id,
                redirectUrl: event.output.pesapalUrl,
                message: event.output.message ?? t('payment.pesapalPrompt'),
              })),
            },
            onError: failWithServerMessage,
          },
        },

        // Following a gateway payment until the transaction is final, for at most two minutes.
        pending: {
          initial: 'waiting',
          // `iframe` instead when Pesapal gave its page (selectPaymentModal).
          meta: { step: 'prompt' },
          after: {
            pendingTimeout: {
              target: 'fail',
              actions: { type: 'say', params: () => ({ message: t('payment.timeout') }) },
            },
          },
          on: { 'payment.close': closeModal },
          states: {
            waiting: {
              after: { pollInterval: 'checking' },
              on: {
                'payment.confirm': 'checking',
                // The stream heard the gateway's answer: check now instead of at the next poll.
                'transaction.settled': { guard: 'isOurTransaction', target: 'checking' },
              },
            },
            checking: {
              // A check already out may have been answered before the settlement: ask again.
              on: { 'transaction.settled': { guard: 'isOurTransaction', target: 'checking', reenter: true } },
              invoke: {
                id: 'fetchTransaction',
                src: 'fetchTransaction',
                input: ({ context }) => ({ transactionId: context.transactionId ?? 0 }),
                onDone: [
                  {
                    guard: {
                      type: 'transactionPaid',
                      params: ({ event }) => ({ transaction: event.output }),
                    },
                    target: '#payment.modal.success',
                    actions: {
                      type: 'say',
                      params: ({ context, event }) => ({ message: successMessage(context, event.output) }),
                    },
                  },
                  {
                    // No "Try again" here: the money may well have left, and paying twice is worse.
                    guard: {
                      type: 'transactionUnderReview',
                      params: ({ event }) => ({ transaction: event.output }),
                    },
                    target: '#payment.modal.review',
                    actions: {
                      type: 'say',
                      params: ({ event }) => ({
                        message: transactionFailureReason(event.output) ?? t('payment.needsReview'),
                      }),
                    },
                  },
                  {
                    guard: {
                      type: 'transactionFailed',
                      params: ({ event }) => ({ transaction: event.output }),
                    },
                    target: '#payment.modal.fail',
                    actions: {
                      type: 'say',
                      params: ({ event }) => ({
                        message: transactionFailureReason(event.output) ?? t('payment.failMsg'),
                      }),
                    },
                  },
                  { target: 'waiting' },
                ],
                // A check that did not get through says nothing about the payment: keep following.
                onError: { target: 'waiting' },
              },
            },
          },
        },

        success: {
          meta: { step: 'success' },
          entry: [
            {
              type: 'notify',
              params: ({ context }) => ({
                color: 'success' as const,
                message: context.message ?? t('payment.paid'),
              }),
            },
            'announceSuccess',
          ],
          on: { 'payment.close': closeModal },
        },
        review: {
          meta: { step: 'review' },
          entry: [
            {
              type: 'notify',
              params: ({ context }) => ({
                color: 'warning' as const,
                message: context.message ?? t('payment.needsReview'),
              }),
            },
          ],
          on: { 'payment.close': closeModal },
        },
        fail: {
          meta: { step: 'fail' },
          entry: [
            {
              type: 'notify',
              params: ({ context }) => ({
                color: 'error' as const,
                message: context.message ?? t('payment.failMsg'),
              }),
            },
          ],
          on: {
            'payment.retry': {
              target: 'opening',
              actions: assign({ message: null, transactionId: null, redirectUrl: null, paybill: null }),
            },
            'payment.close': closeModal,
          },
        },
      },
    },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** Busy means a call is out: the submit button spins and a second click does nothing. */
export const selectPaymentBusy = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('busy');

/** The step the modal shows: the `meta.step` of the state the machine is in. */
function stepOf(snapshot: PaymentSnapshot): PaymentModalMode {
  // Only the innermost named step has one (the steps are siblings; `pending` holds its two substates).
  const step = Object.values(snapshot.getMeta()).find((meta) => meta?.step)?.step ?? 'closed';
  return step === 'prompt' && snapshot.context.redirectUrl ? 'iframe' : step;
}

/** What the payment modal shows (SPEC §2), derived from the state: step, title, submit text, gateway. */
export function selectPaymentModal(snapshot: PaymentSnapshot): PaymentModal {
  const mode = stepOf(snapshot);
  const { method } = snapshot.context;
  const show = mode !== 'closed';
  return {
    mode,
    phone: snapshot.context.phone,
    title: !show ? '' : mode === 'pinSetup' ? t('payment.pinSetupTitle') : method ? TITLES[method] : '',
    submitText: SUBMIT_TEXTS[mode],
    show,
    gateway: show ? method : null,
  };
}
