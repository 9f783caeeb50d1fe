// The cart drawer (SPEC §4): whether it is shown, the cart it shows, and putting things in it.
// Three independent regions: the person opens and closes the drawer while the cart loads, fails or
// is ready underneath, and a page's "Add to cart" runs beside both.
import { assign, emit, fromPromise, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import {
  addCartItem,
  cartErrorText,
  fetchCart,
  type CartAdded,
  type CartAddition,
} from '@/services/cart-service';
import { EMPTY_CART, type CartItem, type CartView } from '@/services/schemas/cart';
import type { NotifyColor } from './session-machine';

export type { CartAddition };

export type CartContext = {
  cart: CartView;
  /** The last load failure as the drawer shows it; null once a cart arrives. */
  error: string | null;
  /** What is being added, or what failed to be added last (its button shows the pending state and the error); null otherwise. */
  addition: CartAddition | null;
  /** Why the last addition failed (the server's message); null while adding and after a success. */
  addError: string | null;
};

export type CartEvent =
  | { type: 'cart.toggle' }
  | { type: 'cart.show' }
  | { type: 'cart.hide' }
  | { type: 'cart.fetch' }
  /** A call already answered with the new cart (item removed, order paid). */
  | { type: 'cart.replace'; cart: CartView }
  /** Signed out: forget the cart and close the drawer. */
  | { type: 'cart.clear' }
  /** A page's "Add to cart" / "Choose plan": the cart then shows the server's answer in the opened drawer. */
  | { type: 'item.add'; item: CartAddition };

export type CartEmitted = { type: 'notify'; color: NotifyColor; message: string };

const cartSetup = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
  },
  actors: {
    fetchCart: fromPromise<CartView>(() => fetchCart()),
    addCartItem: fromPromise<CartAdded, CartAddition>(({ input }) => addCartItem(input)),
  },
  actions: {
    storeCart: assign((_, cart: CartView) => ({ cart, error: null })),
    forgetCart: assign({ cart: EMPTY_CART, error: null }),
    startAdding: assign((_, item: CartAddition) => ({ addition: item, addError: null })),
    // The server's answer is the whole cart: shown at once in the opened drawer, no second call.
    showAdded: raise((_, added: CartAdded) => ({ type: 'cart.replace' as const, cart: added.cart })),
    openDrawer: raise({ type: 'cart.show' as const }),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    forgetAddition: assign({ addition: null, addError: null }),
  },
  guards: {
    // Evaluated before the event is taken, so it says whether this toggle is about to show the drawer.
    drawerHidden: stateIn({ drawer: 'hidden' }),
  },
});

const ADD = {
  target: 'adding',
  actions: {
    type: 'startAdding',
    params: ({ event }: { event: Extract<CartEvent, { type: 'item.add' }> }) => event.item,
  },
} as const;

export const cartMachine = cartSetup.createMachine({
  id: 'cart',
  type: 'parallel',
  context: { cart: EMPTY_CART, error: null, addition: null, addError: null },
  states: {
    drawer: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'cart.toggle': 'visible', 'cart.show': 'visible' },
        },
        visible: {
          on: { 'cart.toggle': 'hidden', 'cart.hide': 'hidden', 'cart.clear': 'hidden' },
        },
      },
    },
    data: {
      initial: 'idle',
      states: {
        // Nothing loaded yet (signed out, or before start-up has fetched).
        idle: {},
        loading: {
          invoke: {
            id: 'fetchCart',
            src: 'fetchCart',
            onDone: { target: 'ready', actions: { type: 'storeCart', params: ({ event }) => event.output } },
            onError: {
              target: 'error',
              actions: assign({ error: ({ event }) => cartErrorText(event.error) }),
            },
          },
        },
        ready: {},
        error: {
          // Opening the drawer on a failed cart is the person asking to try again.
          on: {
            'cart.show': 'loading',
            'cart.toggle': { guard: 'drawerHidden', target: 'loading' },
          },
        },
      },
      on: {
        'cart.fetch': '.loading',
        'cart.replace': {
          target: '.ready',
          actions: { type: 'storeCart', params: ({ event }) => event.cart },
        },
        'cart.clear': { target: '.idle', actions: 'forgetCart' },
      },
    },
    add: {
      initial: 'idle',
      states: {
        idle: { on: { 'item.add': ADD } },
        adding: {
          // One addition at a time: the pressed button shows it is busy; another press is ignored.
          invoke: {
            id: 'addCartItem',
            src: 'addCartItem',
            input: ({ context }) => context.addition as CartAddition,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showAdded', params: ({ event }) => event.output },
                'openDrawer',
                {
                  type: 'notify',
                  params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
                },
                'forgetAddition',
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ addError: ({ event }) => errorText(event.error) }),
            },
          },
        },
        // The error stays under the item's button until the next addition.
        failed: { on: { 'item.add': ADD } },
      },
      on: {
        // Signed out: a pending addition belongs to the person who left.
        'cart.clear': { target: '.idle', actions: 'forgetAddition' },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** What the cart button and the drawer show (SPEC §4 cart state). */
export type CartViewState = {
  cart: CartView;
  items: CartItem[];
  itemCount: number;
  totalPrice: string;
  isLoading: boolean;
  error: string | null;
  visible: boolean;
};

export function selectCartView(snapshot: CartSnapshot): CartViewState {
  const { cart, error } = snapshot.context;
  return {
    cart,
    items: cart.items,
    itemCount: cart.itemCount,
    totalPrice: cart.total,
    isLoading: snapshot.matches({ data: 'loading' }),
    error,
    visible: snapshot.matches({ drawer: 'visible' }),
  };
}

/** What one "Add to cart" button shows: busy while its item is being added, and why it failed. */
export type AdditionView = { adding: boolean; error: string | null };

export function selectAddition(snapshot: CartSnapshot, item: CartAddition): AdditionView {
  const { addition, addError } = snapshot.context;
  const mine = addition?.kind === item.kind && addition.id === item.id;
  return {
    adding: mine && snapshot.matches({ add: 'adding' }),
    error: mine ? addError : null,
  };
}
