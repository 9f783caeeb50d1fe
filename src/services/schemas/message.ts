// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md
// "Messages"): the Message, the Thread as its reader sees it, the admins' ReportedThread and the
// `message` live event.
import { boolean, coerce, defaulted, number, string, type, array, type Infer } from 'superstruct';
import { decodeWith, id, maybe, oneOf } from './common';
import { decodePage, metaExtra, type ListPage } from './page';

const count = defaulted(coerce(number(), string(), Number), 0);

export const MessageStruct = type({
  id,
  threadId: id,
  senderUserId: id,
  text: defaulted(string(), ''),
  masked: defaulted(boolean(), false),
  createdAt: maybe(string()),
});
export type Message = Infer<typeof MessageStruct>;

export const ThreadPersonStruct = type({
  userId: id,
  firstName: defaulted(string(), ''),
  lastName: defaulted(string(), ''),
  photoUrl: maybe(string()),
  role: oneOf(['teacher', 'student', 'parent'] as const),
  teacherId: maybe(id),
});
export type ThreadPerson = Infer<typeof ThreadPersonStruct>;

export const ThreadStruct = type({
  id,
  other: ThreadPersonStruct,
  lastMessage: maybe(MessageStruct),
  unreadCount: count,
  blocked: oneOf(['by_me', 'by_them'] as const),
  reported: defaulted(boolean(), false),
  canShareContacts: defaulted(boolean(), false),
  updatedAt: maybe(string()),
});
export type Thread = Infer<typeof ThreadStruct>;

export const decodeMessage = (raw: unknown): Message => decodeWith(MessageStruct, raw);
export const decodeThread = (raw: unknown): Thread => decodeWith(ThreadStruct, raw);

/** `GET /api/messages`: a page of threads, newest activity first, with the reader's unread total. */
export type ThreadPage = ListPage<Thread> & { unreadCount: number };

const UnreadStruct = type({ unreadCount: count });

export function decodeThreadPage(raw: unknown): ThreadPage {
  const page = decodePage(raw, decodeThread);
  return { ...page, unreadCount: decodeWith(UnreadStruct, metaExtra(raw)).unreadCount };
}

/** `GET /api/messages/{id}?before=`: messages oldest first, whether older ones exist, the thread. */
export type MessagePage = { messages: Message[]; hasMore: boolean; thread: Thread };

const MessagePageStruct = type({
  data: array(MessageStruct),
  meta: type({ hasMore: defaulted(boolean(), false), thread: ThreadStruct }),
});

export function decodeMessagePage(raw: unknown): MessagePage {
  const { data, meta } = decodeWith(MessagePageStruct, raw);
  return { messages: data, hasMore: meta.hasMore, thread: meta.thread };
}

/** `POST /api/messages` → the message and its thread. */
const SentStruct = type({ data: MessageStruct, thread: ThreadStruct });
export type Sent = { message: Message; thread: Thread };
export function decodeSent(raw: unknown): Sent {
  const { data, thread } = decodeWith(SentStruct, raw);
  return { message: data, thread };
}

/** The `message` live event: for the recipient and the sender, with that reader's unread total. */
export const MessageEventStruct = type({
  threadId: id,
  message: MessageStruct,
  unreadCount: count,
  thread: maybe(ThreadStruct),
});
export type MessageEvent = Infer<typeof MessageEventStruct>;
export const decodeMessageEvent = (raw: unknown): MessageEvent => decodeWith(MessageEventStruct, raw);

/** The `messages_read` live event (the reader read a thread, here or in another tab) → the unread total. */
const MessagesReadStruct = type({ threadId: id, unreadCount: number() });
export function decodeMessagesRead(raw: unknown): number {
  const { unreadCount } = decodeWith(MessagesReadStruct, raw);
  // Strict, unlike `count`: a damaged event must not clear the badge.
  if (!Number.isInteger(unreadCount) || unreadCount < 0) throw new TypeError('Bad unread count');
  return unreadCount;
}

// Admins: reported threads only ------------------------------------------------------------------

export const ReportedThreadStruct = type({
  id,
  users: defaulted(
    array(
      type({
        userId: id,
        firstName: defaulted(string(), ''),
        lastName: defaulted(string(), ''),
        role: oneOf(['teacher', 'student', 'parent'] as const),
      }),
    ),
    [],
  ),
  reportedAt: maybe(string()),
  reportReason: defaulted(string(), ''),
  reportedByUserId: maybe(id),
  messageCount: count,
  updatedAt: maybe(string()),
});
export type ReportedThread = Infer<typeof ReportedThreadStruct>;
export const decodeReportedThread = (raw: unknown): ReportedThread => decodeWith(ReportedThreadStruct, raw);

/** One reported thread as an admin reads it: its messages (oldest first) and the thread. */
export type ReportedThreadPage = { messages: Message[]; hasMore: boolean; thread: ReportedThread };

const ReportedPageStruct = type({
  data: array(MessageStruct),
  meta: type({ hasMore: defaulted(boolean(), false), thread: ReportedThreadStruct }),
});

export function decodeReportedThreadPage(raw: unknown): ReportedThreadPage {
  const { data, meta } = decodeWith(ReportedPageStruct, raw);
  return { messages: data, hasMore: meta.hasMore, thread: meta.thread };
}
