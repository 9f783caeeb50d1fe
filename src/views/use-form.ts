import { useForm as useMantineForm, type FormErrors } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import type { FormLogic, FormValues } from '@/machines/form-machine';
import type { FieldErrors } from '@/shared/validation';
import { useFormRoundTrip } from './use-form-round-trip';

type Options<V extends FormValues, R> = {
  initialValues: V;
  /** The form's logic with its service bound (`formSubmitter` in src/machines/screens). */
  logic?: FormLogic<V, R>;
  /** @deprecated A service call from the view; being replaced by `logic` (issue 21). */
  submit?: (values: V) => Promise<R>;
  /** The shared rules (src/shared/*validation.ts), the same the server checks: errors per field. */
  validate?: (values: V) => FieldErrors;
  successMessage?: string;
  /** Runs once per successful submit with the service's answer (what the page itself shows next). */
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
    if (error !== null && error !== undefined && error !== false && error !== '')
      lists[field] = [String(error)];
  }
  return lists;
}

/**
 * Shows a machine's server verdict (a 422 per field) in a @mantine/form: each time the machine's
 * `fieldErrors` change they replace the form's errors; typing in a field then clears its own error.
 * Used by `useForm` below and by the auth pages with the session machine's `fieldErrors`.
 */
export function useServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  errors: FieldErrors | null | undefined,
) {
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
  const latest = useRef(options);
  latest.current = options;
  const roundTrip = useFormRoundTrip<V, R>(options);

  const fields = useMantineForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => toFormErrors(latest.current.validate?.(values) ?? {}),
    onValuesChange: () => roundTrip.changed(),
  });
  useServerErrors(fields, roundTrip.serverFieldErrors);

  const { formError, submitting, succeeded } = roundTrip;
  const fieldErrors = useMemo(() => toFieldErrors(fields.errors), [fields.errors]);

  /** Checks the current values with the shared rules; only valid values reach the machine. */
  function submit() {
    if (fields.validate().hasErrors) return;
    roundTrip.send(fields.getValues());
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
      roundTrip.reset();
      fields.reset();
    },
  };
}
