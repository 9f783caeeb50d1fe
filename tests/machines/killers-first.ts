// For the mutation check of `coverageOf` (model-paths.ts): the same paths, in an order that kills
// mutants sooner. A mutant changes one written transition, so a path that takes that transition is
// the one likely to fail on it; replaying first a few paths that together take every transition
// ends most mutant runs after a handful of paths. The set of paths is unchanged (nothing dropped),
// so a mutant survives exactly when it would survive all of them in any order.
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { coverageOf } from './model-paths';

/**
 * `paths` reordered: greedily, the path taking the most transitions no earlier path took, until
 * every transition some path takes is taken; then the rest in their order. `replay` must replay a
 * path on the real machine with the given inspection observer (and stop its actor).
 */
export async function killersFirst<P>(
  machine: AnyStateMachine,
  paths: readonly P[],
  replay: (path: P, inspect: (event: InspectionEvent) => void) => void | Promise<void>,
): Promise<P[]> {
  const taken: string[][] = [];
  for (const path of paths) {
    const probe = coverageOf(machine);
    await replay(path, probe.inspect);
    taken.push([...probe.walked]);
  }
  const left = new Set(taken.flat());
  const first: number[] = [];
  while (left.size) {
    let best = -1;
    let most = 0;
    taken.forEach((names, index) => {
      const count = names.filter((name) => left.has(name)).length;
      if (count > most) [best, most] = [index, count];
    });
    first.push(best);
    for (const name of taken[best] ?? []) left.delete(name);
  }
  return [...first.map((index) => paths[index]!), ...paths.filter((_, index) => !first.includes(index))];
}
