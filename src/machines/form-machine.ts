// The one submitter for every form that is not an auth form (docs/forms.md): profile completion,
// profile settings, the wallet PIN, questions, classes, the newsletter. The fields and their client
// checks live in @mantine/form (src/views/use-form.ts); this machine owns the round trip: it hears
// `form.submit` with values that already passed the shared validators, calls the service, and keeps
// what the server said (a 422 per field, a form-level message) and the answer.
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { isApiError } from '@/services/http';
import { errorText } from '@/services/envelope';
import type { User } from '@/services/schemas/user';
import type { FieldErrors } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

export type FormValues = Record<string, unknown>;

export type FormInput = {
  /** Shown (as a success notice) after a successful submit; else the server's `message`, if any. */
  successMessage?: string;
};

export type FormContext = {
  /** The values of the last submit (already checked by the view's validators). */
  values: FormValues | null;
  /** The server's verdict per field (a 422), pushed into the view's field errors. */
  fieldErrors: FieldErrors;
  formError: string | null;
  result: unknown;
  successMessage: string | null;
};

export type FormEvent =
  | { type: 'form.submit'; values: FormValues }
  /** A field changed after a save: the next submit is a new round. */
  | { type: 'field.change' }
  | { type: 'form.reset' };

export type FormEmitted =
  | { type: 'submitted'; result: unknown }
  | { type: 'notify'; color: NotifyColor; message: string }
  | { type: 'userUpdated'; user: User }
  | { type: 'navigate'; to: string; replace: boolean };

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
    startRound: assign(({ event }) => ({
      values: event.type === 'form.submit' ? event.values : null,
      fieldErrors: {},
      formError: null,
    })),
    resetForm: assign({ values: null, fieldErrors: {}, formError: null, result: null }),
    keepResult: assign({ result: (_, params: { result: unknown }) => params.result }),
    announceSubmitted: emit((_, params: { result: unknown }) => ({
      type: 'submitted' as const,
      result: params.result,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    // A screen effect (src/machines/screen-effects.ts): the session shows the saved user at once.
    userUpdated: emit((_, params: { user: User }) => ({ type: 'userUpdated' as const, user: params.user })),
    // A screen effect: where the app goes once the form is saved.
    navigate: emit((_, params: { to: string; replace?: boolean }) => ({
      type: 'navigate' as const,
      to: params.to,
      replace: params.replace ?? false,
    })),
  },
  guards: {
    hasText: (_, params: { text: string | null }) => !!params.text,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    values: null,
    fieldErrors: {},
    formError: null,
    result: null,
    successMessage: input.successMessage ?? null,
  }),
  initial: 'editing',
  on: {
    'form.reset': { target: '.editing', actions: 'resetForm' },
  },
  states: {
    // The view checks the values before it sends `form.submit`, so every submit starts a round.
    editing: {
      on: {
        'form.submit': { target: 'submitting', actions: 'startRound' },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values ?? {} }),
        onDone: [
          {
            guard: {
              type: 'hasText',
              params: ({ context, event }) => ({ text: successText(context, event.output) }),
            },
            target: 'succeeded',
            actions: [
              { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
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
              { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
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
        // Editing again after a save starts a new round; sending again (e.g. a second vote) too.
        'field.change': 'editing',
        'form.submit': { target: 'submitting', actions: 'startRound' },
      },
    },
  },
});

/** A form's round trip with its service bound: what `useForm` (src/views/use-form.ts) spawns. */
export type FormLogic<V extends FormValues = FormValues, R = unknown> = typeof formMachine & {
  readonly __values?: V;
  readonly __result?: R;
};

/**
 * Binds a form to its service call (in src/machines/screens). `userOf` names the user in the answer
 * of a form that changes the signed-in user (a profile form): the session gets it on success.
 * `navigateTo` names where the app goes once the form is saved (a new class opens its page).
 */
export function formSubmitter<V extends FormValues, R>(
  submit: (values: V) => Promise<R>,
  options: { userOf?: (result: R) => User | null | undefined; navigateTo?: (result: R) => string } = {},
): FormLogic<V, R> {
  const { userOf, navigateTo } = options;
  // The named actions, so the app's `userUpdated` and `navigate` effects do them for a screen.
  type Enqueued = Parameters<Parameters<typeof enqueueActions>[0]>[0]['enqueue'];
  const named = (enqueue: Enqueued, type: string, params: object) =>
    enqueue({ type, params } as unknown as Parameters<Enqueued>[0]);
  return formMachine.provide({
    actors: {
      submit: fromPromise<unknown, { values: FormValues }>(({ input }) => submit(input.values as V)),
    },
    ...((userOf || navigateTo) && {
      actions: {
        announceSubmitted: enqueueActions(({ enqueue }, params: { result: unknown }) => {
          enqueue.emit({ type: 'submitted', result: params.result });
          const user = userOf?.(params.result as R);
          if (user) named(enqueue as unknown as Enqueued, 'userUpdated', { user });
          if (navigateTo)
            named(enqueue as unknown as Enqueued, 'navigate', { to: navigateTo(params.result as R) });
        }),
      },
    }),
  });
}
