// Model-based test of removing a cart item: every transition walked on a real actor (the removal
// call is a fake settled by done/error events); each step checks the confirmation dialog, the
// toast and the cart handed back to the drawer.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  removeItemMachine,
  selectRemoveDialog,
  type RemoveItemEmitted,
} from '@/machines/remove-item-machine';
import type { Purchasable } from '@/services/cart-service';
import { ApiError } from '@/services/http';
import { decodeCartBody, type CartItem, type CartView } from '@/services/schemas/cart';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type RemoveEvent = EventFromLogic<typeof removeItemMachine>;

const before: CartView = decodeCartBody({
  cart: {
    id: 7,
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
        purchasable_type: 'subscription',
        purchasable_id: 3,
        purchasable: { price: '2500.00', package: { id: 3, name: 'Premium' } },
        price: '2500.00',
        total: '2500.00',
      },
    ],
  },
  item_count: 2,
  total: '4000.00',
});
const lesson = before.items[0] as CartItem;
const plan = before.items[1] as CartItem;
const after: CartView = { ...before, items: [plan], itemCount: 1, total: '2500.00' };
const REFUSED = 'This item is no longer in your cart.';

const removed = { type: 'xstate.done.actor.removeCartItem', output: after } as unknown as RemoveEvent;
const refused = {
  type: 'xstate.error.actor.removeCartItem',
  error: new ApiError({ status: 404, message: REFUSED, data: { message: REFUSED } }),
} as unknown as RemoveEvent;
const lost = {
  type: 'xstate.error.actor.removeCartItem',
  error: new ApiError({ status: 0, message: 'Something went wrong, please try again later.' }),
} as unknown as RemoveEvent;

const events: RemoveEvent[] = [
  { type: 'remove.request', item: lesson },
  { type: 'remove.request', item: plan },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  removed,
  refused,
  lost,
];

// The call never settles by itself: the replays settle it with done/error events.
const pending = {
  actors: { removeCartItem: fromPromise<CartView, Purchasable>(() => new Promise<never>(() => {})) },
};
const logic = removeItemMachine.provide(pending);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => s.context.item?.id ?? null,
  simpleContext: (s) => s.context.item?.id ?? null,
});

const coverage = coverageOf(removeItemMachine);

type Screen = { open: boolean; busy: boolean; name: string };

/** SPEC §4 as a table: the dialog and the toasts after each event. */
function expectedAfter(screen: Screen, event: RemoveEvent): [Screen, RemoveItemEmitted[]] {
  const closed = { open: false, busy: false, name: '' };
  if (event === removed)
    return [
      closed,
      [
        { type: 'cart.replace', cart: after },
        { type: 'notify', color: 'success', message: `${screen.name} deleted` },
      ],
    ];
  if (event === refused) return [closed, [{ type: 'notify', color: 'error', message: REFUSED }]];
  if (event === lost)
    return [
      closed,
      [{ type: 'notify', color: 'error', message: 'We could not remove the item. Please try again.' }],
    ];
  switch (event.type) {
    case 'remove.request':
      return [{ open: true, busy: false, name: event.item === lesson ? 'Fractions' : 'Premium' }, []];
    case 'remove.confirm':
      return [{ ...screen, busy: true }, []];
    case 'remove.cancel':
      return [closed, []];
    default:
      return [screen, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine: typeof removeItemMachine = removeItemMachine) {
  return replayScreens(createActor(machine.provide(pending), { inspect: coverage.inspect }), path, {
    start: { open: false, busy: false, name: '' },
    after: expectedAfter,
    check: (seen, screen) => {
      const dialog = selectRemoveDialog(seen);
      expect({ open: dialog.open, busy: dialog.busy, name: dialog.name }).toEqual(screen);
    },
  });
}

describe('remove-item machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and the toasts the path leads to', (path) =>
    replay(path).stop(),
  );
});

describe('remove-item machine (behaviour)', () => {
  it('removes by purchasable type and id, once, however often confirm is clicked', async () => {
    const remove = vi.fn(async () => after);
    const actor = createActor(removeItemMachine.provide({ actors: { removeCartItem: fromPromise(remove) } }));
    const emitted: RemoveItemEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'remove.request', item: lesson });
    actor.send({ type: 'remove.confirm' });
    actor.send({ type: 'remove.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { purchasableType: 'lesson', purchasableId: 11 } }),
    ]);
    expect(emitted).toEqual([
      { type: 'cart.replace', cart: after },
      { type: 'notify', color: 'success', message: 'Fractions deleted' },
    ]);
    expect(selectRemoveDialog(actor.getSnapshot()).open).toBe(false);
  });

  it('keeps the first item asked about while its dialog is open', () => {
    const actor = createActor(logic).start();
    actor.send({ type: 'remove.request', item: lesson });
    actor.send({ type: 'remove.request', item: plan });
    expect(selectRemoveDialog(actor.getSnapshot()).name).toBe('Fractions');
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof removeItemMachine).stop(),
  });
});
