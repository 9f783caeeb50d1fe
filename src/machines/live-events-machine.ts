// The one live connection of a signed-in tab (STYLE.md "Live updates"): it owns the server-sent
// events stream (`GET /api/events`), reconnects with a growing back-off when it drops, and tells its
// parent (the notifications machine) what arrives and whether the stream is up:
//   live.opened | live.lost | notification.received {notification} | transaction.settled {id, status}
//   | message.received {event} (a message in one of the user's threads, issue 25)
//   | thread.read {unreadCount} (the user read a thread, here or in another tab: the unread total left)
// The parent polls while the stream is lost and forwards `transaction.settled` to the payment actors.
import { assign, fromCallback, sendParent, setup } from 'xstate';
import { openEventStream } from '@/services/events-service';
import type { MessageEvent as ChatEvent } from '@/services/schemas/message';
import type { Notification, TransactionEvent } from '@/services/schemas/notification';

/** First reconnect after 3 s (the stream's own `retry: 3000`), doubling up to a minute. */
export const RECONNECT_BASE_MS = 3000;
export const RECONNECT_MAX_MS = 60_000;

export function reconnectDelay(attempts: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempts - 1), RECONNECT_MAX_MS);
}

/** What the stream actor reports. */
export type StreamEvent =
  | { type: 'stream.open' }
  | { type: 'stream.error' }
  | { type: 'stream.notification'; notification: Notification }
  | { type: 'stream.transaction'; transaction: TransactionEvent }
  | { type: 'stream.message'; event: ChatEvent }
  | { type: 'stream.messagesRead'; unreadCount: number };

/** What the parent hears. */
export type LiveEvent =
  | { type: 'live.opened' }
  | { type: 'live.lost' }
  | { type: 'notification.received'; notification: Notification }
  | ({ type: 'transaction.settled' } & TransactionEvent)
  | { type: 'message.received'; event: ChatEvent }
  | { type: 'thread.read'; unreadCount: number };

export type LiveContext = {
  /** Failed connections since the stream was last open: sets the back-off. */
  attempts: number;
};

export const liveEventsMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as StreamEvent,
  },
  actors: {
    eventStream: fromCallback<StreamEvent>(({ sendBack }) =>
      openEventStream({
        onOpen: () => sendBack({ type: 'stream.open' }),
        onError: () => sendBack({ type: 'stream.error' }),
        onNotification: (notification) => sendBack({ type: 'stream.notification', notification }),
        onTransaction: (transaction) => sendBack({ type: 'stream.transaction', transaction }),
        onMessage: (event) => sendBack({ type: 'stream.message', event }),
        onMessagesRead: (unreadCount) => sendBack({ type: 'stream.messagesRead', unreadCount }),
      }),
    ),
  },
  actions: {
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    tellOpened: sendParent({ type: 'live.opened' } satisfies LiveEvent),
    tellLost: sendParent({ type: 'live.lost' } satisfies LiveEvent),
    forwardNotification: sendParent((_, params: { notification: Notification }) => ({
      type: 'notification.received' as const,
      notification: params.notification,
    })),
    forwardTransaction: sendParent((_, params: { transaction: TransactionEvent }) => ({
      type: 'transaction.settled' as const,
      id: params.transaction.id,
      status: params.transaction.status,
    })),
    forwardMessage: sendParent((_, params: { event: ChatEvent }) => ({
      type: 'message.received' as const,
      event: params.event,
    })),
    forwardMessagesRead: sendParent((_, params: { unreadCount: number }) => ({
      type: 'thread.read' as const,
      unreadCount: params.unreadCount,
    })),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelay(context.attempts),
  },
}).createMachine({
  id: 'liveEvents',
  context: { attempts: 0 },
  initial: 'streaming',
  states: {
    // A stream exists: connecting until the server answers, then open. Leaving this state closes it.
    streaming: {
      invoke: { id: 'eventStream', src: 'eventStream' },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'stream.open': 'open' },
        },
        open: {
          entry: ['resetAttempts', 'tellOpened'],
        },
      },
      on: {
        'stream.notification': {
          actions: {
            type: 'forwardNotification',
            params: ({ event }) => ({ notification: event.notification }),
          },
        },
        'stream.transaction': {
          actions: {
            type: 'forwardTransaction',
            params: ({ event }) => ({ transaction: event.transaction }),
          },
        },
        'stream.message': {
          actions: { type: 'forwardMessage', params: ({ event }) => ({ event: event.event }) },
        },
        'stream.messagesRead': {
          actions: {
            type: 'forwardMessagesRead',
            params: ({ event }) => ({ unreadCount: event.unreadCount }),
          },
        },
        // Our own back-off, not EventSource's: the stream is closed and opened again later.
        'stream.error': 'retrying',
      },
    },
    retrying: {
      entry: ['countAttempt', 'tellLost'],
      after: { reconnectDelay: 'streaming' },
    },
  },
});
