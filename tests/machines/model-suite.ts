// The frame every model test shares (model-paths.ts builds the paths): one test per shortest and
// per simple path, each replaying the path on a real actor against the test's own oracle; then,
// measured over those replays, that every written transition was walked and that every mutant of
// the machine fails some replay. A test file writes only its events, its oracle and its replay.
import { describe, expect, it } from 'vitest';
import type {
  Actor,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate';
import { killersFirst } from './killers-first';
import { coverageOf, describePath, type CoverageOptions, type ModelPath } from './model-paths';

type Inspect = (event: InspectionEvent) => void;

export type ModelSuite<TMachine extends AnyStateMachine, TPath> = {
  model: { shortest: TPath[]; simple: TPath[] };
  /**
   * Replays one path on `machine` (the machine under test, or a mutant of it), its actors created
   * with `inspect`; it throws (a failed `expect`) where the machine does not do what the oracle says.
   */
  replay: (path: TPath, machine: TMachine, inspect: Inspect) => void;
  /** The test title of each path's replay. */
  title?: string;
  coverage?: CoverageOptions;
  /** For the mutation check (it replays every path once per mutant). */
  timeout?: number;
};

/** Declares the path replays, then the transition and mutant checks over them. */
export function describeModelPaths<
  TMachine extends AnyStateMachine,
  TPath extends { steps: Array<{ event: EventObject }> },
>(
  machine: TMachine,
  {
    model,
    replay,
    title = 'shows what the path leads to',
    coverage: options,
    timeout = 30_000,
  }: ModelSuite<TMachine, TPath>,
) {
  const coverage = coverageOf(machine, options);
  const killers = killersFirst<TPath>(machine);
  for (const [kind, paths] of [
    ['shortest', model.shortest],
    ['simple', model.simple],
  ] as const) {
    describe.each(paths.map((path) => [describePath(path), path] as const))(`${kind} path %s`, (_, path) => {
      it(title, () => replay(path, machine, killers.inspect(path, coverage.inspect)));
    });
  }

  // Last: measured over every replay above.
  it('takes every transition written in the machine', () => {
    coverage.expectEveryTransitionWalked(model.shortest.length + model.simple.length);
  });

  it(
    'fails on every mutant of the machine (a transition removed or retargeted)',
    async () => {
      // Every path, those that together take every transition first (most mutants fail on those).
      const paths = killers.order([...model.shortest, ...model.simple]);
      const mutants = await coverage.expectEveryMutantKilled((mutant) => {
        for (const path of paths) replay(path, mutant as TMachine, coverage.inspect);
      });
      expect(mutants).toBeGreaterThanOrEqual(coverage.transitions.length);
    },
    timeout,
  );
}

/** An oracle: what the screen shows and what the machine emits after each event, from the screen before. */
export type Oracle<TMachine extends AnyStateMachine, TScreen, TEmitted> = {
  start: TScreen;
  after: (screen: TScreen, event: EventFromLogic<TMachine>) => [TScreen, TEmitted[]];
  /** Compares the snapshot with the screen the oracle expects (`expect`s). */
  shows: (snapshot: SnapshotFrom<TMachine>, screen: TScreen) => void;
};

/**
 * Walks `path` on a created (not started) actor: after each event the machine must be in the path's
 * state, show the oracle's screen and emit exactly the oracle's events. Stops the actor.
 */
export function walkPath<TMachine extends AnyStateMachine, TScreen, TEmitted>(
  actor: Actor<TMachine>,
  path: ModelPath<TMachine>,
  oracle: Oracle<TMachine, TScreen, TEmitted>,
) {
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  let screen = oracle.start;
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const count = emitted.length;
    actor.send(step.event);
    let expected: TEmitted[];
    [screen, expected] = oracle.after(screen, step.event);
    const seen = actor.getSnapshot();
    // Machine snapshots have a value; the generic SnapshotFrom does not say so by itself.
    expect((seen as AnyMachineSnapshot).value).toEqual((step.state as AnyMachineSnapshot).value);
    oracle.shows(seen, screen);
    expect(emitted.slice(count)).toEqual(expected);
  }
  actor.stop();
}

/** A File that says what it is when the model serialises its events (a File alone reads as `{}`). */
export function namedFile(file: File): File {
  return Object.assign(file, { toJSON: () => ({ name: file.name, type: file.type, size: file.size }) });
}
