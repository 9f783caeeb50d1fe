// The signed-in user's notifications (issue 9): the newest ones and the unread count for the bell,
// marking one or all read (at once on screen, undone with an error toast if the server refuses),
// toasts for new ones, and the live stream with polling as its fallback.
//
// Messages (issue 25) arrive on the same stream: it keeps the top bar's unread-message count (with
// the bell's newest page, then from every `message` event and every thread read; the thread list
// loads again when it changes), and it hands a message to the thread on show (`thread.shown
// {threadId, listener}` from the thread machine) or toasts it.
//
// Wiring (docs/learning-workspace.md "SPA"): the app creates one actor of this machine with
// systemId `notifications` and tells it `session.signedIn` / `session.signedOut`. While signed in it
// invokes the live-events machine (systemId `liveEvents`), which owns the `/api/events` stream and
// reports to it. Actors that care about payments register once with `transactions.listen {listener}`
// (the app registers the two payment actors when it creates them); this machine forwards every
// `transaction.settled {id, status}` from the stream to them, so the link between the machines is a
// transition here, walked by the model test, not a callback in a view.
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  stateIn,
  type AnyActorRef,
} from 'xstate';
import {
  fetchLatestNotifications,
  fetchUnreadNotifications,
  LATEST_COUNT,
  markAllNotificationsRead,
  markNotificationRead,
} from '@/services/notification-service';
import type { MessageEvent as ChatEvent } from '@/services/schemas/message';
import type { Notification, NotificationPage } from '@/services/schemas/notification';
import { t } from '@/shared/messages';
import { liveEventsMachine, type LiveEvent } from './live-events-machine';
import type { NotifyColor } from './session-machine';

/** While the stream is down the unread ones are fetched this often. */
export const POLL_FALLBACK_MS = 30_000;

export type NotificationsContext = {
  /** The newest notifications (at most LATEST_COUNT), newest first: the bell's list. */
  items: Notification[];
  unreadCount: number;
  /** The newest page arrived once since sign-in (new polled ones are told apart from it). */
  loaded: boolean;
  /** Notifications marked read in this session, also those beyond `items` (the notifications page). */
  readIds: string[];
  /** When everything was marked read (ISO): whatever was created by then reads as read. */
  allReadAt: string | null;
  /** A "mark all" on its way: what to undo if the server refuses. */
  pendingAll: { ids: string[]; count: number; allReadAt: string | null } | null;
  /** Actors told about `transaction.settled` (the payment actors). */
  listeners: AnyActorRef[];
  /** Unread messages in all the user's threads: the top bar's count. */
  messagesUnread: number;
  /** The thread on show and its machine, told about that thread's live messages. */
  openThread: { threadId: number; listener: AnyActorRef } | null;
};

/** A message toast shows the start of the text. */
export const MESSAGE_TOAST_CHARS = 140;

export type TransactionSettled = Extract<LiveEvent, { type: 'transaction.settled' }>;

export type NotificationsEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'notifications.retry' }
  | { type: 'notification.read'; notification: Notification }
  | { type: 'notifications.readAll' }
  | { type: 'transactions.listen'; listener: AnyActorRef }
  | { type: 'transactions.unlisten'; listener: AnyActorRef }
  | LiveEvent
  // Answers of the mark-read calls (reported by their callback actors).
  | { type: 'read.saved'; notification: Notification }
  | { type: 'read.failed'; id: string }
  | { type: 'readAll.saved' }
  | { type: 'readAll.failed' }
  // Messages (issue 25): the thread machine on show says so, and what reading it left unread.
  | { type: 'thread.shown'; threadId: number; listener: AnyActorRef }
  | { type: 'thread.read'; unreadCount: number };

export type NotificationsEmitted =
  /** A new notification to show as a toast (the workspace shows it with `@mantine/notifications`). */
  { type: 'toast'; notification: Notification } | { type: 'notify'; color: NotifyColor; message: string };

const emptyFeed = {
  items: [],
  unreadCount: 0,
  loaded: false,
  readIds: [],
  allReadAt: null,
  pendingAll: null,
  messagesUnread: 0,
} satisfies Omit<NotificationsContext, 'listeners' | 'openThread'>;

/** A message for a thread not on show, as a toast naming its sender and linking to the thread. */
export function messageToast({ message, thread, threadId }: ChatEvent): Notification {
  const other = thread?.other;
  return {
    id: `message-${message.id}`,
    type: 'message',
    data: {
      title: t('msgclient.toastTitle', { name: other ? `${other.firstName} ${other.lastName}` : '' }),
      body: message.text.slice(0, MESSAGE_TOAST_CHARS),
      url: `/messages/${threadId}`,
    },
    readAt: null,
    createdAt: null,
    updatedAt: null,
  };
}

/**
 * Whether a notification (from the bell or the notifications page) still reads as unread: the bell's
 * copy when it has one (kept up to date here), else the page's copy unless it was marked read since.
 */
export function isUnread(
  context: Pick<NotificationsContext, 'items' | 'readIds' | 'allReadAt'>,
  notification: Notification,
): boolean {
  const known = context.items.find((item) => item.id === notification.id);
  if (known) return known.readAt === null;
  if (notification.readAt !== null || context.readIds.includes(notification.id)) return false;
  if (context.allReadAt === null) return true;
  return notification.createdAt !== null && notification.createdAt.getTime() > Date.parse(context.allReadAt);
}

const newestFirst = (a: Notification, b: Notification) =>
  (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0);

/** Polled unread notifications that arrived after the newest one known (the rest are old news). */
function newlyPolled(context: NotificationsContext, page: NotificationPage): Notification[] {
  if (!context.loaded) return [];
  const known = new Set(context.items.map((item) => item.id));
  const newest = context.items[0]?.createdAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return page.items
    .filter((item) => !known.has(item.id) && !context.readIds.includes(item.id))
    .filter((item) => (item.createdAt?.getTime() ?? 0) > newest)
    .sort(newestFirst);
}

const withReadAt = (items: Notification[], ids: string[], readAt: Date | null) =>
  items.map((item) => (ids.includes(item.id) ? { ...item, readAt } : item));

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actors: {
    fetchLatest: fromPromise<NotificationPage>(() => fetchLatestNotifications()),
    fetchUnread: fromPromise<NotificationPage>(() => fetchUnreadNotifications()),
    // Fire and report: several can be out at once (one per click), each answers with an event.
    markRead: fromCallback<NotificationsEvent, { id: string }>(({ input, sendBack }) => {
      markNotificationRead(input.id).then(
        (notification) => sendBack({ type: 'read.saved', notification }),
        () => sendBack({ type: 'read.failed', id: input.id }),
      );
    }),
    markAllRead: fromCallback<NotificationsEvent>(({ sendBack }) => {
      markAllNotificationsRead().then(
        () => sendBack({ type: 'readAll.saved' }),
        () => sendBack({ type: 'readAll.failed' }),
      );
    }),
    liveEvents: liveEventsMachine,
  },
  actions: {
    clearFeed: assign(emptyFeed),
    storeLatest: assign(({ context }, params: { page: NotificationPage }) => ({
      items: params.page.items.slice(0, LATEST_COUNT),
      unreadCount: params.page.unreadCount,
      loaded: true,
      messagesUnread: params.page.messagesUnread ?? context.messagesUnread,
    })),
    addReceived: enqueueActions(({ context, enqueue }, params: { notification: Notification }) => {
      const { notification } = params;
      enqueue.assign({
        items: [notification, ...context.items].slice(0, LATEST_COUNT),
        unreadCount: context.unreadCount + (notification.readAt === null ? 1 : 0),
      });
      enqueue.emit({ type: 'toast', notification });
    }),
    mergePolled: enqueueActions(({ context, enqueue }, params: { page: NotificationPage }) => {
      const fresh = newlyPolled(context, params.page);
      enqueue.assign({
        items: [...fresh, ...context.items].slice(0, LATEST_COUNT),
        unreadCount: params.page.unreadCount,
      });
      for (const notification of fresh) enqueue.emit({ type: 'toast', notification });
    }),
    markOne: assign(({ context }, params: { id: string }) => ({
      readIds: [...context.readIds, params.id],
      items: withReadAt(context.items, [params.id], new Date()),
      unreadCount: Math.max(0, context.unreadCount - 1),
    })),
    storeRead: assign(({ context }, params: { notification: Notification }) => ({
      items: context.items.map((item) => (item.id === params.notification.id ? params.notification : item)),
    })),
    undoOne: assign(({ context }, params: { id: string }) => ({
      readIds: context.readIds.filter((id) => id !== params.id),
      items: withReadAt(context.items, [params.id], null),
      unreadCount: context.unreadCount + 1,
    })),
    markAll: assign(({ context }) => {
      const ids = context.items.filter((item) => item.readAt === null).map((item) => item.id);
      return {
        pendingAll: { ids, count: context.unreadCount, allReadAt: context.allReadAt },
        items: withReadAt(context.items, ids, new Date()),
        unreadCount: 0,
        allReadAt: new Date().toISOString(),
      };
    }),
    settleAll: assign({ pendingAll: null }),
    undoAll: assign(({ context }) => {
      const pending = context.pendingAll;
      if (!pending) return {};
      return {
        items: withReadAt(context.items, pending.ids, null),
        unreadCount: context.unreadCount + pending.count,
        allReadAt: pending.allReadAt,
        pendingAll: null,
      };
    }),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    listen: assign(({ context }, params: { listener: AnyActorRef }) => ({
      listeners: context.listeners.includes(params.listener)
        ? context.listeners
        : [...context.listeners, params.listener],
    })),
    unlisten: assign(({ context }, params: { listener: AnyActorRef }) => ({
      listeners: context.listeners.filter((listener) => listener !== params.listener),
    })),
    storeMessagesUnread: assign((_, params: { count: number }) => ({ messagesUnread: params.count })),
    forwardMessage: enqueueActions(({ context, enqueue }, params: { event: ChatEvent }) => {
      if (context.openThread)
        enqueue.sendTo(context.openThread.listener, {
          type: 'thread.live',
          message: params.event.message,
          thread: params.event.thread,
        });
    }),
    toastMessage: emit((_, params: { event: ChatEvent }) => ({
      type: 'toast' as const,
      notification: messageToast(params.event),
    })),
    showThread: assign((_, params: { threadId: number; listener: AnyActorRef }) => ({ openThread: params })),
    forwardTransaction: enqueueActions(({ context, enqueue }, params: { event: TransactionSettled }) => {
      for (const listener of context.listeners) enqueue.sendTo(listener, params.event);
    }),
  },
  guards: {
    isNew: ({ context }, params: { notification: Notification }) =>
      !context.items.some((item) => item.id === params.notification.id),
    isUnread: ({ context }, params: { notification: Notification }) => isUnread(context, params.notification),
    wasMarkedHere: ({ context }, params: { id: string }) => context.readIds.includes(params.id),
    canMarkAll: ({ context }) => context.unreadCount > 0 && context.pendingAll === null,
    isMarkingAll: ({ context }) => context.pendingAll !== null,
    /** The message's thread is the one on show (and its machine still runs). */
    isThreadOnShow: ({ context }, params: { event: ChatEvent }) =>
      context.openThread?.threadId === params.event.threadId &&
      context.openThread.listener.getSnapshot().status === 'active',
    /** Written by the other person (the sender hears of their own message too). */
    isFromOther: (_, { event }: { event: ChatEvent }) =>
      event.thread?.other.userId === event.message.senderUserId,
  },
  delays: {
    pollInterval: POLL_FALLBACK_MS,
  },
}).createMachine({
  id: 'notifications',
  context: { ...emptyFeed, listeners: [], openThread: null },
  initial: 'signedOut',
  on: {
    'transactions.listen': {
      actions: { type: 'listen', params: ({ event }) => ({ listener: event.listener }) },
    },
    'transactions.unlisten': {
      actions: { type: 'unlisten', params: ({ event }) => ({ listener: event.listener }) },
    },
    'thread.shown': {
      actions: {
        type: 'showThread',
        params: ({ event }) => event,
      },
    },
  },
  states: {
    signedOut: {
      entry: 'clearFeed',
      on: { 'session.signedIn': 'signedIn' },
    },
    signedIn: {
      type: 'parallel',
      invoke: { id: 'liveEvents', src: 'liveEvents' },
      on: {
        'session.signedOut': 'signedOut',
        'notification.received': {
          guard: { type: 'isNew', params: ({ event }) => ({ notification: event.notification }) },
          actions: { type: 'addReceived', params: ({ event }) => ({ notification: event.notification }) },
        },
        'transaction.settled': {
          actions: { type: 'forwardTransaction', params: ({ event }) => ({ event }) },
        },
        // A message: the count always; the thread on show gets it, else a toast if it is to us.
        'message.received': [
          {
            guard: { type: 'isThreadOnShow', params: ({ event }) => event },
            actions: [
              { type: 'storeMessagesUnread', params: ({ event }) => ({ count: event.event.unreadCount }) },
              { type: 'forwardMessage', params: ({ event }) => event },
            ],
          },
          {
            guard: { type: 'isFromOther', params: ({ event }) => event },
            actions: [
              { type: 'storeMessagesUnread', params: ({ event }) => ({ count: event.event.unreadCount }) },
              { type: 'toastMessage', params: ({ event }) => event },
            ],
          },
          {
            actions: {
              type: 'storeMessagesUnread',
              params: ({ event }) => ({ count: event.event.unreadCount }),
            },
          },
        ],
        'thread.read': {
          actions: { type: 'storeMessagesUnread', params: ({ event }) => ({ count: event.unreadCount }) },
        },
        'notification.read': {
          guard: { type: 'isUnread', params: ({ event }) => ({ notification: event.notification }) },
          actions: [
            { type: 'markOne', params: ({ event }) => ({ id: event.notification.id }) },
            enqueueActions(({ enqueue, event }) => {
              if (event.type === 'notification.read')
                enqueue.spawnChild('markRead', { input: { id: event.notification.id } });
            }),
          ],
        },
        'read.saved': {
          actions: { type: 'storeRead', params: ({ event }) => ({ notification: event.notification }) },
        },
        'read.failed': {
          guard: { type: 'wasMarkedHere', params: ({ event }) => ({ id: event.id }) },
          actions: [
            { type: 'undoOne', params: ({ event }) => ({ id: event.id }) },
            { type: 'notify', params: { color: 'error', message: t('notifications.readError') } },
          ],
        },
        'notifications.readAll': {
          guard: 'canMarkAll',
          actions: ['markAll', enqueueActions(({ enqueue }) => enqueue.spawnChild('markAllRead'))],
        },
        'readAll.saved': { guard: 'isMarkingAll', actions: 'settleAll' },
        'readAll.failed': {
          guard: 'isMarkingAll',
          actions: [
            'undoAll',
            { type: 'notify', params: { color: 'error', message: t('notifications.readAllError') } },
          ],
        },
      },
      states: {
        // The bell's newest page and the unread count.
        feed: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchLatest',
                src: 'fetchLatest',
                onDone: {
                  target: 'ready',
                  actions: { type: 'storeLatest', params: ({ event }) => ({ page: event.output }) },
                },
                onError: 'error',
              },
            },
            ready: {
              on: {
                // Back from a lost stream: what was missed (read elsewhere, older unread) comes with the page.
                'live.opened': { guard: stateIn({ signedIn: { fallback: 'polling' } }), target: 'loading' },
              },
            },
            error: {
              on: {
                'notifications.retry': 'loading',
                'live.opened': { guard: stateIn({ signedIn: { fallback: 'polling' } }), target: 'loading' },
              },
            },
          },
        },
        // While the stream is down: the unread ones every 30 s, until it is open again.
        fallback: {
          initial: 'off',
          states: {
            off: {
              on: { 'live.lost': 'polling' },
            },
            polling: {
              initial: 'waiting',
              on: { 'live.opened': 'off' },
              states: {
                waiting: {
                  after: { pollInterval: 'fetching' },
                },
                fetching: {
                  invoke: {
                    id: 'fetchUnread',
                    src: 'fetchUnread',
                    onDone: {
                      target: 'waiting',
                      actions: { type: 'mergePolled', params: ({ event }) => ({ page: event.output }) },
                    },
                    // A poll that did not get through: the next one will.
                    onError: 'waiting',
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type NotificationsSnapshot = ReturnType<(typeof notificationsMachine)['resolveState']>;

export const selectFeedState = (snapshot: NotificationsSnapshot): 'loading' | 'ready' | 'error' | 'off' => {
  if (snapshot.matches({ signedIn: { feed: 'loading' } })) return 'loading';
  if (snapshot.matches({ signedIn: { feed: 'error' } })) return 'error';
  if (snapshot.matches({ signedIn: { feed: 'ready' } })) return 'ready';
  return 'off';
};
export const selectCanMarkAll = (snapshot: NotificationsSnapshot) =>
  snapshot.context.unreadCount > 0 && snapshot.context.pendingAll === null;
