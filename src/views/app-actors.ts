import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { cartMachine } from '@/machines/cart-machine';
import { notificationsMachine } from '@/machines/notifications-machine';
import { sessionMachine, type NotifyColor } from '@/machines/session-machine';
import { snackbarMachine } from '@/machines/snackbar-machine';
import { onUnauthorized, readCookie } from '@/services/http';
import { t } from '@/shared/messages';
import type { CommerceActors } from './commerce-actors';

export type AppActorsOptions = {
  /** Stately inspector (dev `?inspect`) or a test spy. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Loads the commerce actors' module; tests stand in for a download that fails. */
  importCommerce?: () => Promise<typeof import('./commerce-actors')>;
};

const importCommerceActors = () => import('./commerce-actors');

/**
 * Creates, wires and starts the long-lived actors of the SPA. The app and the view tests call the
 * same function, so a test exercises the real wiring (docs/commerce.md "Wiring"). The session,
 * snackbar and cart start at once; the commerce actors (checkout, payments, item removal) are
 * created by `loadCommerce()`, the first time a screen needs them.
 */
export function createAppActors(options: AppActorsOptions = {}) {
  const inspect = options.inspect;
  const snackbar = createActor(snackbarMachine, { inspect });
  const session = createActor(sessionMachine, { input: {}, inspect });
  const cart = createActor(cartMachine, { inspect });
  // Issue 9: the bell, toasts and the live stream; reachable as `system.get('notifications')`.
  const notifications = createActor(notificationsMachine, { inspect, systemId: 'notifications' });

  const show = (event: { color: NotifyColor; message: string }) =>
    snackbar.send({ type: 'snackbar.show', message: event.message, color: event.color });

  let commerce: CommerceActors | null = null;
  let commerceLoading: Promise<CommerceActors> | null = null;
  let stopped = false;
  const commerceListeners = new Set<() => void>();

  const subscriptions = [
    // Every machine announces outcomes ("signed out", "order paid"); the bar shows them.
    session.on('notify', show),
    notifications.on('notify', show),
    // Covers start-up (a restored session reloaded) and every sign-in; the server has merged a
    // visitor's cart into the user's by then.
    session.on('signedIn', () => {
      cart.send({ type: 'cart.fetch' });
      notifications.send({ type: 'session.signedIn' });
    }),
    session.on('signedOut', () => {
      cart.send({ type: 'cart.clear' });
      notifications.send({ type: 'session.signedOut' });
      commerce?.closeAll();
    }),
  ];

  // A visitor's cart lives in the server session. Only a visitor who already has a session (the
  // XSRF cookie exists: they added something or started signing in) can have one, so a first
  // visit does not open a session just to learn that the cart is empty.
  const visitorCheck = session.subscribe((snapshot) => {
    if (snapshot.matches('restoring')) return;
    visitorCheck.unsubscribe();
    if (snapshot.matches('signedOut') && readCookie('XSRF-TOKEN') !== null) cart.send({ type: 'cart.fetch' });
  });

  // Any 401 means the server forgot us: the session machine clears the user and goes to sign-in.
  const stopUnauthorized = onUnauthorized(() => session.send({ type: 'session.unauthorized' }));

  snackbar.start();
  cart.start();
  notifications.start();
  session.start();

  return {
    session,
    snackbar,
    cart,
    notifications,
    /** The commerce actors once created, else null. */
    getCommerce(): CommerceActors | null {
      return commerce;
    },
    /**
     * Creates the commerce actors (their code is a separate chunk) once; resolves with them. A failed
     * download shows the general error in the snackbar and rejects; the next call tries again.
     */
    loadCommerce(): Promise<CommerceActors> {
      commerceLoading ??= (options.importCommerce ?? importCommerceActors)().then(
        ({ createCommerceActors }) => {
          if (stopped) throw new Error('The app actors were stopped.');
          commerce = createCommerceActors({ cart, notify: show, inspect });
          // A pending payment hears from the live stream that its transaction settled.
          for (const listener of [commerce.payment, commerce.walletTopUp])
            notifications.send({ type: 'transactions.listen', listener });
          commerceListeners.forEach((listener) => listener());
          return commerce;
        },
        (error: unknown) => {
          // A failed download (offline for a moment): say so; the next call tries again.
          commerceLoading = null;
          show({ color: 'error', message: t('messages.general') });
          throw error;
        },
      );
      return commerceLoading;
    },
    /** Calls `listener` once the commerce actors exist; returns the unsubscribe. */
    onCommerceLoaded(listener: () => void): () => void {
      commerceListeners.add(listener);
      return () => commerceListeners.delete(listener);
    },
    stop() {
      stopped = true;
      stopUnauthorized();
      visitorCheck.unsubscribe();
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      commerceListeners.clear();
      commerce?.stop();
      for (const actor of [session, notifications, cart, snackbar]) actor.stop();
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionActor = AppActors['session'];
export type SnackbarActor = AppActors['snackbar'];
export type CartActor = AppActors['cart'];
export type NotificationsActor = AppActors['notifications'];
export type { CheckoutActor, CommerceActors, PaymentActor, RemoveItemActor } from './commerce-actors';
