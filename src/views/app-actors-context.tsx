import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type {
  AppActors,
  CartActor,
  CheckoutActor,
  CommerceActors,
  NotificationsActor,
  PaymentActor,
  RemoveItemActor,
  SessionActor,
  SnackbarActor,
} from './app-actors';

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsProvider is missing above this component.');
  return actors;
}

export function useSession(): SessionActor {
  return useAppActors().session;
}

export function useSnackbar(): SnackbarActor {
  return useAppActors().snackbar;
}

export function useCart(): CartActor {
  return useAppActors().cart;
}

/** The signed-in user's notifications (the bell, toasts, the notifications page). */
export function useNotifications(): NotificationsActor {
  return useAppActors().notifications;
}

const noCommerce = () => null;

/**
 * The commerce actors (checkout, payments, item removal), spawned by the app machine the first time
 * `wanted` is true;
 * null until they exist. `onFailed` runs when the download fails; it is tried again when `wanted`
 * turns true again.
 */
export function useCommerce(wanted = true, onFailed?: () => void): CommerceActors | null {
  const actors = useAppActors();
  // The same on the server and while hydrating: never there before the app runs.
  const commerce = useSyncExternalStore(actors.onCommerceLoaded, actors.getCommerce, noCommerce);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    if (!wanted || commerce) return;
    // loadCommerce itself tells the user when the download fails.
    actors.loadCommerce().catch(() => failed.current?.());
  }, [actors, wanted, commerce]);
  return commerce;
}

/** For what renders only once the commerce actors exist: the cart drawer and the payment dialogs. */
function useLoadedCommerce(): CommerceActors {
  const commerce = useAppActors().getCommerce();
  if (!commerce) throw new Error('The commerce actors are not loaded yet (render this below useCommerce()).');
  return commerce;
}

export function useCheckout(): CheckoutActor {
  return useLoadedCommerce().checkout;
}

export function useRemoveItem(): RemoveItemActor {
  return useLoadedCommerce().removeItem;
}

/** The second payment actor: wallet top-ups (same modal, amount instead of a cart). */
export function useWalletTopUp(): PaymentActor {
  return useLoadedCommerce().walletTopUp;
}
