// Model-based test of a parent's children on /profile-setting: every transition of the machine is
// walked on a real actor (the calls are fakes settled by done/error events), and each step checks
// what the parent sees: the list, the form and its errors, the removal dialog and the toasts.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import {
  childrenMachine,
  EMPTY_CHILD,
  selectChildren,
  type ChildrenEmitted,
  type ChildrenPage,
  type ChildFormValues,
} from '@/machines/children-machine';
import type { ChildAnswer } from '@/services/children-service';
import { ApiError } from '@/services/http';
import { decodeStudent, type Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { collect, isBlank } from '@/shared/validation';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type ChildrenEvent = EventFromLogic<typeof childrenMachine>;
type Snapshot = SnapshotFrom<typeof childrenMachine>;

const student = (id: number, first: string) =>
  decodeStudent({
    id,
    school_name: 'Riara Springs',
    user: { id: id * 10, first_name: first, last_name: 'Otieno', dob: '2016-05-10' },
  });
const achieng = student(1, 'Achieng');
const baraka = student(2, 'Baraka');
const akinyi = student(1, 'Akinyi'); // Achieng, edited
const imani = student(3, 'Imani'); // a new child
const page: ChildrenPage = {
  children: [achieng, baraka],
  options: { curricula: [], studyModes: ['boarding'], genders: ['female'] },
};

const validate = (values: ChildFormValues) =>
  collect({ firstName: isBlank(values.firstName) ? t('validation.required') : null });

const dobRefused = new ApiError({
  status: 422,
  message: t('validation.dob'),
  fieldErrors: { dob: [t('validation.dob')] },
});
const serverFault = new ApiError({ status: 500, message: t('messages.general') });
const upcoming = new ApiError({
  status: 409,
  message: t('children.hasUpcomingLessons', { name: 'Achieng' }),
});
const crashed = new Error('socket hang up');

const loaded = { type: 'xstate.done.actor.loadChildren', output: page };
const loadFailed = { type: 'xstate.error.actor.loadChildren', error: serverFault };
const added = {
  type: 'xstate.done.actor.saveChild',
  output: { message: 'Child created', child: imani } satisfies ChildAnswer,
};
const edited = {
  type: 'xstate.done.actor.saveChild',
  output: { message: 'Child updated', child: akinyi } satisfies ChildAnswer,
};
const saveRefused = { type: 'xstate.error.actor.saveChild', error: dobRefused };
const saveFailed = { type: 'xstate.error.actor.saveChild', error: serverFault };
const removed = { type: 'xstate.done.actor.removeChild', output: { message: 'Child deleted' } };
const removeRefused = { type: 'xstate.error.actor.removeChild', error: upcoming };
const removeCrashed = { type: 'xstate.error.actor.removeChild', error: crashed };

const events = [
  loaded,
  loadFailed,
  { type: 'children.retry' },
  { type: 'child.add' },
  { type: 'child.edit', child: achieng },
  { type: 'field.change', name: 'firstName', value: '' },
  { type: 'field.change', name: 'firstName', value: 'Imani' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  added,
  edited,
  saveRefused,
  saveFailed,
  { type: 'child.remove', child: achieng },
  { type: 'child.remove', child: baraka },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  removed,
  removeRefused,
  removeCrashed,
] as unknown as ChildrenEvent[];

const never = <T>() => new Promise<T>(() => {});
/** The machine with calls that never settle: the paths settle them with done/error events. */
function pending(machine: typeof childrenMachine) {
  return machine.provide({
    actors: {
      loadChildren: fromPromise<ChildrenPage>(() => never()),
      saveChild: fromPromise<ChildAnswer, { id: number | null; values: ChildFormValues }>(() => never()),
      removeChild: fromPromise<{ message: string }, { id: number }>(() => never()),
    },
  });
}
const logic = pending(childrenMachine);

const names = (children: Student[]) => children.map((child) => child.user?.firstName);

const model = modelOf(logic, {
  events,
  // Simple paths over the state values only, with one of each kind of event: enough to chain every
  // state into every other without enumerating each child and each error again.
  simpleEvents: events.filter(
    (event) =>
      ![saveFailed, removeCrashed, edited].includes(event as never) &&
      !(event.type === 'child.remove' && event.child === baraka) &&
      !(event.type === 'field.change' && event.value === ''),
  ),
  input: { validate },
  visibleContext: (s) => ({
    children: s.context.children.length,
    adding: s.context.editingId === null,
    named: !isBlank(s.context.values.firstName),
    fieldErrors: Object.keys(s.context.fieldErrors).length > 0,
    formError: s.context.formError !== null,
    removing: s.context.removing?.id ?? null,
  }),
});

const coverage = coverageOf(childrenMachine);

/** What each event must do to what the parent sees, given what was on screen before. */
function expectOutcome(before: Snapshot, after: Snapshot, event: ChildrenEvent, emitted: ChildrenEmitted[]) {
  const seen = selectChildren(after);
  const was = selectChildren(before);
  const notices = emitted.map((e) => e.message);
  switch (event as unknown) {
    case loaded:
      expect(names(seen.children)).toEqual(['Achieng', 'Baraka']);
      expect(seen.options?.studyModes).toEqual(['boarding']);
      return expect(after.value).toBe('list');
    case loadFailed:
      return expect(seen.loadError).toBe(t('messages.loadError', { name: 'children' }));
    case added:
    case edited: {
      const saved = event === added ? imani : akinyi;
      const known = was.children.some((child) => child.id === saved.id);
      expect(after.value).toBe('list');
      expect(seen.children).toHaveLength(was.children.length + (known ? 0 : 1));
      expect(seen.children.find((child) => child.id === saved.id)).toBe(saved);
      expect(seen.formOpen).toBe(false);
      return expect(emitted).toEqual([
        { type: 'notify', color: 'success', message: event === added ? 'Child created' : 'Child updated' },
      ]);
    }
    case saveRefused:
      expect(after.matches({ form: 'editing' })).toBe(true);
      expect(after.context.fieldErrors).toEqual({ dob: [t('validation.dob')] });
      return expect(after.context.formError).toBe(t('validation.dob'));
    case saveFailed:
      expect(after.matches({ form: 'editing' })).toBe(true);
      expect(after.context.fieldErrors).toEqual({});
      return expect(after.context.formError).toBe(t('messages.general'));
    case removed:
      expect(after.value).toBe('list');
      expect(seen.children.map((child) => child.id)).not.toContain(was.removeChild?.id);
      expect(seen.children).toHaveLength(was.children.length - 1);
      expect(seen.removeOpen).toBe(false);
      return expect(notices).toEqual(['Child deleted']);
    case removeRefused:
      expect(seen.removeRefused).toBe(true);
      expect(seen.removeOpen).toBe(true);
      expect(seen.removeError).toBe(t('children.hasUpcomingLessons', { name: 'Achieng' }));
      return expect(seen.children).toBe(was.children);
    case removeCrashed:
      expect(seen.removeRefused).toBe(true);
      return expect(seen.removeError).toBe(t('messages.deleteFailed', { name: 'the child' }));
  }
  const plain = event as Exclude<ChildrenEvent, { type: `xstate.${string}` }>;
  switch (plain.type) {
    case 'children.retry':
      return expect(seen.loading).toBe(true);
    case 'child.add':
      expect(seen.formOpen).toBe(true);
      expect(seen.editingId).toBeNull();
      return expect(after.context.values).toEqual(EMPTY_CHILD);
    case 'child.edit':
      expect(was.children.map((child) => child.id)).toContain(plain.child.id);
      expect(seen.editingId).toBe(plain.child.id);
      return expect(after.context.values).toMatchObject({
        firstName: plain.child.user?.firstName,
        dob: '2016-05-10',
        schoolName: 'Riara Springs',
      });
    case 'field.change':
      expect(after.context.values.firstName).toBe(plain.value);
      return expect(after.context.fieldErrors.firstName).toBeUndefined();
    case 'form.submit':
      if (isBlank(before.context.values.firstName)) {
        expect(seen.saving).toBe(false);
        return expect(after.context.fieldErrors).toEqual({ firstName: [t('validation.required')] });
      }
      expect(seen.saving).toBe(true);
      return expect(after.context.formError).toBeNull();
    case 'form.cancel':
      expect(seen.formOpen).toBe(false);
      return expect(seen.children).toBe(was.children);
    case 'child.remove':
      expect(was.children.map((child) => child.id)).toContain(plain.child.id);
      expect(seen.removeOpen).toBe(true);
      return expect(seen.removeChild?.id).toBe(plain.child.id);
    case 'remove.confirm':
      return expect(seen.removing).toBe(true);
    case 'remove.cancel':
      expect(seen.removeOpen).toBe(false);
      expect(seen.removeChild).toBeNull();
      return expect(seen.children).toBe(was.children);
  }
}

function replay(path: ModelPath<typeof logic>, machine = childrenMachine) {
  const actor = createActor(pending(machine), { input: { validate }, inspect: coverage.inspect });
  const emitted: ChildrenEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const before = actor.getSnapshot();
    const count = emitted.length;
    actor.send(step.event);
    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expectOutcome(before, after, step.event, emitted.slice(count));
    const isSettled = [added, edited, removed].includes(step.event as never);
    if (!isSettled) expect(emitted.slice(count)).toEqual([]);
    // Cancel while saving does nothing: the form stays open as sent until the call answers. (The
    // model's paths only send events the machine acts on, so this refusal is checked here.)
    if (after.matches({ form: 'saving' })) {
      actor.send({ type: 'form.cancel' });
      expect(actor.getSnapshot()).toBe(after);
    }
  }
  actor.stop();
}

describe('children machine (model-based)', () => {
  pathTests(coverage, model, 'shows the list, the form and the notices the path leads to', (path) =>
    replay(path),
  );

  it('sends the form values and the edited child’s id to the save call', async () => {
    const calls: Array<{ id: number | null; values: ChildFormValues }> = [];
    const machine = childrenMachine.provide({
      actors: {
        loadChildren: fromPromise<ChildrenPage>(async () => page),
        saveChild: fromPromise<ChildAnswer, { id: number | null; values: ChildFormValues }>(
          async ({ input }) => {
            calls.push(input);
            return { message: 'Child updated', child: akinyi };
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { validate } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'child.edit', child: achieng });
    actor.send({ type: 'field.change', name: 'firstName', value: 'Akinyi' });
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([
      {
        id: 1,
        values: expect.objectContaining({ firstName: 'Akinyi', lastName: 'Otieno', dob: '2016-05-10' }),
      },
    ]);
    expect(names(actor.getSnapshot().context.children)).toEqual(['Akinyi', 'Baraka']);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof childrenMachine),
  });
});
