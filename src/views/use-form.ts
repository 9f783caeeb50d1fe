import { useForm as useMantineForm, type FormErrors } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, type FormValues } from '@/machines/form-machine';
import type { FieldErrors } from '@/shared/validation';
import { useSnackbar } from './app-actors-context';

type Options<V extends FormValues, R> = {
  initialValues: V;
  /** The service call; it receives the values that passed `validate`. */
  submit: (values: V) => Promise<R>;
  /** The shared rules (src/shared/*validation.ts), the same the server checks: errors per field. */
  validate?: (values: V) => FieldErrors;
  successMessage?: string;
  /** Runs once per successful submit with the service's answer (e.g. hand the new user to the session). */
  onSubmitted?: (result: R) => void;
};

/** The shared validators' `{field: [messages]}` as @mantine/form errors (one text per field). */
export function toFormErrors(errors: FieldErrors): FormErrors {
  const joined: FormErrors = {};
  for (const [field, list] of Object.entries(errors)) if (list.length > 0) joined[field] = list.join(' ');
  return joined;
}

/** @mantine/form errors back as `{field: [message]}`, for pages that read `fieldErrors`. */
function toFieldErrors(errors: FormErrors): FieldErrors {
  const lists: FieldErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    if (error !== null && error !== undefined && error !== false && error !== '') lists[field] = [String(error)];
  }
  return lists;
}

/**
 * Shows a machine's server verdict (a 422 per field) in a @mantine/form: each time the machine's
 * `fieldErrors` change they replace the form's errors; typing in a field then clears its own error.
 * Used by `useForm` below and by the auth pages with the session machine's `fieldErrors`.
 */
export function useServerErrors(form: { setErrors: (errors: FormErrors) => void }, errors: FieldErrors | null | undefined) {
  const setErrors = useRef(form.setErrors);
  setErrors.current = form.setErrors;
  useEffect(() => {
    if (errors) setErrors.current(toFormErrors(errors));
  }, [errors]);
}

/**
 * One form: the fields and their client checks in @mantine/form, the round trip in the generic
 * form machine (docs/forms.md). The page renders `values`/`fieldErrors` (or spreads
 * `getInputProps(name)`) and calls `submit()`; the machine calls the service and its 422 lands on
 * the fields.
 */
export function useForm<V extends FormValues, R>(options: Options<V, R>) {
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

  const fields = useMantineForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => toFormErrors(latest.current.validate?.(values) ?? {}),
    onValuesChange: () => actor.send({ type: 'field.change' }),
  });
  useServerErrors(fields, useSelector(actor, (s) => s.context.fieldErrors));

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

  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const succeeded = useSelector(actor, (s) => s.matches('succeeded'));
  const fieldErrors = useMemo(() => toFieldErrors(fields.errors), [fields.errors]);

  /** Checks the current values with the shared rules; only valid values reach the machine. */
  function submit() {
    if (fields.validate().hasErrors) return;
    actor.send({ type: 'form.submit', values: fields.getValues() });
  }

  return {
    values: fields.values,
    fieldErrors,
    formError,
    submitting,
    succeeded,
    /** The @mantine/form props of a field (value, onChange, error), for `<TextInput {...getInputProps('email')} />`. */
    getInputProps: fields.getInputProps,
    change: <K extends keyof V & string>(name: K, value: V[K]) => fields.setFieldValue(name, value as never),
    submit,
    /** For `<form onSubmit={form.onSubmit}>`: no page reload, then `submit()`. */
    onSubmit: (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      submit();
    },
    reset: () => {
      actor.send({ type: 'form.reset' });
      fields.reset();
    },
  };
}
