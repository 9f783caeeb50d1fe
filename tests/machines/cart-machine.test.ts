// Model-based test of the cart drawer (SPEC §4): every transition of the machine is walked on a real
// actor (the fetch is a fake that never settles; its result is sent as the actor's done/error
// event) and each step is checked against what the cart button and the drawer show.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { cartMachine, selectCartView } from '@/machines/cart-machine';
import { ApiError } from '@/services/http';
import { EMPTY_CART, decodeCartBody, type CartView } from '@/services/schemas/cart';
import { describePath, eventsOf, modelOf, type ModelPath } from './model-paths';

type CartEvent = EventFromLogic<typeof cartMachine>;
type Snapshot = SnapshotFrom<typeof cartMachine>;

const twoLessons: CartView = decodeCartBody({
  cart: {
    id: 7,
    user_id: 3,
    items: [
      {
        id: 1,
        purchasable_type: 'lesson',
        purchasable_id: 11,
        purchasable: { code: 'MAT-101', topic: { name: 'Fractions' } },
        price: '1500.00',
        total: '1500.00',
      },
      {
        id: 2,
        purchasable_type: 'lesson',
        purchasable_id: 12,
        purchasable: { code: 'ENG-201', topic: { name: 'Poetry' } },
        price: '1500.00',
        total: '1500.00',
      },
    ],
  },
  item_count: 2,
  total: '3000.00',
});
const oneLesson: CartView = {
  ...twoLessons,
  items: twoLessons.items.slice(0, 1),
  itemCount: 1,
  total: '1500.00',
};
const SERVER_MESSAGE = 'Something went wrong, please try again later.';

const fetched = { type: 'xstate.done.actor.fetchCart', output: twoLessons } as unknown as CartEvent;
const fetchFailed = {
  type: 'xstate.error.actor.fetchCart',
  error: new ApiError({ status: 500, message: SERVER_MESSAGE, data: { message: SERVER_MESSAGE } }),
} as unknown as CartEvent;

const events: CartEvent[] = [
  { type: 'cart.toggle' },
  { type: 'cart.show' },
  { type: 'cart.hide' },
  { type: 'cart.fetch' },
  { type: 'cart.updated' },
  { type: 'cart.updated', cart: oneLesson },
  { type: 'cart.replace', cart: EMPTY_CART },
  { type: 'cart.clear' },
  fetched,
  fetchFailed,
];

// The fetch never settles by itself: the path decides how it ends.
const logic = cartMachine.provide({
  actors: { fetchCart: fromPromise<CartView>(() => new Promise<never>(() => {})) },
});

const model = modelOf(logic, {
  events,
  visibleContext: (s) => [s.context.cart.itemCount, s.context.error],
  // Opening, closing and loading: the drawer's own story, with a cart that arrives or fails.
  simpleEvents: [
    { type: 'cart.toggle' },
    { type: 'cart.show' },
    { type: 'cart.fetch' },
    fetched,
    fetchFailed,
  ],
  simpleContext: (s) => s.context.error !== null,
});

/** The cart a person was last given along the events: the drawer must show exactly that one. */
function lastCart(events: CartEvent[]): CartView {
  let cart = EMPTY_CART;
  for (const event of events) {
    if (event === fetched) cart = twoLessons;
    else if (event.type === 'cart.replace') cart = event.cart;
    else if (event.type === 'cart.updated' && event.cart) cart = event.cart;
    else if (event.type === 'cart.clear') cart = EMPTY_CART;
  }
  return cart;
}

/**
 * SPEC §4 as a table, independent of the machine: what the drawer shows after each event.
 * Showing (or toggling open) a drawer whose cart failed asks for the cart again.
 */
function expectedScreen(before: { visible: boolean; loading: boolean; failed: boolean }, event: CartEvent) {
  const next = { ...before };
  switch (event.type) {
    case 'cart.toggle':
      next.visible = !before.visible;
      if (!before.visible && before.failed && !before.loading) next.loading = true;
      break;
    case 'cart.show':
      next.visible = true;
      if (before.failed && !before.loading) next.loading = true;
      break;
    case 'cart.hide':
      next.visible = false;
      break;
    case 'cart.fetch':
    case 'cart.updated':
      next.visible = event.type === 'cart.updated' ? true : before.visible;
      next.loading = true;
      break;
    case 'cart.replace':
      next.loading = false;
      next.failed = false;
      break;
    case 'cart.clear':
      return { visible: false, loading: false, failed: false };
    default:
      if (event === fetched) Object.assign(next, { loading: false, failed: false });
      if (event === fetchFailed) Object.assign(next, { loading: false, failed: true });
  }
  return next;
}

function replay(path: ModelPath<typeof logic>) {
  const actor = createActor(logic).start();
  const sent: CartEvent[] = [];
  let screen = { visible: false, loading: false, failed: false };
  for (const step of path.steps) {
    if ((step.event as { type: string }).type !== 'xstate.init') {
      actor.send(step.event);
      sent.push(step.event);
      screen = expectedScreen(screen, step.event);
    }
    const seen: Snapshot = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);

    const view = selectCartView(seen);
    const cart = lastCart(sent);
    expect(view.visible).toBe(screen.visible);
    expect(view.isLoading).toBe(screen.loading);
    expect(view.itemCount).toBe(cart.itemCount);
    expect(view.totalPrice).toBe(cart.total);
    expect(view.items.map((item) => item.id)).toEqual(cart.items.map((item) => item.id));
    // The error text stays while a retry loads (the red dot), and goes once a cart arrives.
    expect(view.error).toBe(screen.failed ? SERVER_MESSAGE : null);
  }
  return actor;
}

describe('cart machine (model-based)', () => {
  it('starts hidden and empty, nothing loaded', () => {
    const actor = createActor(logic).start();
    expect(selectCartView(actor.getSnapshot())).toEqual({
      cart: EMPTY_CART,
      items: [],
      itemCount: 0,
      totalPrice: '0.00',
      isLoading: false,
      error: null,
      visible: false,
    });
  });

  it('walks every edge of the adjacency map with shortest and simple paths', () => {
    expect(model.expectEveryEdgeWalked()).toBeGreaterThan(50);
  });

  describe.each(model.shortest.map((path) => [describePath(path), path] as const))(
    'shortest path %s',
    (_, path) => {
      it('shows the drawer and the cart the path leads to', () => {
        replay(path).stop();
      });
    },
  );

  describe.each(model.simple.map((path) => [describePath(path), path] as const))(
    'simple path %s',
    (_, path) => {
      it('shows the drawer and the cart the path leads to', () => {
        const actor = replay(path);
        // Showing the drawer on a failed cart always asks for it again.
        const last = eventsOf(path).at(-1);
        const before = path.steps.at(-2)?.state;
        if (last?.type === 'cart.show' && before?.matches({ data: 'error' })) {
          expect(selectCartView(actor.getSnapshot()).isLoading).toBe(true);
        }
        actor.stop();
      });
    },
  );
});

describe('cart machine (behaviour)', () => {
  function loaded(result: 'ok' | 'fail') {
    const fetchCart =
      result === 'ok' ? () => Promise.resolve(twoLessons) : () => Promise.reject(new Error('offline'));
    return createActor(
      cartMachine.provide({ actors: { fetchCart: fromPromise<CartView>(fetchCart) } }),
    ).start();
  }

  it('fetches on request and shows the total and count', async () => {
    const actor = loaded('ok');
    actor.send({ type: 'cart.fetch' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectCartView(actor.getSnapshot())).toMatchObject({
      itemCount: 2,
      totalPrice: '3000.00',
      isLoading: false,
      error: null,
    });
  });

  it("shows the error's own message when the server sent none", async () => {
    const actor = loaded('fail');
    actor.send({ type: 'cart.fetch' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectCartView(actor.getSnapshot()).error).toBe('offline');
  });

  it('shows "An unknown error occurred" for a failure without any message', async () => {
    const actor = createActor(
      cartMachine.provide({
        actors: { fetchCart: fromPromise<CartView>(() => Promise.reject(new Error(''))) },
      }),
    ).start();
    actor.send({ type: 'cart.fetch' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectCartView(actor.getSnapshot()).error).toBe('An unknown error occurred');
  });

  it('opens the drawer and refetches on a cart update', () => {
    const fetchCart = vi.fn(() => new Promise<CartView>(() => {}));
    const actor = createActor(cartMachine.provide({ actors: { fetchCart: fromPromise(fetchCart) } })).start();
    actor.send({ type: 'cart.updated' });
    expect(selectCartView(actor.getSnapshot())).toMatchObject({ visible: true, isLoading: true });
    expect(fetchCart).toHaveBeenCalledTimes(1);
  });
});
