// A note or an assignment of the teacher's lesson page, with its files: open (new or to edit), type,
// choose files (each checked here with the API's rule and SPEC §5 words before anything is sent),
// submit as multipart, and either land the server's 422 on the fields or hand the saved item over.
// Its call is bound in src/machines/screens/teaching-screens.ts.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import type { Assignment, Note } from '@/services/schemas/learner';
import type { MaterialAnswer, MaterialDraft, MaterialKind } from '@/services/teacher-lesson-page-service';
import { t } from '@/shared/messages';
import {
  DESCRIPTION_MAX,
  MATERIAL_FILES_MAX,
  materialFileCountProblem,
  materialFileProblem,
  TITLE_MAX,
} from '@/shared/teaching';
import { isBlank, type FieldErrors } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

export type MaterialValues = { title: string; description: string; dueDate: string | null };
export type MaterialField = keyof MaterialValues;

export type MaterialFormInput = { lessonId: number };

export type MaterialFormContext = {
  lessonId: number;
  kind: MaterialKind;
  /** The note or assignment being edited; null for a new one. */
  itemId: number | null;
  /** How many files the edited item already has (they stay; the total is still at most 5). */
  keptFiles: number;
  values: MaterialValues;
  /** New files to upload. */
  files: File[];
  fieldErrors: FieldErrors;
  formError: string | null;
};

export type MaterialFormEvent =
  | { type: 'material.open'; kind: MaterialKind; item?: Note | Assignment | null }
  | { type: 'field.change'; name: MaterialField; value: string | null }
  | { type: 'files.choose'; files: File[] }
  | { type: 'files.remove'; index: number }
  | { type: 'material.submit' }
  | { type: 'material.close' };

export type MaterialFormEmitted =
  | { type: 'material.saved'; kind: MaterialKind; item: Note | Assignment }
  | { type: 'notify'; color: NotifyColor; message: string };

const BLANK: MaterialValues = { title: '', description: '', dueDate: null };

/** Today as `YYYY-MM-DD` in the browser's calendar (a due date must come after it, SPEC §5). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function collect(problems: Record<string, string | null>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(problems)) if (problem) errors[field] = [problem];
  return errors;
}

/** The checks the server repeats: title, description, due date (assignments) and 1–5 files in all. */
export function materialProblems(
  context: Pick<MaterialFormContext, 'kind' | 'values' | 'files' | 'keptFiles'>,
): FieldErrors {
  const { title, description, dueDate } = context.values;
  return collect({
    title: isBlank(title)
      ? t('validation.required')
      : title.trim().length > TITLE_MAX
        ? t('validation.maxLength', { max: TITLE_MAX })
        : null,
    description:
      description.length > DESCRIPTION_MAX ? t('validation.maxLength', { max: DESCRIPTION_MAX }) : null,
    dueDate:
      context.kind !== 'assignment'
        ? null
        : !dueDate
          ? t('validation.required')
          : dueDate <= todayIso()
            ? t('validation.dateAfterToday')
            : null,
    files: materialFileCountProblem(context.keptFiles + context.files.length),
  });
}

/** A 422's field errors: `files`, `files.0` … all land under the file control. */
function serverErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: FieldErrors = {};
  for (const [key, list] of Object.entries(error.fieldErrors)) {
    const field = key.startsWith('files') ? 'files' : key === 'desc' ? 'description' : key;
    errors[field] = [...(errors[field] ?? []), ...list];
  }
  return errors;
}

export const materialFormMachine = setup({
  types: {
    context: {} as MaterialFormContext,
    events: {} as MaterialFormEvent,
    input: {} as MaterialFormInput,
    emitted: {} as MaterialFormEmitted,
  },
  actors: {
    // Bound in src/machines/screens/teaching-screens.ts (the tests bind their own).
    saveMaterial: fromPromise<MaterialAnswer, MaterialDraft>(async () => {
      throw new Error('The material form machine runs with its call bound (src/machines/screens).');
    }),
  },
  actions: {
    open: assign((_, params: { kind: MaterialKind; item: Note | Assignment | null }) => {
      const { item } = params;
      return {
        kind: params.kind,
        itemId: item?.id ?? null,
        keptFiles: item?.files.length ?? 0,
        values: item
          ? {
              title: item.title,
              description: item.desc ?? '',
              dueDate: 'dueDate' in item ? item.dueDate : null,
            }
          : BLANK,
        files: [],
        fieldErrors: {},
        formError: null,
      };
    }),
    changeField: assign(({ context }, params: { name: MaterialField; value: string | null }) => {
      const { [params.name]: _fixed, ...otherErrors } = context.fieldErrors;
      return {
        values: {
          ...context.values,
          [params.name]: params.name === 'dueDate' ? params.value : (params.value ?? ''),
        },
        fieldErrors: otherErrors,
      };
    }),
    // Each file on its own: the acceptable ones join the list (up to the 5 allowed), every refused
    // one is named with the reason under the control.
    chooseFiles: assign(({ context }, params: { files: File[] }) => {
      const accepted: File[] = [];
      const problems: string[] = [];
      let room = MATERIAL_FILES_MAX - context.keptFiles - context.files.length;
      let tooMany = false;
      for (const file of params.files) {
        const problem = materialFileProblem(file);
        if (problem) problems.push(`${file.name}: ${problem}`);
        else if (room <= 0) tooMany = true;
        else {
          accepted.push(file);
          room -= 1;
        }
      }
      if (tooMany) problems.push(materialFileCountProblem(MATERIAL_FILES_MAX + 1) ?? '');
      const { files: _old, ...otherErrors } = context.fieldErrors;
      return {
        files: [...context.files, ...accepted],
        fieldErrors: problems.length > 0 ? { ...otherErrors, files: problems } : otherErrors,
      };
    }),
    removeFile: assign(({ context }, params: { index: number }) => {
      const { files: _old, ...otherErrors } = context.fieldErrors;
      return { files: context.files.filter((_, i) => i !== params.index), fieldErrors: otherErrors };
    }),
    showProblems: assign(({ context }) => ({ fieldErrors: materialProblems(context), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    // A 422 names its fields, which then carry the message; anything else is one line for the form.
    storeError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverErrors(params.error);
      return { fieldErrors, formError: Object.keys(fieldErrors).length > 0 ? null : errorText(params.error) };
    }),
    forget: assign({
      files: [],
      values: BLANK,
      fieldErrors: {},
      formError: null,
      itemId: null,
      keptFiles: 0,
    }),
    announce: emit((_, params: { kind: MaterialKind; item: Note | Assignment }) => ({
      type: 'material.saved' as const,
      ...params,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    isValid: ({ context }) => Object.keys(materialProblems(context)).length === 0,
  },
}).createMachine({
  id: 'materialForm',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    kind: 'note',
    itemId: null,
    keptFiles: 0,
    values: BLANK,
    files: [],
    fieldErrors: {},
    formError: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'material.open': {
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => ({ kind: event.kind, item: event.item ?? null }) },
        },
      },
    },
    editing: {
      on: {
        'field.change': {
          actions: { type: 'changeField', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
        'files.choose': { actions: { type: 'chooseFiles', params: ({ event }) => ({ files: event.files }) } },
        'files.remove': { actions: { type: 'removeFile', params: ({ event }) => ({ index: event.index }) } },
        'material.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showProblems' },
        ],
        'material.close': { target: 'idle', actions: 'forget' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'saveMaterial',
        src: 'saveMaterial',
        input: ({ context }) => ({
          kind: context.kind,
          lessonId: context.lessonId,
          itemId: context.itemId,
          title: context.values.title,
          description: context.values.description,
          dueDate: context.kind === 'assignment' ? context.values.dueDate : null,
          files: context.files,
        }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({ kind: context.kind, item: event.output.item }),
            },
            {
              type: 'notify',
              params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
            },
            'forget',
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Saved: the dialog closes; another note or assignment can be opened.
    saved: {
      on: {
        'material.open': {
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => ({ kind: event.kind, item: event.item ?? null }) },
        },
      },
    },
  },
});

export type MaterialFormSnapshot = SnapshotFrom<typeof materialFormMachine>;

export function selectMaterialForm(snapshot: MaterialFormSnapshot) {
  const { kind, itemId, keptFiles, values, files, fieldErrors, formError } = snapshot.context;
  return {
    open: snapshot.matches('editing') || snapshot.matches('submitting'),
    busy: snapshot.hasTag('busy'),
    kind,
    editing: itemId !== null,
    keptFiles,
    values,
    files,
    fieldErrors,
    formError,
  };
}
