// Model-based test of the classroom page's machine (issue 22, docs/classroom.md "The classroom page"):
// every transition is walked on a real actor, opened before the window, inside it and after the
// lesson. The clock is the machine's own interval actor under fake timers (a `clock.tick` step lets one
// second pass so the interval itself fires). The lesson's load, the join, the script and the call
// never settle by themselves: the paths send their done/error events. Each step checks what the
// person sees (phase, countdowns, link, data saver, error) against an oracle written out here, which
// call each invoked service got (the join route by role, the script's origin, the call's room, token,
// name and data saver), and that a call runs exactly while the page is in it (disposed at the end).
import { jitsiOrigin } from '@/shared/classroom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate';
import { CLOCK_TICK_MS } from '@/machines/window-clock';
import {
  classroomMachine,
  jitsiArguments,
  learnerWindow,
  prefersDataSaver,
  selectClassroom,
  teacherWindow,
  type CallInput,
  type ClassroomLookup,
} from '@/machines/classroom-machine';
import { ApiError } from '@/services/http';
import { decodeLessonDetail, type JoinAnswer } from '@/services/schemas/learner';
import { decodeTeacherLessonDetail } from '@/services/schemas/teaching-materials';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type Event = EventFromLogic<typeof classroomMachine>;

const START = Date.parse('2026-12-01T14:00:00.000Z');
const END = Date.parse('2026-12-01T15:00:00.000Z');
const OPENS = START - 15 * 60_000;
const CLOSES = END;
const CODE = 'LSN-7K2Q9';
const window = { opensAt: new Date(OPENS).toISOString(), closesAt: new Date(CLOSES).toISOString() };

const learnerLesson = decodeLessonDetail({
  id: 101,
  code: CODE,
  start_at: new Date(START).toISOString(),
  end_at: new Date(END).toISOString(),
  is_booked: true,
  classroom: { provider: 'jitsi', opens_at: window.opensAt, closes_at: window.closesAt },
});
const teacherLesson = decodeTeacherLessonDetail({
  id: 102,
  code: CODE,
  start_at: new Date(START).toISOString(),
  end_at: new Date(END).toISOString(),
  type: 'public',
  status: 'approved',
});

const LOOKUPS = {
  learner: { found: true, role: 'learner', lesson: learnerLesson, window },
  teacher: { found: true, role: 'teacher', lesson: teacherLesson, window },
  notFound: { found: false },
  closed: { found: true, role: 'learner', lesson: learnerLesson, window: null },
} satisfies Record<string, ClassroomLookup>;

const EMBED: JoinAnswer = {
  provider: 'jitsi',
  link: 'https://jitsi.example/somesha-room?jwt=token',
  embed: { domain: 'jitsi.example', room: 'somesha-room', jwt: 'token' },
};
const LINK: JoinAnswer = { provider: 'link', link: 'https://zoom.us/j/123456', embed: null };
const REFUSED = 'The classroom opens at 13:45.';
const GENERAL = t('messages.general');
const SCRIPT_FAILED = t('live.scriptFailed');

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as Event;
const tick = (now: number): Event => ({ type: 'clock.tick', now });

const loaded = {
  learner: done('loadLesson', LOOKUPS.learner),
  teacher: done('loadLesson', LOOKUPS.teacher),
  notFound: done('loadLesson', LOOKUPS.notFound),
  closed: done('loadLesson', LOOKUPS.closed),
  failed: failed('loadLesson', new ApiError({ status: 0, message: GENERAL })),
};
const joined = {
  embed: done('joinLesson', EMBED),
  link: done('joinLesson', LINK),
  refused: failed('joinLesson', new ApiError({ status: 422, message: REFUSED, data: { message: REFUSED } })),
};
const script = { loaded: done('loadScript', undefined), failed: failed('loadScript', new Error('offline')) };
const callFailed = failed('call', new Error('The classroom cannot start the call.'));

const events: Event[] = [
  ...Object.values(loaded),
  { type: 'retry' },
  tick(OPENS - 61_000), // still waiting: "1:01"
  tick(OPENS), // the window opens
  tick(CLOSES - 60_000), // a minute left
  tick(CLOSES + 1), // ended
  ...Object.values(joined),
  { type: 'dataSaver.toggle' },
  { type: 'enter' },
  script.loaded,
  script.failed,
  { type: 'call.left' },
  callFailed,
];

const never = () => new Promise<never>(() => {});
/** Records what each service was asked; none settles by itself (the paths settle them). */
function recorded(machine: typeof classroomMachine) {
  const asked = {
    load: [] as unknown[],
    join: [] as unknown[],
    script: [] as unknown[],
    calls: [] as CallInput[],
  };
  let running = 0;
  const logic = machine.provide({
    actors: {
      loadLesson: fromPromise<ClassroomLookup, { code: string; teacher: boolean }>(({ input }) => {
        asked.load.push(input);
        return never();
      }),
      joinLesson: fromPromise<JoinAnswer, { lessonId: number; role: 'teacher' | 'learner' }>(({ input }) => {
        asked.join.push(input);
        return never();
      }),
      loadScript: fromPromise<void, { origin: string }>(({ input }) => {
        asked.script.push(input);
        return never();
      }),
      call: fromCallback<Event, CallInput>(({ input }) => {
        asked.calls.push(input);
        running += 1;
        return () => (running -= 1);
      }),
    },
  });
  return { logic, asked, running: () => running };
}

const input = (now: number, teacher = false) => ({
  code: CODE,
  teacher,
  displayName: 'Amina Kamau',
  dataSaver: false,
  now,
});

const project = (snapshot: Parameters<typeof selectClassroom>[0]) => {
  const { found, ...rest } = selectClassroom(snapshot);
  return { ...rest, role: found?.role ?? null };
};

const STARTS = [
  ['before the window', OPENS - 120_000],
  ['inside the window', OPENS + 60_000],
  ['after the lesson', CLOSES + 60_000],
] as const;
const models = STARTS.map(([name, now]) => ({
  name,
  now,
  model: modelOf(recorded(classroomMachine).logic, {
    events,
    input: input(now),
    visibleContext: project,
    simpleEvents: [
      loaded.learner,
      loaded.failed,
      { type: 'retry' },
      tick(OPENS),
      tick(CLOSES + 1),
      joined.embed,
      joined.refused,
      { type: 'enter' },
      script.loaded,
      script.failed,
      { type: 'call.left' },
    ],
  }),
}));
const startOf = new Map(
  models.flatMap(({ now, model: m }) => [...m.shortest, ...m.simple].map((path) => [path, now] as const)),
);

const coverage = coverageOf(classroomMachine);

type Seen = ReturnType<typeof project>;
const OPEN = ['joining', 'failed', 'link', 'prejoin', 'loadingScript', 'scriptFailed', 'inCall'];

/** The page once the window is judged at `now` (after the lesson loaded, or a tick in waiting). */
function judged(before: Seen, now: number): Seen {
  if (now > CLOSES) return { ...before, phase: 'ended', opensInMs: null, endsInMs: null };
  if (now < OPENS) return { ...before, phase: 'waiting', opensInMs: OPENS - now, endsInMs: null };
  return { ...before, phase: 'joining', opensInMs: null, endsInMs: CLOSES - now };
}

/** The oracle: what the page shows after `event` (the time the page has, `now`). */
function expectedAfter(before: Seen, now: number, event: Event): Seen {
  const is = (one: Event) => one === event;
  if (is(loaded.notFound)) return { ...before, phase: 'notFound' };
  if (is(loaded.closed)) return { ...before, phase: 'closed', role: 'learner' };
  if (is(loaded.learner)) return judged({ ...before, role: 'learner' }, now);
  if (is(loaded.teacher)) return judged({ ...before, role: 'teacher' }, now);
  if (is(loaded.failed)) return { ...before, phase: 'loadFailed', error: GENERAL };
  if (event.type === 'retry') {
    const next = { loadFailed: 'loading', failed: 'joining', scriptFailed: 'loadingScript' }[
      before.phase as 'loadFailed' | 'failed' | 'scriptFailed'
    ];
    return { ...before, phase: next as Seen['phase'], error: null };
  }
  if (event.type === 'clock.tick') {
    if (before.phase === 'waiting') return judged(before, event.now);
    if (event.now > CLOSES) return { ...before, phase: 'ended', endsInMs: null };
    return { ...before, endsInMs: CLOSES - event.now };
  }
  if (is(joined.embed)) return { ...before, phase: 'prejoin', link: EMBED.link, provider: 'jitsi' };
  if (is(joined.link)) return { ...before, phase: 'link', link: LINK.link, provider: 'link' };
  if (is(joined.refused)) return { ...before, phase: 'failed', error: REFUSED };
  if (event.type === 'dataSaver.toggle') return { ...before, dataSaver: !before.dataSaver };
  if (event.type === 'enter') return { ...before, phase: 'loadingScript' };
  if (is(script.loaded)) return { ...before, phase: 'inCall' };
  if (is(script.failed) || is(callFailed)) return { ...before, phase: 'scriptFailed', error: SCRIPT_FAILED };
  if (event.type === 'call.left') return { ...before, phase: 'prejoin' };
  throw new Error(`The oracle does not know ${JSON.stringify(event)}`);
}

function replay(path: ModelPath<typeof classroomMachine>, start: number, machine = classroomMachine) {
  vi.setSystemTime(start);
  const { logic, asked, running } = recorded(machine);
  const actor = createActor(logic, { input: input(start), inspect: coverage.inspect });
  actor.start();
  let now = start;
  let seen: Seen = {
    phase: 'loading',
    role: null,
    opensInMs: null,
    endsInMs: null,
    link: null,
    provider: null,
    dataSaver: false,
    error: null,
  };
  expect(asked.load).toEqual([{ code: CODE, teacher: false }]);
  for (const step of path.steps) {
    const event = step.event;
    const before = seen;
    const counts = { join: asked.join.length, script: asked.script.length, calls: asked.calls.length };
    if ((event.type as string) === 'xstate.init') continue;
    if (event.type === 'clock.tick') {
      // The machine's own interval must deliver this time.
      vi.setSystemTime(event.now - CLOCK_TICK_MS);
      vi.advanceTimersByTime(CLOCK_TICK_MS);
      now = event.now;
    } else {
      actor.send(event);
    }
    seen = expectedAfter(before, now, event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(project(snapshot)).toEqual(seen);

    // Each service is asked exactly when its state is entered, with what the page knows.
    const entered = (phase: string) => seen.phase === phase && before.phase !== phase;
    expect(asked.join.slice(counts.join)).toEqual(
      entered('joining') ? [{ lessonId: seen.role === 'teacher' ? 102 : 101, role: seen.role }] : [],
    );
    expect(asked.script.slice(counts.script)).toEqual(
      entered('loadingScript') ? [{ origin: 'https://jitsi.example' }] : [],
    );
    expect(asked.calls.slice(counts.calls)).toEqual(
      entered('inCall')
        ? [{ embed: EMBED.embed, displayName: 'Amina Kamau', dataSaver: seen.dataSaver }]
        : [],
    );
    // A call runs exactly while the page is in it: the end, leaving and a failure dispose it.
    expect(running()).toBe(seen.phase === 'inCall' ? 1 : 0);
    if (seen.phase === 'loading' && before.phase === 'loadFailed') expect(asked.load).toHaveLength(2);
    expect(OPEN.includes(seen.phase) || seen.endsInMs === null).toBe(true);
  }
  return actor;
}

describe('classroom machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reaches every phase of the page', () => {
    const phases = new Set(
      models.flatMap(({ model: m }) => m.shortest.map((path) => selectClassroom(path.state).phase)),
    );
    expect([...phases].sort()).toEqual(
      [
        'closed',
        'ended',
        'failed',
        'inCall',
        'joining',
        'link',
        'loadFailed',
        'loading',
        'loadingScript',
        'notFound',
        'prejoin',
        'scriptFailed',
        'waiting',
      ].sort(),
    );
  });

  for (const { name, now, model: m } of models) {
    describe(`opened ${name}`, () => {
      pathTests(
        coverage,
        m,
        'shows what the path leads to and asks each service once, with what it knows',
        (path) => replay(path, now).stop(),
      );
    });
  }

  it("asks the teacher's lesson first for a teacher, and joins as the lesson's reader", () => {
    vi.setSystemTime(OPENS + 1000);
    const { logic, asked } = recorded(classroomMachine);
    const actor = createActor(logic, { input: input(OPENS + 1000, true) }).start();
    expect(asked.load).toEqual([{ code: CODE, teacher: true }]);
    actor.send(loaded.teacher);
    expect(asked.join).toEqual([{ lessonId: 102, role: 'teacher' }]);
    actor.stop();
  });

  it('counts down to the end every second by itself, and disposes the call when the lesson ends', () => {
    vi.setSystemTime(CLOSES - 2000);
    const { logic, running } = recorded(classroomMachine);
    const actor = createActor(logic, { input: { ...input(0), now: undefined } }).start();
    actor.send(loaded.learner);
    actor.send(joined.embed);
    actor.send({ type: 'enter' });
    actor.send(script.loaded);
    expect(selectClassroom(actor.getSnapshot())).toMatchObject({ phase: 'inCall', endsInMs: 2000 });
    expect(running()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(selectClassroom(actor.getSnapshot()).endsInMs).toBe(1000);
    vi.advanceTimersByTime(2000);
    expect(selectClassroom(actor.getSnapshot()).phase).toBe('ended');
    expect(running()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  // Last: measured over every replay above (every path of the three openings).
  mutationTests(coverage, {
    paths: () => [...startOf.keys()],
    replay: (path, mutant) => replay(path, startOf.get(path)!, mutant as typeof classroomMachine).stop(),
    timeout: 120_000,
  });
});

describe('classroom rules', () => {
  it('turns the data saver on where the browser asks to save data or the network is slow', () => {
    expect(prefersDataSaver(undefined)).toBe(false);
    expect(prefersDataSaver({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: '3g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: '2g' })).toBe(true);
    expect(prefersDataSaver({ effectiveType: 'slow-2g' })).toBe(true);
    expect(prefersDataSaver({ saveData: false, effectiveType: '4g' })).toBe(false);
  });

  it('loads the script from the domain over https, or from the origin the domain names', () => {
    expect(jitsiOrigin('meet.example.org')).toBe('https://meet.example.org');
    expect(jitsiOrigin('http://127.0.0.1:4567')).toBe('http://127.0.0.1:4567');
    expect(jitsiOrigin('https://jitsi.example/')).toBe('https://jitsi.example');
  });

  it('hands the IFrame API the room, the token and the name, with the data saver camera off at 180p', () => {
    const node = { id: 'classroom-call' };
    const call = { embed: EMBED.embed!, displayName: 'Amina Kamau', dataSaver: true };
    expect(jitsiArguments(call, node)).toEqual({
      domain: 'jitsi.example',
      options: {
        roomName: 'somesha-room',
        jwt: 'token',
        parentNode: node,
        width: '100%',
        height: '100%',
        configOverwrite: {
          prejoinConfig: { enabled: false },
          startWithVideoMuted: true,
          resolution: 180,
          constraints: { video: { height: { ideal: 180, max: 180, min: 90 } } },
        },
        userInfo: { displayName: 'Amina Kamau' },
      },
    });
    const full = jitsiArguments({ ...call, dataSaver: false }, node).options.configOverwrite;
    expect(full).toEqual({ prejoinConfig: { enabled: false }, startWithVideoMuted: false });
    const local = jitsiArguments(
      { ...call, embed: { ...call.embed, domain: 'http://127.0.0.1:4567' } },
      node,
    );
    expect(local).toMatchObject({ domain: '127.0.0.1:4567', options: { noSSL: true } });
  });

  it("takes the reader's window from the lesson's classroom, and none for a cancelled lesson", () => {
    expect(learnerWindow(learnerLesson)).toEqual(window);
    expect(learnerWindow({ ...learnerLesson, cancelledAt: '2026-11-30T10:00:00.000Z' })).toBeNull();
    expect(learnerWindow({ ...learnerLesson, classroom: null, isBooked: false, link: null })).toBeNull();
    // The teacher's, without a classroom in the answer: from 30 minutes before the start.
    expect(teacherWindow(teacherLesson)).toEqual({
      opensAt: new Date(START - 30 * 60_000).toISOString(),
      closesAt: new Date(END).toISOString(),
    });
    expect(teacherWindow({ ...teacherLesson, status: 'cancelled' })).toBeNull();
    expect(teacherWindow({ ...teacherLesson, status: 'pending' })).toBeNull();
  });
});
