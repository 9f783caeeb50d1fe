// The machines behind buying: checkout, the two payment lifecycles (a cart, a wallet top-up) and item
// removal. They are the heaviest code of the app and a visitor reading a public page never uses them,
// so the app machine downloads this module the first time the cart drawer opens or the wallet page
// shows (`commerce.load`, src/machines/app-machine.ts), not at start-up, and spawns their actors.
// It stays a chunk of its own: only `import()` reaches it (vite.config.ts, COMMERCE_ONLY).
import { fromPromise } from 'xstate';
import type { GatewayPayment } from '@/services/schemas/checkout';
import { topUpWallet } from '@/services/wallet-service';
import type { CommerceLogic } from './app-machine';
import { checkoutMachine } from './checkout-machine';
import { paymentMachine, type PayInput } from './payment-machine';
import { removeItemMachine } from './remove-item-machine';

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
 * What the app machine spawns; it links their outcome actions (`notify`, `startPayment`,
 * `announceSuccess`, …) to its own events as it spawns them (docs/commerce.md "Wiring").
 */
export const commerceLogic: CommerceLogic = {
  checkout: checkoutMachine,
  payment: paymentMachine,
  walletTopUp: walletTopUpMachine,
  removeItem: removeItemMachine,
};
