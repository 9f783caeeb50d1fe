// The window of a lesson as the Join button (join-machine.ts) and the classroom page
// (classroom-machine.ts) both follow it: `checking` decides where the clock stands, `waiting` counts
// down to `opensAt` with a tick every second, the window is open until `closesAt`, then it has ended.
// The clock, the guards, the time of a tick and the two states that are the same in both machines live here once;
// each machine lists them by name in its own `setup` and states, so its statechart still shows them.
import { fromCallback } from 'xstate';

export const CLOCK_TICK_MS = 1000;

export type ClockTick = { type: 'clock.tick'; now: number };

/** What the window's guards read (ms since the epoch). */
export type WindowClock = { now: number; opensAt: number; closesAt: number };

type WindowArgs = { context: WindowClock; event: { type: string } };

/** Sends the time every second until it is stopped (by leaving the state that invoked it). */
export const clockLogic = fromCallback<ClockTick>(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});

/** An ISO instant in ms; 0 where there is none to read. */
export function parseTime(value: string): number {
  const time = Date.parse(value);
  return Number.isNaN(time) ? 0 : time;
}

function tickTime(event: { type: string }): number | null {
  return event.type === 'clock.tick' ? (event as ClockTick).now : null;
}

/** The guards of the window, for a machine's `setup({ guards })`. */
export const windowGuards = {
  beforeWindow: ({ context }: WindowArgs) => context.now < context.opensAt,
  afterWindow: ({ context }: WindowArgs) => context.now > context.closesAt,
  // A computer waking from sleep may jump past the whole lesson.
  tickEnds: ({ context, event }: WindowArgs) => {
    const now = tickTime(event);
    return now !== null && now > context.closesAt;
  },
  tickOpens: ({ context, event }: WindowArgs) => {
    const now = tickTime(event);
    return now !== null && now >= context.opensAt;
  },
};

/** The tick's time to keep: `setNow: assign(({ event }) => tickNow(event))` in a machine's `setup`. */
export function tickNow(event: { type: string }): Partial<WindowClock> {
  const now = tickTime(event);
  return now === null ? {} : { now };
}

/** Decides where the clock stands when the window is first known. */
export const checkingState = {
  always: [
    { guard: 'beforeWindow', target: 'waiting' },
    { guard: 'afterWindow', target: 'ended' },
    { target: 'open' },
  ],
} as const;

/** The countdown to `opensAt`: a tick past `closesAt` ends the window, one at `opensAt` opens it. */
export const waitingState = {
  invoke: { src: 'clock' },
  on: {
    'clock.tick': [
      { guard: 'tickEnds', target: 'ended', actions: 'setNow' },
      { guard: 'tickOpens', target: 'open', actions: 'setNow' },
      { actions: 'setNow' },
    ],
  },
} as const;

/** In the open window, the tick that ends it. */
export const tickEndsWindow = { guard: 'tickEnds', target: 'ended', actions: 'setNow' } as const;
