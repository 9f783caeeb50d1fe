import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { formMachine, type FormEmitted, type FormInput } from '@/machines/form-machine';
import { ApiError } from '@/services/http';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests, replaySteps } from './model-paths';

type FormEvent = EventFromLogic<typeof formMachine>;
type Snapshot = SnapshotFrom<typeof formMachine>;

const input: FormInput = {};

const schoolNameTaken = new ApiError({
  status: 422,
  message: 'The school name is invalid.',
  fieldErrors: { schoolName: ['The school name is invalid.'] },
});
const serverFault = new ApiError({ status: 500, message: t('messages.general') });

// The view checks the fields (@mantine/form with the shared validators) before `form.submit`, so
// the machine only ever hears values that passed; two different ones tell rounds apart.
const events = [
  { type: 'form.submit', values: { schoolName: 'Alliance Girls High School' } },
  { type: 'form.submit', values: { schoolName: 'Starehe Boys Centre' } },
  { type: 'field.change' },
  { type: 'form.reset' },
  { type: 'xstate.done.actor.submit', output: { message: t('profile.updated') } },
  { type: 'xstate.done.actor.submit', output: null },
  { type: 'xstate.error.actor.submit', error: schoolNameTaken },
  { type: 'xstate.error.actor.submit', error: serverFault },
] as unknown as FormEvent[];

const model = modelOf(formMachine, {
  events,
  input,
  visibleContext: (s) => ({
    values: s.context.values,
    fieldErrors: s.context.fieldErrors,
    formError: s.context.formError,
    result: s.context.result,
  }),
  simpleContext: (s) => Object.keys(s.context.fieldErrors).length > 0,
});

// Every transition written in the machine: the old `succeeded --form.submit` branch that showed
// client problems could never be taken (a saved form's values had passed already); the checks now
// live in the view, so there is nothing to allow-list.
const coverage = coverageOf(formMachine);

function startForm(machine: AnyStateMachine = formMachine, extra: Partial<FormInput> = {}) {
  const submitted: unknown[] = [];
  const provided = (machine as typeof formMachine).provide({
    actors: {
      submit: fromPromise<unknown, { values: Record<string, unknown> }>(async ({ input: { values } }) => {
        submitted.push(values);
        return new Promise(() => {});
      }),
    },
  });
  const actor = createActor(provided, { input: { ...input, ...extra }, inspect: coverage.inspect });
  const emitted: FormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, submitted };
}

function expectOutcome(
  before: Snapshot,
  after: Snapshot,
  event: FormEvent,
  emitted: FormEmitted[],
  submitted: unknown[],
) {
  const out = event as unknown as { values?: unknown; output?: unknown; error?: ApiError };
  switch (event.type as string) {
    case 'field.change':
      // Only a saved form hears a change: the page shows the form as open again.
      expect(before.matches('succeeded')).toBe(true);
      expect(after.matches('editing')).toBe(true);
      expect(after.context.result).toEqual(before.context.result);
      break;
    case 'form.submit':
      expect(after.matches('submitting')).toBe(true);
      expect(after.context).toMatchObject({ values: out.values, fieldErrors: {}, formError: null });
      // The service hears exactly the values the view checked.
      expect(submitted.at(-1)).toEqual(out.values);
      break;
    case 'form.reset':
      expect(after.matches('editing')).toBe(true);
      expect(after.context).toMatchObject({ values: null, fieldErrors: {}, formError: null, result: null });
      break;
    case 'xstate.done.actor.submit': {
      expect(after.matches('succeeded')).toBe(true);
      expect(after.context.result).toEqual(out.output);
      const notices = out.output ? [{ type: 'notify', color: 'success', message: t('profile.updated') }] : [];
      expect(emitted).toEqual([{ type: 'submitted', result: out.output }, ...notices]);
      break;
    }
    case 'xstate.error.actor.submit':
      expect(after.matches('editing')).toBe(true);
      expect(after.context.formError).toBe(out.error?.message);
      expect(after.context.fieldErrors).toEqual(out.error?.fieldErrors);
      expect(emitted).toEqual([]);
      break;
    default:
      throw new Error(`Unexpected event ${event.type}`);
  }
}

function replay(path: ModelPath<typeof formMachine>, exact: boolean, machine: AnyStateMachine = formMachine) {
  const form = startForm(machine);
  try {
    replaySteps(form.actor, form.emitted, path, exact, (before, after, event, emitted) =>
      expectOutcome(before, after, event, emitted, form.submitted),
    );
  } finally {
    form.actor.stop();
  }
}

/** The shortest paths also check the whole context the model reached. */
const exact = new Set(model.shortest);

describe('form machine (model-based)', () => {
  pathTests(coverage, model, 'reaches the modelled state with what the user should see', (path, kind) =>
    replay(path, kind === 'shortest'),
  );

  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, exact.has(path), mutant),
  });

  it('announces its own success message over the server one', () => {
    const form = startForm(formMachine, { successMessage: 'Child created' });
    form.actor.send({ type: 'form.submit', values: { schoolName: 'Moi Forces Academy' } });
    form.actor.send({
      type: 'xstate.done.actor.submit',
      output: { message: t('profile.updated') },
    } as unknown as FormEvent);
    expect(form.emitted).toContainEqual({ type: 'notify', color: 'success', message: 'Child created' });
  });

  it('runs a real submit actor end to end', async () => {
    const machine = formMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () =>
          Promise.reject(schoolNameTaken),
        ),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'form.submit', values: { schoolName: 'Kenya High' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      formError: 'The school name is invalid.',
      fieldErrors: { schoolName: ['The school name is invalid.'] },
    });
  });
});
