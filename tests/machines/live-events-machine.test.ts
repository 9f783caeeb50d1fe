// Model-based test of the live connection: every transition is walked with a fake event stream
// (its reports are sent as events) and fake time for the back-off. Each step checks what the parent
// (the notifications machine) hears, how many streams are open, and the wait before reconnecting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, type AnyActorRef, type EventFromLogic } from 'xstate';
import { liveEventsMachine, type LiveEvent, type StreamEvent } from '@/machines/live-events-machine';
import { decodeMessageEvent } from '@/services/schemas/message';
import { decodeNotification } from '@/services/schemas/notification';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type Event = EventFromLogic<typeof liveEventsMachine>;
const AFTER_RECONNECT = 'xstate.after.reconnectDelay.liveEvents.retrying';

const notification = decodeNotification({
  id: 'n1',
  type: 'payment',
  data: { title: 'Order paid', body: 'KES 1,500', url: '/lessons/booking' },
  read_at: null,
  created_at: '2026-11-21T10:00:00Z',
});
const chat = decodeMessageEvent({
  thread_id: 7,
  message: {
    id: 81,
    thread_id: 7,
    sender_user_id: 5,
    text: 'Hello',
    masked: false,
    created_at: '2026-11-21T10:00:00Z',
  },
  unread_count: 1,
  thread: null,
});
const events: Event[] = [
  { type: 'stream.open' },
  { type: 'stream.error' },
  { type: 'stream.notification', notification },
  { type: 'stream.transaction', transaction: { id: 55, status: 'completed' } },
  { type: 'stream.message', event: chat },
  { type: 'stream.messagesRead', unreadCount: 2 },
  { type: AFTER_RECONNECT } as unknown as Event,
];

const streams = { opened: 0, closed: 0 };
/** The machine with a fake stream that only counts how many are open: the paths send its reports. */
function counted(machine: typeof liveEventsMachine) {
  return machine.provide({
    actors: {
      eventStream: fromCallback<StreamEvent>(() => {
        streams.opened += 1;
        return () => {
          streams.closed += 1;
        };
      }),
    },
  });
}
const logic = counted(liveEventsMachine);

// Failed connections in a row, up to where the back-off stops growing (3 s doubling to a minute).
// The graph is walked without a parent, so the messages to it are no-ops there; the replay has one.
const quiet = () => {};
const model = modelOf(
  logic.provide({
    actions: {
      tellOpened: quiet,
      tellLost: quiet,
      forwardNotification: quiet,
      forwardTransaction: quiet,
      forwardMessage: quiet,
      forwardMessagesRead: quiet,
    },
  }),
  { events, visibleContext: (s) => Math.min(s.context.attempts, 6) },
);

const coverage = coverageOf(liveEventsMachine, {
  allowSurvivors: {
    'retarget retrying --after reconnectDelay--> streaming to streaming.connecting':
      'entering streaming enters its initial state, connecting: the same target written out',
  },
});

/** The notifications machine's stand-in: invokes the live machine and records what it hears. */
function harness(machine = liveEventsMachine) {
  const heard: LiveEvent[] = [];
  const parent = createActor(
    setup({ actors: { live: counted(machine) } }).createMachine({
      invoke: { id: 'live', src: 'live' },
      on: { '*': { actions: ({ event }) => heard.push(event as LiveEvent) } },
    }),
    { inspect: coverage.inspect },
  ).start();
  const child = parent.getSnapshot().children.live as AnyActorRef;
  return { parent, child, heard };
}

const WAITS = [3000, 6000, 12_000, 24_000, 48_000, 60_000];

function replay(path: ModelPath<typeof logic>, machine = liveEventsMachine) {
  Object.assign(streams, { opened: 0, closed: 0 });
  const { parent, child, heard } = harness(machine);
  let failures = 0;
  let expectHeard: LiveEvent[] = [];
  for (const step of path.steps) {
    const type = step.event.type as string;
    const before = heard.length;
    const stateBefore = child.getSnapshot().value;
    if (type === 'xstate.init') {
      // the stream opens at once
    } else if (type === AFTER_RECONNECT) {
      const wait = WAITS[Math.min(failures, WAITS.length) - 1]!;
      vi.advanceTimersByTime(wait - 1);
      expect(child.getSnapshot().value).toBe('retrying');
      vi.advanceTimersByTime(1);
    } else {
      child.send(step.event);
    }
    expectHeard = [];
    if (type === 'stream.open' && JSON.stringify(stateBefore) !== JSON.stringify({ streaming: 'open' })) {
      failures = 0;
      expectHeard = [{ type: 'live.opened' }];
    }
    if (type === 'stream.error') {
      failures += 1;
      expectHeard = [{ type: 'live.lost' }];
    }
    if (type === 'stream.notification') expectHeard = [{ type: 'notification.received', notification }];
    if (type === 'stream.transaction')
      expectHeard = [{ type: 'transaction.settled', id: 55, status: 'completed' }];
    if (type === 'stream.message') expectHeard = [{ type: 'message.received', event: chat }];
    if (type === 'stream.messagesRead') expectHeard = [{ type: 'thread.read', unreadCount: 2 }];

    const seen = child.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    expect(heard.slice(before)).toEqual(expectHeard);
    // One stream at most, and none while waiting to reconnect.
    expect(streams.opened - streams.closed).toBe(seen.value === 'retrying' ? 0 : 1);
  }
  return parent;
}

describe('live events machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  pathTests(
    coverage,
    { shortest: model.shortest, simple: [] },
    'tells the parent what the stream says and reconnects after the back-off',
    (path) => replay(path).stop(),
  );

  it('waits 3, 6, 12, 24, 48 and then 60 s between failed connections, and 3 s again after one opened', () => {
    const { parent, child, heard } = harness();
    for (const wait of WAITS) {
      child.send({ type: 'stream.error' });
      vi.advanceTimersByTime(wait - 1);
      expect(child.getSnapshot().value).toBe('retrying');
      vi.advanceTimersByTime(1);
      expect(child.getSnapshot().value).toEqual({ streaming: 'connecting' });
    }
    child.send({ type: 'stream.error' });
    vi.advanceTimersByTime(60_000);
    child.send({ type: 'stream.open' });
    child.send({ type: 'stream.error' });
    vi.advanceTimersByTime(3000);
    expect(child.getSnapshot().value).toEqual({ streaming: 'connecting' });
    expect(heard.filter((e) => e.type === 'live.lost')).toHaveLength(8);
    parent.stop();
    expect(streams.opened).toBe(streams.closed);
  });

  // Last: measured over every replay above (and the back-off test, which takes no other transition).
  mutationTests(coverage, {
    paths: () => model.shortest,
    replay: (path, mutant) => replay(path, mutant as typeof liveEventsMachine).stop(),
  });
});
