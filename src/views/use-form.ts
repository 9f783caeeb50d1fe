import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, type FormValidator, type FormValues } from '@/machines/form-machine';
import type { FieldErrors } from '@/shared/validation';
import { useSnackbar } from './app-actors-context';

type Options<V extends FormValues, R> = {
  initialValues: V;
  /** The service call; it receives the current values. */
  submit: (values: V) => Promise<R>;
  validate?: (values: V) => FieldErrors;
  successMessage?: string;
  /** Runs once per successful submit with the service's answer (e.g. hand the new user to the session). */
  onSubmitted?: (result: R) => void;
};

/**
 * Binds a page to one generic form machine: the page renders `values`/`fieldErrors` and sends
 * changes; the machine validates, calls the service, and maps a 422 onto the fields.
 */
export function useForm<V extends FormValues, R>(options: Options<V, R>) {
  const snackbar = useSnackbar();
  // The machine is built once per mounted form; services are module functions, so nothing goes stale.
  const [machine] = useState(() =>
    formMachine.provide({
      actors: { submit: fromPromise<unknown, { values: FormValues }>(({ input }) => options.submit(input.values as V)) },
    }),
  );
  const actor = useActorRef(machine, {
    input: { initialValues: options.initialValues, successMessage: options.successMessage, validate: options.validate as FormValidator | undefined },
  });
  const onSubmitted = useRef(options.onSubmitted);
  onSubmitted.current = options.onSubmitted;

  useEffect(() => {
    const submitted = actor.on('submitted', (event) => onSubmitted.current?.(event.result as R));
    const notify = actor.on('notify', (event) => {
      if (event.message) snackbar.send({ type: 'snackbar.show', color: event.color, message: event.message });
    });
    return () => {
      submitted.unsubscribe();
      notify.unsubscribe();
    };
  }, [actor, snackbar]);

  const values = useSelector(actor, (s) => s.context.values) as V;
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const succeeded = useSelector(actor, (s) => s.matches('succeeded'));

  return {
    values,
    fieldErrors,
    formError,
    submitting,
    succeeded,
    change: <K extends keyof V & string>(name: K, value: V[K]) => actor.send({ type: 'field.change', name, value }),
    submit: () => actor.send({ type: 'form.submit' }),
    reset: () => actor.send({ type: 'form.reset' }),
  };
}
