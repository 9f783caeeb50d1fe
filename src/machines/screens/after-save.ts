// A form whose save changes what another screen actor shows: after the save the form announces its
// answer as always, then tells those actors (found by systemId in the app's actor system), so the
// link between the two is in the machines, not in a view callback.
import { enqueueActions } from 'xstate';
import type { FormLogic, FormValues } from '../form-machine';

export type Told = { to: string; event: { type: string } & Record<string, unknown> };

export function alsoAfterSave<V extends FormValues, R>(
  logic: FormLogic<V, R>,
  also: (result: R) => Told[],
): FormLogic<V, R> {
  return logic.provide({
    actions: {
      announceSubmitted: enqueueActions(({ system, enqueue }, params: { result: unknown }) => {
        enqueue.emit({ type: 'submitted', result: params.result });
        for (const { to, event } of also(params.result as R)) {
          const target = system.get(to);
          if (target) enqueue.sendTo(target, event);
        }
      }),
    },
  }) as FormLogic<V, R>;
}
