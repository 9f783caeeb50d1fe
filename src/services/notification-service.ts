import { request } from './http';
import { dataOf, listOf } from './envelope';
import { pick, type ListQuery } from './schemas/page';
import {
  decodeNotification,
  decodeNotificationPage,
  type Notification,
  type NotificationPage,
} from './schemas/notification';

/** The bell shows this many; the notifications page pages through the rest. */
export const LATEST_COUNT = 10;

export async function fetchNotifications(): Promise<Notification[]> {
  return listOf(await request('/api/notifications')).map(decodeNotification);
}

/** `GET /api/notifications?page=&per_page=&unread=1`: a page, newest first, with the unread count. */
export async function fetchNotificationPage(
  query: ListQuery & { unread?: '1'; per_page?: string } = {},
): Promise<NotificationPage> {
  return decodeNotificationPage(
    await request('/api/notifications', { query: pick(query, ['page', 'per_page', 'unread']) }),
  );
}

/**
 * The newest notifications for the bell, with the unread count, and the top bar's unread-message
 * count beside them (issue 25; null when that call failed: the bell does not wait on messages).
 */
export async function fetchLatestNotifications(): Promise<NotificationPage> {
  const [page, messagesUnread] = await Promise.all([
    fetchNotificationPage({ per_page: String(LATEST_COUNT) }),
    fetchUnreadMessageCount().catch(() => null),
  ]);
  return { ...page, messagesUnread };
}

/** The newest unread ones: the polling fallback while the live stream is down. */
export const fetchUnreadNotifications = () =>
  fetchNotificationPage({ unread: '1', per_page: String(LATEST_COUNT) });

/** `POST /api/notifications/read/{id}`: the notification with `read_at` set. */
export async function markNotificationRead(id: string): Promise<Notification> {
  return decodeNotification(
    dataOf(await request(`/api/notifications/read/${encodeURIComponent(id)}`, { method: 'POST' })),
  );
}

/** `POST /api/notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<void> {
  await request('/api/notifications/read-all', { method: 'POST' });
}

/**
 * The top bar's unread-message count (issue 25): `meta.unread_count` of the first page of threads
 * (one thread long). The messages code loads with it, in its own chunk, not in every page's script.
 */
export async function fetchUnreadMessageCount(): Promise<number> {
  const { fetchThreads } = await import('./messages-service');
  return (await fetchThreads({ per_page: '1' })).unreadCount;
}
