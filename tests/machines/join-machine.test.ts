// Model-based test of the Join button (issues 9 and 22): every transition of the join machine is walked on a
// real actor. The clock is the machine's own interval actor under fake timers: a `clock.tick` step
// sets the system time one second before the tick and lets one second pass, so the interval itself
// must fire. The join call never settles by itself; its result is sent as the done/error event. Each
// step checks what the person sees (phase, countdown, link, error) against an oracle written out here,
// and what the machine did besides: the link opened in a new tab, or the app sent to the classroom page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import { joinMachine, selectJoin, type JoinEmitted, type JoinInput } from '@/machines/join-machine';
import { CLOCK_TICK_MS } from '@/machines/window-clock';
import { ApiError } from '@/services/http';
import type { JoinAnswer } from '@/services/schemas/learner';
import { formatCountdown } from '@/shared/format';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type JoinEvent = EventFromLogic<typeof joinMachine>;

const OPENS = Date.parse('2026-12-01T13:45:00.000Z');
const CLOSES = Date.parse('2026-12-01T15:00:00.000Z');
const CODE = 'LSN-7K2Q9';
const LINK = `https://meet.example/${CODE}`;
const LINK_ANSWER: JoinAnswer = { provider: 'link', link: LINK, embed: null };
const EMBED_ANSWER: JoinAnswer = {
  provider: 'jitsi',
  link: 'https://jitsi.example/somesha-room?jwt=token',
  embed: { domain: 'jitsi.example', room: 'somesha-room', jwt: 'token' },
};
const CLASSROOM = '/lessons/live/LSN-7K2Q9';
const TOO_EARLY = 'You can join from 15 minutes before the lesson starts.';
const GENERAL = 'Something went wrong, please try again later.';

const input = (now: number): JoinInput => ({
  lessonId: 101,
  code: CODE,
  role: 'learner',
  opensAt: new Date(OPENS).toISOString(),
  closesAt: new Date(CLOSES).toISOString(),
  now,
});

const tick = (now: number): JoinEvent => ({ type: 'clock.tick', now });
const done = (output: unknown) => ({ type: 'xstate.done.actor.joinLesson', output }) as unknown as JoinEvent;
const failed = (error: unknown) => ({ type: 'xstate.error.actor.joinLesson', error }) as unknown as JoinEvent;

const results: Array<[JoinEvent, { link?: string; classroom?: true; error?: string }]> = [
  [done(LINK_ANSWER), { link: LINK }],
  [done(EMBED_ANSWER), { classroom: true }],
  [
    failed(new ApiError({ status: 422, message: TOO_EARLY, data: { message: TOO_EARLY } })),
    { error: TOO_EARLY },
  ],
  [failed(new ApiError({ status: 0, message: GENERAL })), { error: GENERAL }],
];

const events: JoinEvent[] = [
  tick(OPENS - 61_000), // still closed: "1:01"
  tick(OPENS - 1), // still closed: "0:01" (rounded up)
  tick(OPENS), // the window opens
  tick(CLOSES), // the last moment of the lesson: still open
  tick(CLOSES + 1), // ended
  { type: 'join' },
  { type: 'join.retry' },
  ...results.map(([event]) => event),
];

/** The machine with a join call that never settles: the paths settle it with done/error events. */
function pending(machine: typeof joinMachine) {
  return machine.provide({
    actors: {
      joinLesson: fromPromise<JoinAnswer, { lessonId: number; role: 'teacher' | 'learner' }>(
        () => new Promise<never>(() => {}),
      ),
    },
  });
}
const logic = pending(joinMachine);

const model = (now: number) =>
  modelOf(logic, {
    events,
    input: input(now),
    visibleContext: (s) => selectJoin(s),
    simpleEvents: [
      tick(OPENS),
      tick(CLOSES + 1),
      { type: 'join' },
      { type: 'join.retry' },
      results[0]![0],
      results[1]![0],
      results[2]![0],
    ],
  });

// Three openings of the page: before the window, inside it, after the lesson.
const STARTS = [
  ['before the window', OPENS - 120_000],
  ['inside the window', OPENS + 60_000],
  ['after the lesson', CLOSES + 60_000],
] as const;
const models = STARTS.map(([name, now]) => ({ name, now, model: model(now) }));
/** Each path of the three openings, with the time its page opened. */
const startOf = new Map(
  models.flatMap(({ now, model: m }) => [...m.shortest, ...m.simple].map((path) => [path, now] as const)),
);

// `checking` only routes by `context.now` (before / inside / after the window), and every tick sets
// `now` first: a tick sent through `checking` lands where the tick's own guard sends it. Re-entering
// `waiting` restarts the 1 s clock at the moment of a tick, which keeps the same cadence.
const throughChecking = 'the tick sets now, and checking routes by now to the very state the tick targets';
const coverage = coverageOf(joinMachine, {
  allowSurvivors: {
    'retarget waiting --clock.tick[tickEnds]--> ended to checking': throughChecking,
    'retarget waiting --clock.tick[tickOpens]--> open to checking': throughChecking,
    'retarget waiting --clock.tick--> (stays) to checking': `${throughChecking} (waiting, its clock restarted on the beat)`,
    'retarget open --clock.tick[tickEnds]--> ended to checking': throughChecking,
  },
});

type Seen = { phase: string; countdownMs: number | null; link: string | null; error: string | null };

/** The oracle: what the panel must show after `event`, from what it showed before. */
function expectedAfter(before: Seen, now: number, event: JoinEvent | null): Seen {
  const phaseAt = (time: number) => (time < OPENS ? 'waiting' : time > CLOSES ? 'ended' : 'ready');
  if (event === null) {
    const phase = phaseAt(now);
    return { phase, countdownMs: phase === 'waiting' ? OPENS - now : null, link: null, error: null };
  }
  if (event.type === 'clock.tick') {
    if (before.phase === 'waiting') {
      const phase = phaseAt(event.now);
      return { ...before, phase, countdownMs: phase === 'waiting' ? OPENS - event.now : null };
    }
    return event.now > CLOSES ? { ...before, phase: 'ended', countdownMs: null } : before;
  }
  if (event.type === 'join') return { ...before, phase: 'joining' };
  if (event.type === 'join.retry') return { ...before, phase: 'joining', error: null };
  const result = results.find(([e]) => e === event)?.[1];
  if (result?.link) return { ...before, phase: 'joined', link: result.link, error: null };
  if (result?.classroom) return { ...before, phase: 'entering', error: null };
  return { ...before, phase: 'failed', error: result?.error ?? null };
}

function replay(
  path: ModelPath<typeof logic>,
  start: number,
  machine = joinMachine,
  inspect = coverage.inspect,
) {
  vi.setSystemTime(start);
  const openLink = vi.fn();
  const actor = createActor(pending(machine).provide({ actions: { openLink } }), {
    input: input(start),
    inspect,
  });
  const emitted: JoinEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let seen: Seen = expectedAfter({ phase: '', countdownMs: null, link: null, error: null }, start, null);
  for (const step of path.steps) {
    const event = step.event;
    const emittedBefore = emitted.length;
    if ((event.type as string) === 'xstate.init') {
      // the actor starts there
    } else if (event.type === 'clock.tick') {
      // The machine's own interval must deliver this time.
      vi.setSystemTime(event.now - CLOCK_TICK_MS);
      vi.advanceTimersByTime(CLOCK_TICK_MS);
      seen = expectedAfter(seen, start, event);
    } else {
      actor.send(event);
      seen = expectedAfter(seen, start, event);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(selectJoin(snapshot)).toEqual(seen);

    // The link opens in a new tab exactly when it arrives; a room to embed sends the app to the
    // classroom page instead, and opens nothing.
    const fresh = emitted.slice(emittedBefore);
    if (seen.phase === 'entering' && (event.type as string) === 'xstate.done.actor.joinLesson') {
      expect(fresh).toEqual([{ type: 'navigate', to: CLASSROOM, replace: false }]);
      expect(openLink).not.toHaveBeenCalled();
    } else if (seen.phase === 'joined' && (event.type as string) === 'xstate.done.actor.joinLesson') {
      expect(fresh).toEqual([{ type: 'link.open', link: LINK }]);
      expect(openLink).toHaveBeenCalledTimes(1);
      expect(openLink.mock.calls[0]?.[1]).toEqual({ link: LINK });
      openLink.mockClear();
    } else {
      expect(fresh).toEqual([]);
      expect(openLink).not.toHaveBeenCalled();
    }
  }
  return actor;
}

describe('join machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opened after the lesson, shows "ended" and nothing more happens', () => {
    const after = models.find(({ name }) => name === 'after the lesson')!.model;
    expect(
      [...after.shortest, ...after.simple].map((path) => [selectJoin(path.state).phase, path.steps.length]),
    ).toEqual([
      ['ended', 1],
      ['ended', 1],
    ]);
  });

  it('reaches every phase, and the countdown reads as a clock', () => {
    const phases = new Set(
      models.flatMap(({ model: m }) => m.shortest.map((path) => selectJoin(path.state).phase)),
    );
    expect([...phases].sort()).toEqual([
      'ended',
      'entering',
      'failed',
      'joined',
      'joining',
      'ready',
      'waiting',
    ]);
    expect(formatCountdown(OPENS - (OPENS - 754_000))).toBe('12:34');
  });

  for (const { name, now, model: m } of models) {
    describe(`opened ${name}`, () => {
      pathTests(coverage, m, 'shows the phase, countdown, link and error the path leads to', (path) =>
        replay(path, now).stop(),
      );
    });
  }

  it('counts down every second by itself, opens at the window and ends after the lesson', () => {
    vi.setSystemTime(OPENS - 3000);
    const actor = createActor(logic, { input: { ...input(0), now: undefined } }).start();
    expect(selectJoin(actor.getSnapshot())).toMatchObject({ phase: 'waiting', countdownMs: 3000 });
    vi.advanceTimersByTime(1000);
    expect(formatCountdown(selectJoin(actor.getSnapshot()).countdownMs ?? -1)).toBe('0:02');
    vi.advanceTimersByTime(2000);
    expect(selectJoin(actor.getSnapshot())).toMatchObject({ phase: 'ready', countdownMs: null });
    vi.setSystemTime(CLOSES);
    vi.advanceTimersByTime(1000);
    expect(selectJoin(actor.getSnapshot()).phase).toBe('ended');
    // No clock runs once the lesson has ended.
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it("asks the join route of who joins: the teacher's for the teacher, the learner's for a learner", async () => {
    vi.setSystemTime(OPENS + 1000);
    for (const role of ['teacher', 'learner'] as const) {
      const asked: unknown[] = [];
      const machine = joinMachine.provide({
        actors: {
          joinLesson: fromPromise<JoinAnswer, { lessonId: number; role: 'teacher' | 'learner' }>(
            async ({ input: asking }) => {
              asked.push(asking);
              return LINK_ANSWER;
            },
          ),
        },
        actions: { openLink: () => {} },
      });
      const actor = createActor(machine, { input: { ...input(OPENS + 1000), role } }).start();
      actor.send({ type: 'join' });
      await vi.waitFor(() => expect(selectJoin(actor.getSnapshot()).phase).toBe('joined'));
      expect(asked).toEqual([{ lessonId: 101, role }]);
      actor.stop();
    }
  });

  // Last: measured over every replay above (every path of the three openings).
  mutationTests(coverage, {
    paths: () => [...startOf.keys()],
    replay: (path, mutant) => replay(path, startOf.get(path)!, mutant as typeof joinMachine).stop(),
  });
});
