// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md "Messages").
// One thread per pair of users (`user_low_id < user_high_id`, unique), made in the transaction of its
// first message. A message is written under a lock of its sender's user row, so a sender's parallel
// first messages take turns and the 5-new-threads-a-day count cannot be passed; the unique pair
// decides a race of the pair's two first messages (one thread). Contact details are masked in the
// stored text until the pair has a booking together. Each message writes a `message` live event for
// both users in its transaction; a job e-mails messages left unread for 15 minutes, at most once per
// thread and reader per hour, claiming the thread's side and writing the mail in one transaction.
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  messageThreads,
  roles,
  teachers,
  threadMessages,
  userBlocks,
  userEvents,
  userRoles,
  users,
} from '../db/schema';
import { unreadMessagesMail } from '../gateways/mail/templates';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { pageMeta, type PageRequest } from '../http/query';
import {
  MESSAGE_EMAIL_AFTER_MS,
  MESSAGE_EMAIL_EVERY_MS,
  MESSAGES_PER_PAGE,
  NEW_THREADS_PER_DAY,
  threadPair,
} from '../../src/shared/chat';
import { maskContactDetails } from '../../src/shared/contact-details';
import { t } from '../../src/shared/messages';
import { enqueueEmail } from './outbox-service';
import * as rateLimit from './rate-limit-service';
import { startIntervalJob } from './reminder-service';

type Db = Database | Transaction;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Messages a sender may write in a minute, in all threads together (a flood, not a conversation). */
export const MESSAGES_PER_MINUTE = 30;

export type ThreadRole = 'teacher' | 'student' | 'parent';

export type MessageResource = {
  id: number;
  thread_id: number;
  sender_user_id: number;
  text: string;
  masked: boolean;
  created_at: string;
};

export type ThreadResource = {
  id: number;
  other: {
    user_id: number;
    first_name: string;
    last_name: string;
    photo_url: string | null;
    role: ThreadRole | null;
    teacher_id: number | null;
  };
  last_message: MessageResource | null;
  unread_count: number;
  blocked: 'by_me' | 'by_them' | null;
  reported: boolean;
  can_share_contacts: boolean;
  updated_at: string;
};

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

export function messageResource(row: typeof threadMessages.$inferSelect): MessageResource {
  return {
    id: row.id,
    thread_id: row.threadId,
    sender_user_id: row.senderUserId,
    text: row.body,
    masked: row.masked,
    created_at: iso(row.createdAt),
  };
}

/** What a user is in a conversation: a teacher, a parent or a learner (null: an admin, or nobody). */
const roleOf = (names: readonly string[], teacherId: number | null): ThreadRole | null => {
  if (names.includes('teacher') && teacherId !== null) return 'teacher';
  if (names.includes('parent')) return 'parent';
  if (names.includes('student')) return 'student';
  return null;
};

type Person = {
  userId: number;
  status: string;
  role: ThreadRole | null;
  teacherId: number | null;
  teacherApproved: boolean;
};

async function personOf(db: Db, userId: number): Promise<Person | null> {
  const rows = await db
    .select({
      status: users.status,
      role: roles.name,
      teacherId: teachers.id,
      teacherStatus: teachers.status,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .where(eq(users.id, userId));
  const [first] = rows;
  if (!first) return null;
  const names = rows.flatMap((row) => (row.role ? [row.role] : []));
  return {
    userId,
    status: first.status,
    role: roleOf(names, first.teacherId),
    teacherId: first.teacherId,
    teacherApproved: first.teacherStatus === 'approved',
  };
}

/**
 * SQL: the pair (`a`, `b` user ids) has a booking together: a booking of a lesson of one's teacher
 * profile for the other, or for one of the other's children (either way round).
 */
const bookingTogetherSql = (a: SQL | number, b: SQL | number) => sql`EXISTS (
  SELECT 1 FROM bookings bk
  JOIN lessons bl ON bl.id = bk.lesson_id
  JOIN teachers bt ON bt.id = bl.teacher_id
  JOIN students bs ON bs.id = bk.student_id
  LEFT JOIN parents bp ON bp.id = bs.parent_id
  WHERE (bt.user_id = ${a} AND (bs.user_id = ${b} OR bp.user_id = ${b}))
     OR (bt.user_id = ${b} AND (bs.user_id = ${a} OR bp.user_id = ${a})))`;

async function bookingTogether(db: Db, a: number, b: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT ${bookingTogetherSql(a, b)} AS together`);
  return Boolean((result as unknown as { rows: { together: unknown }[] }).rows[0]?.together);
}

/** The user's unread messages in all their threads (the top bar's count). */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS total
    FROM thread_messages m JOIN message_threads t ON t.id = m.thread_id
    WHERE m.sender_user_id <> ${userId}
      AND ((t.user_low_id = ${userId} AND m.id > t.low_read_message_id)
        OR (t.user_high_id = ${userId} AND m.id > t.high_read_message_id))`);
  return Number((result as unknown as { rows: { total: unknown }[] }).rows[0]?.total ?? 0);
}

type ThreadRow = {
  id: number;
  last_message_at: unknown;
  reported_at: unknown;
  other_id: number;
  first_name: string;
  last_name: string;
  photo: string | null;
  teacher_id: number | null;
  role_names: string[] | string | null;
  unread: number;
  blocked_by_me: boolean;
  blocked_by_them: boolean;
  can_share: boolean;
  m_id: number | null;
  m_sender: number | null;
  m_body: string | null;
  m_masked: boolean | null;
  m_created_at: unknown;
};

/** Postgres arrays come back as arrays from node-postgres and PGlite; a text fallback just in case. */
const namesOf = (value: ThreadRow['role_names']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : [];

/** The user's threads as they see them (the other person, unread, block, …), where `where` holds. */
function threadsQuery(userId: number, where: SQL, tail: SQL) {
  return sql`
    SELECT t.id, t.last_message_at, t.reported_at,
      o.id AS other_id, o.first_name, o.last_name, o.photo, ot.id AS teacher_id,
      ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = o.id) AS role_names,
      (SELECT count(*)::int FROM thread_messages um
        WHERE um.thread_id = t.id AND um.sender_user_id <> ${userId}
          AND um.id > CASE WHEN t.user_low_id = ${userId} THEN t.low_read_message_id ELSE t.high_read_message_id END
      ) AS unread,
      EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_user_id = ${userId} AND b.blocked_user_id = o.id) AS blocked_by_me,
      EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_user_id = o.id AND b.blocked_user_id = ${userId}) AS blocked_by_them,
      ${bookingTogetherSql(userId, sql`o.id`)} AS can_share,
      lm.id AS m_id, lm.sender_user_id AS m_sender, lm.body AS m_body, lm.masked AS m_masked, lm.created_at AS m_created_at
    FROM message_threads t
    JOIN users o ON o.id = CASE WHEN t.user_low_id = ${userId} THEN t.user_high_id ELSE t.user_low_id END
    LEFT JOIN teachers ot ON ot.user_id = o.id
    LEFT JOIN LATERAL (
      SELECT * FROM thread_messages x WHERE x.thread_id = t.id ORDER BY x.id DESC LIMIT 1
    ) lm ON true
    WHERE (t.user_low_id = ${userId} OR t.user_high_id = ${userId}) AND ${where}
    ${tail}`;
}

function threadResource(row: ThreadRow): ThreadResource {
  const teacherId = row.teacher_id === null ? null : Number(row.teacher_id);
  const role = roleOf(namesOf(row.role_names), teacherId);
  return {
    id: Number(row.id),
    other: {
      user_id: Number(row.other_id),
      first_name: row.first_name,
      last_name: row.last_name,
      photo_url: row.photo ?? null,
      role,
      teacher_id: role === 'teacher' ? teacherId : null,
    },
    last_message:
      row.m_id === null
        ? null
        : {
            id: Number(row.m_id),
            thread_id: Number(row.id),
            sender_user_id: Number(row.m_sender),
            text: row.m_body ?? '',
            masked: Boolean(row.m_masked),
            created_at: iso(row.m_created_at),
          },
    unread_count: Number(row.unread),
    blocked: row.blocked_by_me ? 'by_me' : row.blocked_by_them ? 'by_them' : null,
    reported: row.reported_at !== null,
    can_share_contacts: Boolean(row.can_share),
    updated_at: iso(row.last_message_at),
  };
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** One thread as `userId` sees it; null when they are not in it. */
export async function threadFor(db: Db, userId: number, threadId: number): Promise<ThreadResource | null> {
  const [row] = rowsOf<ThreadRow>(await db.execute(threadsQuery(userId, sql`t.id = ${threadId}`, sql``)));
  return row ? threadResource(row) : null;
}

/** `GET /api/messages`: the user's threads, newest activity first, with their unread total. */
export async function listThreads(db: Database, userId: number, page: PageRequest) {
  const [rows, [counted], unread] = await Promise.all([
    db.execute(
      threadsQuery(
        userId,
        sql`true`,
        sql`ORDER BY t.last_message_at DESC, t.id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
      ),
    ),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(messageThreads)
      .where(or(eq(messageThreads.userLowId, userId), eq(messageThreads.userHighId, userId))),
    unreadTotal(db, userId),
  ]);
  return {
    data: rowsOf<ThreadRow>(rows).map(threadResource),
    meta: { ...pageMeta(page, Number(counted?.total ?? 0)), unread_count: unread },
  };
}

/** The 30 messages before `before` (or the last 30), oldest first, and whether older ones exist. */
async function messagePage(db: Db, threadId: number, before: number | undefined) {
  const rows = await db
    .select()
    .from(threadMessages)
    .where(and(eq(threadMessages.threadId, threadId), before ? lt(threadMessages.id, before) : undefined))
    .orderBy(desc(threadMessages.id))
    .limit(MESSAGES_PER_PAGE + 1);
  const hasMore = rows.length > MESSAGES_PER_PAGE;
  return { data: rows.slice(0, MESSAGES_PER_PAGE).reverse().map(messageResource), hasMore };
}

/** `GET /api/messages/{id}?before=`: a thread the user is not in is a 404 (whoever asks). */
export async function showThread(db: Database, userId: number, threadId: number, before?: number) {
  const thread = await threadFor(db, userId, threadId);
  if (!thread) throw notFound();
  const page = await messagePage(db, threadId, before);
  return { data: page.data, meta: { has_more: page.hasMore, thread } };
}

const cannotWrite = () => ValidationError.field('to_user_id', t('msgserver.cannotWrite'));

/**
 * Who may write to whom when no thread exists yet: a learner or parent to an approved teacher; a
 * teacher to a learner or parent they teach (a booking together). Anything else is a 422.
 */
async function mayStart(db: Db, sender: Person, recipient: Person): Promise<void> {
  const learner = (role: ThreadRole | null) => role === 'student' || role === 'parent';
  if (learner(sender.role) && recipient.role === 'teacher' && recipient.teacherApproved) return;
  if (
    sender.role === 'teacher' &&
    learner(recipient.role) &&
    (await bookingTogether(db, sender.userId, recipient.userId))
  )
    return;
  throw cannotWrite();
}

/** Either has blocked the other. */
async function blockBetween(db: Db, a: number, b: number) {
  const rows = await db
    .select({ blocker: userBlocks.blockerUserId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerUserId, a), eq(userBlocks.blockedUserId, b)),
        and(eq(userBlocks.blockerUserId, b), eq(userBlocks.blockedUserId, a)),
      ),
    );
  return rows.length > 0;
}

/** Over the new-thread limit: 429 with the seconds until the oldest of the day's threads is a day old. */
async function checkNewThreadLimit(tx: Db, senderId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  const started = await tx
    .select({ createdAt: messageThreads.createdAt })
    .from(messageThreads)
    .where(and(eq(messageThreads.startedByUserId, senderId), gt(messageThreads.createdAt, since)))
    .orderBy(desc(messageThreads.createdAt))
    .limit(NEW_THREADS_PER_DAY);
  if (started.length < NEW_THREADS_PER_DAY) return;
  const oldest = started[started.length - 1]?.createdAt ?? now;
  const seconds = Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000));
  throw new HttpError(429, t('msgserver.tooManyThreads', { max: NEW_THREADS_PER_DAY }), {
    'Retry-After': String(seconds),
  });
}

/** The `message` live event of both users, each with their own thread view and unread total. */
async function messageEvents(tx: Db, thread: { id: number }, message: MessageResource, userIds: number[]) {
  for (const userId of userIds) {
    const view = await threadFor(tx, userId, thread.id);
    await tx.insert(userEvents).values({
      userId,
      kind: 'message',
      payload: { thread_id: thread.id, message, unread_count: await unreadTotal(tx, userId), thread: view },
    });
  }
}

/** `POST /api/messages {to_user_id, text}` → the message and the sender's view of its thread. */
export async function sendMessage(
  db: Database,
  senderId: number,
  input: { toUserId: number; text: string },
  now = new Date(),
): Promise<{ data: MessageResource; thread: ThreadResource }> {
  if (input.toUserId === senderId) throw ValidationError.field('to_user_id', t('msgserver.notYourself'));
  await rateLimit.hit(db, { key: `message:${senderId}`, max: MESSAGES_PER_MINUTE, windowSeconds: 60 });
  return db.transaction(async (tx) => {
    // The sender's turn: their parallel messages (and new-thread counts) go one after the other.
    // NO KEY UPDATE leaves foreign keys to the row (other users' inserts) unblocked.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for('no key update');
    const [sender, recipient] = await Promise.all([personOf(tx, senderId), personOf(tx, input.toUserId)]);
    if (!sender || !recipient || recipient.status !== 'active' || !recipient.role || !sender.role)
      throw cannotWrite();
    if (await blockBetween(tx, senderId, input.toUserId)) throw new HttpError(403, t('msgserver.blocked'));
    const [low, high] = threadPair(senderId, input.toUserId);
    const pair = and(eq(messageThreads.userLowId, low), eq(messageThreads.userHighId, high));
    let [thread] = await tx.select().from(messageThreads).where(pair);
    if (!thread) {
      await mayStart(tx, sender, recipient);
      await checkNewThreadLimit(tx, senderId, now);
      // The other side's first message may be on its way: the unique pair keeps one thread.
      [thread] = await tx
        .insert(messageThreads)
        .values({ userLowId: low, userHighId: high, startedByUserId: senderId, createdAt: now })
        .onConflictDoNothing()
        .returning();
      [thread] = thread ? [thread] : await tx.select().from(messageThreads).where(pair);
      if (!thread) throw new Error('The thread of the pair is missing');
    }
    const shared = await bookingTogether(tx, senderId, input.toUserId);
    const body = shared ? { text: input.text, masked: false } : maskContactDetails(input.text);
    const [row] = await tx
      .insert(threadMessages)
      .values({ threadId: thread.id, senderUserId: senderId, body: body.text, masked: body.masked })
      .returning();
    if (!row) throw new Error('The message insert returned no row');
    const senderSide = senderId === thread.userLowId ? 'low' : 'high';
    await tx
      .update(messageThreads)
      .set({
        lastMessageAt: row.createdAt,
        // The sender has read everything up to their own message.
        ...(senderSide === 'low' ? { lowReadMessageId: row.id } : { highReadMessageId: row.id }),
      })
      .where(eq(messageThreads.id, thread.id));
    const message = messageResource(row);
    await messageEvents(tx, thread, message, [input.toUserId, senderId]);
    const view = await threadFor(tx, senderId, thread.id);
    if (!view) throw new Error('The thread is not the sender’s');
    return { data: message, thread: view };
  });
}

/** The thread's row if `userId` is one of its pair, else 404. */
async function ownThread(db: Db, userId: number, threadId: number) {
  const [thread] = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.id, threadId),
        or(eq(messageThreads.userLowId, userId), eq(messageThreads.userHighId, userId)),
      ),
    );
  if (!thread) throw notFound();
  return thread;
}

/** `POST /api/messages/read/{id}`: everything in the thread read; the user's unread total. */
export async function markThreadRead(db: Database, userId: number, threadId: number) {
  const thread = await ownThread(db, userId, threadId);
  const last = sql`(SELECT coalesce(max(id), 0) FROM thread_messages WHERE thread_id = ${threadId})`;
  return db.transaction(async (tx) => {
    await tx
      .update(messageThreads)
      .set(
        thread.userLowId === userId
          ? { lowReadMessageId: sql`greatest(${messageThreads.lowReadMessageId}, ${last})` }
          : { highReadMessageId: sql`greatest(${messageThreads.highReadMessageId}, ${last})` },
      )
      .where(eq(messageThreads.id, threadId));
    const unread = await unreadTotal(tx, userId);
    // The reader's other tabs (and phones) lower their counts too (`event: messages_read`).
    await tx.insert(userEvents).values({
      userId,
      kind: 'messages_read',
      payload: { thread_id: threadId, unread_count: unread },
    });
    return { unread_count: unread };
  });
}

/** The pair's thread as `userId` sees it, or null when they have none. */
async function threadOfPair(db: Db, userId: number, otherId: number) {
  const [low, high] = threadPair(userId, otherId);
  const [thread] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.userLowId, low), eq(messageThreads.userHighId, high)));
  return thread ? threadFor(db, userId, thread.id) : null;
}

/** `POST /api/messages/block/{user_id}` (again: nothing new) → the pair's thread, if any. */
export async function block(db: Database, userId: number, otherId: number) {
  if (otherId === userId) throw ValidationError.field('id', t('msgserver.blockYourself'));
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.id, otherId));
  if (!other) throw notFound();
  await db.insert(userBlocks).values({ blockerUserId: userId, blockedUserId: otherId }).onConflictDoNothing();
  return { message: t('msgserver.blockedDone'), thread: await threadOfPair(db, userId, otherId) };
}

/** `DELETE /api/messages/block/{user_id}`: the user's own block goes (the other's stays). */
export async function unblock(db: Database, userId: number, otherId: number) {
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.id, otherId));
  if (!other) throw notFound();
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerUserId, userId), eq(userBlocks.blockedUserId, otherId)));
  return { message: t('msgserver.unblockedDone'), thread: await threadOfPair(db, userId, otherId) };
}

/** `POST /api/messages/report/{id} {reason}`: the first report stands; a second changes nothing. */
export async function reportThread(db: Database, userId: number, threadId: number, reason: string) {
  await ownThread(db, userId, threadId);
  await db
    .update(messageThreads)
    .set({ reportedAt: new Date(), reportedByUserId: userId, reportReason: reason })
    .where(and(eq(messageThreads.id, threadId), sql`${messageThreads.reportedAt} IS NULL`));
  return { message: t('msgserver.reported'), thread: await threadFor(db, userId, threadId) };
}

// ---- Admins: reported threads only ----

type ReportedRow = {
  id: number;
  reported_at: unknown;
  report_reason: string | null;
  last_message_at: unknown;
  message_count: number;
  low_id: number;
  low_first: string;
  low_last: string;
  low_roles: string[] | string | null;
  low_teacher: number | null;
  high_id: number;
  high_first: string;
  high_last: string;
  high_roles: string[] | string | null;
  high_teacher: number | null;
  reporter_id: number | null;
};

export type ReportedThreadResource = {
  id: number;
  users: { user_id: number; first_name: string; last_name: string; role: ThreadRole | null }[];
  reported_at: string;
  report_reason: string;
  reported_by_user_id: number | null;
  message_count: number;
  updated_at: string;
};

function reportedQuery(where: SQL, tail: SQL) {
  const person = (alias: string) =>
    sql.raw(`
      ${alias}.id AS ${alias}_id, ${alias}.first_name AS ${alias}_first, ${alias}.last_name AS ${alias}_last,
      ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${alias}.id) AS ${alias}_roles,
      (SELECT te.id FROM teachers te WHERE te.user_id = ${alias}.id) AS ${alias}_teacher`);
  return sql`
    SELECT t.id, t.reported_at, t.report_reason, t.last_message_at, t.reported_by_user_id AS reporter_id,
      (SELECT count(*)::int FROM thread_messages m WHERE m.thread_id = t.id) AS message_count,
      ${person('low')}, ${person('high')}
    FROM message_threads t
    JOIN users low ON low.id = t.user_low_id
    JOIN users high ON high.id = t.user_high_id
    WHERE t.reported_at IS NOT NULL AND ${where}
    ${tail}`;
}

function reportedResource(row: ReportedRow): ReportedThreadResource {
  const person = (
    id: number,
    first: string,
    last: string,
    names: ReportedRow['low_roles'],
    teacher: unknown,
  ) => ({
    user_id: Number(id),
    first_name: first,
    last_name: last,
    role: roleOf(namesOf(names), teacher === null ? null : Number(teacher)),
  });
  return {
    id: Number(row.id),
    users: [
      person(row.low_id, row.low_first, row.low_last, row.low_roles, row.low_teacher),
      person(row.high_id, row.high_first, row.high_last, row.high_roles, row.high_teacher),
    ],
    reported_at: iso(row.reported_at),
    report_reason: row.report_reason ?? '',
    reported_by_user_id: row.reporter_id === null ? null : Number(row.reporter_id),
    message_count: Number(row.message_count),
    updated_at: iso(row.last_message_at),
  };
}

/** `GET /api/admin/messages/reported?page=`: newest report first. */
export async function listReportedThreads(db: Database, page: PageRequest) {
  const [rows, [counted]] = await Promise.all([
    db.execute(
      reportedQuery(
        sql`true`,
        sql`ORDER BY t.reported_at DESC, t.id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
      ),
    ),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(messageThreads)
      .where(sql`${messageThreads.reportedAt} IS NOT NULL`),
  ]);
  return {
    data: rowsOf<ReportedRow>(rows).map(reportedResource),
    meta: pageMeta(page, Number(counted?.total ?? 0)),
  };
}

/** `GET /api/admin/messages/reported/{id}?before=`: 404 for a thread nobody reported. */
export async function showReportedThread(db: Database, threadId: number, before?: number) {
  const [row] = rowsOf<ReportedRow>(await db.execute(reportedQuery(sql`t.id = ${threadId}`, sql``)));
  if (!row) throw notFound();
  const page = await messagePage(db, threadId, before);
  return { data: page.data, meta: { has_more: page.hasMore, thread: reportedResource(row) } };
}

// ---- E-mail of unread messages ----

export type MessageMailContext = {
  db: Database;
  config: Pick<AppConfig, 'appUrl'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

type Side = 'low' | 'high';

/**
 * SQL over `message_threads t`: the side's reader has a message from the other, unread, written at
 * least 15 minutes before `now` and after their last e-mail about this thread, which (if any) was an
 * hour or more before `now`; and the reader has an e-mail address and an active account.
 */
function mailDue(side: Side, now: Date) {
  const reader = sql.raw(`t.user_${side}_id`);
  const readMark = sql.raw(`t.${side}_read_message_id`);
  const emailedAt = sql.raw(`t.${side}_emailed_at`);
  const writtenBy = new Date(now.getTime() - MESSAGE_EMAIL_AFTER_MS).toISOString();
  const lastMailBy = new Date(now.getTime() - MESSAGE_EMAIL_EVERY_MS).toISOString();
  return sql`(${emailedAt} IS NULL OR ${emailedAt} <= ${lastMailBy}::timestamptz)
    AND EXISTS (SELECT 1 FROM thread_messages m
      WHERE m.thread_id = t.id AND m.sender_user_id <> ${reader} AND m.id > ${readMark}
        AND m.created_at <= ${writtenBy}::timestamptz AND (${emailedAt} IS NULL OR m.created_at > ${emailedAt}))
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${reader} AND u.email IS NOT NULL AND u.status = 'active')`;
}

type ClaimedSide = {
  thread_id: number;
  reader_id: number;
  reader_email: string;
  reader_first: string;
  writer_first: string;
  writer_last: string;
  unread: number;
};

/**
 * Claims up to `batch` thread sides due an e-mail (sets their `*_emailed_at` to `now`, skipping rows
 * another process holds) and writes their mails, all in one transaction: a mail exists exactly when
 * its claim committed, so two processes never send it twice.
 */
async function mailSide(ctx: MessageMailContext, side: Side, now: Date, batch: number): Promise<number> {
  const emailedAt = sql.raw(`${side}_emailed_at`);
  const reader = sql.raw(`user_${side}_id`);
  const writer = sql.raw(`user_${side === 'low' ? 'high' : 'low'}_id`);
  const readMark = sql.raw(`${side}_read_message_id`);
  return ctx.db.transaction(async (tx) => {
    const claimed = rowsOf<ClaimedSide>(
      await tx.execute(sql`
        WITH due AS (
          SELECT t.id FROM message_threads t WHERE ${mailDue(side, now)}
          ORDER BY t.id LIMIT ${batch} FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE message_threads t SET ${emailedAt} = ${now.toISOString()}::timestamptz
          FROM due WHERE t.id = due.id AND ${mailDue(side, now)}
          RETURNING t.id, t.${reader} AS reader_id, t.${writer} AS writer_id, t.${readMark} AS read_mark
        )
        SELECT c.id AS thread_id, c.reader_id, r.email AS reader_email, r.first_name AS reader_first,
          w.first_name AS writer_first, w.last_name AS writer_last,
          (SELECT count(*)::int FROM thread_messages m
            WHERE m.thread_id = c.id AND m.sender_user_id = c.writer_id AND m.id > c.read_mark) AS unread
        FROM claimed c JOIN users r ON r.id = c.reader_id JOIN users w ON w.id = c.writer_id
        ORDER BY c.id`),
    );
    for (const row of claimed) {
      const name = `${row.writer_first} ${row.writer_last}`.trim();
      const count = Number(row.unread);
      await enqueueEmail(tx, {
        kind: 'messages',
        purpose: 'new_message',
        userId: Number(row.reader_id),
        ...unreadMessagesMail(row.reader_email, row.reader_first, {
          subject: t('msgserver.mailSubject', { name }),
          text: count > 1 ? t('msgserver.mailTextMany', { name, count }) : t('msgserver.mailText', { name }),
          action: t('msgserver.mailAction'),
          url: `${ctx.config.appUrl}/messages/${row.thread_id}`,
          footer: t('msgserver.mailFooter'),
        }),
      });
    }
    return claimed.length;
  });
}

/** One run of the job at `now` (tests pass a later clock): how many e-mails were written. */
export async function sendUnreadMessageMails(
  ctx: MessageMailContext,
  now = new Date(),
  { batch = 50 } = {},
): Promise<number> {
  let sent = 0;
  for (const side of ['low', 'high'] as const) {
    for (;;) {
      const claimed = await mailSide(ctx, side, now, batch);
      sent += claimed;
      if (claimed < batch) break;
    }
  }
  return sent;
}

/** The job inside the server process: every `intervalMs` (main: a minute), one run at a time. */
export function startMessageMailJob(ctx: MessageMailContext, intervalMs: number) {
  return startIntervalJob(
    () => sendUnreadMessageMails(ctx),
    intervalMs,
    (error) => ctx.log?.error({ err: error }, 'unread message e-mail run failed'),
    // Messages that fell due while the server was down are e-mailed at once.
    { runAtStart: true },
  );
}
