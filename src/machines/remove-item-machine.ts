// Removing an item from the cart (SPEC §2, §4): a persistent confirmation, then the call; the cart
// the server answers with replaces the drawer's cart (emitted as `cart.replace` for the app to forward).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { removeCartItem, serverMessageOr, type Purchasable } from '@/services/cart-service';
import { cartItemName, type CartItem, type CartView } from '@/services/schemas/cart';
import { t } from '@/shared/messages';
import type { NotifyColor } from './session-machine';

export type RemoveItemContext = { item: CartItem | null };

export type RemoveItemEvent =
  { type: 'remove.request'; item: CartItem } | { type: 'remove.confirm' } | { type: 'remove.cancel' };

export type RemoveItemEmitted =
  { type: 'notify'; color: NotifyColor; message: string } | { type: 'cart.replace'; cart: CartView };

export const removeItemMachine = setup({
  types: {
    context: {} as RemoveItemContext,
    events: {} as RemoveItemEvent,
    emitted: {} as RemoveItemEmitted,
  },
  actors: {
    removeCartItem: fromPromise<CartView, Purchasable>(({ input }) => removeCartItem(input)),
  },
  actions: {
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    replaceCart: emit((_, params: { cart: CartView }) => ({
      type: 'cart.replace' as const,
      cart: params.cart,
    })),
    forgetItem: assign({ item: null }),
  },
}).createMachine({
  id: 'removeItem',
  context: { item: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'remove.request': { target: 'confirming', actions: assign({ item: ({ event }) => event.item }) },
      },
    },
    // Persistent: only the two buttons close it, never a click outside.
    confirming: {
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': { target: 'idle', actions: 'forgetItem' },
      },
    },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'removeCartItem',
        src: 'removeCartItem',
        input: ({ context }) => ({
          purchasableType: context.item?.purchasableType ?? 'lesson',
          purchasableId: context.item?.purchasableId ?? 0,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'replaceCart', params: ({ event }) => ({ cart: event.output }) },
            {
              type: 'notify',
              params: ({ context }) => ({
                color: 'success' as const,
                message: t('messages.deleted', {
                  name: context.item ? cartItemName(context.item) : t('cart.lesson'),
                }),
              }),
            },
            'forgetItem',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                color: 'error' as const,
                message: serverMessageOr(event.error, t('cart.removeItemError')),
              }),
            },
            'forgetItem',
          ],
        },
      },
    },
  },
});

export type RemoveItemSnapshot = SnapshotFrom<typeof removeItemMachine>;

/** What the confirmation dialog shows: open while asking and while removing (its button busy). */
export function selectRemoveDialog(snapshot: RemoveItemSnapshot) {
  const { item } = snapshot.context;
  return {
    open: snapshot.matches('confirming') || snapshot.matches('removing'),
    busy: snapshot.hasTag('busy'),
    item,
    name: item ? cartItemName(item) : '',
  };
}
