// Fewer paths for the mutation check of machines whose models make hundreds of paths (replaying all
// of them once per mutant would take minutes).
import type { EventObject } from 'xstate';

type Step = { event: EventObject; state: { value: unknown; context: unknown } };

/**
 * The shortest path ending in each move of the machine: (state, event type, next state, whether the
 * context changed). Every written transition a path takes ends one of the kept paths, once with an
 * effect where it can have one (e.g. removing a file from a list that has one, not from an empty list).
 */
export function onePerMove<TPath extends { steps: Step[] }>(paths: TPath[]): TPath[] {
  const kept = new Map<string, TPath>();
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const [before, last] = path.steps.slice(-2);
    if (!before || !last) continue;
    const changed = JSON.stringify(before.state.context) !== JSON.stringify(last.state.context);
    const move = JSON.stringify([before.state.value, last.event.type, last.state.value, changed]);
    if (!kept.has(move)) kept.set(move, path);
  }
  return [...kept.values()];
}
