import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { formMachine, type FormEmitted, type FormInput } from '@/machines/form-machine';
import { ApiError } from '@/services/http';
import { t } from '@/shared/messages';
import { collect, isBlank } from '@/shared/validation';
import { describePath, modelOf, type ModelPath } from './model-paths';

type FormEvent = EventFromLogic<typeof formMachine>;
type Snapshot = SnapshotFrom<typeof formMachine>;

const input: FormInput = {
  initialValues: { schoolName: '' },
  validate: (values) => collect({ schoolName: isBlank(values.schoolName) ? t('validation.required') : null }),
};

const schoolNameTaken = new ApiError({
  status: 422,
  message: 'The school name is invalid.',
  fieldErrors: { schoolName: ['The school name is invalid.'] },
});
const serverFault = new ApiError({ status: 500, message: t('messages.general') });

const events = [
  { type: 'field.change', name: 'schoolName', value: 'Alliance Girls High School' },
  { type: 'field.change', name: 'schoolName', value: '' },
  { type: 'form.submit' },
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

function startForm(extra: Partial<FormInput> = {}) {
  const submitted: unknown[] = [];
  const machine = formMachine.provide({
    actors: {
      submit: fromPromise<unknown, { values: Record<string, unknown> }>(async ({ input: { values } }) => {
        submitted.push(values);
        return new Promise(() => {});
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input, ...extra } });
  const emitted: FormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, submitted };
}

function expectOutcome(before: Snapshot, after: Snapshot, event: FormEvent, emitted: FormEmitted[]) {
  const out = event as unknown as { value: unknown; output?: unknown; error?: ApiError };
  switch (event.type as string) {
    case 'field.change':
      expect(after.context.values.schoolName).toBe(out.value);
      expect(after.context.fieldErrors.schoolName).toBeUndefined();
      break;
    case 'form.submit':
      if (isBlank(before.context.values.schoolName)) {
        expect(after.matches('submitting')).toBe(false);
        expect(after.context.fieldErrors).toEqual({ schoolName: [t('validation.required')] });
      } else {
        expect(after.matches('submitting')).toBe(true);
        expect(after.context.fieldErrors).toEqual({});
      }
      break;
    case 'form.reset':
      expect(after.matches('editing')).toBe(true);
      expect(after.context).toMatchObject({
        values: input.initialValues,
        fieldErrors: {},
        formError: null,
        result: null,
      });
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
      break;
  }
}

function replay(path: ModelPath<typeof formMachine>, exact: boolean) {
  const form = startForm();
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const before = form.actor.getSnapshot();
    const from = form.emitted.length;
    form.actor.send(step.event);
    const after = form.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    if (exact) expect(after.context).toEqual(step.state.context);
    expectOutcome(before, after, step.event, form.emitted.slice(from));
  }
  return form;
}

describe('form machine (model-based)', () => {
  it('walks every edge of the adjacency map with shortest and simple paths', () => {
    expect(model.expectEveryEdgeWalked()).toBeGreaterThan(10);
  });

  describe.each(model.shortest.map((path) => [describePath(path), path] as const))(
    'shortest path %s',
    (_, path) => {
      it('reaches the modelled state with what the user should see', () => {
        replay(path, true).actor.stop();
      });
    },
  );

  describe.each(model.simple.map((path) => [describePath(path), path] as const))(
    'simple path %s',
    (_, path) => {
      it('reaches the modelled state with what the user should see', () => {
        replay(path, false).actor.stop();
      });
    },
  );

  it('hands the current values to the submit actor', () => {
    const form = startForm();
    form.actor.send({ type: 'field.change', name: 'schoolName', value: 'Starehe Boys Centre' });
    form.actor.send({ type: 'form.submit' });
    expect(form.submitted).toEqual([{ schoolName: 'Starehe Boys Centre' }]);
  });

  it('announces its own success message over the server one', () => {
    const form = startForm({ successMessage: 'Child created' });
    form.actor.send({ type: 'field.change', name: 'schoolName', value: 'Moi Forces Academy' });
    form.actor.send({ type: 'form.submit' });
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
    actor.send({ type: 'field.change', name: 'schoolName', value: 'Kenya High' });
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context).toMatchObject({
      formError: 'The school name is invalid.',
      fieldErrors: { schoolName: ['The school name is invalid.'] },
    });
  });
});
