// The app's classroom page, `/lessons/live/:code` (issue 22, docs/classroom.md "The classroom page"):
// it loads the lesson (the teacher's own lesson through the teacher's route, else the learner's),
// waits with a countdown until the reader's window opens, asks for the classroom (the join answer),
// and then either offers the link (public Jitsi, a teacher's own Zoom/Meet/Teams link) or, with a
// room to embed, a pre-join panel with the data-saver choice, Jitsi's IFrame API script and the call.
// A countdown to the end runs beside it; at the end the call is disposed and the page says so.
//
// The window's clock, its guards and its first two states are the join machine's (window-clock.ts).
// The lesson's and the join's calls, the script and the call itself are actors provided where the screen is bound (src/machines/screens/lessons-screens.ts),
// so this machine runs in node without a DOM in its tests.
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import type { ClassroomEmbed, JoinAnswer, LessonDetail } from '@/services/schemas/learner';
import type { TeacherLessonDetail } from '@/services/schemas/teaching-materials';
import { classroomWindow, jitsiOrigin, type ClassroomRole } from '@/shared/classroom';
import { t } from '@/shared/messages';
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

/** A classroom window as the lesson carries it (ISO instants). */
export type ClassroomWindow = { opensAt: string; closesAt: string };

/** The lesson as the page shows it: the teacher's own, or the learner's. */
export type ClassroomLesson =
  { role: 'teacher'; lesson: TeacherLessonDetail } | { role: 'learner'; lesson: LessonDetail };

/** What loading the page's lesson found: the lesson and the reader's window (null: no classroom for them). */
export type ClassroomLookup =
  { found: false } | ({ found: true; window: ClassroomWindow | null } & ClassroomLesson);

/** The learner's window: the lesson's `classroom`, else (an older answer) its `join` window when booked. */
export function learnerWindow(lesson: LessonDetail): ClassroomWindow | null {
  if (lesson.cancelledAt) return null;
  if (lesson.classroom) return { opensAt: lesson.classroom.opensAt, closesAt: lesson.classroom.closesAt };
  return lesson.isBooked || lesson.link !== null ? lesson.join : null;
}

/**
 * The teacher's window: the lesson's `classroom`, else (an older answer) from 30 minutes before the
 * start of an approved lesson until its end.
 */
export function teacherWindow(lesson: TeacherLessonDetail): ClassroomWindow | null {
  if (lesson.status === 'cancelled' || lesson.cancelledAt) return null;
  if (lesson.classroom) return { opensAt: lesson.classroom.opensAt, closesAt: lesson.classroom.closesAt };
  if (lesson.status !== 'approved' || !lesson.startAt || !lesson.endAt) return null;
  const window = classroomWindow(
    { startAt: new Date(lesson.startAt), endAt: new Date(lesson.endAt) },
    'teacher',
  );
  return { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() };
}

/** What the browser says of its connection (`navigator.connection`, where there is one). */
export type ConnectionHint = { saveData?: boolean; effectiveType?: string } | undefined;

/** The data saver is on by default where the person asked the browser to save data, or the network is slow. */
export function prefersDataSaver(connection: ConnectionHint): boolean {
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

function browserConnection(): ConnectionHint {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionHint }).connection;
}

/** The id of the element the call is embedded in (the page renders it from the pre-join panel on). */
export const CALL_NODE_ID = 'classroom-call';

/** The video cap of the data saver (pixels of height). */
export const DATA_SAVER_HEIGHT = 180;

/** The call as the classroom starts it: the room, the person, and the data-saver choice. */
export type CallInput = { embed: ClassroomEmbed; displayName: string; dataSaver: boolean };

/**
 * The arguments of `new JitsiMeetExternalAPI(domain, options)` for a call: the host (without a
 * scheme; `noSSL` for a local http origin), the room and token, and what the data saver changes.
 */
export function jitsiArguments(call: CallInput, parentNode: unknown) {
  const origin = new URL(jitsiOrigin(call.embed.domain));
  const saver = call.dataSaver
    ? {
        resolution: DATA_SAVER_HEIGHT,
        constraints: { video: { height: { ideal: DATA_SAVER_HEIGHT, max: DATA_SAVER_HEIGHT, min: 90 } } },
      }
    : {};
  return {
    domain: origin.host,
    options: {
      roomName: call.embed.room,
      jwt: call.embed.jwt,
      parentNode,
      width: '100%',
      height: '100%',
      ...(origin.protocol === 'http:' ? { noSSL: true } : {}),
      // The page has its own pre-join panel (the data-saver choice).
      configOverwrite: { prejoinConfig: { enabled: false }, startWithVideoMuted: call.dataSaver, ...saver },
      userInfo: { displayName: call.displayName },
    },
  };
}

export type ClassroomInput = {
  code: string;
  /** The reader holds the teacher role: their own lesson is looked up as its teacher first. */
  teacher: boolean;
  /** The name the call shows for the person. */
  displayName: string;
  /** The data saver's first setting; defaults to what the browser says of its connection. */
  dataSaver?: boolean;
  /** The time the page opened (ms); defaults to the real clock. */
  now?: number;
};

export type ClassroomContext = {
  code: string;
  teacher: boolean;
  displayName: string;
  dataSaver: boolean;
  now: number;
  found: ClassroomLesson | null;
  opensAt: number;
  closesAt: number;
  answer: JoinAnswer | null;
  error: string | null;
};

export type ClassroomEvent =
  | ClockTick
  | { type: 'retry' }
  | { type: 'dataSaver.toggle' }
  | { type: 'enter' }
  /** The person left the call (Jitsi's `readyToClose`): the pre-join panel again. */
  | { type: 'call.left' };

export const classroomMachine = setup({
  types: {
    context: {} as ClassroomContext,
    events: {} as ClassroomEvent,
    input: {} as ClassroomInput,
  },
  actors: {
    clock: clockLogic,
    loadLesson: fromPromise<ClassroomLookup, { code: string; teacher: boolean }>(async () => {
      throw new Error('No loadLesson actor was provided for the classroom.');
    }),
    joinLesson: fromPromise<JoinAnswer, { lessonId: number; role: ClassroomRole }>(async () => {
      throw new Error('No joinLesson actor was provided for the classroom.');
    }),
    /** Loads `{origin}/external_api.js` (resolves at once when it is there already). */
    loadScript: fromPromise<void, { origin: string }>(async () => {
      throw new Error('No loadScript actor was provided for the classroom.');
    }),
    /** Creates the call in the page and disposes it when stopped; sends `call.left` when the person leaves. */
    call: fromCallback<ClassroomEvent, CallInput>(() => {
      throw new Error('No call actor was provided for the classroom.');
    }),
  },
  actions: {
    setNow: assign(({ event }) => tickNow(event)),
    storeLesson: assign((_, params: { lookup: ClassroomLookup }) => {
      const { lookup } = params;
      if (!lookup.found) return {};
      const found: ClassroomLesson =
        lookup.role === 'teacher'
          ? { role: 'teacher', lesson: lookup.lesson }
          : { role: 'learner', lesson: lookup.lesson };
      return {
        found,
        opensAt: lookup.window ? parseTime(lookup.window.opensAt) : 0,
        closesAt: lookup.window ? parseTime(lookup.window.closesAt) : 0,
      };
    }),
    storeAnswer: assign((_, params: { answer: JoinAnswer }) => ({ answer: params.answer, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    storeScriptError: assign({ error: () => t('live.scriptFailed') }),
    clearError: assign({ error: null }),
    toggleDataSaver: assign({ dataSaver: ({ context }) => !context.dataSaver }),
  },
  guards: {
    notFound: (_, params: { lookup: ClassroomLookup }) => !params.lookup.found,
    noClassroom: (_, params: { lookup: ClassroomLookup }) => params.lookup.found && !params.lookup.window,
    ...windowGuards,
    embeds: (_, params: { answer: JoinAnswer }) => params.answer.embed !== null,
  },
}).createMachine({
  id: 'classroom',
  context: ({ input }) => ({
    code: input.code,
    teacher: input.teacher,
    displayName: input.displayName,
    dataSaver: input.dataSaver ?? prefersDataSaver(browserConnection()),
    now: input.now ?? Date.now(),
    found: null,
    opensAt: 0,
    closesAt: 0,
    answer: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLesson',
        src: 'loadLesson',
        input: ({ context }) => ({ code: context.code, teacher: context.teacher }),
        onDone: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ lookup: event.output }) },
            target: 'notFound',
          },
          {
            guard: { type: 'noClassroom', params: ({ event }) => ({ lookup: event.output }) },
            target: 'closed',
            actions: { type: 'storeLesson', params: ({ event }) => ({ lookup: event.output }) },
          },
          {
            target: 'checking',
            actions: { type: 'storeLesson', params: ({ event }) => ({ lookup: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
    // Not the reader's lesson, or not there at all.
    notFound: {},
    // The lesson is there but has no classroom for this reader (cancelled, or not booked).
    closed: {},
    // The window's clock (window-clock.ts): where it stands, then the countdown to its opening.
    checking: checkingState,
    waiting: waitingState,
    // The window is open; the clock counts down to the end, whatever happens inside.
    open: {
      invoke: { src: 'clock' },
      on: {
        'clock.tick': [tickEndsWindow, { actions: 'setNow' }],
      },
      initial: 'joining',
      states: {
        joining: {
          invoke: {
            id: 'joinLesson',
            src: 'joinLesson',
            input: ({ context }) => ({
              lessonId: context.found?.lesson.id ?? 0,
              role: context.found?.role ?? 'learner',
            }),
            onDone: [
              {
                guard: { type: 'embeds', params: ({ event }) => ({ answer: event.output }) },
                target: 'prejoin',
                actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: 'link',
                actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: { on: { retry: { target: 'joining', actions: 'clearError' } } },
        // No room to embed: the link, opened by the person (a new tab, or the Jitsi Meet app).
        link: {},
        prejoin: {
          on: { 'dataSaver.toggle': { actions: 'toggleDataSaver' }, enter: 'loadingScript' },
        },
        loadingScript: {
          invoke: {
            id: 'loadScript',
            src: 'loadScript',
            input: ({ context }) => ({ origin: jitsiOrigin(context.answer?.embed?.domain ?? '') }),
            onDone: 'inCall',
            onError: { target: 'scriptFailed', actions: 'storeScriptError' },
          },
        },
        scriptFailed: { on: { retry: { target: 'loadingScript', actions: 'clearError' } } },
        // The call runs while this state lasts; leaving it (the end, the person leaving) disposes it.
        inCall: {
          invoke: {
            id: 'call',
            src: 'call',
            input: ({ context }) => ({
              embed: context.answer!.embed!,
              displayName: context.displayName,
              dataSaver: context.dataSaver,
            }),
            onError: { target: 'scriptFailed', actions: 'storeScriptError' },
          },
          on: { 'call.left': 'prejoin' },
        },
      },
    },
    ended: {},
  },
});

export type ClassroomSnapshot = SnapshotFrom<typeof classroomMachine>;
export type ClassroomPhase =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'closed'
  | 'waiting'
  | 'joining'
  | 'failed'
  | 'link'
  | 'prejoin'
  | 'loadingScript'
  | 'scriptFailed'
  | 'inCall'
  | 'ended';

const OPEN_PHASES = [
  'joining',
  'failed',
  'link',
  'prejoin',
  'loadingScript',
  'scriptFailed',
  'inCall',
] as const;

/** What the classroom page shows. */
export function selectClassroom(snapshot: ClassroomSnapshot): {
  phase: ClassroomPhase;
  found: ClassroomLesson | null;
  /** Until the window opens (ms), while waiting. */
  opensInMs: number | null;
  /** Until the lesson ends (ms), while the window is open. */
  endsInMs: number | null;
  link: string | null;
  provider: JoinAnswer['provider'];
  dataSaver: boolean;
  error: string | null;
} {
  const { context } = snapshot;
  const inside = OPEN_PHASES.find((name) => snapshot.matches({ open: name }));
  const phase: ClassroomPhase =
    inside ??
    (['loading', 'loadFailed', 'notFound', 'closed', 'waiting', 'ended'] as const).find((name) =>
      snapshot.matches(name),
    ) ??
    'loading';
  return {
    phase,
    found: context.found,
    opensInMs: phase === 'waiting' ? Math.max(context.opensAt - context.now, 0) : null,
    endsInMs: inside ? Math.max(context.closesAt - context.now, 0) : null,
    link: context.answer?.link ?? null,
    provider: context.answer?.provider ?? null,
    dataSaver: context.dataSaver,
    error: context.error,
  };
}
