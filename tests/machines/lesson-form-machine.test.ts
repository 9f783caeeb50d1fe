// Model-based test of the create and edit lesson flow: every transition is walked on a real actor
// whose calls never settle by themselves (their results are sent as done/error events). Each step
// checks, against an oracle written here, the stage and slot state the page shows, the free times,
// the errors on the fields and above the form, which date's times were asked for, what was
// submitted, and after a save the notice and where the app goes (My lessons, on its Pending tab when a
// saved lesson awaits approval).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  lessonEditMode,
  lessonFormMachine,
  selectSlotsStage,
  selectStage,
  selectSubmitting,
  type LessonFormEmitted,
  type LessonFormLoaded,
} from '@/machines/lesson-form-machine';
import { ApiError } from '@/services/http';
import {
  decodeLessonFormData,
  decodeTeacherLesson,
  type Slot,
  type TeacherLesson,
} from '@/services/schemas/teaching';
import type { LessonSaved } from '@/services/teaching-service';
import { t } from '@/shared/messages';
import type { LessonFormValues } from '@/shared/teaching-validation';
import { coverageOf, modelOf, mutationTests, pathTests, type ModelPath } from './model-paths';

type Event = EventFromLogic<typeof lessonFormMachine>;

const NOW = Date.parse('2026-11-25T06:00:00.000Z');
const DAY = '2026-12-01';
const OTHER_DAY = '2026-12-02';

const FORM_DATA = decodeLessonFormData({
  can_create: true,
  reason: null,
  subjects: [{ id: 1, name: 'Mathematics' }],
  grade_levels: [{ id: 7, name: 'Grade 7', edu_level: { id: 2, name: 'Junior School' } }],
  topics: [{ id: 11, name: 'Linear equations', subject_id: 1, grade_level_id: 7 }],
  programs: [],
  classes: [],
  types: ['public', 'private', 'group'],
  frequencies: ['daily', 'weekly', 'monthly'],
});
const BLOCKED_DATA = { ...FORM_DATA, canCreate: false, reason: 'Your profile is awaiting approval.' };

const lesson = (overrides: Record<string, unknown>): TeacherLesson =>
  decodeTeacherLesson({
    id: 40,
    code: 'LSN-ALG40',
    start_at: '2026-12-03T06:00:00.000Z',
    end_at: '2026-12-03T07:00:00.000Z',
    topic: { id: 11, name: 'Linear equations' },
    status: 'approved',
    bookings_count: 0,
    can_edit: true,
    can_cancel: true,
    ...overrides,
  });
const CANCELLED = lesson({
  status: 'cancelled',
  cancelled_at: '2026-11-20T06:00:00.000Z',
  can_edit: false,
  can_cancel: false,
});

const SLOT: Slot = {
  startAt: '2026-12-01T06:00:00.000Z',
  endAt: '2026-12-01T07:00:00.000Z',
  time: '09:00',
  label: '9:00 AM',
};

const VALUES: LessonFormValues = {
  subjectId: '1',
  gradeLevelId: '7',
  topicId: '11',
  programId: '',
  classId: '',
  type: 'public',
  objective: 'Solve equations in one unknown.',
  lessonsCount: 3,
  frequency: 'weekly',
  price: 1500,
  date: DAY,
  time: '09:00',
  capacity: '',
};
const SAVED: LessonSaved = { message: 'Lessons created', lessons: [lesson({ status: 'pending' })] };
const RESCHEDULED: LessonSaved = { message: 'Lesson rescheduled', lessons: [lesson({ status: 'approved' })] };
const CLASH = 'The time clashes with your lesson on Dec 8, 2026 at 9:00 AM.';

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as Event;

const loadedCreate = done('loadForm', { formData: FORM_DATA, lesson: null } satisfies LessonFormLoaded);
const loadedBlocked = done('loadForm', { formData: BLOCKED_DATA, lesson: null } satisfies LessonFormLoaded);
const loadedLocked = done('loadForm', { formData: FORM_DATA, lesson: CANCELLED } satisfies LessonFormLoaded);
const loadFailed = failed('loadForm', new ApiError({ status: 500, message: t('messages.general') }));
const slotsFound = done('loadSlots', [SLOT]);
const slotsNone = done('loadSlots', []);
const slotsFailed = failed(
  'loadSlots',
  new ApiError({ status: 422, message: 'The date must not be in the past.' }),
);
const submitted = done('submit', SAVED);
const rescheduled = done('submit', RESCHEDULED);
const refused = failed(
  'submit',
  new ApiError({ status: 422, message: 'The given data was invalid.', fieldErrors: { time: [CLASH] } }),
);
const broke = failed('submit', new ApiError({ status: 500, message: t('messages.general') }));

const events: Event[] = [
  loadedCreate,
  loadedBlocked,
  loadedLocked,
  loadFailed,
  { type: 'form.retry' },
  { type: 'date.change', date: DAY },
  { type: 'date.change', date: OTHER_DAY },
  { type: 'date.change', date: null },
  slotsFound,
  slotsNone,
  slotsFailed,
  { type: 'form.submit', values: VALUES },
  submitted,
  rescheduled,
  refused,
  broke,
  { type: 'field.change', name: 'time' },
  { type: 'field.change', name: 'objective' },
];

const never = <O, I>() => fromPromise<O, I>(() => new Promise<never>(() => {}));
/** The machine with calls that never settle: the paths settle them with done/error events. */
function pending(machine: typeof lessonFormMachine) {
  return machine.provide({
    actors: {
      loadForm: never<LessonFormLoaded, { lessonId: number | null }>(),
      loadSlots: never<Slot[], { date: string }>(),
      submit: never<LessonSaved, { values: LessonFormValues; lessonId: number | null }>(),
    },
  });
}
const logic = pending(lessonFormMachine);
const input = { lessonId: null, now: NOW };

const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => [
    s.context.date,
    s.context.slots.length,
    Object.keys(s.context.fieldErrors),
    !!s.context.formError,
  ],
  simpleEvents: [
    loadedCreate,
    loadFailed,
    { type: 'form.retry' },
    { type: 'date.change', date: DAY },
    slotsFound,
    slotsFailed,
    { type: 'form.submit', values: VALUES },
    submitted,
    refused,
  ],
});

const coverage = coverageOf(lessonFormMachine);

type Screen = {
  stage: string;
  slotsStage: string;
  slots: Slot[];
  date: string | null;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  loadError: string | null;
  submitting: boolean;
};

function replay(path: ModelPath<typeof logic>, machine: typeof lessonFormMachine = lessonFormMachine) {
  const asked = {
    forms: 0,
    slots: [] as string[],
    submits: [] as Array<{ values: LessonFormValues; lessonId: number | null }>,
  };
  const actor = createActor(
    machine.provide({
      actors: {
        loadForm: fromPromise<LessonFormLoaded, { lessonId: number | null }>(() => {
          asked.forms += 1;
          return new Promise<never>(() => {});
        }),
        loadSlots: fromPromise<Slot[], { date: string }>(({ input: { date } }) => {
          asked.slots.push(date);
          return new Promise<never>(() => {});
        }),
        submit: fromPromise<LessonSaved, { values: LessonFormValues; lessonId: number | null }>(
          ({ input: sent }) => {
            asked.submits.push(sent);
            return new Promise<never>(() => {});
          },
        ),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: LessonFormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let screen: Screen = {
    stage: 'loading',
    slotsStage: 'idle',
    slots: [],
    date: null,
    fieldErrors: {},
    formError: null,
    loadError: null,
    submitting: false,
  };
  let phase: 'idle' | 'submitting' | 'done' = 'idle';
  const expected = { forms: 1, slots: [] as string[], submits: 0, emitted: [] as LessonFormEmitted[] };
  for (const step of path.steps) {
    const event = step.event;
    if ((event.type as string) === 'xstate.init') {
      // nothing sent: the machine starts loading
    } else {
      switch (event.type) {
        case 'form.retry':
          screen = { ...screen, stage: 'loading' };
          expected.forms += 1;
          break;
        case 'date.change': {
          if (phase === 'submitting') break;
          const { date: _d, time: _t, ...rest } = screen.fieldErrors;
          screen = {
            ...screen,
            date: event.date,
            slots: [],
            fieldErrors: rest,
            slotsStage: event.date ? 'loading' : 'idle',
          };
          if (event.date) expected.slots.push(event.date);
          break;
        }
        case 'field.change': {
          const { [event.name]: _gone, ...rest } = screen.fieldErrors;
          screen = { ...screen, fieldErrors: rest };
          break;
        }
        case 'form.submit':
          screen = { ...screen, submitting: true, fieldErrors: {}, formError: null };
          phase = 'submitting';
          expected.submits += 1;
          break;
        default:
          if (event === loadedCreate) screen = { ...screen, stage: 'editing', loadError: null };
          else if (event === loadedBlocked) screen = { ...screen, stage: 'blocked', loadError: null };
          else if (event === loadedLocked) screen = { ...screen, stage: 'locked', loadError: null };
          else if (event === loadFailed)
            screen = { ...screen, stage: 'failed', loadError: t('messages.general') };
          else if (event === slotsFound) screen = { ...screen, slotsStage: 'ready', slots: [SLOT] };
          else if (event === slotsNone || event === slotsFailed)
            screen = { ...screen, slotsStage: 'unavailable' };
          else if (event === submitted || event === rescheduled) {
            const saved = event === submitted ? SAVED : RESCHEDULED;
            expected.emitted.push(
              { type: 'notify', color: 'success', message: saved.message },
              {
                type: 'navigate',
                to: event === submitted ? '/teaching/lessons?filter=pending' : '/teaching/lessons',
                replace: false,
              },
            );
            phase = 'done';
          } else if (event === refused) {
            phase = 'idle';
            screen = {
              ...screen,
              submitting: false,
              fieldErrors: { time: [CLASH] },
              formError: 'The given data was invalid.',
            };
          } else if (event === broke) {
            phase = 'idle';
            screen = { ...screen, submitting: false, fieldErrors: {}, formError: t('messages.general') };
          }
      }
      actor.send(event);
    }

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    expect({
      stage: selectStage(seen),
      slotsStage: selectSlotsStage(seen),
      slots: seen.context.slots,
      date: seen.context.date,
      fieldErrors: seen.context.fieldErrors,
      formError: seen.context.formError,
      loadError: seen.context.loadError,
      submitting: selectSubmitting(seen),
    }).toEqual(screen);
    expect(asked.forms).toBe(expected.forms);
    expect(asked.slots).toEqual(expected.slots);
    expect(asked.submits).toHaveLength(expected.submits);
    for (const sent of asked.submits) expect(sent).toEqual({ values: VALUES, lessonId: null });
    expect(emitted).toEqual(expected.emitted);
  }
  actor.stop();
}

describe('lesson form machine (model-based)', () => {
  pathTests(
    coverage,
    model,
    'shows the stage, times and errors the path leads to and asks for what it should',
    (path) => replay(path),
  );
});

describe('lesson form machine (behaviour)', () => {
  it('edits: the lesson id goes to the submit call, and the newest date wins', async () => {
    const answers: Array<(slots: Slot[]) => void> = [];
    const sent: Array<number | null> = [];
    const actor = createActor(
      lessonFormMachine.provide({
        actors: {
          loadForm: fromPromise<LessonFormLoaded, { lessonId: number | null }>(
            async ({ input: { lessonId } }) => ({
              formData: FORM_DATA,
              lesson: lesson({ id: lessonId }),
            }),
          ),
          loadSlots: fromPromise<Slot[], { date: string }>(
            () => new Promise((resolve) => answers.push(resolve)),
          ),
          submit: fromPromise<LessonSaved, { values: LessonFormValues; lessonId: number | null }>(
            async ({ input: i }) => {
              sent.push(i.lessonId);
              return SAVED;
            },
          ),
        },
      }),
      { input: { lessonId: 40, now: NOW } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectStage(actor.getSnapshot())).toBe('editing');
    actor.send({ type: 'date.change', date: DAY });
    actor.send({ type: 'date.change', date: OTHER_DAY });
    answers[0]!([SLOT]); // the first date's late answer
    await Promise.resolve();
    expect(selectSlotsStage(actor.getSnapshot())).toBe('loading');
    answers[1]!([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectSlotsStage(actor.getSnapshot())).toBe('unavailable');
    actor.send({ type: 'form.submit', values: VALUES });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([40]);
    actor.stop();
  });

  it('tells what may change: everything, a booked lesson’s date and time, or nothing', () => {
    expect(lessonEditMode(lesson({}), NOW)).toBe('full');
    expect(lessonEditMode(lesson({ can_edit: false, bookings_count: 2 }), NOW)).toBe('reschedule');
    expect(
      lessonEditMode(
        lesson({ can_edit: false, bookings_count: 2, start_at: '2026-11-25T05:00:00.000Z' }),
        NOW,
      ),
    ).toBe('locked');
    expect(lessonEditMode(CANCELLED, NOW)).toBe('locked');
    // The server's own answer wins when it sends one.
    expect(lessonEditMode(lesson({ can_edit: false, bookings_count: 2, can_reschedule: false }), NOW)).toBe(
      'locked',
    );
    expect(lessonEditMode(lesson({ can_edit: false, bookings_count: 1, can_reschedule: true }), NOW)).toBe(
      'reschedule',
    );
    // The teacher resource's type carries its value beside the name.
    expect(lesson({ type: { name: 'Group', color: '#43A047', value: 'group' } }).type).toBe('group');
    expect(lesson({ type: { name: 'Private', color: '#8E24AA' } }).type).toBe('private');
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof lessonFormMachine),
  });
});
