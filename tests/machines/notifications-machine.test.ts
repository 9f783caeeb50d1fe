// Model-based test of the notifications machine: every transition is walked on a real actor whose
// calls never settle by themselves (their answers are sent as done/error events or as the mark-read
// actors' reports), whose live stream is a fake child, and whose 30 s poll is fake time. Each step
// checks what the bell shows (the newest notifications, read or not, and the unread count), the
// toasts and error messages the app receives, the calls made and what the payment actors are told.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type EventFromLogic } from 'xstate';
import {
  isUnread,
  notificationsMachine,
  POLL_FALLBACK_MS,
  selectCanMarkAll,
  type NotificationsEmitted,
} from '@/machines/notifications-machine';
import type { LiveEvent } from '@/machines/live-events-machine';
import { decodeMessageEvent } from '@/services/schemas/message';
import {
  decodeNotification,
  type Notification,
  type NotificationPage,
} from '@/services/schemas/notification';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';
import { onePerMove } from './mutant-paths';

type Event = EventFromLogic<typeof notificationsMachine>;

const AFTER_POLL = 'xstate.after.pollInterval.notifications.signedIn.fallback.polling.waiting';
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const failed = (id: string) =>
  ({ type: `xstate.error.actor.${id}`, error: new Error('offline') }) as unknown as Event;
const after = (type: string) => ({ type }) as unknown as Event;

const note = (id: string, at: string, read = false): Notification =>
  decodeNotification({
    id,
    type: 'payment',
    data: { title: `Title ${id}`, body: `Body ${id}`, url: `/lessons/show/${id}` },
    read_at: read ? '2026-11-21T08:00:00Z' : null,
    created_at: at,
  });
const n1 = note('n1', '2026-11-21T10:00:00Z');
const n2 = note('n2', '2026-11-21T09:00:00Z', true);
const n3 = note('n3', '2026-11-21T10:30:00Z');
const n4 = note('n4', '2026-11-21T11:00:00Z');
/** An unread one older than the bell's newest: polled, but old news (no toast). */
const n0 = note('n0', '2026-11-20T10:00:00Z');
const page = (items: Notification[], unreadCount: number): NotificationPage => ({
  items,
  unreadCount,
  meta: { currentPage: 1, lastPage: 1, perPage: 10, total: items.length },
});
const latest = { ...page([n1, n2], 1), messagesUnread: 4 };
const polled = page([n3, n1, n0], 3);

/** The payment actor's stand-in: records what it is told. */
const heard: unknown[] = [];
const listener = createActor(
  createMachine({ on: { '*': { actions: ({ event }) => heard.push(event) } } }),
).start();

const settled: LiveEvent = { type: 'transaction.settled', id: 55, status: 'completed' };

// Messages (issue 25): the thread machine on show is a stand-in that records what it is told.
const threadHeard: unknown[] = [];
const threadScreen = createActor(
  createMachine({ on: { '*': { actions: ({ event }) => threadHeard.push(event) } } }),
).start();
const threadRaw = {
  id: 7,
  other: {
    user_id: 5,
    first_name: 'Grace',
    last_name: 'Mwangi',
    photo_url: null,
    role: 'teacher',
    teacher_id: 3,
  },
  last_message: null,
  unread_count: 1,
  blocked: null,
  reported: false,
  can_share_contacts: false,
  updated_at: '2026-11-21T10:00:00Z',
};
const chat = (id: number, sender: number, unread: number) =>
  decodeMessageEvent({
    thread_id: 7,
    message: {
      id,
      thread_id: 7,
      sender_user_id: sender,
      text: `Text ${id}`,
      masked: false,
      created_at: '2026-11-21T10:00:00Z',
    },
    unread_count: unread,
    thread: { ...threadRaw, unread_count: unread },
  });
/** From Grace (a toast unless her thread is on show), and one the user sent from another tab. */
const fromGrace = chat(81, 5, 3);
const fromMe = chat(82, 12, 2);
const events: Event[] = [
  { type: 'session.signedIn' },
  { type: 'session.signedOut' },
  done('fetchLatest', latest),
  failed('fetchLatest'),
  { type: 'notifications.retry' },
  { type: 'live.lost' },
  { type: 'live.opened' },
  after(AFTER_POLL),
  done('fetchUnread', polled),
  failed('fetchUnread'),
  { type: 'notification.received', notification: n4 },
  { type: 'notification.received', notification: n1 },
  settled,
  { type: 'notification.read', notification: n1 },
  { type: 'notification.read', notification: n2 },
  { type: 'read.saved', notification: { ...n1, readAt: new Date('2026-11-21T12:00:00Z') } },
  { type: 'read.failed', id: 'n1' },
  { type: 'notifications.readAll' },
  { type: 'readAll.saved' },
  { type: 'readAll.failed' },
  { type: 'transactions.listen', listener },
  { type: 'transactions.unlisten', listener },
  { type: 'message.received', event: fromGrace },
  { type: 'message.received', event: fromMe },
  { type: 'thread.shown', threadId: 7, listener: threadScreen },
  { type: 'thread.read', unreadCount: 0 },
];

const calls = {
  fetchLatest: 0,
  fetchUnread: 0,
  markRead: [] as string[],
  markAllRead: 0,
  live: 0,
  liveStopped: 0,
};
const fakeActors = {
  fetchLatest: fromPromise<NotificationPage>(() => {
    calls.fetchLatest += 1;
    return new Promise<never>(() => {});
  }),
  fetchUnread: fromPromise<NotificationPage>(() => {
    calls.fetchUnread += 1;
    return new Promise<never>(() => {});
  }),
  markRead: fromCallback<Event, { id: string }>(({ input }) => {
    calls.markRead.push(input.id);
  }),
  markAllRead: fromCallback<Event>(() => {
    calls.markAllRead += 1;
  }),
  liveEvents: fromCallback(() => {
    calls.live += 1;
    return () => {
      calls.liveStopped += 1;
    };
  }),
};
const logic = notificationsMachine.provide({ actors: fakeActors as never });

type Snap = ReturnType<typeof logic.resolveState>;
const bell = (s: Snap) => s.context.items.map((item) => `${item.id}${item.readAt ? '' : '*'}`).join(' ');
const model = modelOf(logic, {
  events,
  // Coarse on purpose (the replay checks the exact bell): what the guards turn on.
  visibleContext: (s) => [
    s.context.unreadCount > 0,
    s.context.pendingAll !== null,
    s.context.listeners.length,
    s.context.openThread !== null,
  ],
  simpleEvents: [
    { type: 'session.signedIn' },
    done('fetchLatest', latest),
    { type: 'live.lost' },
    after(AFTER_POLL),
    done('fetchUnread', polled),
    { type: 'live.opened' },
    { type: 'notification.received', notification: n4 },
  ],
});

const coverage = coverageOf(notificationsMachine, {
  allowSurvivors: {
    'retarget signedOut --session.signedIn--> signedIn to signedIn.feed':
      'signedIn is parallel: entering its feed region enters every region at its initial state, exactly as entering signedIn does',
  },
});

/** What the person should see, worked out from the events alone. */
type Oracle = {
  signedIn: boolean;
  feed: 'loading' | 'ready' | 'error';
  fallback: 'off' | 'waiting' | 'fetching';
  items: Array<{ id: string; read: boolean }>;
  unread: number;
  readIds: string[];
  allRead: boolean;
  pending: { ids: string[]; count: number; allRead: boolean } | null;
  loaded: boolean;
  listening: boolean;
  messagesUnread: number;
};
const fresh = (listening: boolean): Oracle => ({
  signedIn: false,
  feed: 'loading',
  fallback: 'off',
  items: [],
  unread: 0,
  readIds: [],
  allRead: false,
  pending: null,
  loaded: false,
  listening,
  messagesUnread: 0,
});

function replay(path: ModelPath<typeof logic>, machine: typeof notificationsMachine = notificationsMachine) {
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  Object.assign(calls, {
    fetchLatest: 0,
    fetchUnread: 0,
    markRead: [],
    markAllRead: 0,
    live: 0,
    liveStopped: 0,
  });
  heard.length = 0;
  threadHeard.length = 0;
  let threadShown = false;
  const threadExpected: unknown[] = [];
  const actor = createActor(machine.provide({ actors: fakeActors as never }), {
    systemId: 'notifications',
    inspect: coverage.inspect,
  });
  const emitted: NotificationsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let o = fresh(false);
  const expected = {
    fetchLatest: 0,
    fetchUnread: 0,
    markRead: [] as string[],
    markAllRead: 0,
    live: 0,
    liveStopped: 0,
  };
  const heardExpected: unknown[] = [];
  for (const step of path.steps) {
    const event = step.event;
    const before = emitted.length;
    const toasts: string[] = [];
    const notices: string[] = [];
    const type = event.type as string;
    if (type === 'xstate.init') {
      // starts signed out
    } else if (type === AFTER_POLL) {
      vi.advanceTimersByTime(POLL_FALLBACK_MS - 1);
      expect(actor.getSnapshot().matches({ signedIn: { fallback: { polling: 'waiting' } } })).toBe(true);
      vi.advanceTimersByTime(1);
    } else {
      actor.send(event);
    }

    // The oracle's own reading of the event.
    const markOne = (id: string) => {
      o.readIds = [...o.readIds, id];
      o.items = o.items.map((item) => (item.id === id ? { ...item, read: true } : item));
      o.unread = Math.max(0, o.unread - 1);
      expected.markRead.push(id);
    };
    switch (type) {
      case 'session.signedIn':
        o = { ...fresh(o.listening), signedIn: true };
        expected.fetchLatest += 1;
        expected.live += 1;
        break;
      case 'session.signedOut':
        o = fresh(o.listening);
        expected.liveStopped += 1;
        break;
      case 'xstate.done.actor.fetchLatest':
        o.feed = 'ready';
        o.items = [
          { id: 'n1', read: false },
          { id: 'n2', read: true },
        ];
        o.unread = 1;
        o.loaded = true;
        o.messagesUnread = 4;
        break;
      case 'xstate.error.actor.fetchLatest':
        o.feed = 'error';
        break;
      case 'notifications.retry':
        o.feed = 'loading';
        expected.fetchLatest += 1;
        break;
      case 'live.lost':
        o.fallback = 'waiting';
        break;
      case 'live.opened':
        if (o.fallback !== 'off' && o.feed !== 'loading') {
          o.feed = 'loading';
          expected.fetchLatest += 1;
        }
        o.fallback = 'off';
        break;
      case AFTER_POLL:
        o.fallback = 'fetching';
        expected.fetchUnread += 1;
        break;
      case 'xstate.done.actor.fetchUnread': {
        o.fallback = 'waiting';
        const known = o.items.map((item) => item.id);
        // Only n3 is newer than the newest the bell knows (n1 or n4); n0 is old news.
        const newest = o.items[0]?.id;
        const isNews =
          o.loaded &&
          !known.includes('n3') &&
          !o.readIds.includes('n3') &&
          (newest === undefined || newest < 'n3');
        if (isNews) {
          o.items = [{ id: 'n3', read: false }, ...o.items].slice(0, 10);
          toasts.push('n3');
        }
        o.unread = 3;
        break;
      }
      case 'xstate.error.actor.fetchUnread':
        o.fallback = 'waiting';
        break;
      case 'notification.received': {
        const id = (event as { notification: Notification }).notification.id;
        if (!o.items.some((item) => item.id === id)) {
          o.items = [{ id, read: false }, ...o.items].slice(0, 10);
          o.unread += 1;
          toasts.push(id);
        }
        break;
      }
      case 'transaction.settled':
        if (o.listening) heardExpected.push(settled);
        break;
      case 'notification.read': {
        const id = (event as { notification: Notification }).notification.id;
        const known = o.items.find((item) => item.id === id);
        const unread = known ? !known.read : id === 'n1' && !o.readIds.includes(id) && !o.allRead;
        if (unread) markOne(id);
        break;
      }
      case 'read.saved':
        o.items = o.items.map((item) => (item.id === 'n1' ? { ...item, read: true } : item));
        break;
      case 'read.failed':
        if (o.readIds.includes('n1')) {
          o.readIds = o.readIds.filter((id) => id !== 'n1');
          o.items = o.items.map((item) => (item.id === 'n1' ? { ...item, read: false } : item));
          o.unread += 1;
          notices.push('We could not mark the notification as read. Please try again.');
        }
        break;
      case 'notifications.readAll': {
        const ids = o.items.filter((item) => !item.read).map((item) => item.id);
        o.pending = { ids, count: o.unread, allRead: o.allRead };
        o.items = o.items.map((item) => ({ ...item, read: true }));
        o.unread = 0;
        o.allRead = true;
        expected.markAllRead += 1;
        break;
      }
      case 'readAll.saved':
        o.pending = null;
        break;
      case 'readAll.failed':
        if (o.pending) {
          const pending = o.pending;
          o.items = o.items.map((item) => (pending.ids.includes(item.id) ? { ...item, read: false } : item));
          o.unread += pending.count;
          o.allRead = pending.allRead;
          o.pending = null;
          notices.push('We could not mark your notifications as read. Please try again.');
        }
        break;
      case 'transactions.listen':
        o.listening = true;
        break;
      case 'transactions.unlisten':
        o.listening = false;
        break;
      case 'message.received': {
        const chatEvent = (event as { event: typeof fromGrace }).event;
        if (!o.signedIn) break;
        o.messagesUnread = chatEvent.unreadCount;
        if (threadShown)
          threadExpected.push({ type: 'thread.live', message: chatEvent.message, thread: chatEvent.thread });
        else if (chatEvent === fromGrace) toasts.push('message-81');
        break;
      }
      case 'thread.shown':
        threadShown = true;
        break;
      case 'thread.read':
        if (!o.signedIn) break;
        o.messagesUnread = 0;
        break;
    }

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    if (o.signedIn) {
      expect(seen.matches({ signedIn: { feed: o.feed } })).toBe(true);
      expect(
        seen.matches({ signedIn: { fallback: o.fallback === 'off' ? 'off' : { polling: o.fallback } } }),
      ).toBe(true);
    } else {
      expect(seen.matches('signedOut')).toBe(true);
    }
    expect(seen.context.messagesUnread).toBe(o.messagesUnread);
    expect(seen.context.openThread?.threadId ?? null).toBe(threadShown ? 7 : null);
    expect(threadHeard).toEqual(threadExpected);
    expect(bell(seen)).toBe(o.items.map((item) => `${item.id}${item.read ? '' : '*'}`).join(' '));
    expect(seen.context.unreadCount).toBe(o.unread);
    expect(seen.context.readIds).toEqual(o.readIds);
    expect(seen.context.allReadAt !== null).toBe(o.allRead);
    expect(seen.context.listeners.length).toBe(o.listening ? 1 : 0);
    // "Mark all as read" is offered while something is unread and no earlier one is on its way.
    expect(selectCanMarkAll(seen)).toBe(o.unread > 0 && o.pending === null);
    // The bell's own copies decide what reads as unread, for the notifications page too.
    for (const item of seen.context.items) expect(isUnread(seen.context, item)).toBe(item.readAt === null);

    const fresh_ = emitted.slice(before);
    expect(
      fresh_.filter((e) => e.type === 'toast').map((e) => (e.type === 'toast' ? e.notification.id : '')),
    ).toEqual(toasts);
    expect(fresh_.filter((e) => e.type === 'notify')).toEqual(
      notices.map((message) => ({ type: 'notify', color: 'error', message })),
    );
    expect(calls).toEqual(expected);
    expect(heard).toEqual(heardExpected);
  }
  return actor;
}

/**
 * Mark all read, the server saves it, a new notification arrives: "Mark all as read" is offered
 * again and works again. The model reaches "saved" and "a new one arrives" by different paths (its
 * states only say whether something is unread or on its way), so this is replayed by hand, here and
 * on every mutant.
 */
function markAllTwice(machine: typeof notificationsMachine = notificationsMachine) {
  const actor = createActor(machine.provide({ actors: fakeActors as never }), {
    inspect: coverage.inspect,
  }).start();
  actor.send({ type: 'session.signedIn' });
  actor.send(done('fetchLatest', latest));
  actor.send({ type: 'notifications.readAll' });
  expect(selectCanMarkAll(actor.getSnapshot())).toBe(false);
  actor.send({ type: 'readAll.saved' });
  actor.send({ type: 'notification.received', notification: n4 });
  expect(actor.getSnapshot().context.unreadCount).toBe(1);
  expect(selectCanMarkAll(actor.getSnapshot())).toBe(true);
  actor.send({ type: 'notifications.readAll' });
  expect(actor.getSnapshot().context.unreadCount).toBe(0);
  // A refusal now undoes only the second "mark all": n4 unread again, n1 stays read.
  actor.send({ type: 'readAll.failed' });
  expect(bell(actor.getSnapshot())).toBe('n4* n1 n2');
  expect(actor.getSnapshot().context.unreadCount).toBe(1);
  actor.stop();
}

/**
 * A message for the thread on show goes to it (no toast); the user's own message from another tab
 * toasts nothing; once the thread's machine has stopped (its screen closed), Grace's next one toasts. The model's moves (state, event
 * type) meet `message.received` once, so this is replayed by hand, here and on every mutant.
 */
function messagesRouted(machine: typeof notificationsMachine = notificationsMachine) {
  threadHeard.length = 0;
  const actor = createActor(machine.provide({ actors: fakeActors as never }), {
    inspect: coverage.inspect,
  });
  const toasts: string[] = [];
  actor.on('toast', ({ notification }) => toasts.push(notification.id));
  actor.start();
  actor.send({ type: 'session.signedIn' });
  const shown = createActor(
    createMachine({ on: { '*': { actions: ({ event }) => threadHeard.push(event) } } }),
  ).start();
  actor.send({ type: 'thread.shown', threadId: 7, listener: shown });
  actor.send({ type: 'message.received', event: fromGrace });
  expect(threadHeard).toEqual([
    { type: 'thread.live', message: fromGrace.message, thread: fromGrace.thread },
  ]);
  expect(actor.getSnapshot().context.messagesUnread).toBe(3);
  // The thread's screen closed: its stopped machine gets nothing more.
  shown.stop();
  actor.send({ type: 'message.received', event: fromMe });
  expect(actor.getSnapshot().context.messagesUnread).toBe(2);
  expect(toasts).toEqual([]);
  actor.send({ type: 'message.received', event: fromGrace });
  expect(toasts).toEqual(['message-81']);
  expect(threadHeard).toHaveLength(1);
  actor.stop();
}

describe('notifications machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  pathTests(coverage, model, 'shows the bell, toasts and calls the path leads to', (path) =>
    replay(path).stop(),
  );
});

describe('notifications machine (behaviour)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls the unread ones every 30 s while the stream is down, and stops when it is back', async () => {
    const fetchUnread = vi.fn(async () => polled);
    const fetchLatest = vi.fn(async () => latest);
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          ...fakeActors,
          fetchLatest: fromPromise(fetchLatest),
          fetchUnread: fromPromise(fetchUnread),
        } as never,
      }),
    ).start();
    actor.send({ type: 'session.signedIn' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'live.lost' });
    await vi.advanceTimersByTimeAsync(POLL_FALLBACK_MS * 3);
    expect(fetchUnread).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.unreadCount).toBe(3);
    actor.send({ type: 'live.opened' });
    await vi.advanceTimersByTimeAsync(POLL_FALLBACK_MS * 3);
    expect(fetchUnread).toHaveBeenCalledTimes(3);
    // Back on the stream: the newest page again, for what the polls could not tell.
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('tells a newly registered payment actor about settlements, and stops after it unregisters', () => {
    const actor = createActor(logic).start();
    actor.send({ type: 'session.signedIn' });
    heard.length = 0;
    actor.send({ type: 'transactions.listen', listener });
    actor.send({ type: 'transactions.listen', listener });
    actor.send(settled as Event);
    expect(heard).toEqual([settled]);
    actor.send({ type: 'transactions.unlisten', listener });
    actor.send(settled as Event);
    expect(heard).toEqual([settled]);
    actor.stop();
  });

  it('hands a message to the thread on show, toasts only one to the user for a thread not on show', () => {
    coverage.track('messages routed', () => messagesRouted());
  });

  it('offers "mark all as read" again once the last one was saved and a new notification came', () => {
    coverage.track('mark all twice', () => markAllTwice());
  });

  // Last: measured over every replay above. The mutants replay one path per move of the machine (about
  // 190), after the hand-written "mark all" twice (the one path that tells a lost "saved" apart). All
  // 900+ paths take 25 s: the control and the equivalent survivor replay them all.
  mutationTests(coverage, {
    paths: () => onePerMove([...model.shortest, ...model.simple]),
    before: (mutant) => {
      markAllTwice(mutant as typeof notificationsMachine);
      messagesRouted(mutant as typeof notificationsMachine);
    },
    replay: (path, mutant) => replay(path, mutant as typeof notificationsMachine).stop(),
  });
});
