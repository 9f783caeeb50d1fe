import { createContext, useContext, type ReactNode } from 'react';
import type {
  AppActors,
  CartActor,
  CheckoutActor,
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

export function useCheckout(): CheckoutActor {
  return useAppActors().checkout;
}

/** The payment actor behind the checkout dialog's Pay. */
export function usePayment(): PaymentActor {
  return useAppActors().payment;
}

export function useRemoveItem(): RemoveItemActor {
  return useAppActors().removeItem;
}

/** The second payment actor: wallet top-ups (same modal, amount instead of a cart). */
export function useWalletTopUp(): PaymentActor {
  return useAppActors().walletTopUp;
}
