import {
  coerce,
  date,
  defaulted,
  nullable,
  number,
  record,
  string,
  type,
  union,
  unknown,
  type Infer,
} from 'superstruct';
import { decodeWith } from './common';
import { decodePage, metaExtra, type ListPage } from './page';

/** ISO instant → Date; missing or unreadable → null. */
const instant = defaulted(
  coerce(nullable(date()), union([string(), number()]), (value) => {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }),
  null,
);

export const NotificationStruct = type({
  id: coerce(string(), number(), (value) => String(value)),
  type: string(),
  data: defaulted(record(string(), unknown()), {}),
  readAt: instant,
  createdAt: instant,
  updatedAt: instant,
});
export type Notification = Infer<typeof NotificationStruct>;

export const decodeNotification = (raw: unknown): Notification => decodeWith(NotificationStruct, raw);

/** A page of notifications with `meta.unread_count`. */
export type NotificationPage = ListPage<Notification> & {
  unreadCount: number;
  /** The unread-message count for the top bar (issue 25), where it came with the page; null if not. */
  messagesUnread?: number | null;
};

const UnreadCountStruct = type({ unreadCount: defaulted(coerce(number(), string(), Number), 0) });

export function decodeNotificationPage(raw: unknown): NotificationPage {
  const page = decodePage(raw, decodeNotification);
  const { unreadCount } = decodeWith(UnreadCountStruct, metaExtra(raw));
  return { ...page, unreadCount };
}

/** The `transaction` live event: a payment's transaction changed state (`{id, status}`). */
export const TransactionEventStruct = type({
  id: coerce(number(), string(), Number),
  status: string(),
});
export type TransactionEvent = Infer<typeof TransactionEventStruct>;

export const decodeTransactionEvent = (raw: unknown): TransactionEvent =>
  decodeWith(TransactionEventStruct, raw);
