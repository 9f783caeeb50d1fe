// Model-based test of the timetable machine: every transition is walked on a real actor whose range
// call never settles by itself (its results are sent as done/error events). Each step checks, against
// an oracle written here with dayjs, the range asked for, the place announced for the URL, and the
// state, lessons and error the page shows.
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  placeFromSearch,
  selectTimetable,
  shiftAnchor,
  timetableMachine,
  timetableRange,
  type TimetableEmitted,
  type TimetableView,
} from '@/machines/timetable-machine';
import type { TimetableRange } from '@/services/timetable-service';
import { decodeTimetable, type TimetableItem } from '@/services/schemas/timetable';
import { coverageOf, modelOf, mutationTests, pathTests, type ModelPath } from './model-paths';

type TimetableEvent = EventFromLogic<typeof timetableMachine>;

const TODAY = '2026-11-25'; // a Wednesday
const OTHER_TODAY = '2026-11-26'; // the page stayed open past midnight

const [LESSON] = decodeTimetable({
  data: [
    {
      id: 7,
      code: 'LSN-ALG01',
      start_at: '2026-11-23T12:00:00.000Z',
      end_at: '2026-11-23T13:00:00.000Z',
      topic: { id: 1, name: 'Linear equations' },
      booking: { id: 70, student_id: 501, student_name: 'Baraka Kamau' },
    },
  ],
}) as [TimetableItem];

const loaded = { type: 'xstate.done.actor.fetchTimetable', output: [LESSON] } as unknown as TimetableEvent;
const empty = { type: 'xstate.done.actor.fetchTimetable', output: [] } as unknown as TimetableEvent;
const failed = {
  type: 'xstate.error.actor.fetchTimetable',
  error: new Error('offline'),
} as unknown as TimetableEvent;

const events: TimetableEvent[] = [
  { type: 'timetable.previous' },
  { type: 'timetable.next' },
  { type: 'timetable.today', today: TODAY },
  { type: 'timetable.today', today: OTHER_TODAY },
  { type: 'timetable.view', view: 'week' },
  { type: 'timetable.view', view: 'month' },
  { type: 'learner.change', studentId: '501' },
  { type: 'learner.change', studentId: null },
  { type: 'query.sync', search: {} },
  { type: 'query.sync', search: { date: '2026-12-02', view: 'month', student_id: '501' } },
  { type: 'query.sync', search: { date: 'not-a-day', view: 'year' } },
  { type: 'timetable.retry' },
  loaded,
  empty,
  failed,
];

const never = fromPromise<TimetableItem[], TimetableRange>(() => new Promise<never>(() => {}));
const logic = timetableMachine.provide({ actors: { fetchTimetable: never } });
const input = { today: TODAY, search: {} };

// The anchor moves without end (previous, next): a state is told apart by what bounds behaviour,
// whether the anchor is the day `timetable.today` would move to.
const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => [s.context.view, s.context.studentId, s.context.anchor === s.context.today],
  simpleEvents: [
    { type: 'timetable.next' },
    { type: 'timetable.view', view: 'month' },
    { type: 'learner.change', studentId: '501' },
    { type: 'timetable.retry' },
    loaded,
    failed,
  ],
  simpleContext: (s) => [s.context.view, s.context.studentId],
});

const coverage = coverageOf(timetableMachine);

// The oracle: Monday-to-Sunday weeks and whole months, computed with dayjs.
function expectedRange(view: TimetableView, anchor: string) {
  const day = dayjs(anchor);
  if (view === 'month') {
    return { from: day.startOf('month').format('YYYY-MM-DD'), to: day.endOf('month').format('YYYY-MM-DD') };
  }
  const monday = day.subtract((day.day() + 6) % 7, 'day');
  return { from: monday.format('YYYY-MM-DD'), to: monday.add(6, 'day').format('YYYY-MM-DD') };
}

function expectedShift(view: TimetableView, anchor: string, step: 1 | -1) {
  return view === 'week'
    ? dayjs(anchor)
        .add(step * 7, 'day')
        .format('YYYY-MM-DD')
    : dayjs(anchor).add(step, 'month').startOf('month').format('YYYY-MM-DD');
}

type Place = { view: TimetableView; anchor: string; studentId: string | null; today: string };
type Screen = { state: string; lessons: TimetableItem[]; error: string | null };

function searchOf(place: Place): Record<string, string> {
  return {
    ...(place.studentId ? { student_id: place.studentId } : {}),
    date: place.anchor,
    ...(place.view === 'month' ? { view: 'month' } : {}),
  };
}

/** `machine` whose timetable requests are noted in `asked` and never answered (the test answers them). */
function askingInto(machine: typeof timetableMachine, asked: TimetableRange[]) {
  return machine.provide({
    actors: {
      fetchTimetable: fromPromise<TimetableItem[], TimetableRange>(({ input: range }) => {
        asked.push(range);
        return new Promise<never>(() => {});
      }),
    },
  });
}

function replay(path: ModelPath<typeof logic>, machine: typeof timetableMachine = timetableMachine) {
  const asked: TimetableRange[] = [];
  const actor = createActor(askingInto(machine, asked), { input, inspect: coverage.inspect });
  const emitted: TimetableEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let place: Place = { view: 'week', anchor: TODAY, studentId: null, today: TODAY };
  let screen: Screen = { state: 'loading', lessons: [], error: null };
  let calls = 0;
  for (const step of path.steps) {
    const event = step.event;
    const emittedBefore = emitted.length;
    let moved = false; // the person moved: the URL is told
    let reloads = (event.type as string) === 'xstate.init';
    switch (event.type) {
      case 'timetable.previous':
      case 'timetable.next':
        place = {
          ...place,
          anchor: expectedShift(place.view, place.anchor, event.type === 'timetable.next' ? 1 : -1),
        };
        moved = reloads = true;
        break;
      case 'timetable.today':
        place = { ...place, anchor: event.today, today: event.today };
        moved = reloads = true;
        break;
      case 'timetable.view':
        place = { ...place, view: event.view };
        moved = reloads = true;
        break;
      case 'learner.change':
        place = { ...place, studentId: event.studentId };
        moved = reloads = true;
        break;
      case 'query.sync': {
        const search = event.search;
        place = {
          ...place,
          view: search.view === 'month' ? 'month' : 'week',
          anchor:
            /^\d{4}-\d{2}-\d{2}$/.test(search.date ?? '') &&
            dayjs(search.date).isValid() &&
            dayjs(search.date).format('YYYY-MM-DD') === search.date
              ? search.date!
              : place.today,
          studentId: search.student_id ?? null,
        };
        reloads = true;
        break;
      }
      case 'timetable.retry':
        reloads = true;
        break;
      default:
        break;
    }
    if ((event.type as string) !== 'xstate.init') actor.send(event);

    if (reloads) screen = { state: 'loading', lessons: [], error: null };
    else if (event === loaded) screen = { state: 'loaded', lessons: [LESSON], error: null };
    else if (event === empty) screen = { state: 'empty', lessons: [], error: null };
    else if (event === failed) screen = { state: 'error', lessons: [], error: 'Error loading timetable.' };

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    const shown = selectTimetable(seen);
    expect({ state: shown.state, lessons: shown.lessons, error: shown.error }).toEqual(screen);
    expect({
      view: shown.view,
      anchor: shown.anchor,
      studentId: shown.studentId,
      today: shown.today,
    }).toEqual(place);

    // Each load asks for the place's range (and learner) once.
    if (reloads) calls += 1;
    expect(asked).toHaveLength(calls);
    if (reloads)
      expect(asked.at(-1)).toEqual({
        ...expectedRange(place.view, place.anchor),
        studentId: place.studentId,
      });
    expect(emitted.slice(emittedBefore)).toEqual(
      moved
        ? [{ type: 'navigate', to: `/timetable?${new URLSearchParams(searchOf(place))}`, replace: false }]
        : [],
    );
  }
  return actor;
}

describe('timetable machine (model-based)', () => {
  pathTests(coverage, model, 'asks for the range, tells the URL and shows what the path leads to', (path) =>
    replay(path).stop(),
  );

  it("starts from the opening range's lessons the page carries, asking nothing, and asks for the next", () => {
    coverage.track('page lessons', () => startsFromPageLessons());
  });
});

/**
 * signedin (issue 27): the page's HTML carries the opening range's lessons; the timetable shows them
 * (or its empty state) at once and asks for nothing until the person moves. Replayed by hand (the
 * model starts without them), here and on every mutant.
 */
function startsFromPageLessons(machine: typeof timetableMachine = timetableMachine) {
  for (const [lessons, state] of [
    [[LESSON], 'loaded'],
    [[], 'empty'],
  ] as const) {
    const asked: TimetableRange[] = [];
    const actor = createActor(askingInto(machine, asked), {
      input: { ...input, initial: [...lessons] },
      inspect: coverage.inspect,
    }).start();
    expect(selectTimetable(actor.getSnapshot())).toMatchObject({ state, lessons, error: null });
    expect(asked).toEqual([]);
    actor.send({ type: 'timetable.next' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.lessons).toEqual([]);
    expect(asked).toEqual([{ ...expectedRange('week', expectedShift('week', TODAY, 1)), studentId: null }]);
    actor.stop();
  }
}

describe('timetable machine (behaviour)', () => {
  it('ignores what would not change the place: the same view, learner, URL or day', () => {
    const fetch = vi.fn(() => new Promise<TimetableItem[]>(() => {}));
    const actor = createActor(timetableMachine.provide({ actors: { fetchTimetable: fromPromise(fetch) } }), {
      input: { today: TODAY, search: { date: TODAY } },
    }).start();
    actor.send({ type: 'timetable.view', view: 'week' });
    actor.send({ type: 'learner.change', studentId: null });
    actor.send({ type: 'query.sync', search: { date: TODAY } });
    actor.send({ type: 'query.sync', search: {} });
    actor.send({ type: 'timetable.today', today: TODAY });
    actor.send({ type: 'timetable.today', today: 'soon' });
    actor.send({ type: 'timetable.view', view: 'year' as TimetableView });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps only the newest range when the person moves before an answer arrives', async () => {
    const answers: Array<(items: TimetableItem[]) => void> = [];
    const actor = createActor(
      timetableMachine.provide({
        actors: {
          fetchTimetable: fromPromise<TimetableItem[], TimetableRange>(
            () => new Promise((resolve) => answers.push(resolve)),
          ),
        },
      }),
      { input: { today: TODAY } },
    ).start();
    actor.send({ type: 'timetable.next' });
    answers[0]!([LESSON]); // the first week's late answer
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('loading');
    answers[1]!([]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('empty'));
    expect(actor.getSnapshot().context.lessons).toEqual([]);
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    before: (mutant) => startsFromPageLessons(mutant as typeof timetableMachine),
    replay: (path, mutant) => replay(path, mutant as typeof timetableMachine).stop(),
  });
});

describe('calendar days', () => {
  it('agree with dayjs on weeks and months across month and year ends and leap days', () => {
    const days = [
      '2026-11-25',
      '2026-11-30',
      '2026-12-31',
      '2027-01-01',
      '2028-02-29',
      '2028-03-01',
      '2026-03-29',
    ];
    for (const day of days) {
      for (const view of ['week', 'month'] as const) {
        expect(timetableRange(view, day)).toEqual(expectedRange(view, day));
        expect(shiftAnchor(view, day, 1)).toBe(expectedShift(view, day, 1));
        expect(shiftAnchor(view, day, -1)).toBe(expectedShift(view, day, -1));
      }
    }
  });

  it('reads the URL defensively', () => {
    expect(placeFromSearch({ date: '2026-02-29' }, TODAY)).toEqual({
      view: 'week',
      anchor: TODAY,
      studentId: null,
    });
    expect(placeFromSearch({ date: '2028-02-29', view: 'month', student_id: '12' }, TODAY)).toEqual({
      view: 'month',
      anchor: '2028-02-29',
      studentId: '12',
    });
    expect(placeFromSearch({ student_id: '0' }, TODAY).studentId).toBeNull();
    expect(placeFromSearch({ student_id: '1e3' }, TODAY).studentId).toBeNull();
  });
});
