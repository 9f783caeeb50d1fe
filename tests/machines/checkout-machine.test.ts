// Model-based test of the checkout dialog: every transition is walked on a real actor (the checkout
// load is a fake settled by done/error events; the 1000 ms drawer delay runs on fake timers) and
// each step is checked against what the person sees: dialog open or not, the chosen method, the
// M-Pesa phone, the refusal under Pay, the drawer closing, the toast and the hand-over to payment.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  DRAWER_CLOSE_DELAY_MS,
  checkoutMachine,
  selectAsksForChild,
  selectCheckoutOpen,
  type CheckoutEmitted,
} from '@/machines/checkout-machine';
import { ApiError } from '@/services/http';
import { decodeCheckout, type Checkout } from '@/services/schemas/checkout';
import { coverageOf, eventsOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type CheckoutEvent = EventFromLogic<typeof checkoutMachine>;

const AFTER_DRAWER_DELAY = 'xstate.after.drawerCloseDelay.checkout.open.closingDrawer';
const CHANGED = 'Your cart has changed. Please review it and try again.';

const checkout: Checkout = decodeCheckout({
  cart: {
    id: 7,
    items: [
      {
        id: 1,
        purchasable_type: 'lesson',
        purchasable_id: 11,
        purchasable: { code: 'MAT-101', topic: { name: 'Fractions' } },
        price: '3000.00',
        total: '3000.00',
      },
    ],
  },
  item_count: 1,
  total: '3000.00',
  payment_methods: ['wallet', 'mpesa', 'paybill', 'pesapal'],
  wallet: { id: 4, balance: '10000.00', currency: 'KES', has_pin: false },
});

const loaded = { type: 'xstate.done.actor.fetchCheckout', output: checkout } as unknown as CheckoutEvent;
const loadRefused = {
  type: 'xstate.error.actor.fetchCheckout',
  error: new ApiError({ status: 409, message: CHANGED, data: { message: CHANGED } }),
} as unknown as CheckoutEvent;
const loadLost = {
  type: 'xstate.error.actor.fetchCheckout',
  error: new ApiError({ status: 0, message: 'Something went wrong, please try again later.' }),
} as unknown as CheckoutEvent;
const drawerDelay = { type: AFTER_DRAWER_DELAY } as unknown as CheckoutEvent;

const USER_PHONE = '0712345678';
const SAFARICOM = new Set([USER_PHONE, '0708374149']);
const CHOOSE_CHILD = 'Choose which child these lessons are for.';
/** A parent of two: Pay needs to know whom the lessons are for. */
const TWO_CHILDREN = [
  { studentId: 21, name: 'Wanjiru Kamau' },
  { studentId: 22, name: 'Otieno Kamau' },
];
const parentStart: CheckoutEvent = {
  type: 'checkout.start',
  cartId: 7,
  phone: USER_PHONE,
  children: TWO_CHILDREN,
};

const events: CheckoutEvent[] = [
  { type: 'checkout.start', cartId: 7, phone: USER_PHONE },
  loaded,
  loadRefused,
  loadLost,
  drawerDelay,
  { type: 'checkout.close' },
  { type: 'checkout.cancel' },
  { type: 'payment.choose', method: 'wallet' },
  { type: 'payment.choose', method: 'mpesa' },
  { type: 'payment.choose', method: 'paybill' },
  { type: 'payment.choose', method: 'pesapal' },
  { type: 'mpesa.change', phone: '0708374149' },
  { type: 'mpesa.change', phone: '0200 123 456' },
  { type: 'payment.pay' },
  { type: 'payment.succeeded' },
  { type: 'wallet.pinSetUp' },
  parentStart,
  { type: 'checkout.child', studentId: 22 },
];

/** The machine with a checkout load that never settles: the paths settle it with done/error events. */
function pending(machine: typeof checkoutMachine) {
  return machine.provide({
    actors: {
      fetchCheckout: fromPromise<Checkout, { cartId: number | null }>(() => new Promise<never>(() => {})),
    },
  });
}
const logic = pending(checkoutMachine);

const model = modelOf(logic, {
  events,
  visibleContext: (s) => [
    s.context.method,
    s.context.mpesaForm === null ? null : SAFARICOM.has(s.context.mpesaForm.phone),
    s.context.error?.message ?? null,
    s.context.children.length,
    s.context.studentId,
  ],
  // Open, choose, pay: the common story with a valid and an invalid M-Pesa number.
  simpleEvents: [
    { type: 'checkout.start', cartId: 7, phone: USER_PHONE },
    loaded,
    loadRefused,
    drawerDelay,
    { type: 'payment.choose', method: 'wallet' },
    { type: 'payment.choose', method: 'mpesa' },
    { type: 'mpesa.change', phone: '0200 123 456' },
    { type: 'payment.pay' },
    { type: 'checkout.close' },
  ],
  simpleContext: (s) => [s.context.method, s.context.error !== null],
});

const coverage = coverageOf(checkoutMachine);

type Screen = {
  open: boolean;
  loading: boolean;
  method: string | null;
  phone: string | null;
  error: { status: 422; message: string; fieldErrors: Record<string, string[]> } | null;
  hasPIN: boolean | null;
  drawerHidden: number;
  /** The cart drawer is still showing behind the dialog (its 1000 ms have not run out). */
  drawerBehind: boolean;
  children: number;
  studentId: number | null;
};
const closed: Screen = {
  open: false,
  loading: false,
  method: null,
  phone: null,
  error: null,
  hasPIN: null,
  drawerHidden: 0,
  drawerBehind: false,
  children: 0,
  studentId: null,
};

/** SPEC §2, §4, §5 as a table, independent of the machine; also returns the emitted events expected. */
function expectedAfter(before: Screen, event: CheckoutEvent): [Screen, CheckoutEmitted[]] {
  const reset = { ...closed, drawerHidden: before.drawerHidden };
  if (event === loaded)
    return [{ ...before, loading: false, open: true, hasPIN: false, drawerBehind: true }, []];
  if (event === loadRefused) return [reset, [{ type: 'notify', color: 'error', message: CHANGED }]];
  if (event === loadLost) {
    return [
      reset,
      [{ type: 'notify', color: 'error', message: 'We could not load your checkout. Please try again.' }],
    ];
  }
  if (event === drawerDelay)
    return [{ ...before, drawerHidden: before.drawerHidden + 1, drawerBehind: false }, []];
  switch (event.type) {
    case 'checkout.start': {
      const children = event.children ?? [];
      return [
        {
          ...reset,
          loading: true,
          children: children.length,
          studentId: children.length === 1 ? children[0]!.studentId : null,
        },
        [],
      ];
    }
    case 'checkout.close':
    case 'checkout.cancel':
      return [reset, []];
    // Paid while the drawer was still behind the dialog: it goes too, not left open.
    case 'payment.succeeded':
      return [{ ...reset, drawerHidden: before.drawerHidden + (before.drawerBehind ? 1 : 0) }, []];
    case 'checkout.child':
      return [{ ...before, studentId: event.studentId, error: null }, []];
    case 'payment.choose':
      return [
        {
          ...before,
          method: event.method,
          phone: event.method === 'mpesa' && before.phone === null ? USER_PHONE : before.phone,
          error: null,
        },
        [],
      ];
    case 'mpesa.change':
      return [{ ...before, phone: event.phone, error: null }, []];
    case 'wallet.pinSetUp':
      return [{ ...before, hasPIN: true }, []];
    case 'payment.pay':
      if (before.method === null) {
        return [
          {
            ...before,
            error: { status: 422, message: 'Please select a payment method to continue.', fieldErrors: {} },
          },
          [],
        ];
      }
      if (before.children > 1 && before.studentId === null) {
        return [
          {
            ...before,
            error: { status: 422, message: CHOOSE_CHILD, fieldErrors: { studentId: [CHOOSE_CHILD] } },
          },
          [],
        ];
      }
      if (before.method === 'mpesa' && !SAFARICOM.has(before.phone ?? '')) {
        const fieldErrors = { phone: ['Enter a valid Safaricom phone number.'] };
        return [
          {
            ...before,
            error: {
              status: 422,
              message: 'Please check the highlighted fields and try again.',
              fieldErrors,
            },
          },
          [],
        ];
      }
      return [
        { ...before, error: null },
        [
          {
            type: 'payment.start',
            method: before.method as 'wallet',
            cartId: 7,
            phone: before.method === 'mpesa' ? `254${before.phone!.slice(1)}` : null,
            wallet: { hasPIN: before.hasPIN === true, balance: '10000.00' },
            amount: '3000.00',
            studentId: before.studentId,
          },
        ],
      ];
    default:
      return [before, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine = checkoutMachine) {
  const hideDrawer = vi.fn();
  const actor = createActor(pending(machine).provide({ actions: { hideDrawer } }), {
    inspect: coverage.inspect,
  });
  const emitted: CheckoutEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let screen = closed;
  for (const step of path.steps) {
    const event = step.event;
    const emittedBefore = emitted.length;
    let expectedEmitted: CheckoutEmitted[] = [];
    if ((event.type as string) === 'xstate.init') {
      // the actor starts there
    } else if (event === drawerDelay) {
      // Not a moment early: the drawer is still there 1 ms before the delay.
      vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS - 1);
      expect(hideDrawer).toHaveBeenCalledTimes(screen.drawerHidden);
      vi.advanceTimersByTime(1);
      [screen, expectedEmitted] = expectedAfter(screen, event);
    } else {
      actor.send(event);
      [screen, expectedEmitted] = expectedAfter(screen, event);
    }

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    expect(selectCheckoutOpen(seen)).toBe(screen.open);
    expect(seen.matches('loading')).toBe(screen.loading);
    expect(seen.context.method).toBe(screen.method);
    expect(seen.context.mpesaForm?.phone ?? null).toBe(screen.phone);
    expect(seen.context.error).toEqual(screen.error);
    expect(seen.context.children).toHaveLength(screen.children);
    expect(seen.context.studentId).toBe(screen.studentId);
    expect(seen.context.checkout?.wallet?.hasPIN ?? null).toBe(screen.open ? screen.hasPIN : null);
    expect(hideDrawer).toHaveBeenCalledTimes(screen.drawerHidden);
    expect(emitted.slice(emittedBefore)).toEqual(expectedEmitted);
  }
  return actor;
}

describe('checkout machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  pathTests(
    coverage,
    model,
    'shows the dialog, the choice and the refusal the path leads to',
    (path, kind) => {
      const actor = replay(path);
      // Pay is refused without a method, whatever happened before.
      const sent = eventsOf(path);
      if (
        kind === 'simple' &&
        sent.at(-1)?.type === 'payment.pay' &&
        !sent.some((e) => e.type === 'payment.choose')
      ) {
        expect(actor.getSnapshot().context.error?.message).toBe(
          'Please select a payment method to continue.',
        );
      }
      actor.stop();
    },
  );

  // Last in this block: measured over every replay above (the behaviour tests below use no replay).
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof checkoutMachine).stop(),
  });
});

describe('checkout machine (behaviour)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the current cart when no cart id is given, opens, and hides the drawer 1000 ms later', async () => {
    const fetchCheckout = vi.fn(async () => checkout);
    const hideDrawer = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: { fetchCheckout: fromPromise(fetchCheckout) },
        actions: { hideDrawer },
      }),
    ).start();
    actor.send({ type: 'checkout.start' });
    expect(selectCheckoutOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCheckout.mock.calls[0]).toEqual([expect.objectContaining({ input: { cartId: null } })]);
    expect(selectCheckoutOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.checkout?.paymentMethods).toEqual([
      'wallet',
      'mpesa',
      'paybill',
      'pesapal',
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(hideDrawer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(hideDrawer).toHaveBeenCalledTimes(1);
  });

  it('does not close the drawer when the dialog was closed before the delay', async () => {
    const hideDrawer = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: { fetchCheckout: fromPromise(async () => checkout) },
        actions: { hideDrawer },
      }),
    ).start();
    actor.send({ type: 'checkout.start', cartId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'checkout.cancel' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(hideDrawer).not.toHaveBeenCalled();
  });

  it('hides the drawer at once, and only once, when the order is paid before the 1000 ms ran out', async () => {
    const hideDrawer = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: { fetchCheckout: fromPromise(async () => checkout) },
        actions: { hideDrawer },
      }),
    ).start();
    actor.send({ type: 'checkout.start', cartId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'payment.succeeded' });
    expect(hideDrawer).toHaveBeenCalledTimes(1);
    expect(selectCheckoutOpen(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(hideDrawer).toHaveBeenCalledTimes(1);
  });

  it("books for a parent's only child without asking", async () => {
    const actor = createActor(
      checkoutMachine.provide({ actors: { fetchCheckout: fromPromise(async () => checkout) } }),
    ).start();
    const emitted: CheckoutEmitted[] = [];
    actor.on('payment.start', (event) => emitted.push(event));
    actor.send({ type: 'checkout.start', cartId: 7, children: [{ studentId: 31, name: 'Akinyi Otieno' }] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.choose', method: 'wallet' });
    actor.send({ type: 'payment.pay' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(emitted).toEqual([expect.objectContaining({ type: 'payment.start', studentId: 31 })]);
  });

  it('asks a parent of two whom the lessons are for, and takes only one of their children', async () => {
    const actor = createActor(
      checkoutMachine.provide({ actors: { fetchCheckout: fromPromise(async () => checkout) } }),
    ).start();
    const emitted: CheckoutEmitted[] = [];
    actor.on('payment.start', (event) => emitted.push(event));
    actor.send(parentStart);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAsksForChild(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payment.choose', method: 'pesapal' });
    actor.send({ type: 'payment.pay' });
    expect(actor.getSnapshot().context.error).toEqual({
      status: 422,
      message: CHOOSE_CHILD,
      fieldErrors: { studentId: [CHOOSE_CHILD] },
    });
    actor.send({ type: 'checkout.child', studentId: 99 });
    expect(actor.getSnapshot().context.studentId).toBeNull();
    actor.send({ type: 'checkout.child', studentId: 21 });
    actor.send({ type: 'payment.pay' });
    expect(emitted).toEqual([expect.objectContaining({ method: 'pesapal', studentId: 21 })]);
  });

  it('asks a parent of two whom a whole class is for (it books lessons too)', async () => {
    const wholeClass = decodeCheckout({
      cart: {
        id: 7,
        items: [
          {
            id: 3,
            purchasable_type: 'class',
            purchasable_id: 7,
            purchasable: { id: 7, title: 'Grade 7 Algebra', price: '6000.00', lessons_count: 4 },
            price: '6000.00',
            total: '6000.00',
          },
        ],
      },
      item_count: 1,
      total: '6000.00',
    });
    const actor = createActor(
      checkoutMachine.provide({ actors: { fetchCheckout: fromPromise(async () => wholeClass) } }),
    ).start();
    const emitted: CheckoutEmitted[] = [];
    actor.on('payment.start', (event) => emitted.push(event));
    actor.send(parentStart);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAsksForChild(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payment.choose', method: 'wallet' });
    actor.send({ type: 'payment.pay' });
    expect(actor.getSnapshot().context.error?.fieldErrors).toEqual({ studentId: [CHOOSE_CHILD] });
    actor.send({ type: 'checkout.child', studentId: 22 });
    actor.send({ type: 'payment.pay' });
    expect(emitted).toEqual([expect.objectContaining({ studentId: 22, amount: '6000.00' })]);
  });

  it('needs no child for a cart of plans only', async () => {
    const plans = decodeCheckout({
      cart: {
        id: 8,
        items: [
          {
            id: 2,
            purchasable_type: 'subscription',
            purchasable_id: 2,
            purchasable: { price: '2500.00', package: { name: 'Standard' } },
            price: '2500.00',
            total: '2500.00',
          },
        ],
      },
      item_count: 1,
      total: '2500.00',
    });
    const actor = createActor(
      checkoutMachine.provide({ actors: { fetchCheckout: fromPromise(async () => plans) } }),
    ).start();
    const emitted: CheckoutEmitted[] = [];
    actor.on('payment.start', (event) => emitted.push(event));
    actor.send(parentStart);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAsksForChild(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'payment.choose', method: 'wallet' });
    actor.send({ type: 'payment.pay' });
    expect(emitted).toEqual([expect.objectContaining({ studentId: null, amount: '2500.00' })]);
  });

  it('refuses M-Pesa without a number as a 422 on the phone field', async () => {
    const actor = createActor(
      checkoutMachine.provide({ actors: { fetchCheckout: fromPromise(async () => checkout) } }),
    ).start();
    actor.send({ type: 'checkout.start', cartId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.choose', method: 'mpesa' });
    actor.send({ type: 'payment.pay' });
    expect(actor.getSnapshot().context.error).toEqual({
      status: 422,
      message: 'Please check the highlighted fields and try again.',
      fieldErrors: { phone: ['This field is required.'] },
    });
  });
});
