// The cart drawer (SPEC §4): whether it is shown, and the cart it shows. Two independent regions:
// the person opens and closes the drawer while the cart loads, fails or is ready underneath.
import { assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { cartErrorText, fetchCart } from '@/services/cart-service';
import { EMPTY_CART, type CartItem, type CartView } from '@/services/schemas/cart';

export type CartContext = {
  cart: CartView;
  /** The last load failure as the drawer shows it; null once a cart arrives. */
  error: string | null;
};

export type CartEvent =
  | { type: 'cart.toggle' }
  | { type: 'cart.show' }
  | { type: 'cart.hide' }
  /** Something changed the cart (e.g. a lesson was added): open the drawer and load it again. */
  | { type: 'cart.updated'; cart?: CartView }
  | { type: 'cart.fetch' }
  /** A call already answered with the new cart (item removed, order paid). */
  | { type: 'cart.replace'; cart: CartView }
  /** Signed out: forget the cart and close the drawer. */
  | { type: 'cart.clear' };

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    fetchCart: fromPromise<CartView>(() => fetchCart()),
  },
  actions: {
    storeCart: assign((_, cart: CartView) => ({ cart, error: null })),
    showGivenCart: assign(({ context, event }) => ({
      cart: event.type === 'cart.updated' && event.cart ? event.cart : context.cart,
    })),
    forgetCart: assign({ cart: EMPTY_CART, error: null }),
  },
  guards: {
    // Evaluated before the event is taken, so it says whether this toggle is about to show the drawer.
    drawerHidden: stateIn({ drawer: 'hidden' }),
  },
}).createMachine({
  id: 'cart',
  type: 'parallel',
  context: { cart: EMPTY_CART, error: null },
  states: {
    drawer: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'cart.toggle': 'visible', 'cart.show': 'visible', 'cart.updated': 'visible' },
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
        // A cart sent along is shown at once; the refetch still confirms it.
        'cart.updated': { target: '.loading', actions: 'showGivenCart' },
        'cart.replace': {
          target: '.ready',
          actions: { type: 'storeCart', params: ({ event }) => event.cart },
        },
        'cart.clear': { target: '.idle', actions: 'forgetCart' },
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
