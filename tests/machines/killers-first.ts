// For the mutation check of `coverageOf` (model-paths.ts): the same paths, in an order that kills
// mutants sooner. A mutant changes one written transition, so a path that takes that transition is
// the one likely to fail on it; replaying first a few paths that together take every transition
// ends most mutant runs after a handful of paths. No path is dropped, so a mutant survives exactly
// when it would survive all of them in any order.
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { coverageOf, takingMostFirst } from './model-paths';

type Inspect = (event: InspectionEvent) => void;

export function killersFirst<P>(machine: AnyStateMachine) {
  const taken = new Map<P, Set<string>>();
  return {
    /** The observer for one replay of `path` on the real machine: records what it takes, passes on to `also`. */
    inspect(path: P, also: Inspect): Inspect {
      const probe = coverageOf(machine);
      taken.set(path, probe.walked);
      return (event) => {
        also(event);
        probe.inspect(event);
      };
    },
    /**
     * `paths` reordered: greedily, the path taking the most transitions no earlier path took, until
     * every transition a recorded path takes is taken; then the rest (and unrecorded ones) in order.
     */
    order(paths: readonly P[]): P[] {
      return takingMostFirst(paths, (path) => taken.get(path));
    },
  };
}
