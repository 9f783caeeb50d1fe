// Shared by the model-based machine tests.
//
// A machine state here is its value plus the context a user would notice. Two graphs come from it:
// - the transition graph (each node is "state --event--> state"), whose shortest paths therefore
//   end once on every transition of the machine;
// - a coarse state graph (value plus a little context) small enough to list every simple path.
// What the paths must walk is measured against the machine's own definition (`coverageOf` below),
// not against a graph built from the same event list as the paths.
import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Actor,
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  InspectionEvent,
  EmittedFrom,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate';

export type ModelOptions<TMachine extends AnyStateMachine> = {
  /** The events to try, or the events to try in a state (e.g. open only a screen that is not open). */
  events: EventFromLogic<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[]);
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

  return { shortest, simple };
}

/** A machine snapshot's state value (the generic SnapshotFrom does not say it has one). */
const valueOf = (snapshot: unknown) => (snapshot as AnyMachineSnapshot).value;

/**
 * Replays `path` on `actor` (created, not started), a screen's machine: at the start and after each
 * event the actor is in the path's state, has emitted exactly what `after` says that event emits,
 * and `check` holds for the screen `after` says the user sees. Returns the actor, still running.
 */
export function replayScreens<TLogic extends AnyStateMachine, TScreen>(
  actor: Actor<TLogic>,
  path: ModelPath<TLogic>,
  screens: {
    start: TScreen;
    after: (screen: TScreen, event: EventFromLogic<TLogic>) => [TScreen, EmittedFrom<TLogic>[]];
    check: (snapshot: SnapshotFrom<TLogic>, screen: TScreen) => void;
  },
): Actor<TLogic> {
  const emitted: EmittedFrom<TLogic>[] = [];
  actor.on('*', (event) => emitted.push(event as EmittedFrom<TLogic>));
  actor.start();
  let screen = screens.start;
  for (const step of path.steps) {
    const count = emitted.length;
    let expected: EmittedFrom<TLogic>[] = [];
    if ((step.event.type as string) !== 'xstate.init') {
      actor.send(step.event);
      [screen, expected] = screens.after(screen, step.event);
    }
    const seen = actor.getSnapshot();
    expect(valueOf(seen)).toEqual(valueOf(step.state));
    screens.check(seen, screen);
    expect(emitted.slice(count)).toEqual(expected);
  }
  return actor;
}

/**
 * Replays `path` on a started `actor` whose emitted events land in `emitted`: at the start and after
 * each event the actor is in the path's state (with `exact`, also its whole context), and `outcome`
 * holds for the snapshots before and after the event and what that event emitted.
 */
export function replaySteps<TLogic extends AnyStateMachine>(
  actor: Actor<TLogic>,
  emitted: readonly EmittedFrom<TLogic>[],
  path: ModelPath<TLogic>,
  exact: boolean,
  outcome: (
    before: SnapshotFrom<TLogic>,
    after: SnapshotFrom<TLogic>,
    event: EventFromLogic<TLogic>,
    emitted: EmittedFrom<TLogic>[],
  ) => void,
): void {
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') {
      expect(valueOf(actor.getSnapshot())).toEqual(valueOf(step.state));
      continue;
    }
    const before = actor.getSnapshot();
    const from = emitted.length;
    actor.send(step.event);
    const after = actor.getSnapshot();
    expect(valueOf(after)).toEqual(valueOf(step.state));
    if (exact)
      expect((after as AnyMachineSnapshot).context).toEqual((step.state as AnyMachineSnapshot).context);
    outcome(before, after, step.event, emitted.slice(from));
  }
}

/** The events of a path in order, without the synthetic init step. */
export function eventsOf<TEvent extends EventObject>(path: { steps: Array<{ event: TEvent }> }): TEvent[] {
  return path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
}

/** A File that says what it is when the model serialises its events (a File alone reads as `{}`). */
export function namedFile(file: File): File {
  return Object.assign(file, { toJSON: () => ({ name: file.name, type: file.type, size: file.size }) });
}

export function describePath(path: { steps: Array<{ event: EventObject }> }): string {
  const names = eventsOf(path).map((event) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return names.length ? names.join(' → ') : '(start)';
}

// ---------------------------------------------------------------------------------------------
// Coverage measured against the machine's own definition (docs/machines.md).
//
// The paths above come from a hand-written event list, so a transition whose guard the test data
// never enables is simply not in them. `coverageOf` lists every transition WRITTEN in the machine
// (each event's guarded branches, `always`, `after`, invoke `onDone`/`onError`, a state's `onDone`)
// from `machine.root`, records which ones the replays really take (the actor's inspection
// microsteps), and fails on any not taken unless allow-listed with a reason. Its mutation check
// rebuilds the machine once per written transition with that transition removed, and once with it
// retargeted, and requires the replays to fail on each mutant.

type AnyTransition = {
  source: AnyStateNode;
  eventType: string;
  target?: ReadonlyArray<AnyStateNode>;
  guard?: unknown;
};

export type WrittenTransition = {
  /** e.g. `empty --page.change[isOtherPage]--> paging` (stable across `provide()` and mutants). */
  name: string;
  /** Path of the source state node from the root (`[]` for the root). */
  path: string[];
  /** The transition's event descriptor (`''` for `always`). */
  eventType: string;
  /** Position among the source's transitions for that descriptor (the guarded branches). */
  index: number;
  source: AnyStateNode;
  targets: AnyStateNode[];
};

function stateName(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(machine)';
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

function eventName(source: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  const prefix = 'xstate.after.';
  const suffix = `.${source.id}`;
  if (eventType.startsWith(prefix) && eventType.endsWith(suffix))
    return `after ${eventType.slice(prefix.length, -suffix.length)}`;
  return eventType;
}

function branchesOf(source: AnyStateNode, eventType: string): ReadonlyArray<AnyTransition> {
  const node = source as unknown as {
    transitions: Map<string, AnyTransition[]>;
    always?: AnyTransition[];
  };
  return (eventType === '' ? node.always : node.transitions.get(eventType)) ?? [];
}

function nameOf(transition: AnyTransition, index: number): string {
  const { source, eventType } = transition;
  const guard = guardName(transition.guard);
  const branches = branchesOf(source, eventType);
  const label = `${eventName(source, eventType)}${guard ? `[${guard}]` : ''}`;
  // Two branches with the same label (rare) stay apart by their position.
  const clash = branches.some(
    (other, i) =>
      i !== index &&
      `${eventName(source, other.eventType)}${guardName(other.guard) ? `[${guardName(other.guard)}]` : ''}` ===
        label,
  );
  const targets = transition.target?.length ? transition.target.map(stateName).join(', ') : '(stays)';
  return `${stateName(source)} --${label}${clash ? `#${index + 1}` : ''}--> ${targets}`;
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

/** Every transition written in the machine, in document order. */
export function writtenTransitions(machine: AnyStateMachine): WrittenTransition[] {
  const written: WrittenTransition[] = [];
  for (const node of allNodes(machine)) {
    const own = node as unknown as { transitions: Map<string, AnyTransition[]>; always?: AnyTransition[] };
    const groups: Array<[string, ReadonlyArray<AnyTransition>]> = [...own.transitions.entries()];
    if (own.always) groups.push(['', own.always]);
    for (const [eventType, branches] of groups) {
      branches.forEach((transition, index) =>
        written.push({
          name: nameOf(transition, index),
          path: [...node.path],
          eventType,
          index,
          source: node,
          targets: [...(transition.target ?? [])],
        }),
      );
    }
  }
  return written;
}

function takenName(transition: AnyTransition): string | null {
  const index = branchesOf(transition.source, transition.eventType).indexOf(transition);
  return index < 0 ? null : nameOf(transition, index);
}

// --- mutants: the machine rebuilt from a changed copy of its config --------------------------

type NodeConfig = {
  states?: Record<string, NodeConfig>;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
  always?: unknown;
  onDone?: unknown;
  invoke?: unknown;
  id?: string;
};
type TransitionConfig = Record<string, unknown> & { target?: unknown };

function cloneConfig(config: NodeConfig): NodeConfig {
  const invoke = config.invoke;
  return {
    ...config,
    ...(config.states
      ? {
          states: Object.fromEntries(
            Object.entries(config.states).map(([key, child]) => [key, cloneConfig(child)]),
          ),
        }
      : {}),
    ...(config.on ? { on: { ...config.on } } : {}),
    ...(config.after ? { after: { ...config.after } } : {}),
    ...(invoke
      ? {
          invoke: Array.isArray(invoke)
            ? invoke.map((one: object) => ({ ...one }))
            : { ...(invoke as object) },
        }
      : {}),
  };
}

function branchList(value: unknown): TransitionConfig[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((one) =>
    one === undefined || typeof one === 'string' ? { target: one } : { ...(one as object) },
  );
}

/** The config object and key that hold a written transition's branches. */
function slotOf(
  root: NodeConfig,
  written: WrittenTransition,
): { holder: Record<string, unknown>; key: string } {
  let node = root;
  for (const key of written.path) node = node.states![key]!;
  const { eventType, source } = written;
  if (eventType === '') return { holder: node as Record<string, unknown>, key: 'always' };
  if (eventType === `xstate.done.state.${source.id}`)
    return { holder: node as Record<string, unknown>, key: 'onDone' };
  const actor = /^xstate\.(done|error|snapshot)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const invokes = (Array.isArray(node.invoke) ? node.invoke : [node.invoke]) as Array<
      Record<string, unknown>
    >;
    const found = invokes.find((one, i) => (one.id ?? `${i}.${source.id}`) === actor[2]);
    if (found)
      return {
        holder: found,
        key: actor[1] === 'done' ? 'onDone' : actor[1] === 'error' ? 'onError' : 'onSnapshot',
      };
  }
  if (eventType.startsWith('xstate.after.') && node.after) {
    const delay = Object.keys(node.after).find(
      (key) => `xstate.after.${Number.isNaN(+key) ? key : +key}.${source.id}` === eventType,
    );
    if (delay !== undefined) return { holder: node.after, key: delay };
  }
  return { holder: node.on as Record<string, unknown>, key: eventType };
}

function rebuilt(
  machine: AnyStateMachine,
  written: WrittenTransition,
  change: (branches: TransitionConfig[], index: number) => void,
): AnyStateMachine {
  const config = cloneConfig(machine.config as NodeConfig);
  const slot = slotOf(config, written);
  const branches = branchList(slot.holder[slot.key]);
  change(branches, written.index);
  slot.holder[slot.key] = branches;
  const Machine = machine.constructor as new (config: unknown, implementations: unknown) => AnyStateMachine;
  return new Machine(config, machine.implementations);
}

/** Another state to send a transition to: a sibling of its source first, then any state. */
function otherTarget(machine: AnyStateMachine, written: WrittenTransition): AnyStateNode | null {
  const nodes = allNodes(machine).filter((node) => node.path.length > 0 && node.type !== 'history');
  const siblings = written.source.parent
    ? Object.values(written.source.parent.states)
    : Object.values(written.source.states);
  const hasAlways = (node: AnyStateNode) =>
    Boolean((node as unknown as { always?: unknown[] }).always?.length);
  const fits = (node: AnyStateNode) =>
    node !== written.source &&
    !written.targets.includes(node) &&
    // An eventless transition retargeted into a state with eventless transitions could loop forever.
    !(written.eventType === '' && hasAlways(node));
  return siblings.find(fits) ?? nodes.find(fits) ?? null;
}

export type Mutant = { name: string; machine: AnyStateMachine };

/** One machine per written transition removed, and one per written transition retargeted. */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const mutants: Mutant[] = [];
  for (const written of writtenTransitions(machine)) {
    mutants.push({
      name: `remove ${written.name}`,
      machine: rebuilt(machine, written, (branches, index) => branches.splice(index, 1)),
    });
    const other = otherTarget(machine, written);
    if (other)
      mutants.push({
        name: `retarget ${written.name} to ${stateName(other)}`,
        machine: rebuilt(machine, written, (branches, index) => {
          branches[index] = { ...branches[index], target: `#${other.id}` };
        }),
      });
  }
  return mutants;
}

// --- the report `npm run test:paths` prints ------------------------------------------------------

export type PathsReport = {
  machine: string;
  states: number;
  transitions: string[];
  walked: string[];
  allowed: Record<string, string>;
  paths: number;
  mutants?: { total: number; killed: number; survivors: string[]; allowed: Record<string, string> };
};

function writeReport(machine: AnyStateMachine, update: (report: PathsReport) => PathsReport) {
  const dir = process.env.MODEL_PATHS_REPORT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${machine.id}.json`);
  const before: PathsReport = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as PathsReport)
    : { machine: machine.id, states: 0, transitions: [], walked: [], allowed: {}, paths: 0 };
  writeFileSync(file, `${JSON.stringify(update(before), null, 2)}\n`);
}

export type CoverageOptions = {
  /** Written transitions no path can take, each with the reason. Keep it short and honest. */
  allow?: Record<string, string>;
  /** Mutants no test can tell from the machine (equivalent mutants), each with the reason. */
  allowSurvivors?: Record<string, string>;
};

/**
 * `keys` reordered: greedily the one taking the most transitions no earlier one took (`takenBy`),
 * until every transition they take is taken; then the rest in order. None is dropped.
 */
function takingMostFirst<P>(keys: readonly P[], takenBy: (key: P) => Iterable<string> | undefined): P[] {
  const names = keys.map((key) => [...(takenBy(key) ?? [])]);
  const left = new Set(names.flat());
  const first: number[] = [];
  while (left.size) {
    let best = -1;
    let most = 0;
    names.forEach((list, index) => {
      const count = list.filter((name) => left.has(name)).length;
      if (count > most) [best, most] = [index, count];
    });
    first.push(best);
    for (const name of names[best] ?? []) left.delete(name);
  }
  const chosen = new Set(first);
  return [...first.map((index) => keys[index]!), ...keys.filter((_, index) => !chosen.has(index))];
}

/**
 * Measures a model test against the machine's definition. Give `inspect` to every actor the replays
 * create, run them through `track` (`pathTests` does), and end the file with `mutationTests`.
 */
export function coverageOf(machine: AnyStateMachine, options: CoverageOptions = {}) {
  const transitions = writtenTransitions(machine).map((written) => written.name);
  const known = new Set(transitions);
  const walked = new Set<string>();
  const allow = options.allow ?? {};
  let recording = true;
  let crashed = false;
  /** What each replay run through `track` took, by its key (a path, or a name). */
  const taken = new Map<unknown, Set<string>>();
  let current: Set<string> | null = null;

  for (const name of Object.keys(allow))
    if (!known.has(name))
      throw new Error(`Allow-listed transition "${name}" is not written in machine "${machine.id}".`);

  return {
    transitions,
    walked,
    /** Inspection observer: records the written transitions each microstep takes. */
    inspect(event: InspectionEvent) {
      // A mutant may crash its actor (an error event nobody handles). That is a kill, not a
      // stray unhandled error: listen for it on the actors the replays create.
      if (!recording && event.type === '@xstate.actor') {
        const actor = event.actorRef as AnyActorRef;
        if (!actor._parent) actor.subscribe({ error: () => (crashed = true) });
      }
      if (!recording || event.type !== '@xstate.microstep') return;
      for (const transition of (event as unknown as { _transitions: AnyTransition[] })._transitions) {
        const name = takenName(transition);
        if (name && known.has(name)) {
          walked.add(name);
          current?.add(name);
        }
      }
    },
    /**
     * Runs one replay (`key`: its path, or a name for a hand-written one) and records which written
     * transitions it took: they count it among the report's paths and order the mutant runs.
     */
    track<T>(key: unknown, replay: () => T): T {
      if (!recording) return replay();
      const before = current;
      current = new Set();
      taken.set(key, current);
      try {
        return replay();
      } finally {
        current = before;
      }
    },
    /**
     * `keys` (paths replayed through `track`) in an order that kills mutants sooner: greedily the one
     * taking the most transitions no earlier one took, until every transition they take is taken; then
     * the rest in order. A mutant changes one written transition, so a path taking it is the one
     * likely to fail. None is dropped: a mutant survives exactly when it would in any order.
     */
    killersFirst<P>(keys: readonly P[]): P[] {
      return takingMostFirst(keys, (key) => taken.get(key));
    },
    /**
     * Every written transition was taken by some replayed path (allow-list aside). `paths`, for the
     * report: how many replays (default: those run through `track`).
     */
    expectEveryTransitionWalked(paths: number = taken.size) {
      const missing = transitions.filter((name) => !walked.has(name) && !(name in allow));
      const pointless = Object.keys(allow).filter((name) => walked.has(name));
      writeReport(machine, (report) => ({
        ...report,
        machine: machine.id,
        states: allNodes(machine).length - 1,
        transitions,
        walked: transitions.filter((name) => walked.has(name)),
        allowed: allow,
        paths,
      }));
      expect({ notWalked: missing, allowListedButWalked: pointless }).toEqual({
        notWalked: [],
        allowListedButWalked: [],
      });
    },
    /**
     * Runs `run` (every path, replayed on the given machine) once per mutant: each must throw.
     * Returns the number of mutants.
     */
    async expectEveryMutantKilled(run: (mutant: AnyStateMachine) => void | Promise<void>): Promise<number> {
      const mutants = mutantsOf(machine);
      const survivors: string[] = [];
      const allowSurvivors = options.allowSurvivors ?? {};
      let lastFailure: unknown = null;
      const kills = async (logic: AnyStateMachine) => {
        crashed = false;
        try {
          await run(logic);
        } catch (error) {
          lastFailure = error;
          return true;
        }
        lastFailure = crashed ? 'the actor crashed' : null;
        return crashed;
      };
      recording = false;
      try {
        // Control: the machine rebuilt the same way with nothing changed must pass, or every
        // "kill" below would prove nothing.
        const first = writtenTransitions(machine)[0];
        if (first && (await kills(rebuilt(machine, first, () => {}))))
          throw new Error(
            `The replays fail on machine "${machine.id}" rebuilt unchanged, so the mutation check would prove nothing: ${String(lastFailure)}`,
          );
        for (const mutant of mutants) if (!(await kills(mutant.machine))) survivors.push(mutant.name);
      } finally {
        recording = true;
      }
      writeReport(machine, (report) => ({
        ...report,
        mutants: {
          total: mutants.length,
          killed: mutants.length - survivors.length,
          survivors,
          allowed: allowSurvivors,
        },
      }));
      // An excused survivor that is no longer a mutant, or is now killed, must leave the list.
      const names = new Set(mutants.map((mutant) => mutant.name));
      const staleExcuses = Object.keys(allowSurvivors).filter(
        (name) => !names.has(name) || !survivors.includes(name),
      );
      expect({ survivors: survivors.filter((name) => !(name in allowSurvivors)), staleExcuses }).toEqual({
        survivors: [],
        staleExcuses: [],
      });
      return mutants.length;
    },
  };
}

export type Coverage = ReturnType<typeof coverageOf>;

/**
 * One test per generated path (`describe.each` over the shortest, then the simple paths, each
 * replayed through `coverage.track`), titled by the path's events.
 */
export function pathTests<P extends { steps: Array<{ event: EventObject }> }>(
  coverage: Coverage,
  model: { shortest: readonly P[]; simple: readonly P[] },
  title: string,
  replay: (path: P, kind: 'shortest' | 'simple') => void,
) {
  for (const kind of ['shortest', 'simple'] as const)
    describe.each(model[kind].map((path) => [describePath(path), path] as const))(
      `${kind} path %s`,
      (_, path) => {
        it(title, () => coverage.track(path, () => replay(path, kind)));
      },
    );
}

/**
 * The two closing checks of a model test, last in its file (they measure every replay before them):
 * every written transition walked, and every mutant (a transition removed or retargeted) failing the
 * same replays, run killers first. `before` runs first on each mutant: the hand-written replays that
 * alone take a transition.
 */
export function mutationTests<P>(
  coverage: Coverage,
  options: {
    paths: () => readonly P[];
    replay: (path: P, mutant: AnyStateMachine) => void;
    before?: (mutant: AnyStateMachine) => void;
    timeout?: number;
  },
) {
  it('takes every transition written in the machine', () => {
    coverage.expectEveryTransitionWalked();
  });

  it(
    'fails on every mutant of the machine (a transition removed or retargeted)',
    async () => {
      const paths = coverage.killersFirst(options.paths());
      const mutants = await coverage.expectEveryMutantKilled((mutant) => {
        options.before?.(mutant);
        for (const path of paths) options.replay(path, mutant);
      });
      expect(mutants).toBeGreaterThanOrEqual(coverage.transitions.length);
    },
    // Hundreds of replays per mutant: generous, so a busy CI machine does not fail a sound machine; a hang still fails.
    options.timeout ?? 90_000,
  );
}
