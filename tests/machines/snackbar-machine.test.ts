import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { snackbarMachine } from '@/machines/snackbar-machine';
import { coverageOf, eventsOf, modelOf, mutationTests, pathTests } from './model-paths';

type SnackbarEvent = EventFromLogic<typeof snackbarMachine>;
type Snapshot = SnapshotFrom<typeof snackbarMachine>;

const AFTER_DISPLAY_TIME = 'xstate.after.displayTime.snackbar.visible';

const events: SnackbarEvent[] = [
  { type: 'snackbar.show', message: 'Lesson added to cart' },
  { type: 'snackbar.show', message: '<b>Order paid</b>', color: 'success', timeout: 2000 },
  { type: 'snackbar.show', message: 'Read me until I close', color: 'warning', timeout: -1 },
  { type: 'snackbar.primary', message: 'Hello' },
  { type: 'snackbar.success', message: 'Profile updated' },
  { type: 'snackbar.error', message: 'Payment failed. Please try again.', timeout: 3000 },
  { type: 'snackbar.warning', message: 'Waiting for your payment to complete…' },
  { type: 'snackbar.setVisible', visible: true },
  { type: 'snackbar.setVisible', visible: false },
  { type: 'snackbar.hide' },
  // The display timer firing; the model lets it happen only where the guard allows (not for -1).
  { type: AFTER_DISPLAY_TIME } as unknown as SnackbarEvent,
];

const model = modelOf(snackbarMachine, {
  events,
  visibleContext: (s) => s.context,
  // Simple paths over "hidden / closing / staying open", one show of each kind.
  simpleEvents: events.filter(
    (e) => e.type !== 'snackbar.primary' && e.type !== 'snackbar.warning' && e.type !== 'snackbar.success',
  ),
  simpleContext: (s) => s.context.timeout === -1,
});

const coverage = coverageOf(snackbarMachine);
/** The shortest paths also check the whole context the model reached. */
const exact = new Set(model.shortest);

/** Replays a path on a real actor with fake timers: the timer event is real elapsed time. */
// Shortest-path states are exact; a simple-path state stands for its coarse node (value + "stays open").
function replay(
  path: { steps: Array<{ event: SnackbarEvent; state: Snapshot }> },
  exact: boolean,
  logic: typeof snackbarMachine = snackbarMachine,
) {
  const actor = createActor(logic, { inspect: coverage.inspect }).start();
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') {
      // nothing to do: the actor starts there
    } else if (event.type === AFTER_DISPLAY_TIME) {
      vi.advanceTimersByTime(actor.getSnapshot().context.timeout);
    } else {
      actor.send(step.event);
    }
    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    if (exact) expect(seen.context).toEqual(step.state.context);
    else expect(seen.context.timeout === -1).toBe(step.state.context.timeout === -1);
    // What the bar shows: open exactly in `visible`, with the message of the last show.
    expect(seen.context.visible).toBe(seen.matches('visible'));
    if ('message' in event && typeof event.message === 'string') {
      expect(seen.context.message).toBe(event.message);
    }
  }
  return actor;
}

describe('snackbar machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts hidden, empty and primary with the 5000 ms default', () => {
    const actor = createActor(snackbarMachine).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toEqual({
      timeout: 5000,
      color: 'primary',
      visible: false,
      message: '',
    });
  });

  pathTests(coverage, model, 'reaches the modelled state on a real actor', (path, kind) => {
    const actor = replay(path, kind === 'shortest');
    const last = eventsOf(path).at(-1);
    if (kind === 'simple' && (last?.type as string | undefined) === AFTER_DISPLAY_TIME)
      expect(actor.getSnapshot().context.visible).toBe(false);
    actor.stop();
  });

  it('closes by itself after the display time', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.success', message: 'Profile updated' });
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().context.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context).toMatchObject({
      visible: false,
      message: 'Profile updated',
      color: 'success',
    });
  });

  it('never closes by itself with a timeout of -1', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.warning', message: 'Stay', timeout: -1 });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(actor.getSnapshot().matches('visible')).toBe(true);
    actor.send({ type: 'snackbar.hide' });
    expect(actor.getSnapshot().context.visible).toBe(false);
  });

  it('restarts the timer when a new message is shown', () => {
    const actor = createActor(snackbarMachine).start();
    actor.send({ type: 'snackbar.show', message: 'First' });
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'snackbar.error', message: 'Second' });
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().context).toMatchObject({ visible: true, message: 'Second', color: 'error' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.visible).toBe(false);
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, exact.has(path), mutant as typeof snackbarMachine).stop(),
  });
});
