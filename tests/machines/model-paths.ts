// Shared by the model-based machine tests.
//
// A machine state here is its value plus the context a user would notice. Two graphs come from it:
// - the transition graph (each node is "state --event--> state"), whose shortest paths therefore
//   end once on every transition of the machine;
// - a coarse state graph (value plus a little context) small enough to list every simple path.
// `expectEveryEdgeWalked` checks, against `getAdjacencyMap`, that the paths walk every edge.
import { expect } from 'vitest';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate';

export type ModelOptions<TMachine extends AnyStateMachine> = {
  events: EventFromLogic<TMachine>[];
  /** The context a user would notice; part of each state's identity. */
  visibleContext: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** Events for the simple paths (default: all). Fewer keeps the enumeration small. */
  simpleEvents?: EventFromLogic<TMachine>[];
  /** Context that tells states apart for the simple paths (default: none, the state value only). */
  simpleContext?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  input?: InputFrom<TMachine>;
};

export type ModelPath<TMachine extends AnyStateMachine> = StatePath<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>
>;

export function modelOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
) {
  // Machine snapshots (value, can): the generic SnapshotFrom does not say so by itself.
  type Snap = AnyMachineSnapshot;
  type Ev = EventFromLogic<TMachine>;
  const node = (snapshot: Snap) =>
    JSON.stringify([snapshot.value, options.visibleContext(snapshot as SnapshotFrom<TMachine>)]);
  const serializeEvent = (event: Ev) => JSON.stringify(event);
  const edge = (from: Snap, event: Ev) => `${node(from)} --${serializeEvent(event)}`;
  // Only events the machine acts on: an ignored event adds paths but no behaviour.
  const filterEvents = (snapshot: Snap, event: Ev) => snapshot.can(event);
  // The xstate/graph generics do not line up with a concrete machine's; the options are typed above.
  const logic = machine as never;

  const shortest = getShortestPaths(logic, {
    events: options.events,
    filterEvents,
    serializeEvent,
    serializeState: (state: Snap, event: Ev | undefined, prev: Snap | undefined) =>
      prev && event ? `${edge(prev, event)}--> ${node(state)}` : node(state),
    input: options.input,
  } as never) as ModelPath<TMachine>[];

  const simple = getSimplePaths(logic, {
    events: options.simpleEvents ?? options.events,
    filterEvents,
    serializeEvent,
    serializeState: (state: Snap) =>
      JSON.stringify([state.value, options.simpleContext?.(state as SnapshotFrom<TMachine>) ?? null]),
    input: options.input,
  } as never) as ModelPath<TMachine>[];

  const adjacency = getAdjacencyMap(logic, {
    events: options.events,
    filterEvents,
    serializeEvent,
    serializeState: (state: Snap) => node(state),
    input: options.input,
  } as never) as unknown as Record<string, { transitions: Record<string, unknown> }>;

  function walked(paths: ModelPath<TMachine>[]): Set<string> {
    const edges = new Set<string>();
    for (const path of paths) {
      for (let i = 1; i < path.steps.length; i++) {
        const before = path.steps[i - 1];
        const step = path.steps[i];
        if (before && step) edges.add(edge(before.state, step.event));
      }
    }
    return edges;
  }

  return {
    shortest,
    simple,
    /** Every (state, event) → next state of the adjacency map is walked by some generated path. */
    expectEveryEdgeWalked(): number {
      const seen = walked([...shortest, ...simple]);
      const edges = Object.entries(adjacency).flatMap(([source, value]) =>
        Object.keys(value.transitions).map((eventKey) => `${source} --${eventKey}`),
      );
      expect(edges.filter((e) => !seen.has(e))).toEqual([]);
      return edges.length;
    },
  };
}

/** The events of a path in order, without the synthetic init step. */
export function eventsOf<TEvent extends EventObject>(path: { steps: Array<{ event: TEvent }> }): TEvent[] {
  return path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
}

export function describePath(path: { steps: Array<{ event: EventObject }> }): string {
  const names = eventsOf(path).map((event) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return names.length ? names.join(' → ') : '(start)';
}
