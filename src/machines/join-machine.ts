// The Join button of a lesson (issue 9, docs/learning-workspace.md; issue 22, docs/classroom.md), for
// a booked learner and for the lesson's teacher: closed with a live countdown until the window opens
// (the lesson's `classroom` window: 15 minutes before the start for learners, 30 for the teacher),
// open until the lesson ends, then "ended". Pressing Join asks the server for the classroom
// (`POST /api/lessons/join/{id}` or `POST /api/teacher/lessons/join/{id}`): with a room to embed the
// app goes to its classroom page (`/lessons/live/{code}`, the `navigate` effect); otherwise the link
// opens in a new tab and stays on screen in case a pop-up blocker stopped the tab.
// The clock is inside the machine: an interval actor sends `clock.tick` every second while the
// countdown or the open window needs it, so the view never runs a timer of its own. The call is
// bound where the screen is (src/machines/screens/lessons-screens.ts).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import type { JoinAnswer } from '@/services/schemas/learner';
import type { ClassroomRole } from '@/shared/classroom';
import {
  checkingState,
  clockLogic,
  parseTime,
  tickEndsWindow,
  tickNow,
  waitingState,
  windowGuards,
  type ClockTick,
} from './window-clock';

export type JoinInput = {
  lessonId: number;
  /** The lesson's code, for its classroom page. */
  code: string;
  /** Who joins: the teacher asks the teacher's join route. */
  role: ClassroomRole;
  /** ISO instants of the window (`classroom {opens_at, closes_at}` of the lesson). */
  opensAt: string;
  closesAt: string;
  /** The time the page opened (ms); defaults to the real clock. */
  now?: number;
};

export type JoinContext = {
  lessonId: number;
  code: string;
  role: ClassroomRole;
  opensAt: number;
  closesAt: number;
  now: number;
  link: string | null;
  error: string | null;
};

export type JoinEvent = ClockTick | { type: 'join' } | { type: 'join.retry' };

export type JoinEmitted =
  { type: 'link.open'; link: string } | { type: 'navigate'; to: string; replace: boolean };

/** The app's own classroom page of a lesson. */
export function classroomPath(code: string): string {
  return `/lessons/live/${encodeURIComponent(code)}`;
}

export const joinMachine = setup({
  types: {
    context: {} as JoinContext,
    events: {} as JoinEvent,
    input: {} as JoinInput,
    emitted: {} as JoinEmitted,
  },
  actors: {
    clock: clockLogic,
    /** Answers the classroom (the learner's or the teacher's join route, by `role`). */
    joinLesson: fromPromise<JoinAnswer, { lessonId: number; role: ClassroomRole }>(async () => {
      throw new Error('No joinLesson actor was provided for the Join button.');
    }),
  },
  actions: {
    setNow: assign(({ event }) => tickNow(event)),
    storeLink: assign((_, params: { link: string }) => ({ link: params.link, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    clearError: assign({ error: null }),
    // A screen effect (src/machines/screen-effects.ts): the app's router goes there.
    navigate: emit((_, params: { to: string; replace?: boolean }) => ({
      type: 'navigate' as const,
      to: params.to,
      replace: params.replace ?? false,
    })),
    announceLink: emit((_, params: { link: string }) => ({ type: 'link.open' as const, link: params.link })),
    // A new tab for the meeting; `noopener` so the meeting page cannot reach back into the app.
    openLink: (_, params: { link: string }) => {
      if (typeof window !== 'undefined') window.open(params.link, '_blank', 'noopener,noreferrer');
    },
  },
  guards: {
    ...windowGuards,
    /** The answer has a room to embed: the classroom page shows it. */
    embeds: (_, params: { answer: JoinAnswer }) => params.answer.embed !== null,
  },
}).createMachine({
  id: 'join',
  context: ({ input }) => ({
    lessonId: input.lessonId,
    code: input.code,
    role: input.role,
    opensAt: parseTime(input.opensAt),
    closesAt: parseTime(input.closesAt),
    now: input.now ?? Date.now(),
    link: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    // The window's clock (window-clock.ts): where it stands, then the countdown (Join is disabled).
    checking: checkingState,
    waiting: waitingState,
    // The clock here only ends the window: nothing on screen reads the time while it is open.
    open: {
      invoke: { src: 'clock' },
      on: {
        'clock.tick': tickEndsWindow,
      },
      initial: 'ready',
      states: {
        ready: { on: { join: 'joining' } },
        joining: {
          invoke: {
            id: 'joinLesson',
            src: 'joinLesson',
            input: ({ context }) => ({ lessonId: context.lessonId, role: context.role }),
            onDone: [
              {
                guard: { type: 'embeds', params: ({ event }) => ({ answer: event.output }) },
                target: 'entering',
                actions: {
                  type: 'navigate',
                  params: ({ context }) => ({ to: classroomPath(context.code) }),
                },
              },
              {
                target: 'joined',
                actions: [
                  { type: 'storeLink', params: ({ event }) => ({ link: event.output.link }) },
                  { type: 'openLink', params: ({ event }) => ({ link: event.output.link }) },
                  { type: 'announceLink', params: ({ event }) => ({ link: event.output.link }) },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The app goes to its classroom page; Join (should the person come back) asks again.
        entering: { on: { join: 'joining' } },
        // The tab was opened; the link stays on screen, and Join asks for it again.
        joined: { on: { join: 'joining' } },
        failed: { on: { 'join.retry': { target: 'joining', actions: 'clearError' } } },
      },
    },
    ended: {},
  },
});

export type JoinSnapshot = SnapshotFrom<typeof joinMachine>;
export type JoinPhase = 'waiting' | 'ready' | 'joining' | 'entering' | 'joined' | 'failed' | 'ended';

/** What the Join panel shows: its phase, the countdown (ms) while waiting, the link and the error. */
export function selectJoin(snapshot: JoinSnapshot): {
  phase: JoinPhase;
  countdownMs: number | null;
  link: string | null;
  error: string | null;
} {
  const { context } = snapshot;
  const phase: JoinPhase = snapshot.matches('waiting')
    ? 'waiting'
    : snapshot.matches('ended')
      ? 'ended'
      : snapshot.matches({ open: 'joining' })
        ? 'joining'
        : snapshot.matches({ open: 'entering' })
          ? 'entering'
          : snapshot.matches({ open: 'joined' })
            ? 'joined'
            : snapshot.matches({ open: 'failed' })
              ? 'failed'
              : 'ready';
  return {
    phase,
    countdownMs: phase === 'waiting' ? Math.max(context.opensAt - context.now, 0) : null,
    link: context.link,
    error: context.error,
  };
}
