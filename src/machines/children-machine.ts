// A parent's children on /profile-setting (docs/learning-workspace.md): the list, one add/edit form
// at a time (its values and errors live here), and removal behind a confirmation. A removal the
// server refuses (409: the child has upcoming lessons) keeps the dialog open with its message.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { deleteChild, fetchChildrenProfile, saveChild, type ChildAnswer } from '@/services/children-service';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import { fetchParentProfileOptions, type ChildValues as ChildBody } from '@/services/profile-service';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { EMPTY_CHILD, type ChildValues } from '@/shared/profile-validation';
import type { FieldErrors } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

/** A child's own fields: their name, and the same fields as a student's profile. */
export type ChildFormValues = ChildValues;
export { EMPTY_CHILD };

export type ChildrenInput = {
  /** The shared rules (src/shared/validation.ts) composed for a child; none by default. */
  validate?: (values: ChildFormValues) => FieldErrors;
};

export type ChildrenContext = {
  children: Student[];
  options: ProfileOptions | null;
  loadError: string | null;
  /** The child being edited; null while adding. */
  editingId: number | null;
  values: ChildFormValues;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** The child the confirmation asks about. */
  removing: Student | null;
  removeError: string | null;
  validate: (values: ChildFormValues) => FieldErrors;
};

export type ChildrenEvent =
  | { type: 'children.retry' }
  | { type: 'child.add' }
  | { type: 'child.edit'; child: Student }
  | { type: 'field.change'; name: keyof ChildFormValues; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'child.remove'; child: Student }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

export type ChildrenEmitted = { type: 'notify'; color: NotifyColor; message: string };

export type ChildrenPage = { children: Student[]; options: ProfileOptions };

export function childName(child: Student | null): string {
  return [child?.user?.firstName, child?.user?.lastName].filter(Boolean).join(' ') || 'Child';
}

function valuesOf(child: Student): ChildFormValues {
  return {
    firstName: child.user?.firstName ?? '',
    lastName: child.user?.lastName ?? '',
    schoolName: child.schoolName ?? '',
    studyMode: child.studyMode ?? '',
    curriculumId: child.curriculumId,
    eduLevelId: child.eduLevelId,
    gradeLevelId: child.gradeLevelId,
    dob: child.user?.dob ?? '',
    gender: child.user?.gender ?? '',
  };
}

const hasProblems = (errors: FieldErrors) => Object.values(errors).some((list) => list.length > 0);

export const childrenMachine = setup({
  types: {
    context: {} as ChildrenContext,
    events: {} as ChildrenEvent,
    input: {} as ChildrenInput,
    emitted: {} as ChildrenEmitted,
  },
  actors: {
    loadChildren: fromPromise<ChildrenPage>(async () => {
      const [children, options] = await Promise.all([fetchChildrenProfile(), fetchParentProfileOptions()]);
      return { children, options };
    }),
    saveChild: fromPromise<ChildAnswer, { id: number | null; values: ChildFormValues }>(({ input }) =>
      saveChild(input.id, input.values as ChildBody),
    ),
    removeChild: fromPromise<{ message: string }, { id: number }>(({ input }) => deleteChild(input.id)),
  },
  actions: {
    storePage: assign((_, params: ChildrenPage) => ({
      children: params.children,
      options: params.options,
      loadError: null,
    })),
    storeLoadError: assign({ loadError: () => t('messages.loadError', { name: 'children' }) }),
    openBlankForm: assign({ editingId: null, values: EMPTY_CHILD, fieldErrors: {}, formError: null }),
    openFormFor: assign((_, params: { child: Student }) => ({
      editingId: params.child.id,
      values: valuesOf(params.child),
      fieldErrors: {},
      formError: null,
    })),
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
    clearFormErrors: assign({ fieldErrors: {}, formError: null }),
    storeSaved: assign(({ context }, params: { child: Student }) => {
      const known = context.children.some((child) => child.id === params.child.id);
      return {
        children: known
          ? context.children.map((child) => (child.id === params.child.id ? params.child : child))
          : [...context.children, params.child],
        editingId: null,
        values: EMPTY_CHILD,
      };
    }),
    // A 422 lands on its fields (keys already camelCase); anything else is a form-level error.
    storeSaveError: assign((_, params: { error: unknown }) => ({
      formError: errorText(params.error),
      fieldErrors: isApiError(params.error) ? params.error.fieldErrors : {},
    })),
    askToRemove: assign((_, params: { child: Student }) => ({ removing: params.child, removeError: null })),
    forgetRemoval: assign({ removing: null, removeError: null }),
    dropRemoved: assign(({ context }) => ({
      children: context.children.filter((child) => child.id !== context.removing?.id),
      removing: null,
      removeError: null,
    })),
    storeRemoveError: assign((_, params: { error: unknown }) => ({
      removeError: isApiError(params.error)
        ? errorText(params.error)
        : t('messages.deleteFailed', { name: 'the child' }),
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    isValid: ({ context }) => !hasProblems(context.validate(context.values)),
    // A stale button (a child already removed) does nothing.
    isListed: ({ context }, params: { child: Student }) =>
      context.children.some((child) => child.id === params.child.id),
  },
}).createMachine({
  id: 'children',
  context: ({ input }) => ({
    children: [],
    options: null,
    loadError: null,
    editingId: null,
    values: EMPTY_CHILD,
    fieldErrors: {},
    formError: null,
    removing: null,
    removeError: null,
    validate: input.validate ?? (() => ({})),
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadChildren',
        src: 'loadChildren',
        onDone: { target: 'list', actions: { type: 'storePage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      on: { 'children.retry': 'loading' },
    },
    list: {
      on: {
        'child.add': { target: 'form', actions: 'openBlankForm' },
        'child.edit': {
          guard: { type: 'isListed', params: ({ event }) => ({ child: event.child }) },
          target: 'form',
          actions: { type: 'openFormFor', params: ({ event }) => ({ child: event.child }) },
        },
        'child.remove': {
          guard: { type: 'isListed', params: ({ event }) => ({ child: event.child }) },
          target: 'remove',
          actions: { type: 'askToRemove', params: ({ event }) => ({ child: event.child }) },
        },
      },
    },
    form: {
      initial: 'editing',
      on: { 'form.cancel': { target: 'list', actions: 'clearFormErrors' } },
      states: {
        editing: {
          on: {
            'field.change': { actions: 'changeField' },
            'form.submit': [
              { guard: 'isValid', target: 'saving', actions: 'clearFormErrors' },
              { actions: 'showProblems' },
            ],
          },
        },
        saving: {
          tags: 'busy',
          // Nothing else may start while the call runs: the form stays as sent.
          on: { 'form.cancel': {} },
          invoke: {
            id: 'saveChild',
            src: 'saveChild',
            input: ({ context }) => ({ id: context.editingId, values: context.values }),
            onDone: {
              target: '#children.list',
              actions: [
                { type: 'storeSaved', params: ({ event }) => ({ child: event.output.child }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
                },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    remove: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: '#children.list', actions: 'forgetRemoval' },
          },
        },
        removing: {
          tags: 'busy',
          invoke: {
            id: 'removeChild',
            src: 'removeChild',
            input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
            onDone: {
              target: '#children.list',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
                },
                'dropRemoved',
              ],
            },
            onError: {
              target: 'refused',
              actions: { type: 'storeRemoveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The server's reason stays in the dialog (e.g. upcoming lessons); only closing is left.
        refused: {
          on: {
            'remove.cancel': { target: '#children.list', actions: 'forgetRemoval' },
          },
        },
      },
    },
  },
});

export type ChildrenSnapshot = SnapshotFrom<typeof childrenMachine>;

/** What the Children section shows. */
export function selectChildren(snapshot: ChildrenSnapshot) {
  const { context } = snapshot;
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? context.loadError : null,
    children: context.children,
    options: context.options,
    formOpen: snapshot.matches('form'),
    editingId: context.editingId,
    saving: snapshot.matches({ form: 'saving' }),
    removeOpen: snapshot.matches('remove'),
    removing: snapshot.matches({ remove: 'removing' }),
    removeRefused: snapshot.matches({ remove: 'refused' }),
    removeChild: context.removing,
    removeError: context.removeError,
  };
}
