// UI-level model-based flow tests (docs/testing-flows.md). A flow is a small, flat XState machine in
// its test file: its states are what the person sees, its events what they do or what the server
// answers. This helper
// - lists the model's own transitions from its definition (`model.root` state nodes' `transitions`),
// - generates paths: shortest paths over (state, event, previous state), which end once on every
//   transition, plus a bounded number of the longest simple paths (combinations of steps),
// - drops a path that is the start of another (its steps are checked on the way anyway),
// - and walks a path through the real app: assert the start, then per step act and assert.
import { configure } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

// A flow renders lazy pages and modals one after the other; on a loaded machine the first of each
// takes longer than Testing Library's default second to appear. (Per test file: vitest isolates them.)
configure({ asyncUtilTimeout: 5000 });

export type FlowStep = { event: string; state: string };
export type FlowPath = { name: string; start: string; steps: FlowStep[] };

const edge = (from: string, event: string, to: string) => `${from} --${event}--> ${to}`;

function topStates(model: AnyStateMachine): AnyStateNode[] {
  if (model.root.transitions.size > 0) throw new Error(`Flow model ${model.id}: no root-level transitions, please`);
  const nodes = Object.values(model.root.states) as AnyStateNode[];
  for (const node of nodes) {
    if (Object.keys(node.states).length > 0) throw new Error(`Flow model ${model.id}: state ${node.key} must be flat`);
  }
  return nodes;
}

/** Every transition of a flat flow model, read from its definition: "state --event--> target". */
export function modelTransitions(model: AnyStateMachine): string[] {
  return topStates(model).flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, definitions]) =>
      definitions.map((definition) => edge(node.key, eventType, definition.target?.[0]?.key ?? node.key)),
    ),
  );
}

/** The model's event types, from its definition. */
export function modelEvents(model: AnyStateMachine): string[] {
  return [...new Set(topStates(model).flatMap((node) => [...node.transitions.keys()]))];
}

export type FlowPathOptions = {
  /** How many of the longest simple paths to add to the shortest ones (default 3). */
  maxSimple?: number;
  /** Only simple paths ending in one of these states (default: any). */
  simpleTo?: string[];
  /**
   * Up to this many paths that come back to the start state run one after the other in one test
   * (default 1): the same steps, fewer times the app is set up.
   */
  chain?: number;
};

/** Shortest paths reaching every transition, plus a few long simple paths; prefixes dropped. */
export function flowPaths(model: AnyStateMachine, options: FlowPathOptions = {}): FlowPath[] {
  const events = modelEvents(model).map((type) => ({ type }));
  const key = (snapshot: AnyMachineSnapshot) => String(snapshot.value);
  const filterEvents = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);
  // The xstate/graph generics do not line up with a concrete machine's; the shapes used are these.
  type GraphPath = { state: AnyMachineSnapshot; steps: Array<{ state: AnyMachineSnapshot; event: EventObject }> };
  const logic = model as never;
  const shortest = getShortestPaths(logic, {
    events,
    filterEvents,
    serializeState: (state: AnyMachineSnapshot, event: EventObject | undefined, previous: AnyMachineSnapshot | undefined) =>
      previous && event ? edge(key(previous), event.type, key(state)) : key(state),
  } as never) as GraphPath[];
  const simple = (getSimplePaths(logic, { events, filterEvents, serializeState: key } as never) as GraphPath[])
    .filter((path) => !options.simpleTo || options.simpleTo.includes(key(path.state)))
    .sort((a, b) => b.steps.length - a.steps.length)
    .slice(0, options.maxSimple ?? 3);

  const start = String(model.config.initial);
  const all = [...shortest, ...simple].map((path) => {
    const steps = path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .map((step) => ({ event: step.event.type, state: key(step.state) }));
    return { start, steps, name: steps.length ? steps.map((step) => step.event).join(' → ') : '(start)' };
  });
  const unique = [...new Map(all.map((path) => [path.name, path])).values()];
  // A path that is the beginning of a longer one adds nothing: the longer one checks every state on the way.
  const paths = unique
    .filter((path) => !unique.some((other) => other !== path && other.name.startsWith(`${path.name} → `)))
    .filter((path) => path.steps.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return chained(paths, start, options.chain ?? 1);
}

const endsAt = (path: FlowPath) => path.steps.at(-1)?.state ?? path.start;

/** Appends paths to one that came back to the start, up to `limit` paths per chain. */
function chained(paths: FlowPath[], start: string, limit: number): FlowPath[] {
  const chains: Array<{ path: FlowPath; links: number }> = [];
  for (const path of paths) {
    const open = chains.find((chain) => chain.links < limit && endsAt(chain.path) === start);
    if (!open) {
      chains.push({ path, links: 1 });
      continue;
    }
    open.path = { start, steps: [...open.path.steps, ...path.steps], name: `${open.path.name} ⟲ ${path.name}` };
    open.links += 1;
  }
  return chains.map((chain) => chain.path);
}

/** The transitions the paths take, in the model's terms. */
export function walkedTransitions(paths: FlowPath[]): Set<string> {
  const walked = new Set<string>();
  for (const path of paths) {
    let from = path.start;
    for (const step of path.steps) {
      walked.add(edge(from, step.event, step.state));
      from = step.state;
    }
  }
  return walked;
}

export type FlowDriver = {
  /** What the person sees in each model state. */
  see: Record<string, () => Promise<unknown>>;
  /** Each model event, done through the UI (or answered by the fake server). */
  act: Record<string, () => Promise<unknown>>;
};

/**
 * The paths take every transition of the model, and every state and event has its check and its
 * action. Returns the number of transitions (for a floor the test can set).
 */
export function expectEveryTransitionWalked(model: AnyStateMachine, paths: FlowPath[], driver: FlowDriver): number {
  const transitions = modelTransitions(model);
  const walked = walkedTransitions(paths);
  expect(transitions.filter((transition) => !walked.has(transition))).toEqual([]);
  expect([...walked].filter((transition) => !transitions.includes(transition))).toEqual([]);
  const states = topStates(model).map((node) => node.key);
  expect(states.filter((state) => !driver.see[state])).toEqual([]);
  expect(modelEvents(model).filter((event) => !driver.act[event])).toEqual([]);
  return transitions.length;
}

/** Walks one path through the app: the start state's check, then per step the action and the check. */
export async function walkFlow(path: FlowPath, driver: FlowDriver): Promise<void> {
  const done: string[] = [];
  const check = async (label: string, run: (() => Promise<unknown>) | undefined) => {
    if (!run) throw new Error(`No ${label}`);
    try {
      await run();
    } catch (error) {
      if (error instanceof Error) error.message = `[${done.join(' → ') || 'start'}: ${label}] ${error.message}`;
      throw error;
    }
  };
  await check(`check of ${path.start}`, driver.see[path.start]);
  for (const step of path.steps) {
    await check(`action ${step.event}`, driver.act[step.event]);
    done.push(step.event);
    await check(`check of ${step.state}`, driver.see[step.state]);
  }
}

/**
 * Where a path has one of the `timed` events (two minutes pass, a lesson ends), its test runs on a
 * fake clock that keeps ticking on its own (React, msw) and that those events move ahead.
 */
export function clockFor(path: FlowPath, timed: string[]): void {
  if (!path.steps.some((step) => timed.includes(step.event))) return;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
