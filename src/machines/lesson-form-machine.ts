// Creating a series of lessons or editing one (issue 10, docs/teaching-admin.md "Scheduling"). The
// machine owns the flow: load the form's options (and the lesson when editing), decide whether the
// teacher may go on, load the free times of each chosen date (the newest date wins), submit the
// values the view checked, landing a 422 on its fields, and after a save tell the teacher and go to
// My lessons (screen effects, src/machines/screen-effects.ts). The field values themselves live in
// the view's form (@mantine/form with `validateLessonForm`, starting from `firstLessonValues`); the
// machine only hears the date and which field the teacher is fixing. Its calls are bound in
// src/machines/screens/teaching-screens.ts.
import { and, assign, emit, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import type { LessonFormData, Slot, TeacherLesson } from '@/services/schemas/teaching';
import type { LessonSaved } from '@/services/teaching-service';
import { lessonsPathAfterSave } from '@/shared/teaching';
import type { LessonFormValues } from '@/shared/teaching-validation';
import type { FieldErrors } from '@/shared/validation';
import type { ScreenNavigate, ScreenNotify } from './screen-effects';

export type LessonFormInput = {
  /** The lesson being edited; null to create. */
  lessonId: number | null;
  /** When the page opened (ms; default: now): a lesson that started by then can no longer be rescheduled. */
  now?: number;
};

export type LessonFormLoaded = { formData: LessonFormData; lesson: TeacherLesson | null };

/** What the teacher may change: everything, a booked lesson's date and time, or nothing. */
export type LessonEditMode = 'full' | 'reschedule' | 'locked';

export function lessonEditMode(lesson: TeacherLesson, now: number): LessonEditMode {
  if (lesson.canEdit) return 'full';
  if (lesson.canReschedule !== null) return lesson.canReschedule ? 'reschedule' : 'locked';
  const started = lesson.startAt ? Date.parse(lesson.startAt) <= now : true;
  if (!lesson.cancelledAt && lesson.status !== 'cancelled' && lesson.bookingsCount > 0 && !started)
    return 'reschedule';
  return 'locked';
}

export type LessonFormContext = {
  lessonId: number | null;
  now: number;
  formData: LessonFormData | null;
  lesson: TeacherLesson | null;
  /** The date whose free times were asked for last. */
  date: string | null;
  slots: Slot[];
  fieldErrors: FieldErrors;
  formError: string | null;
  loadError: string | null;
};

export type LessonFormEvent =
  | { type: 'date.change'; date: string | null }
  /** The teacher changed a field: the server's complaint about it no longer applies. */
  | { type: 'field.change'; name: string }
  | { type: 'form.submit'; values: LessonFormValues }
  | { type: 'form.retry' };

/** The screen effects, as the machine emits them on its own (in its tests). */
export type LessonFormEmitted =
  ({ type: 'notify' } & ScreenNotify) | { type: 'navigate'; to: string; replace: boolean };

/**
 * The form's first values: blank to create (the first type offered), the lesson's own to edit.
 * `start` is the lesson's day and time where lessons take place.
 */
export function firstLessonValues(
  formData: LessonFormData,
  lesson: TeacherLesson | null,
  start: { date: string; time: string } | null,
): LessonFormValues {
  return {
    subjectId: lesson?.subject ? String(lesson.subject.id) : '',
    gradeLevelId: lesson?.gradeLevel ? String(lesson.gradeLevel.id) : '',
    topicId: lesson?.topic?.id ? String(lesson.topic.id) : '',
    programId: lesson?.program?.id ? String(lesson.program.id) : '',
    classId: lesson?.class ? String(lesson.class.id) : '',
    type: lesson?.type ?? formData.types[0] ?? 'public',
    objective: lesson?.objective ?? '',
    lessonsCount: 1,
    frequency: 'weekly',
    price: lesson ? Number(lesson.price) : '',
    date: start?.date ?? '',
    time: start?.time ?? '',
    capacity: lesson?.type !== 'private' && lesson?.capacity ? lesson.capacity : '',
  };
}

async function unbound(): Promise<never> {
  throw new Error('The lesson form machine runs with its calls bound (src/machines/screens).');
}

const notSubmitting = not(stateIn({ editing: { submission: 'submitting' } }));

/**
 * A date chosen (or cleared) in any slot state: the newest date's times load (re-entering cancels
 * a call still running). Not while the values are on their way: the form is disabled then.
 */
const pickDate = [
  { guard: and([notSubmitting, 'eventHasDate']), target: 'loading', reenter: true, actions: 'setDate' },
  { guard: notSubmitting, target: 'idle', reenter: true, actions: 'setDate' },
] as const;

export const lessonFormMachine = setup({
  types: {
    context: {} as LessonFormContext,
    events: {} as LessonFormEvent,
    input: {} as LessonFormInput,
    emitted: {} as LessonFormEmitted,
  },
  // The calls, bound in src/machines/screens/teaching-screens.ts (the tests bind their own).
  actors: {
    loadForm: fromPromise<LessonFormLoaded, { lessonId: number | null }>(unbound),
    loadSlots: fromPromise<Slot[], { date: string }>(unbound),
    submit: fromPromise<LessonSaved, { values: LessonFormValues; lessonId: number | null }>(unbound),
  },
  actions: {
    storeLoaded: assign((_, params: LessonFormLoaded) => ({
      formData: params.formData,
      lesson: params.lesson,
      loadError: null,
    })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorText(params.error) })),
    setDate: assign(({ context, event }) => {
      if (event.type !== 'date.change') return {};
      // A new date makes the old time (and the server's complaints about both) moot.
      const { date: _date, time: _time, ...fieldErrors } = context.fieldErrors;
      return { date: event.date || null, slots: [], fieldErrors };
    }),
    storeSlots: assign((_, params: { slots: Slot[] }) => ({ slots: params.slots })),
    dropFieldError: assign(({ context }, params: { name: string }) => {
      const { [params.name]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { fieldErrors };
    }),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    storeSubmitError: assign((_, params: { error: unknown }) => ({
      fieldErrors: isApiError(params.error) ? params.error.fieldErrors : {},
      // A 422 speaks through its fields; a summary above the form says there is something to fix.
      formError: errorText(params.error),
    })),
    // Screen effects (src/machines/screen-effects.ts); on its own the machine emits them.
    notify: emit((_, params: ScreenNotify) => ({ type: 'notify' as const, ...params })),
    navigate: emit((_, params: ScreenNavigate) => ({
      type: 'navigate' as const,
      to: params.to,
      replace: params.replace ?? false,
    })),
  },
  guards: {
    isLocked: ({ context }, params: LessonFormLoaded) =>
      params.lesson !== null && lessonEditMode(params.lesson, context.now) === 'locked',
    cannotCreate: (_, params: LessonFormLoaded) => params.lesson === null && !params.formData.canCreate,
    eventHasDate: ({ event }) => event.type === 'date.change' && !!event.date,
    noSlots: (_, params: { slots: Slot[] }) => params.slots.length === 0,
    hasFieldError: ({ context }, params: { name: string }) =>
      (context.fieldErrors[params.name]?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'lessonForm',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    now: input.now ?? Date.now(),
    formData: null,
    lesson: null,
    date: null,
    slots: [],
    fieldErrors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ lessonId: context.lessonId }),
        onDone: [
          {
            guard: { type: 'isLocked', params: ({ event }) => event.output },
            target: 'locked',
            actions: { type: 'storeLoaded', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'cannotCreate', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'storeLoaded', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'form.retry': 'loading' },
    },
    /** The teacher may not create lessons yet (profile not approved): the reason shows instead. */
    blocked: {},
    /** A cancelled or started lesson: nothing to change. */
    locked: {},
    editing: {
      type: 'parallel',
      on: {
        'field.change': {
          guard: { type: 'hasFieldError', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'dropFieldError', params: ({ event }) => ({ name: event.name }) },
        },
      },
      states: {
        slots: {
          initial: 'idle',
          states: {
            /** No date asked yet (editing starts here with the lesson's own time). */
            idle: { on: { 'date.change': pickDate } },
            loading: {
              on: { 'date.change': pickDate },
              invoke: {
                id: 'loadSlots',
                src: 'loadSlots',
                input: ({ context }) => ({ date: context.date ?? '' }),
                onDone: [
                  {
                    guard: { type: 'noSlots', params: ({ event }) => ({ slots: event.output }) },
                    target: 'unavailable',
                  },
                  {
                    target: 'ready',
                    actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) },
                  },
                ],
                // SPEC §8: the same apology for a failed call as for a day without a free time.
                onError: 'unavailable',
              },
            },
            ready: { on: { 'date.change': pickDate } },
            unavailable: { on: { 'date.change': pickDate } },
          },
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'form.submit': { target: 'submitting', actions: 'clearErrors' },
              },
            },
            submitting: {
              invoke: {
                id: 'submit',
                src: 'submit',
                input: ({ context, event }) => ({
                  values: (event as Extract<LessonFormEvent, { type: 'form.submit' }>).values,
                  lessonId: context.lessonId,
                }),
                onDone: {
                  target: 'done',
                  actions: [
                    {
                      type: 'notify',
                      params: ({ event }) => ({ color: 'success', message: event.output.message }),
                    },
                    // My lessons, on the tab that shows what was saved.
                    {
                      type: 'navigate',
                      params: ({ event }) => ({ to: lessonsPathAfterSave(event.output.lessons) }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'storeSubmitError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** Saved: the app goes on to My lessons. */
            done: {},
          },
        },
      },
    },
  },
});

export type LessonFormSnapshot = SnapshotFrom<typeof lessonFormMachine>;

export type LessonFormStage = 'loading' | 'failed' | 'blocked' | 'locked' | 'editing';
export type SlotsStage = 'idle' | 'loading' | 'ready' | 'unavailable';

export function selectStage(snapshot: LessonFormSnapshot): LessonFormStage {
  return typeof snapshot.value === 'string' ? (snapshot.value as LessonFormStage) : 'editing';
}

export function selectSlotsStage(snapshot: LessonFormSnapshot): SlotsStage {
  for (const stage of ['loading', 'ready', 'unavailable'] as const) {
    if (snapshot.matches({ editing: { slots: stage } })) return stage;
  }
  return 'idle';
}

/** What the teacher may change of the loaded lesson ('full' to create). */
export function selectEditMode(snapshot: LessonFormSnapshot): LessonEditMode {
  const { lesson, now } = snapshot.context;
  return lesson ? lessonEditMode(lesson, now) : 'full';
}

export const selectSubmitting = (snapshot: LessonFormSnapshot) =>
  snapshot.matches({ editing: { submission: 'submitting' } }) ||
  snapshot.matches({ editing: { submission: 'done' } });
