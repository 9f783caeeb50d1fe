// The root of the SPA's actor system (docs/commerce.md "Wiring"). It starts the long-lived actors
// (session, cart, snackbar, notifications) with their systemIds, creates the commerce actors
// (checkout, payment, wallet top-up, item removal) the first time a screen needs them, and routes
// what one machine announces to the others in its own transitions, so Stately draws the links and
// the model test walks them.
//
// The children stay standalone machines: what they `emit` reaches this machine through small relay
// actors (`relay` below), which re-send it as this machine's own events (`checkout.paymentStart`, …).
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
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
import { sessionMachine, type NotifyColor } from './session-machine';
import { snackbarMachine } from './snackbar-machine';

/**
 * The commerce machines, downloaded as a separate chunk (src/views/commerce-actors.ts): a visitor
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

export type AppContext = {
  /** The commerce actors once spawned (their systemIds are their names). */
  commerce: CommerceRefs | null;
  /** The actors of the screens on show (src/views/use-screen-actor.ts), by id. */
  screens: Record<string, AnyActorRef>;
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
  /** The session left `restoring` signed out: a visitor, who may have a cart already. */
  | { type: 'session.visitor' }
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
  /** The session wants the router somewhere (the view follows it). */
  | { type: 'navigate'; to: string; replace: boolean }
  /** A wallet top-up succeeded: the wallet page reloads the balance. */
  | { type: 'wallet.changed' };

/** Which of a child's emitted events to re-send to the root, and as what. */
export type RelayInput = { from: string; events: Record<string, AppEvent['type']> };

/**
 * Listens to the emitted events of the child with systemId `from` and sends each listed one back to
 * the root, renamed (its other fields kept).
 */
const relay = fromCallback<EventObject, RelayInput>(({ input, system, sendBack }) => {
  const child = system.get(input.from) as AnyActorRef | undefined;
  if (!child) throw new Error(`No actor with systemId "${input.from}" to relay.`);
  const subscriptions = Object.entries(input.events).map(([emitted, type]) =>
    child.on(emitted, (event: EventObject) => sendBack({ ...event, type })),
  );
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
});

/** A commerce actor, as the target of a route (the routes that use it exist only once they are spawned). */
function commerceActor<K extends keyof CommerceRefs>(key: K) {
  return ({ context }: { context: AppContext }): CommerceRefs[K] => {
    if (!context.commerce) throw new Error(`The commerce actors are not spawned: no ${key}.`);
    return context.commerce[key];
  };
}

const relays = {
  session: {
    from: 'session',
    events: {
      notify: 'notify',
      signedIn: 'session.signedIn',
      signedOut: 'session.signedOut',
      navigate: 'session.navigate',
    },
  },
  cart: { from: 'cart', events: { notify: 'notify' } },
  notifications: { from: 'notifications', events: { notify: 'notify' } },
  checkout: { from: 'checkout', events: { notify: 'notify', 'payment.start': 'checkout.paymentStart' } },
  payment: {
    from: 'payment',
    events: {
      notify: 'notify',
      'payment.succeeded': 'payment.succeeded',
      'wallet.pinSetUp': 'payment.pinSetUp',
    },
  },
  walletTopUp: {
    from: 'walletTopUp',
    events: { notify: 'notify', 'payment.succeeded': 'walletTopUp.succeeded' },
  },
  removeItem: { from: 'removeItem', events: { notify: 'notify', 'cart.replace': 'removeItem.cartReplace' } },
} satisfies Record<string, RelayInput>;

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    emitted: {} as AppEmitted,
  },
  actors: {
    session: sessionMachine,
    cart: cartMachine,
    snackbar: snackbarMachine,
    notifications: notificationsMachine,
    relay,
    /** Reports the first time the session has settled on being signed out (a visitor). */
    watchVisitor: fromCallback<EventObject>(({ system, sendBack }) => {
      const session = system.get('session') as ActorRefFrom<typeof sessionMachine>;
      const subscription = session.subscribe((snapshot) => {
        if (snapshot.matches('restoring')) return;
        subscription.unsubscribe();
        if (snapshot.matches('signedOut')) sendBack({ type: 'session.visitor' });
      });
      return () => subscription.unsubscribe();
    }),
    /** Any 401 of the API client. */
    watchUnauthorized: fromCallback<EventObject>(({ sendBack }) =>
      onUnauthorized(() => sendBack({ type: 'http.unauthorized' })),
    ),
    loadCommerce: fromPromise<CommerceLogic>(() =>
      import('@/views/commerce-actors').then((module) => module.commerceLogic),
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
      const spawnScreen = spawn as unknown as (logic: AnyActorLogic, options: object) => AnyActorRef;
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
        checkout: spawn(logic.checkout, { systemId: 'checkout' }),
        payment: spawn(logic.payment, { systemId: 'payment' }),
        walletTopUp: spawn(logic.walletTopUp, { systemId: 'walletTopUp' }),
        removeItem: spawn(logic.removeItem, { systemId: 'removeItem' }),
      },
    })),
    /** A pending payment hears from the live stream that its transaction settled. */
    listenToTransactions: enqueueActions(({ context, enqueue }) => {
      for (const listener of [context.commerce?.payment, context.commerce?.walletTopUp])
        if (listener) enqueue.sendTo('notifications', { type: 'transactions.listen', listener });
    }),
  },
  guards: {
    // Only a visitor who already has a session (the XSRF cookie exists: they added something or
    // started signing in) can have a cart, so a first visit does not open a session to learn it is empty.
    hasVisitorSession: () => readCookie('XSRF-TOKEN') !== null,
  },
}).createMachine({
  id: 'app',
  context: { commerce: null, screens: {} },
  type: 'parallel',
  invoke: [
    { id: 'snackbar', systemId: 'snackbar', src: 'snackbar' },
    { id: 'cart', systemId: 'cart', src: 'cart' },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'session', systemId: 'session', src: 'session', input: {} },
    { src: 'relay', input: relays.session },
    { src: 'relay', input: relays.cart },
    { src: 'relay', input: relays.notifications },
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
        'session.visitor': { guard: 'hasVisitorSession', actions: sendTo('cart', { type: 'cart.fetch' }) },
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
        ready: {
          invoke: [
            { src: 'relay', input: relays.checkout },
            { src: 'relay', input: relays.payment },
            { src: 'relay', input: relays.walletTopUp },
            { src: 'relay', input: relays.removeItem },
          ],
          on: {
            'checkout.paymentStart': {
              actions: sendTo(commerceActor('payment'), ({ event }) => ({
                ...event,
                type: 'payment.start' as const,
              })),
            },
            'checkout.hideDrawer': { actions: sendTo('cart', { type: 'cart.hide' }) },
            // The order is paid: checkout closes, the cart shows what is left (nothing).
            'payment.succeeded': {
              actions: [
                sendTo(commerceActor('checkout'), { type: 'payment.succeeded' }),
                sendTo('cart', { type: 'cart.fetch' }),
              ],
            },
            'payment.pinSetUp': { actions: sendTo(commerceActor('checkout'), { type: 'wallet.pinSetUp' }) },
            'walletTopUp.succeeded': { actions: emit({ type: 'wallet.changed' as const }) },
            'removeItem.cartReplace': {
              actions: sendTo('cart', ({ event }) => ({ type: 'cart.replace' as const, cart: event.cart })),
            },
            // Nothing of the last user's checkout or payment stays open, not even a call in flight.
            'session.signedOut': {
              actions: [
                sendTo(commerceActor('checkout'), { type: 'checkout.close' }),
                sendTo(commerceActor('payment'), { type: 'payment.abort' }),
                sendTo(commerceActor('walletTopUp'), { type: 'payment.abort' }),
              ],
            },
          },
        },
      },
    },
  },
});
