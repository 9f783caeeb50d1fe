// The checkout dialog (SPEC §2, §4, §5): loads what is needed to pay, opens the fullscreen dialog,
// closes the cart drawer a moment later, and holds the payment method and the M-Pesa form until
// Pay. A valid Pay hands over to the payment machine through the `startPayment` action.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { fetchCheckout, serverMessageOr } from '@/services/cart-service';
import type { Checkout, PaymentMethod } from '@/services/schemas/checkout';
import type { User } from '@/services/schemas/user';
import { booksLessons } from '@/shared/cart';
import { t } from '@/shared/messages';
import { normaliseKenyanPhone, type FieldErrors } from '@/shared/validation';
import { phoneProblems, type PaymentStart } from './payment-machine';
import type { NotifyColor } from './session-machine';

/** SPEC §9: the drawer closes 1000 ms after checkout data has loaded. */
export const DRAWER_CLOSE_DELAY_MS = 1000;

/** SPEC §5: refusals of Pay carry status 422 like the server's. */
export type CheckoutError = { status: 422; message: string; fieldErrors: FieldErrors };

export type MpesaForm = { phone: string };

/** A parent's child the lessons can be booked for. */
export type CheckoutChild = { studentId: number; name: string };

/** The children a parent chooses between at checkout (none for a student). */
export function checkoutChildren(user: User | null): CheckoutChild[] {
  return (user?.parent?.students ?? []).map((student) => ({
    studentId: student.id,
    name:
      [student.user?.firstName, student.user?.lastName].filter(Boolean).join(' ') ||
      student.user?.username ||
      student.studentNo ||
      `Student ${student.id}`,
  }));
}

export type CheckoutContext = {
  cartId: number | null;
  checkout: Checkout | null;
  method: PaymentMethod | null;
  /** Present once M-Pesa express has been chosen (SPEC §5 "its form must be present"). */
  mpesaForm: MpesaForm | null;
  /** The phone to prefill the M-Pesa form with (the signed-in user's). */
  defaultPhone: string;
  /** A parent's children; with more than one, Pay needs a choice when the cart holds lessons. */
  children: CheckoutChild[];
  /** Who the lessons are for (sent as `student_id`); a parent's only child is chosen already. */
  studentId: number | null;
  error: CheckoutError | null;
};

export type CheckoutEvent =
  | { type: 'checkout.start'; cartId?: number | null; phone?: string | null; children?: CheckoutChild[] }
  | { type: 'checkout.close' }
  | { type: 'checkout.cancel' }
  | { type: 'payment.choose'; method: PaymentMethod }
  | { type: 'mpesa.change'; phone: string }
  | { type: 'checkout.child'; studentId: number }
  | { type: 'payment.pay' }
  /** Forwarded from the payment machine: the order is paid, the dialog has done its job. */
  | { type: 'payment.succeeded' }
  /** Forwarded from the payment machine: the wallet has a PIN now. */
  | { type: 'wallet.pinSetUp' };

export type CheckoutEmitted =
  { type: 'notify'; color: NotifyColor; message: string } | ({ type: 'payment.start' } & PaymentStart);

const emptyCheckout = {
  cartId: null,
  checkout: null,
  method: null,
  mpesaForm: null,
  error: null,
  children: [] as CheckoutChild[],
  studentId: null,
};

/** What a valid Pay hands the payment machine. */
function paymentStartOf(context: CheckoutContext): PaymentStart {
  const method = context.method as PaymentMethod;
  // Only M-Pesa express uses the phone, and Pay has checked it by now.
  const phone =
    method === 'mpesa' && context.mpesaForm ? normaliseKenyanPhone(context.mpesaForm.phone) : null;
  return {
    method,
    cartId: context.checkout?.cart?.id ?? context.cartId,
    phone,
    wallet: context.checkout?.wallet
      ? { hasPIN: context.checkout.wallet.hasPIN, balance: context.checkout.wallet.balance }
      : null,
    amount: context.checkout?.total ?? null,
    studentId: context.studentId,
  };
}

/** Lessons alone or a whole class's: someone must be booked for them. */
const hasLessons = (context: CheckoutContext) => booksLessons(context.checkout?.items ?? []);

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    fetchCheckout: fromPromise<Checkout, { cartId: number | null }>(({ input }) =>
      fetchCheckout(input.cartId),
    ),
  },
  actions: {
    // The app points this at the cart actor (`cart.hide`).
    hideDrawer: () => {},
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    /** Hands the payment to the payment machine; the app forwards the emitted event to it. */
    startPayment: emit((_, params: PaymentStart) => ({ type: 'payment.start' as const, ...params })),
    refuse: assign((_, params: { message: string; fieldErrors?: FieldErrors }) => ({
      error: { status: 422 as const, message: params.message, fieldErrors: params.fieldErrors ?? {} },
    })),
    clearError: assign({ error: null }),
    forget: assign(emptyCheckout),
  },
  guards: {
    noMethod: ({ context }) => context.method === null,
    // The server books lessons for one learner: a parent of several children says which.
    noChild: ({ context }) =>
      context.children.length > 1 && context.studentId === null && hasLessons(context),
    isChild: ({ context, event }) =>
      event.type === 'checkout.child' &&
      context.children.some((child) => child.studentId === event.studentId),
    mpesaFormInvalid: ({ context }) =>
      context.method === 'mpesa' &&
      (context.mpesaForm === null || Object.keys(phoneProblems(context.mpesaForm.phone)).length > 0),
  },
  delays: {
    drawerCloseDelay: DRAWER_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'checkout',
  context: { ...emptyCheckout, defaultPhone: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.start': {
          target: 'loading',
          actions: assign(({ event }) => {
            const children = event.children ?? [];
            return {
              ...emptyCheckout,
              cartId: event.cartId ?? null,
              defaultPhone: event.phone ?? '',
              children,
              studentId: children.length === 1 ? (children[0]?.studentId ?? null) : null,
            };
          }),
        },
      },
    },
    loading: {
      invoke: {
        id: 'fetchCheckout',
        src: 'fetchCheckout',
        input: ({ context }) => ({ cartId: context.cartId }),
        onDone: { target: 'open', actions: assign({ checkout: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: [
            'forget',
            {
              type: 'notify',
              params: ({ event }) => ({
                color: 'error' as const,
                message: serverMessageOr(event.error, t('cart.checkoutError')),
              }),
            },
          ],
        },
      },
      on: {
        'checkout.close': { target: 'idle', actions: 'forget' },
        'checkout.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    // The dialog is open. The drawer behind it closes once the person has seen checkout arrive.
    open: {
      initial: 'closingDrawer',
      states: {
        closingDrawer: {
          after: { drawerCloseDelay: { target: 'drawerClosed', actions: 'hideDrawer' } },
          on: {
            // Paid before the delay ran out: leaving cancels the timer, so the drawer goes now.
            'payment.succeeded': { target: '#checkout.idle', actions: ['hideDrawer', 'forget'] },
          },
        },
        drawerClosed: {},
      },
      on: {
        'checkout.close': { target: 'idle', actions: 'forget' },
        'checkout.cancel': { target: 'idle', actions: 'forget' },
        'payment.succeeded': { target: 'idle', actions: 'forget' },
        'payment.choose': {
          actions: [
            assign(({ context, event }) => ({
              method: event.method,
              mpesaForm:
                event.method === 'mpesa'
                  ? (context.mpesaForm ?? { phone: context.defaultPhone })
                  : context.mpesaForm,
            })),
            'clearError',
          ],
        },
        'mpesa.change': {
          actions: [assign({ mpesaForm: ({ event }) => ({ phone: event.phone }) }), 'clearError'],
        },
        'checkout.child': {
          guard: 'isChild',
          actions: [assign({ studentId: ({ event }) => event.studentId }), 'clearError'],
        },
        'wallet.pinSetUp': {
          actions: assign(({ context }) => ({
            checkout: context.checkout?.wallet
              ? { ...context.checkout, wallet: { ...context.checkout.wallet, hasPIN: true } }
              : context.checkout,
          })),
        },
        'payment.pay': [
          {
            guard: 'noMethod',
            actions: { type: 'refuse', params: () => ({ message: t('validation.paymentMethod') }) },
          },
          {
            guard: 'noChild',
            actions: {
              type: 'refuse',
              params: () => ({
                message: t('payment.childRequired'),
                fieldErrors: { studentId: [t('payment.childRequired')] },
              }),
            },
          },
          {
            guard: 'mpesaFormInvalid',
            actions: {
              type: 'refuse',
              params: ({ context }) => ({
                message: t('validation.general'),
                fieldErrors: phoneProblems(context.mpesaForm?.phone ?? ''),
              }),
            },
          },
          {
            actions: [
              'clearError',
              { type: 'startPayment', params: ({ context }) => paymentStartOf(context) },
            ],
          },
        ],
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The dialog is open (and page scroll hidden) from the moment checkout data has arrived. */
export const selectCheckoutOpen = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('open');

/** Checkout asks whom the lessons are for: a parent of several children with lessons in the cart. */
export const selectAsksForChild = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.context.children.length > 1 && hasLessons(snapshot.context);
