// @vitest-environment jsdom
// Model-based test of the root actor system (docs/commerce.md "Wiring"): every route of the app
// machine is walked with recording stand-ins for its children, and each step checks which child
// received what (and what the root emitted). The relays and the sign-out / 401 during a payment are
// then checked end to end with the real payment, checkout and session machines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  emit,
  fromCallback,
  fromPromise,
  setup,
  type AnyActorLogic,
  type AnyEventObject,
  type EventFromLogic,
} from 'xstate';
import { appMachine, type AppEmitted, type CommerceLogic } from '@/machines/app-machine';
import { checkoutMachine } from '@/machines/checkout-machine';
import { paymentMachine, selectPaymentBusy, selectPaymentModal } from '@/machines/payment-machine';
import { sessionMachine } from '@/machines/session-machine';
import type { CartView } from '@/services/schemas/cart';
import { decodeUser, type User } from '@/services/schemas/user';
import type { WalletPayment } from '@/services/schemas/checkout';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type AppEvent = EventFromLogic<typeof appMachine>;

/** What each child received, in order, as [child, event]. */
let received: Array<[string, AnyEventObject]> = [];

/** A child that records what it is sent and emits what it is told to (`{type: 'emit', event}`). */
function standIn(name: string) {
  return setup({ types: { events: {} as AnyEventObject } }).createMachine({
    id: name,
    on: {
      emit: { actions: emit(({ event }) => event.event as AnyEventObject) },
      '*': { actions: ({ event }) => void received.push([name, event]) },
    },
  });
}

const COMMERCE = ['checkout', 'payment', 'walletTopUp', 'removeItem'] as const;
const standIns = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, standIn(name)])) as Record<string, AnyActorLogic>;
/** The commerce module's answer: stand-ins (serialised by name in the model's event keys). */
const commerceStandIns = {
  ...standIns(COMMERCE),
  toJSON: () => 'commerce stand-ins',
} as unknown as CommerceLogic;

const nothing = fromCallback(() => {});
const never = fromPromise<CommerceLogic>(() => new Promise<never>(() => {}));
const logic = appMachine.provide({
  actors: {
    ...standIns(['session', 'cart', 'snackbar', 'notifications']),
    watchVisitor: nothing,
    watchUnauthorized: nothing,
    loadCommerce: never,
  } as never,
});

/** A screen's logic: records what it is sent (serialised by name in the model's event keys). */
const screenStandIn = Object.assign(standIn('screen'), { toJSON: () => 'screen stand-in' });

const user = decodeUser({ id: 3, username: 'amina', email: 'amina@example.com', role: 'student' });
const cart = { items: [], total: '0.00' } as unknown as CartView;
const paymentStart = {
  method: 'wallet',
  cartId: 7,
  phone: null,
  wallet: { hasPIN: true, balance: '100.00' },
  amount: '50.00',
  studentId: null,
} as const;

const events: AppEvent[] = [
  { type: 'commerce.load' },
  { type: 'xstate.done.actor.loadCommerce', output: commerceStandIns } as unknown as AppEvent,
  { type: 'xstate.error.actor.loadCommerce', error: new TypeError('Failed to fetch') } as unknown as AppEvent,
  { type: 'notify', color: 'success', message: 'Order paid' },
  { type: 'session.signedIn', user },
  { type: 'session.signedOut' },
  { type: 'session.navigate', to: '/sign-in', replace: true },
  { type: 'session.visitor' },
  { type: 'http.unauthorized' },
  { type: 'checkout.paymentStart', ...paymentStart },
  { type: 'checkout.hideDrawer' },
  { type: 'payment.succeeded' },
  { type: 'payment.pinSetUp' },
  { type: 'walletTopUp.succeeded' },
  { type: 'removeItem.cartReplace', cart },
  // A screen's own actor (src/views/use-screen-actor.ts) and the shared effects it asks for.
  { type: 'screen.open', id: 'screen-1', logic: screenStandIn, input: { name: 'lessons' } },
  { type: 'screen.close', id: 'screen-1' },
  { type: 'screen.notify', color: 'success', message: 'Lesson saved' },
  { type: 'screen.userUpdated', user },
  { type: 'screen.navigate', to: '/teaching/lessons?filter=pending', replace: false },
];

// A visitor with a session (the XSRF cookie) while the paths are built: `session.visitor` is then taken.
const XSRF_COOKIE = 'XSRF-TOKEN=test-xsrf-token; path=/';
document.cookie = XSRF_COOKIE;

// The graph traversal runs every branch in one actor system, where a second spawn under the same
// systemId is refused: the paths come from a copy spawning without systemIds (same transitions);
// the replays run the real one.
const traversed = logic.provide({
  actions: {
    spawnCommerce: assign(({ spawn }, commerce: CommerceLogic) => ({
      commerce: {
        checkout: spawn(commerce.checkout),
        payment: spawn(commerce.payment),
        walletTopUp: spawn(commerce.walletTopUp),
        removeItem: spawn(commerce.removeItem),
      },
    })),
  },
});

const model = modelOf(traversed, {
  events,
  visibleContext: (s) => ({ commerce: s.context.commerce !== null, screens: Object.keys(s.context.screens) }),
  // The commerce region's own story: load, fail, retry, and what ready routes.
  simpleEvents: events.filter((e) => e.type.includes('ommerce') || e.type === 'session.signedOut'),
});

const coverage = coverageOf(logic);

/** Who must receive what after `event`, and what the root must emit (the routing table, written out). */
function expected(
  event: AppEvent,
  ready: boolean,
): { to: Array<[string, AnyEventObject]>; emitted: AppEmitted[] } {
  const to: Array<[string, AnyEventObject]> = [];
  const emitted: AppEmitted[] = [];
  switch (event.type) {
    case 'notify':
      to.push(['snackbar', { type: 'snackbar.show', message: event.message, color: event.color }]);
      break;
    case 'session.signedIn':
      to.push(['cart', { type: 'cart.fetch' }], ['notifications', { type: 'session.signedIn' }]);
      break;
    case 'session.signedOut':
      to.push(['cart', { type: 'cart.clear' }], ['notifications', { type: 'session.signedOut' }]);
      if (ready)
        to.push(
          ['checkout', { type: 'checkout.close' }],
          ['payment', { type: 'payment.abort' }],
          ['walletTopUp', { type: 'payment.abort' }],
        );
      break;
    case 'session.navigate':
      emitted.push({ type: 'navigate', to: event.to, replace: event.replace });
      break;
    case 'session.visitor':
      to.push(['cart', { type: 'cart.fetch' }]);
      break;
    case 'http.unauthorized':
      to.push(['session', { type: 'session.unauthorized' }]);
      break;
    case 'checkout.paymentStart':
      to.push(['payment', { type: 'payment.start', ...paymentStart }]);
      break;
    case 'checkout.hideDrawer':
      to.push(['cart', { type: 'cart.hide' }]);
      break;
    case 'payment.succeeded':
      to.push(['checkout', { type: 'payment.succeeded' }], ['cart', { type: 'cart.fetch' }]);
      break;
    case 'payment.pinSetUp':
      to.push(['checkout', { type: 'wallet.pinSetUp' }]);
      break;
    case 'walletTopUp.succeeded':
      emitted.push({ type: 'wallet.changed' });
      break;
    case 'removeItem.cartReplace':
      to.push(['cart', { type: 'cart.replace', cart: event.cart }]);
      break;
    case 'screen.notify':
      to.push(['snackbar', { type: 'snackbar.show', message: event.message, color: event.color }]);
      break;
    case 'screen.userUpdated':
      to.push(['session', { type: 'user.updated', user: event.user }]);
      break;
    case 'screen.navigate':
      emitted.push({ type: 'navigate', to: event.to, replace: event.replace });
      break;
    default: {
      const type = event.type as string;
      if (type === 'xstate.done.actor.loadCommerce')
        to.push(
          [
            'notifications',
            { type: 'transactions.listen', listener: expect.objectContaining({ id: expect.any(String) }) },
          ],
          [
            'notifications',
            { type: 'transactions.listen', listener: expect.objectContaining({ id: expect.any(String) }) },
          ],
        );
      if (type === 'xstate.error.actor.loadCommerce')
        to.push(['snackbar', { type: 'snackbar.show', message: t('messages.general'), color: 'error' }]);
    }
  }
  return { to, emitted };
}

function replay(path: ModelPath<typeof logic>, machine: typeof logic = logic) {
  received = [];
  const actor = createActor(machine, { inspect: coverage.inspect });
  const emitted: AppEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  for (const step of path.steps) {
    const event = step.event;
    const ready = actor.getSnapshot().matches({ commerce: 'ready' });
    received = [];
    emitted.length = 0;
    if ((event.type as string) !== 'xstate.init') actor.send(event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    // A screen's actor is a child of the app actor while it is open, and only then.
    expect(Object.keys(snapshot.context.screens)).toEqual(Object.keys(step.state.context.screens));
    for (const [id, screen] of Object.entries(snapshot.context.screens))
      expect(snapshot.children[id]).toBe(screen);
    const want = (event.type as string) === 'xstate.init' ? { to: [], emitted: [] } : expected(event, ready);
    expect(received).toEqual(want.to);
    expect(emitted).toEqual(want.emitted);
    // The commerce actors exist from `ready` on, each under its systemId; never before.
    for (const name of COMMERCE)
      expect(actor.system.get(name) !== undefined).toBe(snapshot.matches({ commerce: 'ready' }));
    if ((event.type as string) === 'xstate.done.actor.loadCommerce') {
      const listeners = received.map(([, e]) => (e as { listener?: unknown }).listener);
      expect(listeners).toEqual([actor.system.get('payment'), actor.system.get('walletTopUp')]);
    }
  }
  return actor;
}

describe('app machine (model-based)', () => {
  beforeEach(() => {
    document.cookie = XSRF_COOKIE;
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  pathTests(coverage, model, 'routes each event to the children that must hear it', (path) =>
    replay(path).stop(),
  );

  it('asks a visitor’s cart only when a visitor session exists (the XSRF cookie)', () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    received = [];
    const actor = createActor(logic, { inspect: coverage.inspect }).start();
    actor.send({ type: 'session.visitor' });
    expect(received).toEqual([]);
    actor.stop();
  });
});

describe('app machine (children wired for real)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.cookie = XSRF_COOKIE;
  });
  afterEach(() => vi.useRealTimers());

  it('relays what the children emit and spawns the commerce actors under their systemIds', async () => {
    received = [];
    const actor = createActor(
      appMachine.provide({
        actors: {
          ...standIns(['session', 'cart', 'snackbar', 'notifications']),
          watchVisitor: nothing,
          watchUnauthorized: nothing,
          loadCommerce: fromPromise(async () => commerceStandIns),
        } as never,
      }),
      { inspect: coverage.inspect },
    ).start();
    const emitted: AppEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    const tell = (systemId: string, event: AnyEventObject) =>
      actor.system.get(systemId).send({ type: 'emit', event });

    tell('session', { type: 'signedIn', user });
    tell('session', { type: 'navigate', to: '/workspace', replace: false });
    tell('notifications', { type: 'notify', color: 'warning', message: 'Stream lost' });
    expect(received).toEqual([
      ['cart', { type: 'cart.fetch' }],
      ['notifications', { type: 'session.signedIn' }],
      ['snackbar', { type: 'snackbar.show', color: 'warning', message: 'Stream lost' }],
    ]);
    expect(emitted).toEqual([{ type: 'navigate', to: '/workspace', replace: false }]);

    actor.send({ type: 'commerce.load' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ commerce: 'ready' })).toBe(true);
    received = [];
    tell('checkout', { type: 'payment.start', ...paymentStart });
    tell('payment', { type: 'payment.succeeded' });
    tell('payment', { type: 'wallet.pinSetUp' });
    tell('walletTopUp', { type: 'payment.succeeded' });
    tell('removeItem', { type: 'cart.replace', cart });
    tell('removeItem', { type: 'notify', color: 'success', message: 'Removed' });
    expect(received).toEqual([
      ['payment', { type: 'payment.start', ...paymentStart }],
      ['checkout', { type: 'payment.succeeded' }],
      ['cart', { type: 'cart.fetch' }],
      ['checkout', { type: 'wallet.pinSetUp' }],
      ['cart', { type: 'cart.replace', cart }],
      ['snackbar', { type: 'snackbar.show', color: 'success', message: 'Removed' }],
    ]);
    expect(emitted.at(-1)).toEqual({ type: 'wallet.changed' });
    actor.stop();
  });

  /** The real session, checkout and payment machines; the payment call never answers. */
  function realCommerce() {
    let unauthorized: () => void = () => {};
    const pay = vi.fn(() => new Promise<WalletPayment>(() => {}));
    const session = sessionMachine.provide({
      actors: {
        loadStoredUser: fromPromise<User | null>(async () => user),
        fetchCurrentUser: fromPromise(async () => user),
        signOut: fromPromise(async () => {}),
      },
      actions: { clearCookies: () => {}, clearStoredUser: () => {}, storeUser: () => {} },
    });
    const commerce: CommerceLogic = {
      checkout: checkoutMachine,
      payment: paymentMachine.provide({ actors: { payByWallet: fromPromise(pay) } }),
      walletTopUp: paymentMachine,
      removeItem: standIn('removeItem') as never,
    };
    received = [];
    const actor = createActor(
      appMachine.provide({
        actors: {
          ...standIns(['cart', 'snackbar', 'notifications']),
          session,
          watchVisitor: nothing,
          watchUnauthorized: fromCallback(({ sendBack }) => {
            unauthorized = () => sendBack({ type: 'http.unauthorized' });
          }),
          loadCommerce: fromPromise(async () => commerce),
        } as never,
      }),
      { inspect: coverage.inspect },
    ).start();
    return { actor, pay, unauthorized: () => unauthorized() };
  }

  async function payingByWallet(actor: ReturnType<typeof realCommerce>['actor']) {
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.system.get('session').getSnapshot().matches('signedIn')).toBe(true);
    actor.send({ type: 'commerce.load' });
    await vi.advanceTimersByTimeAsync(0);
    const payment = actor.system.get('payment');
    actor.send({ type: 'checkout.paymentStart', ...paymentStart });
    payment.send({ type: 'pin.submit', pin: '1234' });
    expect(selectPaymentBusy(payment.getSnapshot())).toBe(true);
    // Close is refused while the call is out.
    payment.send({ type: 'payment.close' });
    expect(selectPaymentModal(payment.getSnapshot())).toMatchObject({ show: true, mode: 'pin' });
    return payment;
  }

  it('a sign-out while a wallet payment is out stops the call and closes the modal', async () => {
    const { actor, pay } = realCommerce();
    const payment = await payingByWallet(actor);
    expect(pay).toHaveBeenCalledTimes(1);

    actor.system.get('session').send({ type: 'signOut' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.system.get('session').getSnapshot().matches('signedOut')).toBe(true);
    expect(selectPaymentModal(payment.getSnapshot())).toMatchObject({ show: false, mode: 'closed' });
    expect(payment.getSnapshot().children).toEqual({});
    expect(actor.system.get('checkout').getSnapshot().value).toBe('idle');
    expect(received).toContainEqual(['cart', { type: 'cart.clear' }]);
    actor.stop();
  });

  it('a 401 while a wallet payment is out does the same (the session ends, the payment closes)', async () => {
    const { actor, unauthorized } = realCommerce();
    const payment = await payingByWallet(actor);

    unauthorized();
    expect(actor.system.get('session').getSnapshot().matches('signedOut')).toBe(true);
    expect(selectPaymentModal(payment.getSnapshot())).toMatchObject({ show: false, mode: 'closed' });
    expect(payment.getSnapshot().children).toEqual({});
    expect(received).toContainEqual([
      'snackbar',
      { type: 'snackbar.show', color: 'warning', message: t('auth.sessionExpired') },
    ]);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => model.shortest,
    replay: (path, mutant) => replay(path, mutant as typeof logic).stop(),
    timeout: 60_000,
  });
});
