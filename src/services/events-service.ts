// The one live stream of a signed-in tab (`GET /api/events`, docs/learning-workspace.md "Live
// events"): a thin wrapper over the browser's EventSource that decodes the event kinds. The
// live-events machine owns the connection's life (it closes it on an error and reconnects with its
// own back-off), so EventSource's built-in retry never runs on its own.
import type { MessageEvent as ChatEvent } from './schemas/message';
import {
  decodeNotification,
  decodeTransactionEvent,
  type Notification,
  type TransactionEvent,
} from './schemas/notification';

export const EVENTS_URL = `${import.meta.env.VITE_API_URL ?? ''}/api/events`;

export type EventStreamHandlers = {
  onOpen: () => void;
  onError: () => void;
  onNotification: (notification: Notification) => void;
  onTransaction: (transaction: TransactionEvent) => void;
  /** A message in one of the user's threads (issue 25), theirs or to them. */
  onMessage?: (event: ChatEvent) => void;
  /** The user read a thread, in this tab or another: the unread total left. */
  onMessagesRead?: (unreadCount: number) => void;
};

function parsed<T>(message: MessageEvent, decode: (raw: unknown) => T): T | null {
  try {
    return decode(JSON.parse(String(message.data)));
  } catch {
    // A malformed event is dropped; the next poll or page load shows the truth.
    return null;
  }
}

/** Opens the stream (with the session cookie); returns the close function. */
export function openEventStream(handlers: EventStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    // No EventSource (an old browser, a test DOM): the polling fallback takes over.
    const timer = setTimeout(handlers.onError, 0);
    return () => clearTimeout(timer);
  }
  const source = new EventSource(EVENTS_URL, { withCredentials: true });
  source.addEventListener('open', () => handlers.onOpen());
  source.addEventListener('error', () => handlers.onError());
  source.addEventListener('notification', (message) => {
    const notification = parsed(message, decodeNotification);
    if (notification) handlers.onNotification(notification);
  });
  source.addEventListener('transaction', (message) => {
    const transaction = parsed(message, decodeTransactionEvent);
    if (transaction) handlers.onTransaction(transaction);
  });
  // Messages' decoder comes with the first one (a landing page's script stays within its budget);
  // the module's promise settles once, so events keep their order.
  source.addEventListener('message', (message) => {
    void import('./schemas/message').then(({ decodeMessageEvent }) => {
      const event = parsed(message, decodeMessageEvent);
      if (event) handlers.onMessage?.(event);
    });
  });
  source.addEventListener('messages_read', (message) => {
    void import('./schemas/message').then(({ decodeMessagesRead }) => {
      const unread = parsed(message, decodeMessagesRead);
      if (unread !== null) handlers.onMessagesRead?.(unread);
    });
  });
  return () => source.close();
}
