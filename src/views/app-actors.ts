import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { appMachine, type CommerceLogic, type CommerceRefs } from '@/machines/app-machine';
import type { cartMachine } from '@/machines/cart-machine';
import type { notificationsMachine } from '@/machines/notifications-machine';
import type { SessionInput, sessionMachine } from '@/machines/session-machine';
import type { snackbarMachine } from '@/machines/snackbar-machine';

export type AppActorsOptions = {
  /** Stately inspector (dev `?inspect`) or a test spy: it sees the root and every actor it spawns. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Loads the commerce actors' module; tests stand in for a download that fails. */
  importCommerce?: () => Promise<{ commerceLogic: CommerceLogic }>;
  /** The signed-in user the page's HTML carries and where the page opened (signedin, issue 27). */
  session?: SessionInput;
};

/** The commerce actors, once the app machine has spawned them. */
export type CommerceActors = CommerceRefs;

/**
 * Starts the root actor of the SPA (src/machines/app-machine.ts, docs/commerce.md "Wiring") and hands
 * the views its children. The app and the view tests call the same function, so a test exercises the
 * real wiring. The session, snackbar, cart and notifications start at once; the commerce actors
 * (checkout, payments, item removal) come with `loadCommerce()`, the first time a screen needs them.
 */
export function createAppActors(options: AppActorsOptions = {}) {
  const importCommerce = options.importCommerce;
  const logic = importCommerce
    ? appMachine.provide({
        actors: { loadCommerce: fromPromise(() => importCommerce().then((module) => module.commerceLogic)) },
      })
    : appMachine;
  const app = createActor(logic, { inspect: options.inspect, input: { session: options.session } });
  app.start();
  const { system } = app;
  const child = <T>(systemId: string) => system.get(systemId) as T;

  // The same object from the spawn on (it is the app's context), so `getCommerce()` is a stable
  // snapshot for useSyncExternalStore.
  const getCommerce = (): CommerceActors | null => app.getSnapshot().context.commerce;

  return {
    /** The root actor: routes between the others, emits `navigate`. */
    app,
    session: child<ActorRefFrom<typeof sessionMachine>>('session'),
    snackbar: child<ActorRefFrom<typeof snackbarMachine>>('snackbar'),
    cart: child<ActorRefFrom<typeof cartMachine>>('cart'),
    notifications: child<ActorRefFrom<typeof notificationsMachine>>('notifications'),
    /** The commerce actors once spawned, else null. */
    getCommerce,
    /**
     * Asks the app machine for the commerce actors (their code is a separate chunk) and resolves with
     * them. A failed download shows the general error in the snackbar and rejects; the next call tries again.
     */
    loadCommerce(): Promise<CommerceActors> {
      return new Promise((resolve, reject) => {
        const settle = () => {
          const snapshot = app.getSnapshot();
          const ready = getCommerce();
          if (ready) resolve(ready);
          else if (snapshot.matches({ commerce: 'failed' }))
            reject(new Error('The commerce actors failed to load.'));
          else if (snapshot.status !== 'active') reject(new Error('The app actors were stopped.'));
          else return false;
          subscription.unsubscribe();
          return true;
        };
        app.send({ type: 'commerce.load' });
        const subscription = app.subscribe({ next: settle, complete: settle });
        settle();
      });
    },
    /** Calls `listener` whenever the app's state changed (the commerce actors may exist now); returns the unsubscribe. */
    onCommerceLoaded(listener: () => void): () => void {
      const subscription = app.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    stop() {
      app.stop();
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionActor = AppActors['session'];
export type SnackbarActor = AppActors['snackbar'];
export type CartActor = AppActors['cart'];
export type NotificationsActor = AppActors['notifications'];
export type CheckoutActor = CommerceActors['checkout'];
export type PaymentActor = CommerceActors['payment'];
export type RemoveItemActor = CommerceActors['removeItem'];
