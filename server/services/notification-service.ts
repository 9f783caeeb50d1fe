// Notifications (docs/learning-workspace.md "Notification") and the live-event outbox: `notify` and
// `transactionEvent` run inside the database transaction of what they report, so a notification,
// its `user_events` row and the change they describe commit (or roll back) together.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { notifications, userEvents } from '../db/schema';
import { notFound } from '../http/errors';
import { pageMeta, type PageRequest } from '../http/query';
import { t } from '../../src/shared/messages';
import type { TransactionStatus } from '../../src/shared/transactions';

type Db = Database | Transaction;

export const NOTIFICATION_TYPES = [
  'payment',
  'topup',
  'booking',
  'answer',
  'like',
  'lesson_reminder',
  'lesson_cancelled',
  'lesson_rescheduled',
  'earning',
  'material',
  'approval',
  // issue 22 (pay): a lesson whose teacher never came; a learner's report and its decision
  'lesson_not_held',
  'lesson_report',
  // issue 25 (reviews): a teacher's new review; an author's review hidden by an admin
  'review',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** `{title, body, url}` plus type-specific ids (`transaction_id`, `lesson_code`, `answer_id`…). */
export type NotificationData = { title: string; body: string; url: string | null; [key: string]: unknown };

export type NotificationRow = typeof notifications.$inferSelect;

/** The wire shape: `{id, type, data {title, body, url, …}, read_at, created_at, updated_at}`. */
function notificationResource(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Stores a notification and queues it for the user's open event streams (`event: notification`).
 * Call it with the transaction that causes it.
 */
export async function notify(
  tx: Db,
  input: { userId: number; type: NotificationType; data: NotificationData },
): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    // clock_timestamp(), not now(): several notifications of one transaction keep their order.
    .values({
      userId: input.userId,
      type: input.type,
      data: input.data,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error('Notification insert returned no row');
  await tx
    .insert(userEvents)
    .values({ userId: input.userId, kind: 'notification', payload: notificationResource(row) });
  return row;
}

/** A transaction of the user became final: `event: transaction` with `{id, status}`. */
export async function transactionEvent(
  tx: Db,
  userId: number,
  transaction: { id: number; status: TransactionStatus },
): Promise<void> {
  await tx
    .insert(userEvents)
    .values({ userId, kind: 'transaction', payload: { id: transaction.id, status: transaction.status } });
}

/** Newest first; `meta.unread_count` counts all the user's unread ones, whatever the filter. */
export async function listNotifications(
  db: Database,
  userId: number,
  query: { unreadOnly: boolean },
  page: PageRequest,
) {
  const mine = eq(notifications.userId, userId);
  const unread = and(mine, isNull(notifications.readAt));
  const where = query.unreadOnly ? unread : mine;
  const unreadTotal = db.select({ total: count() }).from(notifications).where(unread);
  // The page, its total and the unread count in one statement (issue 27: the workspace asks for it
  // on every page); a page past the end has no row to carry the counts, so they are asked apart.
  const rows = await db
    .select({
      notification: notifications,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`(${unreadTotal})`.mapWith(Number),
    })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.perPage)
    .offset(page.offset);
  const [first] = rows;
  const [total, unreadCount]: [number, number] = first
    ? [first.total, first.unread]
    : await Promise.all([db.select({ total: count() }).from(notifications).where(where), unreadTotal]).then(
        ([[all], [open]]): [number, number] => [Number(all?.total ?? 0), Number(open?.total ?? 0)],
      );
  return {
    data: rows.map((row) => notificationResource(row.notification)),
    meta: { ...pageMeta(page, total), unread_count: unreadCount },
  };
}

/** Marks one of the user's notifications read; reading it again keeps the first time. 404 otherwise. */
export async function markRead(db: Database, userId: number, id: string) {
  const now = new Date();
  const [row] = await db
    .update(notifications)
    .set({
      readAt: sql`coalesce(${notifications.readAt}, ${now})`,
      updatedAt: sql`case when ${notifications.readAt} is null then ${now} else ${notifications.updatedAt} end`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return { data: notificationResource(row) };
}

export async function markAllRead(db: Database, userId: number) {
  const now = new Date();
  await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { message: t('notifications.allRead'), unread_count: 0 };
}
