// One conversation on /messages (issue 25, docs/reviews-messages.md "Messages"): its messages
// (newest at the bottom, older pages with `before=`), the composer (sending, and a failure that keeps
// the typed text for Try again), live messages the app forwards from the `/api/events` stream (each
// once, by id) and marking it read while it is open and the page is visible.
//
// A thread that does not exist yet (`/messages?to={user_id}`) starts by looking for the pair's thread
// among the reader's newest; found, the app goes there; else a composer, whose first send creates the
// thread and moves the app to `/messages/{thread_id}` (the `navigate` effect).
//
// Its calls are bound in src/machines/screens/messages-screens.ts; `announceShown` and `announceRead`
// tell the notifications machine (which holds the top bar's count, and toasts a message only for a
// thread not on show, or whose machine has stopped) there too. Here they emit, for the tests.
import { assign, emit, fromCallback, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { Message, MessagePage, Sent, Thread, ThreadPage } from '@/services/schemas/message';
import { isApiError } from '@/services/http';
import { MESSAGE_MAX, messageTextProblem, CHAT_TEXT } from '@/shared/chat';
import type { NotifyColor } from './session-machine';

/** The screen actor's systemId: one thread is on show at a time. */
export const THREAD_SCREEN = 'messageThread';

export type ThreadInput = {
  /** The thread on show; null for a new one to `toUserId`. */
  threadId: number | null;
  toUserId?: number | null;
  /** The other person's name as the page that sent us here knew it (a new thread only). */
  toName?: string | null;
};

export type ThreadContext = {
  threadId: number | null;
  toUserId: number | null;
  toName: string | null;
  thread: Thread | null;
  /** Oldest first. */
  messages: Message[];
  hasMore: boolean;
  /** What the user typed: kept until it is sent, through any failure. */
  draft: string;
  /** Why the last send failed, in plain words. */
  sendError: string | null;
  loadError: string | null;
  olderError: string | null;
  /** The page is visible (a hidden tab does not mark anything read). */
  visible: boolean;
  /** Marking read failed once: not tried again until the next message. */
  readFailed: boolean;
};

export type ThreadEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'message.send' }
  | { type: 'older.load' }
  | { type: 'load.retry' }
  /** A message of the live stream (the app forwards the ones of this thread). */
  | { type: 'thread.live'; message: Message; thread: Thread | null }
  /** The thread as the server answered a block, an unblock or a report. */
  | { type: 'thread.replace'; thread: Thread }
  | { type: 'page.visible' }
  | { type: 'page.hidden' };

export type ThreadEmitted =
  | { type: 'notify'; color: NotifyColor; message: string }
  | { type: 'navigate'; to: string; replace?: boolean }
  | { type: 'thread.shown'; threadId: number; listener: AnyActorRef }
  | { type: 'thread.read'; thread: Thread; unreadCount: number };

export type SendInput = { toUserId: number; text: string };
export type OlderInput = { threadId: number; before: number };
export type FindInput = { toUserId: number };

/** A send's failure in plain words: the server's own for a block (403), the limit (429), a field (422). */
export function sendErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 422) {
      const field = Object.values(error.fieldErrors).flat()[0];
      return field ?? error.message;
    }
    if ((error.status === 403 || error.status === 429) && error.message) return error.message;
  }
  return CHAT_TEXT.sendFailed;
}

const loadErrorText = (error: unknown) =>
  isApiError(error) && error.status === 404 ? CHAT_TEXT.notFound : CHAT_TEXT.loadFailed;

/** `messages` with `added` appended, each id once, oldest first. */
export function withMessages(messages: Message[], added: Message[]): Message[] {
  const known = new Set(messages.map((message) => message.id));
  const fresh = added.filter((message) => !known.has(message.id));
  return fresh.length ? [...messages, ...fresh].sort((a, b) => a.id - b.id) : messages;
}

function unbound<T, I>(name: string) {
  return fromPromise<T, I>(async () => {
    throw new Error(`The thread machine runs with its ${name} call bound (src/machines/screens).`);
  });
}

export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    emitted: {} as ThreadEmitted,
    input: {} as ThreadInput,
  },
  actors: {
    findThread: unbound<ThreadPage, FindInput>('findThread'),
    fetchThread: unbound<MessagePage, number>('fetchThread'),
    fetchOlder: unbound<MessagePage, OlderInput>('fetchOlder'),
    sendMessage: unbound<Sent, SendInput>('sendMessage'),
    markRead: unbound<number, number>('markRead'),
    /** Reports the page's visibility (`page.visible` / `page.hidden`), now and on every change. */
    watchVisibility: fromCallback<ThreadEvent>(({ sendBack }) => {
      if (typeof document === 'undefined') return undefined;
      const tell = () =>
        sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
      tell();
      document.addEventListener('visibilitychange', tell);
      return () => document.removeEventListener('visibilitychange', tell);
    }),
  },
  actions: {
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    navigate: emit((_, params: { to: string; replace?: boolean }) => ({
      type: 'navigate' as const,
      ...params,
    })),
    announceShown: emit(({ context, self }) => ({
      type: 'thread.shown' as const,
      threadId: context.threadId ?? 0,
      listener: self,
    })),
    announceRead: emit((_, params: { thread: Thread; unreadCount: number }) => ({
      type: 'thread.read' as const,
      ...params,
    })),
    storePage: assign((_, params: { page: MessagePage }) => ({
      thread: params.page.thread,
      threadId: params.page.thread.id,
      toUserId: params.page.thread.other.userId,
      messages: params.page.messages,
      hasMore: params.page.hasMore,
      loadError: null,
    })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: loadErrorText(params.error) })),
    storeOlder: assign(({ context }, params: { page: MessagePage }) => ({
      messages: withMessages(params.page.messages, context.messages),
      hasMore: params.page.hasMore,
      olderError: null,
    })),
    storeOlderError: assign({ olderError: () => CHAT_TEXT.olderFailed }),
    storeDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
    storeSent: assign(({ context }, params: { sent: Sent }) => ({
      thread: params.sent.thread,
      threadId: params.sent.thread.id,
      toUserId: params.sent.thread.other.userId,
      messages: withMessages(context.messages, [params.sent.message]),
      draft: '',
      sendError: null,
    })),
    storeSendError: assign((_, params: { error: unknown }) => ({ sendError: sendErrorText(params.error) })),
    storeLive: assign(({ context }, params: { message: Message; thread: Thread | null }) => ({
      messages: withMessages(context.messages, [params.message]),
      thread: params.thread ?? context.thread,
      readFailed: false,
    })),
    storeThread: assign((_, params: { thread: Thread }) => ({ thread: params.thread })),
    storeRead: assign(({ context }) => ({
      thread: context.thread ? { ...context.thread, unreadCount: 0 } : null,
    })),
    storeReadFailed: assign({ readFailed: true }),
  },
  guards: {
    isNew: ({ context }) => context.threadId === null && context.toUserId !== null,
    isFound: ({ context }, params: { page: ThreadPage }) =>
      params.page.items.some((thread) => thread.other.userId === context.toUserId),
    canSend: ({ context }) =>
      messageTextProblem(context.draft) === null && !context.thread?.blocked && context.toUserId !== null,
    hasMore: ({ context }) => context.hasMore && context.messages.length > 0,
    isThisThread: ({ context }, params: { message: Message }) => params.message.threadId === context.threadId,
    needsRead: ({ context }) =>
      context.visible && !context.readFailed && (context.thread?.unreadCount ?? 0) > 0,
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({
    threadId: input.threadId,
    toUserId: input.toUserId ?? null,
    toName: input.toName ?? null,
    thread: null,
    messages: [],
    hasMore: false,
    draft: '',
    sendError: null,
    loadError: null,
    olderError: null,
    visible: true,
    readFailed: false,
  }),
  initial: 'starting',
  on: {
    'page.visible': { actions: assign({ visible: true }) },
    'page.hidden': { actions: assign({ visible: false }) },
  },
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'finding' }, { target: 'loading' }],
    },
    // A new thread: the pair may have one already (then the app goes to it).
    finding: {
      invoke: {
        id: 'findThread',
        src: 'findThread',
        input: ({ context }) => ({ toUserId: context.toUserId ?? 0 }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ page: event.output }) },
            target: 'loading',
            actions: [
              assign(({ context, event }) => ({
                threadId:
                  event.output.items.find((thread) => thread.other.userId === context.toUserId)?.id ?? null,
              })),
              {
                type: 'navigate',
                params: ({ context }) => ({ to: `/messages/${context.threadId}`, replace: true }),
              },
            ],
          },
          { target: 'composing' },
        ],
        onError: 'composing',
      },
    },
    // The first message of a new thread.
    composing: {
      initial: 'idle',
      on: {
        'draft.change': { actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) } },
      },
      states: {
        idle: { on: { 'message.send': { guard: 'canSend', target: 'creating' } } },
        creating: {
          tags: 'sending',
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ toUserId: context.toUserId ?? 0, text: context.draft.trim() }),
            onDone: {
              target: '#thread.open',
              actions: [
                { type: 'storeSent', params: ({ event }) => ({ sent: event.output }) },
                {
                  type: 'navigate',
                  params: ({ event }) => ({ to: `/messages/${event.output.thread.id}`, replace: true }),
                },
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'storeSendError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: { on: { 'message.send': { guard: 'canSend', target: 'creating' } } },
      },
    },
    loading: {
      invoke: {
        id: 'fetchThread',
        src: 'fetchThread',
        input: ({ context }) => context.threadId ?? 0,
        onDone: {
          target: 'open',
          actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'load.retry': 'loading' },
    },
    open: {
      type: 'parallel',
      entry: 'announceShown',
      invoke: { id: 'watchVisibility', src: 'watchVisibility' },
      on: {
        'thread.live': {
          guard: { type: 'isThisThread', params: ({ event }) => ({ message: event.message }) },
          actions: {
            type: 'storeLive',
            params: ({ event }) => ({ message: event.message, thread: event.thread }),
          },
        },
        'thread.replace': {
          actions: { type: 'storeThread', params: ({ event }) => ({ thread: event.thread }) },
        },
      },
      states: {
        composer: {
          initial: 'idle',
          on: {
            'draft.change': {
              actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) },
            },
          },
          states: {
            idle: { on: { 'message.send': { guard: 'canSend', target: 'sending' } } },
            sending: {
              tags: 'sending',
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({ toUserId: context.toUserId ?? 0, text: context.draft.trim() }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeSent', params: ({ event }) => ({ sent: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'storeSendError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // The typed text stays; Send tries again.
            failed: { on: { 'message.send': { guard: 'canSend', target: 'sending' } } },
          },
        },
        history: {
          initial: 'idle',
          states: {
            idle: { on: { 'older.load': { guard: 'hasMore', target: 'loadingOlder' } } },
            loadingOlder: {
              invoke: {
                id: 'fetchOlder',
                src: 'fetchOlder',
                input: ({ context }) => ({
                  threadId: context.threadId ?? 0,
                  before: context.messages[0]?.id ?? 0,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeOlder', params: ({ event }) => ({ page: event.output }) },
                },
                onError: { target: 'failed', actions: 'storeOlderError' },
              },
            },
            failed: { on: { 'older.load': 'loadingOlder' } },
          },
        },
        // Read while it is on show and the page is visible; the top bar hears the new total.
        reading: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'needsRead', target: 'marking' } },
            marking: {
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => context.threadId ?? 0,
                onDone: {
                  target: 'idle',
                  actions: [
                    'storeRead',
                    {
                      type: 'announceRead',
                      params: ({ context, event }) => ({
                        thread: context.thread as Thread,
                        unreadCount: event.output,
                      }),
                    },
                  ],
                },
                onError: { target: 'idle', actions: 'storeReadFailed' },
              },
            },
          },
        },
      },
    },
  },
});

export type ThreadSnapshot = SnapshotFrom<typeof threadMachine>;

/** What the thread screen shows. */
export function selectThread(snapshot: ThreadSnapshot) {
  const { context } = snapshot;
  const other = context.thread?.other ?? null;
  return {
    finding: snapshot.matches('finding') || snapshot.matches('starting'),
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? context.loadError : null,
    isNew: snapshot.matches('composing'),
    open: snapshot.matches('open'),
    sending: snapshot.hasTag('sending'),
    sendError:
      snapshot.matches({ open: { composer: 'failed' } }) || snapshot.matches({ composing: 'failed' })
        ? context.sendError
        : null,
    loadingOlder: snapshot.matches({ open: { history: 'loadingOlder' } }),
    olderError: snapshot.matches({ open: { history: 'failed' } }) ? context.olderError : null,
    hasMore: context.hasMore,
    messages: context.messages,
    thread: context.thread,
    otherName: other ? `${other.firstName} ${other.lastName}`.trim() : (context.toName ?? ''),
    draft: context.draft,
    remaining: MESSAGE_MAX - context.draft.length,
  };
}
