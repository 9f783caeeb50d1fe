// Model-based test of the cart drawer (SPEC §4) and of putting things in the cart: every transition
// written in the machine is walked on a real actor (the fetch and the addition are fakes that never
// settle; their results are sent as the actors' done/error events) and each step is checked against
// what the cart button, the drawer and the "Add to cart" buttons show, and the notices it gives.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import {
  cartMachine,
  selectAddition,
  selectCartView,
  type CartAddition,
  type CartEmitted,
} from '@/machines/cart-machine';
import type { CartAdded } from '@/services/cart-service';
import { ApiError } from '@/services/http';
import { EMPTY_CART, decodeCartBody, type CartView } from '@/services/schemas/cart';
import { t } from '@/shared/messages';
import { coverageOf, eventsOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

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

const lesson: CartAddition = { kind: 'lesson', id: 11 };
const plan: CartAddition = { kind: 'plan', id: 4 };
const UNAVAILABLE = t('cart.lessonUnavailable');
const addedOutput: CartAdded = { cart: oneLesson, message: t('cart.lessonAdded') };
const added = { type: 'xstate.done.actor.addCartItem', output: addedOutput } as unknown as CartEvent;
const addFailed = {
  type: 'xstate.error.actor.addCartItem',
  error: new ApiError({ status: 409, message: UNAVAILABLE, data: { message: UNAVAILABLE } }),
} as unknown as CartEvent;

const events: CartEvent[] = [
  { type: 'cart.toggle' },
  { type: 'cart.show' },
  { type: 'cart.hide' },
  { type: 'cart.fetch' },
  { type: 'cart.replace', cart: EMPTY_CART },
  { type: 'cart.clear' },
  // One item is enough for the paths (the state space is the product of the three regions); the
  // behaviour tests below tell two items' buttons apart.
  { type: 'item.add', item: lesson },
  fetched,
  fetchFailed,
  added,
  addFailed,
];

// The calls never settle by themselves: the path decides how they end.
function logicOf(machine: typeof cartMachine = cartMachine, asked: CartAddition[] = []) {
  return machine.provide({
    actors: {
      fetchCart: fromPromise<CartView>(() => new Promise<never>(() => {})),
      addCartItem: fromPromise<CartAdded, CartAddition>(({ input }) => {
        asked.push(input);
        return new Promise<never>(() => {});
      }),
    },
  });
}
const logic = logicOf();

const model = modelOf(logic, {
  events,
  // The three regions multiply: the nodes are their states plus whether a load failure shows. The
  // cart shown and the addition's error are checked at every step (they follow the events and the
  // `add` region), so they need no nodes of their own.
  visibleContext: (s) => s.context.error !== null,
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

const coverage = coverageOf(cartMachine);

/** The cart a person was last given along the events: the drawer must show exactly that one. */
function lastCart(events: CartEvent[]): CartView {
  let cart = EMPTY_CART;
  for (const event of events) {
    if (event === fetched) cart = twoLessons;
    else if (event.type === 'cart.replace') cart = event.cart;
    else if (event === added) cart = addedOutput.cart;
    else if (event.type === 'cart.clear') cart = EMPTY_CART;
  }
  return cart;
}

type Screen = {
  visible: boolean;
  loading: boolean;
  failed: boolean;
  /** The item whose button is busy. */
  adding: CartAddition | null;
  /** The item whose button shows why it could not be added. */
  addFailed: CartAddition | null;
};
const START: Screen = { visible: false, loading: false, failed: false, adding: null, addFailed: null };

/**
 * SPEC §4 as a table, independent of the machine: what the drawer and the buttons show after each
 * event. Showing (or toggling open) a drawer whose cart failed asks for the cart again. One addition
 * runs at a time; once added, the answered cart shows in the opened drawer.
 */
function expectedScreen(before: Screen, event: CartEvent): Screen {
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
      next.loading = true;
      break;
    case 'item.add':
      if (!before.adding) Object.assign(next, { adding: event.item, addFailed: null });
      break;
    case 'cart.replace':
      next.loading = false;
      next.failed = false;
      break;
    case 'cart.clear':
      return START;
    default:
      if (event === fetched) Object.assign(next, { loading: false, failed: false });
      if (event === fetchFailed) Object.assign(next, { loading: false, failed: true });
      if (event === added)
        Object.assign(next, { visible: true, loading: false, failed: false, adding: null });
      if (event === addFailed) Object.assign(next, { adding: null, addFailed: before.adding });
  }
  return next;
}

const same = (a: CartAddition | null, b: CartAddition) => a?.kind === b.kind && a.id === b.id;

function replay(path: ModelPath<typeof logic>, machine: typeof cartMachine = cartMachine) {
  const asked: CartAddition[] = [];
  const actor = createActor(logicOf(machine, asked), { inspect: coverage.inspect });
  const emitted: CartEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const sent: CartEvent[] = [];
  let screen = START;
  let asks = 0;
  for (const step of path.steps) {
    if ((step.event as { type: string }).type !== 'xstate.init') {
      const from = emitted.length;
      actor.send(step.event);
      sent.push(step.event);
      const before = screen;
      screen = expectedScreen(screen, step.event);
      // Only a finished addition says so, with the server's message.
      expect(emitted.slice(from)).toEqual(
        step.event === added ? [{ type: 'notify', color: 'success', message: addedOutput.message }] : [],
      );
      // The service is asked for exactly the item pressed, once.
      if (screen.adding && !before.adding) asks += 1;
      expect(asked).toHaveLength(asks);
      if (screen.adding) expect(asked.at(-1)).toEqual(screen.adding);
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
    for (const item of [lesson, plan]) {
      expect(selectAddition(seen, item)).toEqual({
        adding: same(screen.adding, item),
        error: same(screen.addFailed, item) ? UNAVAILABLE : null,
      });
    }
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

  pathTests(coverage, model, 'shows the drawer and the cart the path leads to', (path, kind) => {
    const actor = replay(path);
    // Showing the drawer on a failed cart always asks for it again.
    const last = eventsOf(path).at(-1);
    const before = path.steps.at(-2)?.state;
    if (kind === 'simple' && last?.type === 'cart.show' && before?.matches({ data: 'error' })) {
      expect(selectCartView(actor.getSnapshot()).isLoading).toBe(true);
    }
    actor.stop();
  });
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

  function adding(answer: () => Promise<CartAdded>) {
    const fetchCart = vi.fn(() => new Promise<CartView>(() => {}));
    const addCartItem = vi.fn((item: CartAddition) => {
      void item;
      return answer();
    });
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(fetchCart),
          addCartItem: fromPromise<CartAdded, CartAddition>(({ input }) => addCartItem(input)),
        },
      }),
    );
    const notices: CartEmitted[] = [];
    actor.on('notify', (event) => notices.push(event));
    actor.start();
    return { actor, fetchCart, addCartItem, notices };
  }

  it('adds an item, shows the answered cart in the opened drawer and says so, without asking for the cart again', async () => {
    const cart = adding(() => Promise.resolve({ cart: oneLesson, message: 'Plan added to cart' }));
    cart.actor.send({ type: 'item.add', item: plan });
    expect(selectAddition(cart.actor.getSnapshot(), plan)).toEqual({ adding: true, error: null });
    expect(selectAddition(cart.actor.getSnapshot(), lesson)).toEqual({ adding: false, error: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cart.addCartItem).toHaveBeenCalledWith(plan);
    expect(selectCartView(cart.actor.getSnapshot())).toMatchObject({
      visible: true,
      itemCount: 1,
      isLoading: false,
    });
    expect(selectAddition(cart.actor.getSnapshot(), plan)).toEqual({ adding: false, error: null });
    expect(cart.notices).toEqual([{ type: 'notify', color: 'success', message: 'Plan added to cart' }]);
    expect(cart.fetchCart).not.toHaveBeenCalled();
    cart.actor.stop();
  });

  it("shows the server's refusal under that item's button only, and clears it on the next try", async () => {
    const refusal = new ApiError({ status: 409, message: UNAVAILABLE, data: { message: UNAVAILABLE } });
    const cart = adding(() => Promise.reject(refusal));
    cart.actor.send({ type: 'item.add', item: lesson });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectAddition(cart.actor.getSnapshot(), lesson)).toEqual({ adding: false, error: UNAVAILABLE });
    expect(selectAddition(cart.actor.getSnapshot(), plan)).toEqual({ adding: false, error: null });
    expect(selectCartView(cart.actor.getSnapshot())).toMatchObject({ visible: false, itemCount: 0 });
    expect(cart.notices).toEqual([]);
    cart.actor.send({ type: 'item.add', item: lesson });
    expect(selectAddition(cart.actor.getSnapshot(), lesson)).toEqual({ adding: true, error: null });
    cart.actor.stop();
  });

  it('says "Something went wrong" when the addition fails without an answer', async () => {
    const cart = adding(() => Promise.reject(new Error('Failed to fetch')));
    cart.actor.send({ type: 'item.add', item: lesson });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectAddition(cart.actor.getSnapshot(), lesson).error).toBe(t('messages.general'));
    cart.actor.stop();
  });

  // The shortest paths end once on every transition; the simple paths would only make this slower.
  mutationTests(coverage, {
    paths: () => model.shortest,
    replay: (path, mutant) => replay(path, mutant as typeof cartMachine).stop(),
  });
});
