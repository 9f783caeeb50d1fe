// @vitest-environment jsdom
// Model-based test of the root actor system (docs/commerce.md "Wiring"): every route of the app
// machine is walked with recording stand-ins for its children, and each step checks which child
// received what (and what the root emitted). Then the links themselves: the outcome actions the app
// machine gives its children reach the right actors, real screen actors (a loader, a form) reach the
// snackbar, the session and the router, and the sign-out / 401 during a payment is checked end to end
// with the real payment, checkout and session machines.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type EventFromLogic,
} from 'xstate';
import {
  appMachine,
  WALLET_SCREEN,
  type AppContext,
  type AppEmitted,
  type CommerceLogic,
  type ScreenOpen,
} from '@/machines/app-machine';
import { checkoutMachine } from '@/machines/checkout-machine';
import { formSubmitter } from '@/machines/form-machine';
import { listLoader } from '@/machines/load-machine';
import { paymentMachine, selectPaymentBusy, selectPaymentModal } from '@/machines/payment-machine';
import type { sessionMachine } from '@/machines/session-machine';
import type { CartView } from '@/services/schemas/cart';
import { decodeUser, type User } from '@/services/schemas/user';
import type { WalletPayment } from '@/services/schemas/checkout';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, mutationTests, pathTests, type ModelPath } from './model-paths';

type AppEvent = EventFromLogic<typeof appMachine>;

/** What each child received, in order, as [child, event] (an actor in an event as its systemId). */
let received: Array<[string, AnyEventObject]> = [];

/** The event as recorded: an actor it carries (a `listener`) by its systemId, cheap to compare and print. */
function recorded(event: AnyEventObject): AnyEventObject {
  if (!event.listener) return event;
  return { ...event, listener: (event.listener as { systemId?: string }).systemId };
}

/**
 * A child that records what it is sent, and runs its outcome action `action` with `params` when told
 * `{type: 'act', action, params}` (with whatever implementation it was given: the app's links).
 */
function standIn(name: string) {
  return setup({ types: { events: {} as AnyEventObject } }).createMachine({
    id: name,
    on: {
      act: {
        actions: enqueueActions(({ event, enqueue }) =>
          enqueue({ type: event.action, params: event.params } as unknown as Parameters<typeof enqueue>[0]),
        ),
      },
      '*': { actions: ({ event }) => void received.push([name, recorded(event)]) },
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
/** The wallet page's actor (systemId `wallet`): hears that a top-up succeeded. */
const walletStandIn = Object.assign(standIn('wallet'), { toJSON: () => 'wallet stand-in' });

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
  { type: 'session.visitor', hasSession: true },
  // Refused by the guard (a first visit): never on a path; the test below sends it.
  { type: 'session.visitor', hasSession: false },
  { type: 'http.unauthorized' },
  { type: 'checkout.paymentStart', ...paymentStart },
  { type: 'checkout.hideDrawer' },
  { type: 'payment.succeeded' },
  { type: 'payment.pinSetUp' },
  { type: 'walletTopUp.succeeded' },
  { type: 'removeItem.cartReplace', cart },
  // A screen's own actor (src/views/use-screen-actor.ts) and the shared effects it asks for: the
  // wallet page's, which other actors talk to by its systemId. (A screen without one, below.)
  {
    type: 'screen.open',
    id: WALLET_SCREEN,
    logic: walletStandIn,
    input: { name: 'wallet' },
    systemId: WALLET_SCREEN,
  },
  { type: 'screen.close', id: WALLET_SCREEN },
  { type: 'screen.notify', color: 'success', message: 'Lesson saved' },
  { type: 'screen.userUpdated', user },
  { type: 'screen.navigate', to: '/teaching/lessons?filter=pending', replace: false },
];

// The graph traversal runs every branch in one actor system, where a second spawn under the same
// systemId is refused: the paths come from a copy spawning without systemIds (same transitions;
// there a screen's id stands for its systemId); the replays run the real one.
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
    openScreen: assign(({ context, spawn }, params: ScreenOpen) => {
      const spawnScreen = spawn as unknown as (logic: AnyActorLogic, options: object) => unknown;
      const actor = spawnScreen(params.logic, { id: params.id });
      return { screens: { ...context.screens, [params.id]: actor } as AppContext['screens'] };
    }),
  },
  guards: {
    screenShown: ({ context }, params: { systemId: string }) => params.systemId in context.screens,
  },
});

const model = modelOf(traversed, {
  // A screen opens once (its id is new each time it shows).
  events: (s) => events.filter((e) => e.type !== 'screen.open' || !(e.id in s.context.screens)),
  visibleContext: (s) => ({ commerce: s.context.commerce !== null, screens: Object.keys(s.context.screens) }),
  // The commerce region's own story: load, fail, retry, and what ready routes.
  simpleEvents: events.filter((e) => e.type.includes('ommerce') || e.type === 'session.signedOut'),
});

const coverage = coverageOf(logic);

/** Who must receive what after `event`, and what the root must emit (the routing table, written out). */
function expected(
  event: AppEvent,
  ready: boolean,
  walletShown: boolean,
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
      if (event.hasSession) to.push(['cart', { type: 'cart.fetch' }]);
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
      if (walletShown) to.push(['wallet', { type: 'load.refresh' }]);
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
      // The two payment actors hear from the live stream when their transaction settles.
      if (type === 'xstate.done.actor.loadCommerce')
        to.push(
          ['notifications', { type: 'transactions.listen', listener: 'payment' }],
          ['notifications', { type: 'transactions.listen', listener: 'walletTopUp' }],
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
    const walletShown = actor.system.get(WALLET_SCREEN) !== undefined;
    received = [];
    emitted.length = 0;
    if ((event.type as string) !== 'xstate.init') actor.send(event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    // A screen's actor is a child of the app actor while it is open, and only then.
    expect(Object.keys(snapshot.context.screens)).toEqual(Object.keys(step.state.context.screens));
    // (Booleans: a failure message that prints an actor takes seconds, and mutants fail here often.)
    for (const [id, screen] of Object.entries(snapshot.context.screens))
      expect(snapshot.children[id] === screen, `screen ${id} is a child`).toBe(true);
    // The wallet page's actor is in the system under its systemId while it shows.
    expect(actor.system.get(WALLET_SCREEN) === snapshot.context.screens[WALLET_SCREEN]).toBe(true);
    const want =
      (event.type as string) === 'xstate.init'
        ? { to: [], emitted: [] }
        : expected(event, ready, walletShown);
    expect(received).toEqual(want.to);
    expect(emitted).toEqual(want.emitted);
    // The commerce actors exist from `ready` on, each under its systemId; never before.
    for (const name of COMMERCE)
      expect(actor.system.get(name) !== undefined).toBe(snapshot.matches({ commerce: 'ready' }));
  }
  return actor;
}

describe('app machine (model-based)', () => {
  pathTests(coverage, model, 'routes each event to the children that must hear it', (path) =>
    replay(path).stop(),
  );

  it('asks a visitor’s cart only when the visitor has a session', () => {
    received = [];
    const actor = createActor(logic, { inspect: coverage.inspect }).start();
    actor.send({ type: 'session.visitor', hasSession: false });
    expect(received).toEqual([]);
    actor.send({ type: 'session.visitor', hasSession: true });
    expect(received).toEqual([['cart', { type: 'cart.fetch' }]]);
    actor.stop();
  });

  it('tells no screen of a top-up but the wallet page’s', async () => {
    received = [];
    const actor = createActor(
      logic.provide({ actors: { loadCommerce: fromPromise(async () => commerceStandIns) } }),
      { inspect: coverage.inspect },
    ).start();
    actor.send({ type: 'commerce.load' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ commerce: 'ready' })).toBe(true));
    actor.send({ type: 'screen.open', id: 'screen-1', logic: screenStandIn });
    received = [];
    actor.send({ type: 'walletTopUp.succeeded' });
    expect(received).toEqual([]);
    actor.stop();
  });
});

describe('app machine (children wired for real)', () => {
  const XSRF_COOKIE = 'XSRF-TOKEN=test-xsrf-token; path=/';
  const NO_COOKIE = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = NO_COOKIE;
  });

  /** The app machine's own logic for a child it starts at once, with the links it gives it. */
  const appChild = (name: 'session' | 'cart' | 'notifications') =>
    (appMachine.implementations.actors as Record<string, AnyStateMachine>)[name]!;
  /** A stand-in for that child whose outcome actions are the ones the app machine gave the child. */
  const linkedStandIn = (name: 'session' | 'cart' | 'notifications') =>
    standIn(name).provide({ actions: appChild(name).implementations.actions });

  it('routes what each child announces (its outcome actions, as the app provides them) to the actors that must hear it', async () => {
    received = [];
    const actor = createActor(
      appMachine.provide({
        actors: {
          session: linkedStandIn('session'),
          cart: linkedStandIn('cart'),
          notifications: linkedStandIn('notifications'),
          snackbar: standIn('snackbar'),
          watchVisitor: nothing,
          watchUnauthorized: nothing,
          // Plain stand-ins: the app machine links them as it spawns them.
          loadCommerce: fromPromise(async () => commerceStandIns),
        } as never,
      }),
      { inspect: coverage.inspect },
    ).start();
    const emitted: AppEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    const act = (systemId: string, action: string, params?: object) =>
      actor.system.get(systemId).send({ type: 'act', action, params });
    const effects = (run: () => void) => {
      received = [];
      emitted.length = 0;
      run();
      return { received: [...received], emitted: [...emitted] };
    };
    const shown = (color: string, message: string) => ['snackbar', { type: 'snackbar.show', color, message }];

    expect(effects(() => act('session', 'announceSignedIn', { user }))).toEqual({
      received: [
        ['cart', { type: 'cart.fetch' }],
        ['notifications', { type: 'session.signedIn' }],
      ],
      emitted: [],
    });
    expect(effects(() => act('session', 'navigate', { to: '/workspace', replace: false }))).toEqual({
      received: [],
      emitted: [{ type: 'navigate', to: '/workspace', replace: false }],
    });
    expect(
      effects(() => act('session', 'notify', { color: 'success', message: 'Signed out' })).received,
    ).toEqual([shown('success', 'Signed out')]);
    expect(effects(() => act('session', 'announceSignedOut')).received).toEqual([
      ['cart', { type: 'cart.clear' }],
      ['notifications', { type: 'session.signedOut' }],
    ]);
    expect(effects(() => act('cart', 'notify', { color: 'success', message: 'Added' })).received).toEqual([
      shown('success', 'Added'),
    ]);
    expect(
      effects(() => act('notifications', 'notify', { color: 'warning', message: 'Stream lost' })).received,
    ).toEqual([shown('warning', 'Stream lost')]);

    actor.send({ type: 'commerce.load' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ commerce: 'ready' })).toBe(true);

    expect(effects(() => act('checkout', 'startPayment', paymentStart)).received).toEqual([
      ['payment', { type: 'payment.start', ...paymentStart }],
    ]);
    expect(effects(() => act('checkout', 'hideDrawer')).received).toEqual([['cart', { type: 'cart.hide' }]]);
    expect(
      effects(() => act('checkout', 'notify', { color: 'error', message: 'Choose a method' })).received,
    ).toEqual([shown('error', 'Choose a method')]);
    expect(effects(() => act('payment', 'announceSuccess')).received).toEqual([
      ['checkout', { type: 'payment.succeeded' }],
      ['cart', { type: 'cart.fetch' }],
    ]);
    expect(effects(() => act('payment', 'announcePinSetUp')).received).toEqual([
      ['checkout', { type: 'wallet.pinSetUp' }],
    ]);
    expect(
      effects(() => act('payment', 'notify', { color: 'success', message: 'Order paid' })).received,
    ).toEqual([shown('success', 'Order paid')]);
    // A top-up with no wallet page on show tells nobody; with it, the page's actor reloads.
    expect(effects(() => act('walletTopUp', 'announceSuccess')).received).toEqual([]);
    actor.send({ type: 'screen.open', id: 'wallet-page', logic: walletStandIn, systemId: WALLET_SCREEN });
    expect(effects(() => act('walletTopUp', 'announceSuccess')).received).toEqual([
      ['wallet', { type: 'load.refresh' }],
    ]);
    expect(
      effects(() => act('walletTopUp', 'notify', { color: 'success', message: 'Credited' })).received,
    ).toEqual([shown('success', 'Credited')]);
    expect(effects(() => act('removeItem', 'replaceCart', { cart })).received).toEqual([
      ['cart', { type: 'cart.replace', cart }],
    ]);
    expect(
      effects(() => act('removeItem', 'notify', { color: 'success', message: 'Removed' })).received,
    ).toEqual([shown('success', 'Removed')]);
    actor.stop();
  });

  it('tells the cart of a visitor only when the visitor has a session cookie as the session settles', () => {
    // A session that settles signed out when told to (the real one reads the stored user first).
    const settling = setup({}).createMachine({
      initial: 'restoring',
      states: { restoring: { on: { settle: 'signedOut' } }, signedOut: {} },
    });
    const start = () => {
      received = [];
      return createActor(
        appMachine.provide({
          actors: {
            ...standIns(['cart', 'snackbar', 'notifications']),
            session: settling,
            watchUnauthorized: nothing,
          } as never,
        }),
        { inspect: coverage.inspect },
      ).start();
    };

    const firstVisit = start();
    firstVisit.system.get('session').send({ type: 'settle' });
    expect(received).toEqual([]);
    firstVisit.stop();

    document.cookie = XSRF_COOKIE;
    const returning = start();
    returning.system.get('session').send({ type: 'settle' });
    expect(received).toEqual([['cart', { type: 'cart.fetch' }]]);
    returning.stop();
  });

  it('gives a real screen actor the shared effects (notices, the changed user, navigation) and stops it when the screen goes', async () => {
    received = [];
    const actor = createActor(
      appMachine.provide({
        actors: {
          ...standIns(['session', 'cart', 'snackbar', 'notifications']),
          watchVisitor: nothing,
          watchUnauthorized: nothing,
        } as never,
      }),
      { inspect: coverage.inspect },
    ).start();
    const emitted: AppEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    const screen = (id: string) => actor.getSnapshot().context.screens[id]!;

    // A list's loader: a new filter is a `navigate` to the list's URL, which the app emits.
    const classes = listLoader<{ id: number }>(async () => ({
      items: [{ id: 1 }],
      meta: { currentPage: 1, lastPage: 1, perPage: 20, total: 1 },
    }));
    actor.send({
      type: 'screen.open',
      id: 'classes',
      logic: classes,
      input: { name: 'classes', path: '/classes' },
    });
    await vi.advanceTimersByTimeAsync(0);
    const list = screen('classes');
    expect(list.getSnapshot().value).toBe('loaded');
    list.send({ type: 'filter.change', name: 'level', value: 'primary' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/classes?level=primary', replace: false }]);

    // A profile form: its notice reaches the snackbar, the saved user the session.
    const profile = formSubmitter(
      async (values: { name: string }) => ({ user: { ...user, firstName: values.name } }),
      {
        userOf: (answer) => answer.user as User,
      },
    );
    actor.send({
      type: 'screen.open',
      id: 'profile',
      logic: profile,
      input: { successMessage: 'Profile saved' },
    });
    screen('profile').send({ type: 'form.submit', values: { name: 'Amina' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([
      ['session', { type: 'user.updated', user: { ...user, firstName: 'Amina' } }],
      ['snackbar', { type: 'snackbar.show', color: 'success', message: 'Profile saved' }],
    ]);

    // The screens go: their actors stop and leave the app's children.
    const form = screen('profile');
    actor.send({ type: 'screen.close', id: 'classes' });
    actor.send({ type: 'screen.close', id: 'profile' });
    expect(list.getSnapshot().status).toBe('stopped');
    expect(form.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().children).not.toHaveProperty('classes');
    expect(actor.getSnapshot().children).not.toHaveProperty('profile');
    expect(actor.getSnapshot().context.screens).toEqual({});
    actor.stop();
  });

  /** The real session, checkout and payment machines; the payment call never answers. */
  function realCommerce() {
    let unauthorized: () => void = () => {};
    const pay = vi.fn(() => new Promise<WalletPayment>(() => {}));
    // The app machine's own session (with its links), its services faked.
    const session = (appChild('session') as typeof sessionMachine).provide({
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

  // Last: measured over every replay above. Each mutant is replayed on the shortest paths (they end
  // once on every transition of the model).
  mutationTests(coverage, {
    paths: () => model.shortest,
    replay: (path, mutant) => replay(path, mutant as typeof logic).stop(),
    timeout: 60_000,
  });
});
