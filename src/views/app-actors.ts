import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { cartMachine } from '@/machines/cart-machine';
import { checkoutMachine } from '@/machines/checkout-machine';
import { paymentMachine, type PayInput } from '@/machines/payment-machine';
import { removeItemMachine } from '@/machines/remove-item-machine';
import { sessionMachine, type NotifyColor } from '@/machines/session-machine';
import { snackbarMachine } from '@/machines/snackbar-machine';
import { onUnauthorized, readCookie } from '@/services/http';
import type { GatewayPayment } from '@/services/schemas/checkout';
import { topUpWallet } from '@/services/wallet-service';

export type AppActorsOptions = {
  /** Stately inspector (dev `?inspect`) or a test spy. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

/** Listeners the wallet page registers: a finished top-up means the balance changed. */
type WalletListener = () => void;

// A wallet top-up is the same payment lifecycle paying an amount instead of a cart
// (docs/commerce.md): only the gateway calls differ.
const walletTopUpMachine = paymentMachine.provide({
  actors: {
    payByMpesa: fromPromise<GatewayPayment, PayInput & { phone: string }>(({ input }) =>
      topUpWallet({ amount: input.amount ?? '0', method: 'mpesa', phone: input.phone }),
    ),
    payByPesapal: fromPromise<GatewayPayment, PayInput>(({ input }) =>
      topUpWallet({ amount: input.amount ?? '0', method: 'pesapal' }),
    ),
  },
});

/**
 * Creates, wires and starts the long-lived actors of the SPA. The app and the view tests call the
 * same function, so a test exercises the real wiring (docs/commerce.md "Wiring").
 */
export function createAppActors(options: AppActorsOptions = {}) {
  const inspect = options.inspect;
  const snackbar = createActor(snackbarMachine, { inspect });
  const session = createActor(sessionMachine, { input: {}, inspect });
  const cart = createActor(cartMachine, { inspect });
  const checkout = createActor(
    checkoutMachine.provide({ actions: { hideDrawer: () => cart.send({ type: 'cart.hide' }) } }),
    { inspect },
  );
  const payment = createActor(
    paymentMachine.provide({ actions: { refetchCart: () => cart.send({ type: 'cart.fetch' }) } }),
    { inspect },
  );
  const removeItem = createActor(removeItemMachine, { inspect });
  const walletListeners = new Set<WalletListener>();
  const walletTopUp = createActor(
    walletTopUpMachine.provide({ actions: { refetchCart: () => walletListeners.forEach((listener) => listener()) } }),
    { inspect },
  );

  const show = (event: { color: NotifyColor; message: string }) =>
    snackbar.send({ type: 'snackbar.show', message: event.message, color: event.color });

  const subscriptions = [
    // Every machine announces outcomes ("signed out", "order paid"); the bar shows them.
    session.on('notify', show),
    checkout.on('notify', show),
    payment.on('notify', show),
    removeItem.on('notify', show),
    walletTopUp.on('notify', show),
    checkout.on('payment.start', (event) => payment.send(event)),
    payment.on('payment.succeeded', (event) => checkout.send(event)),
    payment.on('wallet.pinSetUp', (event) => checkout.send(event)),
    removeItem.on('cart.replace', (event) => cart.send(event)),
    // Covers start-up (a restored session reloaded) and every sign-in; the server has merged a
    // visitor's cart into the user's by then.
    session.on('signedIn', () => cart.send({ type: 'cart.fetch' })),
    session.on('signedOut', () => {
      cart.send({ type: 'cart.clear' });
      checkout.send({ type: 'checkout.close' });
      payment.send({ type: 'payment.close' });
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
  checkout.start();
  payment.start();
  removeItem.start();
  walletTopUp.start();
  session.start();

  return {
    session,
    snackbar,
    cart,
    checkout,
    payment,
    removeItem,
    walletTopUp,
    /** Calls `listener` whenever a wallet top-up has succeeded; returns the unsubscribe. */
    onWalletChanged(listener: WalletListener): () => void {
      walletListeners.add(listener);
      return () => walletListeners.delete(listener);
    },
    stop() {
      stopUnauthorized();
      visitorCheck.unsubscribe();
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      walletListeners.clear();
      for (const actor of [session, walletTopUp, removeItem, payment, checkout, cart, snackbar]) actor.stop();
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionActor = AppActors['session'];
export type SnackbarActor = AppActors['snackbar'];
export type CartActor = AppActors['cart'];
export type CheckoutActor = AppActors['checkout'];
export type PaymentActor = AppActors['payment'];
export type RemoveItemActor = AppActors['removeItem'];
