// The actors behind buying: checkout, the two payment lifecycles (a cart, a wallet top-up) and item
// removal. Their machines are the heaviest code of the app and a visitor reading a public page
// never uses them, so createAppActors loads this module the first time the cart drawer opens or
// the wallet page shows (src/views/app-actors.ts `loadCommerce`), not at start-up.
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import type { CartEvent } from '@/machines/cart-machine';
import { checkoutMachine } from '@/machines/checkout-machine';
import { paymentMachine, type PayInput } from '@/machines/payment-machine';
import { removeItemMachine } from '@/machines/remove-item-machine';
import type { NotifyColor } from '@/machines/session-machine';
import type { GatewayPayment } from '@/services/schemas/checkout';
import { topUpWallet } from '@/services/wallet-service';

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

export type CommerceActorsOptions = {
  /** The cart actor (created at start-up: the header shows its count). */
  cart: { send: (event: CartEvent) => void };
  /** Shows an outcome ("order paid") in the snackbar. */
  notify: (event: { color: NotifyColor; message: string }) => void;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

/** Creates, wires and starts the commerce actors (docs/commerce.md "Wiring"). */
export function createCommerceActors({ cart, notify, inspect }: CommerceActorsOptions) {
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
    walletTopUpMachine.provide({
      actions: { refetchCart: () => walletListeners.forEach((listener) => listener()) },
    }),
    { inspect },
  );

  const subscriptions = [
    // Every machine announces outcomes ("order paid", "item removed"); the bar shows them.
    checkout.on('notify', notify),
    payment.on('notify', notify),
    removeItem.on('notify', notify),
    walletTopUp.on('notify', notify),
    checkout.on('payment.start', (event) => payment.send(event)),
    payment.on('payment.succeeded', (event) => checkout.send(event)),
    payment.on('wallet.pinSetUp', (event) => checkout.send(event)),
    removeItem.on('cart.replace', (event) => cart.send(event)),
  ];

  checkout.start();
  payment.start();
  removeItem.start();
  walletTopUp.start();

  return {
    checkout,
    payment,
    removeItem,
    walletTopUp,
    /** Calls `listener` whenever a wallet top-up has succeeded; returns the unsubscribe. */
    onWalletChanged(listener: WalletListener): () => void {
      walletListeners.add(listener);
      return () => walletListeners.delete(listener);
    },
    /** Sign-out: nothing of the last user's checkout or payment stays open. */
    closeAll() {
      checkout.send({ type: 'checkout.close' });
      payment.send({ type: 'payment.close' });
    },
    stop() {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      walletListeners.clear();
      for (const actor of [walletTopUp, removeItem, payment, checkout]) actor.stop();
    },
  };
}

export type CommerceActors = ReturnType<typeof createCommerceActors>;
export type CheckoutActor = CommerceActors['checkout'];
export type PaymentActor = CommerceActors['payment'];
export type RemoveItemActor = CommerceActors['removeItem'];
