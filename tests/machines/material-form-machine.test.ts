// Model-based test of the note/assignment form with files: every transition walked on a real actor
// (the upload is a fake settled by done/error events). An independent model of the rules (title,
// due date after today, 1–5 files in all, each file's type and size) says what the dialog shows.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  materialFormMachine,
  selectMaterialForm,
  type MaterialFormEmitted,
} from '@/machines/material-form-machine';
import { ApiError } from '@/services/http';
import { decodeAssignment, decodeNote } from '@/services/schemas/teaching-materials';
import type { MaterialAnswer, MaterialDraft } from '@/services/teacher-lesson-page-service';
import { t } from '@/shared/messages';
import {
  coverageOf,
  modelOf,
  mutationTests,
  namedFile as named,
  pathTests,
  replayScreens,
  type ModelPath,
} from './model-paths';

type FormEvent = EventFromLogic<typeof materialFormMachine>;

const pdf = named(new File([new Uint8Array(10)], 'notes.pdf', { type: 'application/pdf' }));
const exe = named(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
const huge = named(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }));

const assignment = decodeAssignment({
  id: 2,
  title: 'Practice set 1',
  desc: 'Questions 1 to 10.',
  due_date: '2099-12-03',
  files: [1, 2, 3, 4].map((id) => ({ id, name: `p${id}.pdf`, size: 10, url: `/api/files/${id}` })),
});
const note = decodeNote({ id: 9, title: 'Summary', desc: '', files: [] });
const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
const today = dayjs().format('YYYY-MM-DD');

const TYPES = t('validation.fileTypes', { types: 'PDF, JPG, PNG, WebP, GIF, Word, Excel, PowerPoint, TXT' });
const saved = {
  type: 'xstate.done.actor.saveMaterial',
  output: { message: 'Note created', item: note },
} as unknown as FormEvent;
const refused = {
  type: 'xstate.error.actor.saveMaterial',
  error: new ApiError({ status: 422, message: TYPES, fieldErrors: { 'files.0': [TYPES] } }),
} as unknown as FormEvent;
const lost = {
  type: 'xstate.error.actor.saveMaterial',
  error: new TypeError('Failed to fetch'),
} as unknown as FormEvent;

const events: FormEvent[] = [
  { type: 'material.open', kind: 'note' },
  { type: 'material.open', kind: 'assignment', item: assignment },
  { type: 'field.change', name: 'title', value: 'Homework' },
  { type: 'field.change', name: 'dueDate', value: tomorrow },
  { type: 'files.choose', files: [pdf] },
  { type: 'files.choose', files: [exe, huge, pdf] },
  { type: 'files.remove', index: 0 },
  { type: 'material.submit' },
  { type: 'material.close' },
  saved,
  refused,
  lost,
];

// The upload never settles by itself: the replays settle it with done/error events.
const pending = {
  actors: { saveMaterial: fromPromise<MaterialAnswer, MaterialDraft>(() => new Promise<never>(() => {})) },
};
const logic = materialFormMachine.provide(pending);
const input = { lessonId: 502 };
const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => ({
    kind: s.context.kind,
    item: s.context.itemId,
    values: s.context.values,
    files: s.context.files.map((f) => f.name),
    errors: s.context.fieldErrors,
    formError: s.context.formError,
  }),
  // The simple paths walk the round trip (open, type a title and choose a file in either order, submit,
  // each outcome). Without the title among their events, no submit got through the form's own check.
  simpleEvents: [
    { type: 'material.open', kind: 'note' },
    { type: 'field.change', name: 'title', value: 'Homework' },
    { type: 'files.choose', files: [pdf] },
    { type: 'material.submit' },
    { type: 'material.close' },
    saved,
    refused,
    lost,
  ],
  // What decides the submit (a title, a file) and whether the last one failed.
  simpleContext: (s) => [
    s.context.values.title !== '',
    s.context.files.length > 0,
    s.context.formError !== null,
  ],
});

const coverage = coverageOf(materialFormMachine);

/** What the dialog shows: the rules written out again, apart from the machine's. */
type Screen = {
  open: boolean;
  busy: boolean;
  kind: 'note' | 'assignment';
  editing: boolean;
  keptFiles: number;
  title: string;
  dueDate: string | null;
  files: string[];
  errors: Record<string, string[]>;
  formError: string | null;
};
const start: Screen = {
  open: false,
  busy: false,
  kind: 'note',
  editing: false,
  keptFiles: 0,
  title: '',
  dueDate: null,
  files: [],
  errors: {},
  formError: null,
};
const without = (errors: Record<string, string[]>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

function expectedAfter(screen: Screen, event: FormEvent): [Screen, MaterialFormEmitted[]] {
  if (event === saved)
    return [
      { ...start, kind: screen.kind },
      [
        { type: 'material.saved', kind: screen.kind, item: note },
        { type: 'notify', color: 'success', message: 'Note created' },
      ],
    ];
  if (event === refused) return [{ ...screen, busy: false, errors: { files: [TYPES] }, formError: null }, []];
  if (event === lost) return [{ ...screen, busy: false, errors: {}, formError: t('messages.general') }, []];
  switch (event.type) {
    case 'material.open': {
      const item = event.item ?? null;
      return [
        {
          ...start,
          open: true,
          kind: event.kind,
          editing: item !== null,
          keptFiles: item?.files.length ?? 0,
          title: item?.title ?? '',
          dueDate: item && 'dueDate' in item ? (item as { dueDate: string | null }).dueDate : null,
        },
        [],
      ];
    }
    case 'field.change':
      return [
        {
          ...screen,
          ...(event.name === 'title' ? { title: event.value ?? '' } : { dueDate: event.value }),
          errors: without(screen.errors, event.name),
        },
        [],
      ];
    case 'files.choose': {
      const problems: string[] = [];
      const files = [...screen.files];
      let tooMany = false;
      for (const chosen of event.files) {
        if (chosen === exe) problems.push(`setup.exe: ${TYPES}`);
        else if (chosen === huge) problems.push(`scan.png: ${t('validation.fileSize', { size: 10 })}`);
        else if (screen.keptFiles + files.length >= 5) tooMany = true;
        else files.push(chosen.name);
      }
      if (tooMany) problems.push(t('validation.fileCount', { min: 1, max: 5 }));
      const errors = without(screen.errors, 'files');
      return [{ ...screen, files, errors: problems.length ? { ...errors, files: problems } : errors }, []];
    }
    case 'files.remove':
      return [{ ...screen, files: screen.files.slice(1), errors: without(screen.errors, 'files') }, []];
    case 'material.submit': {
      const errors: Record<string, string[]> = {};
      if (screen.title.trim() === '') errors.title = [t('validation.required')];
      if (screen.kind === 'assignment' && !screen.dueDate) errors.dueDate = [t('validation.required')];
      if (screen.kind === 'assignment' && screen.dueDate && screen.dueDate <= today)
        errors.dueDate = [t('validation.dateAfterToday')];
      const total = screen.keptFiles + screen.files.length;
      if (total < 1 || total > 5) errors.files = [t('validation.fileCount', { min: 1, max: 5 })];
      if (Object.keys(errors).length > 0) return [{ ...screen, errors, formError: null }, []];
      return [{ ...screen, busy: true, errors: {}, formError: null }, []];
    }
    case 'material.close':
      return [{ ...start, kind: screen.kind }, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine: typeof materialFormMachine = materialFormMachine) {
  const actor = createActor(machine.provide(pending), { input, inspect: coverage.inspect });
  replayScreens(actor, path, {
    start,
    after: expectedAfter,
    check: (seen, screen) => {
      const view = selectMaterialForm(seen);
      expect({
        open: view.open,
        busy: view.busy,
        kind: view.kind,
        editing: view.editing,
        keptFiles: view.keptFiles,
        title: view.values.title,
        dueDate: view.values.dueDate,
        files: view.files.map((f) => f.name),
        errors: view.fieldErrors,
        formError: view.formError,
      }).toEqual(screen);
    },
  }).stop();
}

describe('material-form machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and emits what the path leads to', (path) => replay(path));
});

describe('material-form machine (behaviour)', () => {
  it('refuses a due date of today or earlier, and a blank title, before anything is sent (SPEC §5)', () => {
    const actor = createActor(logic, { input }).start();
    actor.send({ type: 'material.open', kind: 'assignment' });
    actor.send({ type: 'field.change', name: 'title', value: '  ' });
    actor.send({ type: 'field.change', name: 'dueDate', value: today });
    actor.send({ type: 'files.choose', files: [pdf] });
    actor.send({ type: 'material.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      title: [t('validation.required')],
      dueDate: [t('validation.dateAfterToday')],
    });
    actor.send({ type: 'field.change', name: 'dueDate', value: tomorrow });
    actor.send({ type: 'field.change', name: 'title', value: 'Homework' });
    actor.send({ type: 'material.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.stop();
  });

  it('sends the draft: lesson, item, values and only the new files', async () => {
    const sent: MaterialDraft[] = [];
    const machine = materialFormMachine.provide({
      actors: {
        saveMaterial: fromPromise<MaterialAnswer, MaterialDraft>(async ({ input: draft }) => {
          sent.push(draft);
          return { message: 'Assignment updated', item: assignment };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'material.open', kind: 'assignment', item: assignment });
    actor.send({ type: 'files.choose', files: [exe, pdf, pdf] });
    actor.send({ type: 'material.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      {
        kind: 'assignment',
        lessonId: 502,
        itemId: 2,
        title: 'Practice set 1',
        description: 'Questions 1 to 10.',
        dueDate: '2099-12-03',
        files: [pdf],
      },
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof materialFormMachine),
  });
});
