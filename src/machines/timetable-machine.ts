// The learner's timetable (issue 9): the booked lessons of one week (the default) or one month,
// around an anchor day, for all of the caller's learners or one of a parent's children. Each view,
// anchor and learner is one range request; moving, switching the view or the learner loads again
// (the newest request wins). Like the load machine it never touches the URL itself: when the person
// moved, its `navigate` effect (src/machines/screen-effects.ts) takes the router to the new place;
// a changed URL (back button, a shared link) comes in as `query.sync`.
//
// Days here are calendar days (`YYYY-MM-DD`, in the learner's time zone, Africa/Nairobi by default),
// so their arithmetic needs no time zone: the view computes "today" in the zone and hands it in.
// The range's call is bound where the screen is (src/machines/screens/timetable-screens.ts).
import { assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { TimetableRange } from '@/services/timetable-service';
import type { TimetableItem } from '@/services/schemas/timetable';
import { dayMs, dayOf, isCalendarDay } from '@/shared/calendar-days';
import {
  placeFromSearch,
  TIMETABLE_VIEWS,
  timetableRange,
  type TimetablePlace,
  type TimetableSearch,
  type TimetableView,
} from '@/shared/timetable-place';
import { t } from '@/shared/messages';

export { TIMETABLE_VIEWS, timetableRange, weekStart, placeFromSearch } from '@/shared/timetable-place';
export type { TimetableSearch, TimetableView } from '@/shared/timetable-place';

export type TimetableInput = {
  /** The page's query when it opened. */
  search?: TimetableSearch;
  /** `YYYY-MM-DD`: today in the learner's time zone. */
  today: string;
  /** The page's path, where a new place's query goes (`/timetable`). */
  path?: string;
  /**
   * The lessons of the opening range that the page's HTML carries (signedin, issue 27): the timetable
   * starts with them, asking nothing (on the server, and as the browser hydrates its HTML).
   */
  initial?: TimetableItem[] | null;
};

export type TimetableContext = {
  view: TimetableView;
  /** A day inside the range shown. */
  anchor: string;
  studentId: string | null;
  today: string;
  path: string;
  lessons: TimetableItem[];
  error: string | null;
  /** The page's own answer for the opening range, until the first load takes it. */
  initial: TimetableItem[] | null;
};

export type TimetableEvent =
  | { type: 'timetable.previous' }
  | { type: 'timetable.next' }
  /** Back to the range holding today (`today` as the view reads it now, in the learner's zone). */
  | { type: 'timetable.today'; today: string }
  | { type: 'timetable.view'; view: TimetableView }
  /** A parent chose a child (or all children: null). */
  | { type: 'learner.change'; studentId: string | null }
  | { type: 'query.sync'; search: TimetableSearch }
  | { type: 'timetable.retry' };

export type TimetableEmitted = { type: 'navigate'; to: string; replace: boolean };

export const TIMETABLE_PATH = '/timetable';

const DAY_MS = 86_400_000;

/** One week or one month earlier (-1) or later (1); a month step lands on the month's first day. */
export function shiftAnchor(view: TimetableView, anchor: string, step: 1 | -1): string {
  const ms = dayMs(anchor) ?? 0;
  if (view === 'week') return dayOf(ms + step * 7 * DAY_MS);
  const date = new Date(ms);
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1));
}

type Place = TimetablePlace;

/** The URL's query for a place; the default view is left out. */
export function searchFromPlace(place: Place): TimetableSearch {
  const search: TimetableSearch = {};
  if (place.studentId) search.student_id = place.studentId;
  search.date = place.anchor;
  if (place.view !== 'week') search.view = place.view;
  return search;
}

/** The page's URL for a place. */
export function placePath(path: string, place: Place): string {
  const search = new URLSearchParams(searchFromPlace(place)).toString();
  return search ? `${path}?${search}` : path;
}

const samePlace = (a: Place, b: Place) =>
  a.view === b.view && a.anchor === b.anchor && a.studentId === b.studentId;

export function timetableLoadError(): string {
  return t('messages.loadError', { name: 'timetable' });
}

export const timetableMachine = setup({
  types: {
    context: {} as TimetableContext,
    events: {} as TimetableEvent,
    input: {} as TimetableInput,
    emitted: {} as TimetableEmitted,
  },
  actors: {
    // The screen provides the call (src/machines/screens/timetable-screens.ts).
    fetchTimetable: fromPromise<TimetableItem[], TimetableRange>(async () => {
      throw new Error('No fetchTimetable actor was provided for the timetable.');
    }),
  },
  actions: {
    move: assign(({ context }, params: { step: 1 | -1 }) => ({
      anchor: shiftAnchor(context.view, context.anchor, params.step),
    })),
    goToday: assign((_, params: { today: string }) => ({ today: params.today, anchor: params.today })),
    setView: assign((_, params: { view: TimetableView }) => ({ view: params.view })),
    setLearner: assign((_, params: { studentId: string | null }) => ({ studentId: params.studentId })),
    setPlace: assign(({ context }, params: { search: TimetableSearch }) =>
      placeFromSearch(params.search, context.today),
    ),
    clearLessons: assign({ lessons: [], error: null }),
    takeInitial: assign(({ context }) => ({ lessons: context.initial ?? [], initial: null })),
    storeLessons: assign((_, params: { lessons: TimetableItem[] }) => ({
      lessons: params.lessons,
      error: null,
    })),
    storeError: assign({ error: () => timetableLoadError() }),
    /** The person moved: the URL follows, with the new place as the page's query. */
    showPlace: enqueueActions(({ context, enqueue }) => {
      // The named action, so a screen's `navigate` effect (provided by the app) does it.
      enqueue({
        type: 'navigate',
        params: { to: placePath(context.path, context) },
      } as unknown as Parameters<typeof enqueue>[0]);
    }),
    // A screen effect (src/machines/screen-effects.ts); on its own the machine emits it.
    navigate: emit((_, params: { to: string; replace?: boolean }) => ({
      type: 'navigate' as const,
      to: params.to,
      replace: params.replace ?? false,
    })),
  },
  guards: {
    isEmpty: (_, params: { lessons: TimetableItem[] }) => params.lessons.length === 0,
    hasInitial: ({ context }) => context.initial !== null,
    hasEmptyInitial: ({ context }) => context.initial !== null && context.initial.length === 0,
    isOtherDay: ({ context }, params: { today: string }) =>
      isCalendarDay(params.today) && params.today !== context.anchor,
    isOtherView: ({ context }, params: { view: TimetableView }) =>
      TIMETABLE_VIEWS.includes(params.view) && params.view !== context.view,
    isOtherLearner: ({ context }, params: { studentId: string | null }) =>
      (params.studentId || null) !== context.studentId,
    isNewPlace: ({ context }, params: { search: TimetableSearch }) =>
      !samePlace(context, placeFromSearch(params.search, context.today)),
  },
}).createMachine({
  id: 'timetable',
  context: ({ input }) => ({
    ...placeFromSearch(input.search ?? {}, input.today),
    today: input.today,
    path: input.path ?? TIMETABLE_PATH,
    lessons: [],
    error: null,
    initial: input.initial ?? null,
  }),
  initial: 'loading',
  // Every move loads the new range; re-entering `loading` cancels a call still running.
  on: {
    'timetable.previous': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'move', params: { step: -1 } }, 'showPlace'],
    },
    'timetable.next': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'move', params: { step: 1 } }, 'showPlace'],
    },
    'timetable.today': {
      guard: { type: 'isOtherDay', params: ({ event }) => ({ today: event.today }) },
      target: '.loading',
      reenter: true,
      actions: [{ type: 'goToday', params: ({ event }) => ({ today: event.today }) }, 'showPlace'],
    },
    'timetable.view': {
      guard: { type: 'isOtherView', params: ({ event }) => ({ view: event.view }) },
      target: '.loading',
      reenter: true,
      actions: [{ type: 'setView', params: ({ event }) => ({ view: event.view }) }, 'showPlace'],
    },
    'learner.change': {
      guard: { type: 'isOtherLearner', params: ({ event }) => ({ studentId: event.studentId }) },
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'setLearner', params: ({ event }) => ({ studentId: event.studentId || null }) },
        'showPlace',
      ],
    },
    'query.sync': {
      guard: { type: 'isNewPlace', params: ({ event }) => ({ search: event.search }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'setPlace', params: ({ event }) => ({ search: event.search }) },
    },
  },
  states: {
    loading: {
      tags: 'busy',
      entry: 'clearLessons',
      // The opening range's lessons came with the page: shown at once, the call never made.
      always: [
        { guard: 'hasEmptyInitial', target: 'empty', actions: 'takeInitial' },
        { guard: 'hasInitial', target: 'loaded', actions: 'takeInitial' },
      ],
      invoke: {
        id: 'fetchTimetable',
        src: 'fetchTimetable',
        input: ({ context }) => ({
          ...timetableRange(context.view, context.anchor),
          studentId: context.studentId,
        }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ lessons: event.output }) },
            target: 'empty',
            actions: { type: 'storeLessons', params: ({ event }) => ({ lessons: event.output }) },
          },
          {
            target: 'loaded',
            actions: { type: 'storeLessons', params: ({ event }) => ({ lessons: event.output }) },
          },
        ],
        onError: { target: 'error', actions: 'storeError' },
      },
    },
    loaded: {},
    empty: {},
    error: {
      on: { 'timetable.retry': 'loading' },
    },
  },
});

export type TimetableSnapshot = SnapshotFrom<typeof timetableMachine>;
export type TimetableState = 'loading' | 'loaded' | 'empty' | 'error';

/** What the page shows (compare shallowly: every field is a string, null or the stored list). */
export function selectTimetable(snapshot: TimetableSnapshot) {
  const { view, anchor, studentId, today, lessons, error } = snapshot.context;
  return { state: snapshot.value as TimetableState, view, anchor, studentId, today, lessons, error };
}
