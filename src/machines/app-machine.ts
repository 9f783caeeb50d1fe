// The root of the SPA's actor system (docs/commerce.md "Wiring"). It starts the long-lived actors
// (session, cart, snackbar, notifications) with their systemIds, creates the commerce actors
// (checkout, payment, wallet top-up, item removal) the first time a screen needs them, and routes
// what one machine announces to the others in its own transitions, so Stately draws the links and
// the model test walks them.
//
// The children stay standalone machines whose outcome actions (`notify`, `announceSignedIn`,
// `startPayment`, …) `emit` on their own. This machine provides each child once with those actions
// as events to itself (`link` below, `sendParent`): `session.signedIn`, `checkout.paymentStart`, …;
// its transitions then send them on to the actors that must hear them (`system.get(systemId)`).
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendParent,
  sendTo,
  setup,
  type Actor,
  type ActorRefFrom,
  type AnyActorLogic,
  type EventObject,
} from 'xstate';
import type { CartView } from '@/services/schemas/cart';
import type { User } from '@/services/schemas/user';
import { onUnauthorized, readCookie } from '@/services/http';
import { t } from '@/shared/messages';
import { cartMachine } from './cart-machine';
import type { checkoutMachine } from './checkout-machine';
import { notificationsMachine } from './notifications-machine';
import type { PaymentStart, paymentMachine } from './payment-machine';
import type { removeItemMachine } from './remove-item-machine';
import { asScreen, type ScreenEvent } from './screen-effects';
import { sessionMachine, type NotifyColor, type SessionInput } from './session-machine';
import { snackbarMachine } from './snackbar-machine';

/**
 * The commerce machines, downloaded as a separate chunk (src/machines/commerce-logic.ts): a visitor
 * reading a public page never needs them. Types only here, so they stay out of the entry chunk.
 */
export type CommerceLogic = {
  checkout: typeof checkoutMachine;
  payment: typeof paymentMachine;
  /** The payment lifecycle paying an amount into the wallet instead of a cart. */
  walletTopUp: typeof paymentMachine;
  removeItem: typeof removeItemMachine;
};

export type CommerceRefs = {
  checkout: ActorRefFrom<typeof checkoutMachine>;
  payment: ActorRefFrom<typeof paymentMachine>;
  walletTopUp: ActorRefFrom<typeof paymentMachine>;
  removeItem: ActorRefFrom<typeof removeItemMachine>;
};

/** A screen's actor (an `Actor`, whose `systemId` says whether other actors talk to it). */
export type ScreenActor = Actor<AnyActorLogic>;

export type AppContext = {
  /** What the session starts from (the signed-in user a page's HTML carries, and where it opened). */
  sessionStart: SessionInput;
  /** The commerce actors once spawned (their systemIds are their names). */
  commerce: CommerceRefs | null;
  /** The actors of the screens on show (src/views/use-screen-actor.ts), by id. */
  screens: Record<string, ScreenActor>;
};

/** A screen opens: its actor joins the system (src/machines/screen-effects.ts). */
export type ScreenOpen = {
  type: 'screen.open';
  id: string;
  logic: AnyActorLogic;
  input?: unknown;
  /** For an actor another actor talks to (the wallet page's loader hears of top-ups). */
  systemId?: string;
};

/** A screen's actor that other actors talk to: the wallet page's, told when a top-up succeeded. */
export const WALLET_SCREEN = 'wallet';

type Notify = { color: NotifyColor; message: string };

export type AppEvent =
  /** A screen needs the commerce actors (the cart drawer opens, the wallet page shows). */
  | { type: 'commerce.load' }
  | ScreenOpen
  | { type: 'screen.close'; id: string }
  | ScreenEvent
  /** Any child's `notify`: the snackbar shows it. */
  | ({ type: 'notify' } & Notify)
  | { type: 'session.signedIn'; user: User }
  | { type: 'session.signedOut' }
  | { type: 'session.navigate'; to: string; replace: boolean }
  /**
   * The session left `restoring` signed out: a visitor, who may have a cart already if they have a
   * session (the XSRF cookie exists: they added something or started signing in).
   */
  | { type: 'session.visitor'; hasSession: boolean }
  /** Any API call answered 401 (src/services/http.ts). */
  | { type: 'http.unauthorized' }
  /** Checkout's valid Pay. */
  | ({ type: 'checkout.paymentStart' } & PaymentStart)
  /** The checkout dialog has been seen arriving (or the order was paid): the drawer behind it goes. */
  | { type: 'checkout.hideDrawer' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.pinSetUp' }
  | { type: 'walletTopUp.succeeded' }
  | { type: 'removeItem.cartReplace'; cart: CartView };

export type AppEmitted =
  /** The session or a screen wants the router somewhere (the view follows it). */
  { type: 'navigate'; to: string; replace: boolean };

/** Any child's notice, as this machine's `notify` (the snackbar shows it). */
const notifyApp = (_: unknown, params: Notify): AppEvent => ({
  type: 'notify',
  color: params.color,
  message: params.message,
});

/**
 * The links: each child's outcome actions (`notify`, `announceSignedIn`, `startPayment`, …) as the
 * events it sends this machine, its parent. Provided once, where the child is created (`setup` below
 * for the four started at once, `spawnCommerce` for the commerce actors); this machine's transitions
 * say where each event goes.
 */
const link = {
  session: (logic: typeof sessionMachine) =>
    logic.provide({
      actions: {
        notify: sendParent(notifyApp),
        navigate: sendParent((_, params): AppEvent => ({
          type: 'session.navigate',
          to: params.to,
          replace: params.replace,
        })),
        announceSignedIn: sendParent((_, params): AppEvent => ({
          type: 'session.signedIn',
          user: params.user,
        })),
        announceSignedOut: sendParent({ type: 'session.signedOut' } satisfies AppEvent),
      },
    }),
  cart: (logic: typeof cartMachine) => logic.provide({ actions: { notify: sendParent(notifyApp) } }),
  notifications: (logic: typeof notificationsMachine) =>
    logic.provide({ actions: { notify: sendParent(notifyApp) } }),
  checkout: (logic: CommerceLogic['checkout']) =>
    logic.provide({
      actions: {
        notify: sendParent(notifyApp),
        startPayment: sendParent((_, params): AppEvent => ({ ...params, type: 'checkout.paymentStart' })),
        hideDrawer: sendParent({ type: 'checkout.hideDrawer' } satisfies AppEvent),
      },
    }),
  payment: (logic: CommerceLogic['payment']) =>
    logic.provide({
      actions: {
        notify: sendParent(notifyApp),
        announceSuccess: sendParent({ type: 'payment.succeeded' } satisfies AppEvent),
        announcePinSetUp: sendParent({ type: 'payment.pinSetUp' } satisfies AppEvent),
      },
    }),
  walletTopUp: (logic: CommerceLogic['walletTopUp']) =>
    logic.provide({
      actions: {
        notify: sendParent(notifyApp),
        announceSuccess: sendParent({ type: 'walletTopUp.succeeded' } satisfies AppEvent),
      },
    }),
  removeItem: (logic: CommerceLogic['removeItem']) =>
    logic.provide({
      actions: {
        notify: sendParent(notifyApp),
        replaceCart: sendParent((_, params): AppEvent => ({
          type: 'removeItem.cartReplace',
          cart: params.cart,
        })),
      },
    }),
};

/** signedin (issue 27): a signed-in page starts its session from the user its HTML carries. */
export type AppInput = { session?: SessionInput };

export const appMachine = setup({
  types: {
    // `void`: the input may be left out (an `undefined` here is dropped when the type is inferred).
    input: {} as AppInput | void,
    context: {} as AppContext,
    events: {} as AppEvent,
    emitted: {} as AppEmitted,
  },
  actors: {
    session: link.session(sessionMachine),
    cart: link.cart(cartMachine),
    snackbar: snackbarMachine,
    notifications: link.notifications(notificationsMachine),
    /**
     * Reports the first time the session has settled on being signed out (a visitor), and whether the
     * visitor has a session (the XSRF cookie) then.
     */
    watchVisitor: fromCallback<EventObject>(({ system, sendBack }) => {
      const session = system.get('session') as ActorRefFrom<typeof sessionMachine>;
      const subscription = session.subscribe((snapshot) => {
        if (snapshot.matches('restoring')) return;
        subscription.unsubscribe();
        if (snapshot.matches('signedOut'))
          sendBack({ type: 'session.visitor', hasSession: readCookie('XSRF-TOKEN') !== null });
      });
      return () => subscription.unsubscribe();
    }),
    /** Any 401 of the API client. */
    watchUnauthorized: fromCallback<EventObject>(({ sendBack }) =>
      onUnauthorized(() => sendBack({ type: 'http.unauthorized' })),
    ),
    loadCommerce: fromPromise<CommerceLogic>(() =>
      import('./commerce-logic').then((module) => module.commerceLogic),
    ),
  },
  actions: {
    show: sendTo('snackbar', (_, params: Notify) => ({
      type: 'snackbar.show' as const,
      message: params.message,
      color: params.color,
    })),
    openScreen: assign(({ context, spawn }, params: ScreenOpen) => {
      // Typed spawns take a named id only for the logic `setup` lists; a screen's logic comes in the event.
      const spawnScreen = spawn as unknown as (logic: AnyActorLogic, options: object) => ScreenActor;
      const actor = spawnScreen(asScreen(params.logic), {
        id: params.id,
        systemId: params.systemId,
        input: params.input,
      });
      return { screens: { ...context.screens, [params.id]: actor } };
    }),
    closeScreen: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const actor = context.screens[params.id];
      if (!actor) return;
      enqueue.stopChild(actor);
      const { [params.id]: _closed, ...rest } = context.screens;
      enqueue.assign({ screens: rest });
    }),
    spawnCommerce: assign(({ spawn }, logic: CommerceLogic) => ({
      commerce: {
        checkout: spawn(link.checkout(logic.checkout), { systemId: 'checkout' }),
        payment: spawn(link.payment(logic.payment), { systemId: 'payment' }),
        walletTopUp: spawn(link.walletTopUp(logic.walletTopUp), { systemId: 'walletTopUp' }),
        removeItem: spawn(link.removeItem(logic.removeItem), { systemId: 'removeItem' }),
      },
    })),
    /** A pending payment hears from the live stream that its transaction settled. */
    listenToTransactions: enqueueActions(({ context, enqueue }) => {
      for (const listener of [context.commerce?.payment, context.commerce?.walletTopUp])
        if (listener) enqueue.sendTo('notifications', { type: 'transactions.listen', listener });
    }),
  },
  guards: {
    // Only a visitor who already has a session can have a cart, so a first visit does not open a
    // session to learn it is empty.
    hasVisitorSession: (_, params: { hasSession: boolean }) => params.hasSession,
    /** A screen whose actor has this systemId is on show. */
    screenShown: ({ context }, params: { systemId: string }) =>
      Object.values(context.screens).some((screen) => screen.systemId === params.systemId),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ sessionStart: (input || {}).session ?? {}, commerce: null, screens: {} }),
  type: 'parallel',
  invoke: [
    { id: 'snackbar', systemId: 'snackbar', src: 'snackbar' },
    { id: 'cart', systemId: 'cart', src: 'cart' },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.sessionStart },
    { src: 'watchVisitor' },
    { src: 'watchUnauthorized' },
  ],
  on: {
    // Every machine announces outcomes ("signed out", "order paid"); the bar shows them.
    notify: {
      actions: { type: 'show', params: ({ event }) => ({ color: event.color, message: event.message }) },
    },
    'session.navigate': {
      actions: emit(({ event }) => ({ type: 'navigate' as const, to: event.to, replace: event.replace })),
    },
    // A screen's own actor lives as long as the screen shows; what it asks for, the app does.
    'screen.open': { actions: { type: 'openScreen', params: ({ event }) => event } },
    'screen.close': { actions: { type: 'closeScreen', params: ({ event }) => ({ id: event.id }) } },
    'screen.notify': {
      actions: { type: 'show', params: ({ event }) => ({ color: event.color, message: event.message }) },
    },
    'screen.userUpdated': {
      actions: sendTo('session', ({ event }) => ({ type: 'user.updated' as const, user: event.user })),
    },
    'screen.navigate': {
      actions: emit(({ event }) => ({ type: 'navigate' as const, to: event.to, replace: event.replace })),
    },
    // Any 401 means the server forgot us: the session clears the user and goes to sign-in.
    'http.unauthorized': { actions: sendTo('session', { type: 'session.unauthorized' }) },
  },
  states: {
    // Who is signed in decides what the cart and the notifications hold.
    account: {
      on: {
        // Covers start-up (a restored session) and every sign-in; the server has merged a
        // visitor's cart into the user's by then.
        'session.signedIn': {
          actions: [
            sendTo('cart', { type: 'cart.fetch' }),
            sendTo('notifications', { type: 'session.signedIn' }),
          ],
        },
        'session.signedOut': {
          actions: [
            sendTo('cart', { type: 'cart.clear' }),
            sendTo('notifications', { type: 'session.signedOut' }),
          ],
        },
        'session.visitor': {
          guard: { type: 'hasVisitorSession', params: ({ event }) => ({ hasSession: event.hasSession }) },
          actions: sendTo('cart', { type: 'cart.fetch' }),
        },
      },
    },

    // The commerce actors: their code downloads on the first `commerce.load`.
    commerce: {
      initial: 'idle',
      states: {
        idle: { on: { 'commerce.load': 'loading' } },
        loading: {
          invoke: {
            id: 'loadCommerce',
            src: 'loadCommerce',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'spawnCommerce', params: ({ event }) => event.output },
                'listenToTransactions',
              ],
            },
            // A failed download (offline for a moment): say so; the next request tries again.
            onError: {
              target: 'failed',
              actions: {
                type: 'show',
                params: () => ({ color: 'error' as const, message: t('messages.general') }),
              },
            },
          },
        },
        failed: { on: { 'commerce.load': 'loading' } },
        // The commerce actors exist (under their systemIds) from here on.
        ready: {
          on: {
            'checkout.paymentStart': {
              actions: sendTo(
                ({ system }) => system.get('payment'),
                ({ event }) => ({ ...event, type: 'payment.start' as const }),
              ),
            },
            'checkout.hideDrawer': { actions: sendTo('cart', { type: 'cart.hide' }) },
            // The order is paid: checkout closes, the cart shows what is left (nothing).
            'payment.succeeded': {
              actions: [
                sendTo(({ system }) => system.get('checkout'), { type: 'payment.succeeded' }),
                sendTo('cart', { type: 'cart.fetch' }),
              ],
            },
            'payment.pinSetUp': {
              actions: sendTo(({ system }) => system.get('checkout'), { type: 'wallet.pinSetUp' }),
            },
            // The wallet page, when it shows, loads the new balance and the top-up in its history.
            'walletTopUp.succeeded': {
              guard: { type: 'screenShown', params: { systemId: WALLET_SCREEN } },
              actions: sendTo(({ system }) => system.get(WALLET_SCREEN), { type: 'load.refresh' }),
            },
            'removeItem.cartReplace': {
              actions: sendTo('cart', ({ event }) => ({ type: 'cart.replace' as const, cart: event.cart })),
            },
            // Nothing of the last user's checkout or payment stays open, not even a call in flight.
            'session.signedOut': {
              actions: [
                sendTo(({ system }) => system.get('checkout'), { type: 'checkout.close' }),
                sendTo(({ system }) => system.get('payment'), { type: 'payment.abort' }),
                sendTo(({ system }) => system.get('walletTopUp'), { type: 'payment.abort' }),
              ],
            },
          },
        },
      },
    },
  },
});
