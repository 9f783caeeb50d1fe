import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, type FormLogic, type FormValues } from '@/machines/form-machine';
import type { FieldErrors } from '@/shared/validation';
import { useScreenActor } from './use-screen-actor';

export type RoundTripOptions<V extends FormValues, R> = {
  /** The form's logic with its service bound (`formSubmitter` in src/machines/screens). */
  logic?: FormLogic<V, R>;
  /** @deprecated A service call from the view; being replaced by `logic` (issue 21). */
  submit?: (values: V) => Promise<R>;
  successMessage?: string;
  /** Runs once per successful submit with the service's answer (what the page itself shows next). */
  onSubmitted?: (result: R) => void;
};

/**
 * The round trip of a form (docs/forms.md): one generic form machine per mounted form, spawned in the
 * app's actor system (src/views/use-screen-actor.ts), so its notices reach the snackbar and a saved
 * user the session without the view relaying them. The fields live in @mantine/form: `useForm`
 * (src/views/use-form.ts) for a form, `useField` for the footer's one-field newsletter form.
 */
export function useFormRoundTrip<V extends FormValues, R>(options: RoundTripOptions<V, R>) {
  const latest = useRef(options);
  latest.current = options;
  const [machine] = useState(
    () =>
      options.logic ??
      formMachine.provide({
        actors: {
          submit: fromPromise<unknown, { values: FormValues }>(({ input }) => {
            const submit = latest.current.submit;
            if (!submit) throw new Error('This form has no logic and no submit.');
            return submit(input.values as V);
          }),
        },
      }),
  );
  const actor = useScreenActor(machine, { input: { successMessage: options.successMessage } });

  useEffect(() => {
    const submitted = actor.on('submitted', (event) => latest.current.onSubmitted?.(event.result as R));
    return () => submitted.unsubscribe();
  }, [actor]);

  return {
    /** The server's verdict per field (a 422), for the fields to show. */
    serverFieldErrors: useSelector(actor, (s) => s.context.fieldErrors) as FieldErrors,
    formError: useSelector(actor, (s) => s.context.formError),
    submitting: useSelector(actor, (s) => s.matches('submitting')),
    succeeded: useSelector(actor, (s) => s.matches('succeeded')),
    /** Values that passed the checks go to the machine. */
    send: (values: V) => actor.send({ type: 'form.submit', values }),
    /** A field changed: a saved form is being edited again. */
    changed: () => actor.send({ type: 'field.change' }),
    reset: () => actor.send({ type: 'form.reset' }),
  };
}
