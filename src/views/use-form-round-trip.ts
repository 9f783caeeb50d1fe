import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, type FormValues } from '@/machines/form-machine';
import type { FieldErrors } from '@/shared/validation';
import { useSnackbar } from './app-actors-context';

export type RoundTripOptions<V extends FormValues, R> = {
  /** The service call; it receives the values that passed the view's checks. */
  submit: (values: V) => Promise<R>;
  successMessage?: string;
  /** Runs once per successful submit with the service's answer. */
  onSubmitted?: (result: R) => void;
};

/**
 * The round trip of a form (docs/forms.md): one generic form machine per mounted form, calling the
 * latest `submit` the page gave, its `notify` relayed to the snackbar. The fields live in
 * @mantine/form: `useForm` (src/views/use-form.ts) for a form, `useField` for the footer's
 * one-field newsletter form (which stays light on every public page).
 */
export function useFormRoundTrip<V extends FormValues, R>(options: RoundTripOptions<V, R>) {
  const snackbar = useSnackbar();
  const latest = useRef(options);
  latest.current = options;
  // The machine is built once per mounted form; it calls the latest `submit` the page gave.
  const [machine] = useState(() =>
    formMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: FormValues }>(({ input }) => latest.current.submit(input.values as V)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { successMessage: options.successMessage } });

  useEffect(() => {
    const submitted = actor.on('submitted', (event) => latest.current.onSubmitted?.(event.result as R));
    const notify = actor.on('notify', (event) => {
      if (event.message) snackbar.send({ type: 'snackbar.show', color: event.color, message: event.message });
    });
    return () => {
      submitted.unsubscribe();
      notify.unsubscribe();
    };
  }, [actor, snackbar]);

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
