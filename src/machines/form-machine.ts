// The one form submitter for every form that is not an auth form (docs/architecture.md "Form
// machine"): profile completion, profile settings, and later lessons, notes, questions.
import { assign, emit, fromPromise, setup } from 'xstate';
import { isApiError } from '@/services/http';
import { errorText } from '@/services/envelope';
import type { FieldErrors } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

export type FormValues = Record<string, unknown>;
export type FormValidator = (values: FormValues) => FieldErrors;

export type FormInput = {
  initialValues: FormValues;
  /** Shown (as a success notice) after a successful submit; else the server's `message`, if any. */
  successMessage?: string;
  /** Pure check before any round trip; returns errors per field (empty when valid). */
  validate?: FormValidator;
};

export type FormContext = {
  initialValues: FormValues;
  values: FormValues;
  fieldErrors: FieldErrors;
  formError: string | null;
  result: unknown;
  successMessage: string | null;
  validate: FormValidator;
};

export type FormEvent =
  { type: 'field.change'; name: string; value: unknown } | { type: 'form.submit' } | { type: 'form.reset' };

export type FormEmitted =
  { type: 'submitted'; result: unknown } | { type: 'notify'; color: NotifyColor; message: string };

const noProblems: FormValidator = () => ({});

function hasProblems(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}

/** The text to announce after success: the configured one, else the server's `message`. */
function successText(context: FormContext, output: unknown): string | null {
  if (context.successMessage) return context.successMessage;
  if (output && typeof output === 'object' && 'message' in output) {
    const { message } = output as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    emitted: {} as FormEmitted,
  },
  actors: {
    // Every form provides its own call: `formMachine.provide({ actors: { submit: fromPromise(...) } })`.
    submit: fromPromise<unknown, { values: FormValues }>(async () => {
      throw new Error('No submit actor was provided for this form.');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      // The user is fixing this field: its old error no longer applies.
      const { [event.name]: _fixed, ...otherErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.name]: event.value }, fieldErrors: otherErrors };
    }),
    showProblems: assign(({ context }) => ({
      fieldErrors: context.validate(context.values),
      formError: null,
    })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    resetForm: assign(({ context }) => ({
      values: context.initialValues,
      fieldErrors: {},
      formError: null,
      result: null,
    })),
    announceSubmitted: emit((_, params: { result: unknown }) => ({
      type: 'submitted' as const,
      result: params.result,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    isValid: ({ context }) => !hasProblems(context.validate(context.values)),
    hasText: (_, params: { text: string | null }) => !!params.text,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    initialValues: input.initialValues,
    values: input.initialValues,
    fieldErrors: {},
    formError: null,
    result: null,
    successMessage: input.successMessage ?? null,
    validate: input.validate ?? noProblems,
  }),
  initial: 'editing',
  on: {
    'form.reset': { target: '.editing', actions: 'resetForm' },
  },
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showProblems' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values }),
        onDone: [
          {
            guard: {
              type: 'hasText',
              params: ({ context, event }) => ({ text: successText(context, event.output) }),
            },
            target: 'succeeded',
            actions: [
              assign({ result: ({ event }) => event.output }),
              { type: 'announceSubmitted', params: ({ event }) => ({ result: event.output }) },
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  color: 'success',
                  message: successText(context, event.output) ?? '',
                }),
              },
            ],
          },
          {
            target: 'succeeded',
            actions: [
              assign({ result: ({ event }) => event.output }),
              { type: 'announceSubmitted', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          // A 422 lands on its fields (keys already camelCase); anything else is a form-level error.
          actions: assign(({ event }) => ({
            formError: errorText(event.error),
            fieldErrors: isApiError(event.error) ? event.error.fieldErrors : {},
          })),
        },
      },
    },
    succeeded: {
      on: {
        // Editing again after a save starts a new round.
        'field.change': { target: 'editing', actions: 'changeField' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showProblems' },
        ],
      },
    },
  },
});
