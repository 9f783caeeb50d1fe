// Lesson reminders: one notification and one e-mail (through the outbox) an hour before each booked
// lesson, sent once.
// The `lesson_reminders` table is the job's whole state (a row per booking, written with the
// booking), so a restart or a second server process neither loses nor repeats a reminder: a process
// claims due rows with a lease (`claimed_until`) and sets `sent_at` in the transaction that stores
// the notification.
import { and, asc, eq, exists, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { bookings, lessonReminders, lessons, parents, students, topics, users } from '../db/schema';
import { escapeHtml } from '../gateways/mail/templates';
import type { MailMessage } from '../gateways/mail/mailer';
import { t } from '../../src/shared/messages';
import { sendSmsTo } from '../messaging/notices';
import { lessonReminderSms } from '../messaging/texts';
import {
  announce,
  lessonName,
  lessonSoonNews,
  lessonUrl,
  nairobiTime,
  nairobiWhen,
} from './activity-service';
import { enqueueEmail } from './outbox-service';

/** Reminders are due this long before the lesson starts. */
export const REMINDER_LEAD_MS = 60 * 60 * 1000;
/** A process that claimed a reminder holds it this long; a crashed one's claim runs out. */
const REMINDER_LEASE_MS = 5 * 60 * 1000;

export type ReminderContext = {
  db: Database;
  config: Pick<AppConfig, 'appUrl'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * With a new booking (in its transaction): its reminder, due an hour before the lesson. None when
 * the lesson starts within the hour (the booking is fresh in mind); a booking's second reminder is
 * ignored (unique booking_id).
 */
export async function scheduleLessonReminders(
  tx: Database | Transaction,
  booked: { id: number; lessonId: number }[],
  now = new Date(),
): Promise<void> {
  if (booked.length === 0) return;
  const starts = await tx
    .select({ id: lessons.id, startAt: lessons.startAt })
    .from(lessons)
    .where(
      inArray(
        lessons.id,
        booked.map((booking) => booking.lessonId),
      ),
    );
  const rows = booked.flatMap((booking) => {
    const startAt = starts.find((lesson) => lesson.id === booking.lessonId)?.startAt;
    if (!startAt) return [];
    const dueAt = new Date(startAt.getTime() - REMINDER_LEAD_MS);
    return dueAt.getTime() > now.getTime() ? [{ bookingId: booking.id, dueAt }] : [];
  });
  if (rows.length) await tx.insert(lessonReminders).values(rows).onConflictDoNothing();
}

const lessonOf = (reminder: typeof lessonReminders) =>
  and(eq(bookings.id, reminder.bookingId), eq(lessons.id, bookings.lessonId));

/**
 * Takes up to `batch` due reminders for this process: due, not sent, not held by another process,
 * lesson not started. One statement with SKIP LOCKED, so two processes never take the same row.
 */
async function claimDue(db: Database, now: Date, batch: number, leaseMs: number) {
  const free = or(isNull(lessonReminders.claimedUntil), lte(lessonReminders.claimedUntil, now));
  const open = and(isNull(lessonReminders.sentAt), lte(lessonReminders.dueAt, now), free);
  const due = db
    .select({ id: lessonReminders.id })
    .from(lessonReminders)
    .innerJoin(bookings, eq(bookings.id, lessonReminders.bookingId))
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .where(and(open, gt(lessons.startAt, now)))
    .orderBy(asc(lessonReminders.dueAt), asc(lessonReminders.id))
    .limit(batch)
    .for('update', { of: lessonReminders, skipLocked: true });
  return db
    .update(lessonReminders)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(lessonReminders.id, due), open))
    .returning();
}

/** Reminders whose lesson started before anyone sent them are closed without a message. */
async function closeStarted(db: Database, now: Date): Promise<number> {
  const started = db
    .select({ one: sql`1` })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .where(and(lessonOf(lessonReminders), lte(lessons.startAt, now)));
  const closed = await db
    .update(lessonReminders)
    .set({ sentAt: now })
    .where(
      and(
        isNull(lessonReminders.sentAt),
        lte(lessonReminders.dueAt, now),
        or(isNull(lessonReminders.claimedUntil), lte(lessonReminders.claimedUntil, now)),
        exists(started),
      ),
    )
    .returning({ id: lessonReminders.id });
  return closed.length;
}

const parentUser = alias(users, 'parent_user');

type Recipient = { userId: number; email: string | null; firstName: string; child: string | null };

/** The lesson and who hears of it: the learner with an e-mail of their own, else their parent. */
async function reminderDetails(db: Database, bookingId: number) {
  const [row] = await db
    .select({
      lesson: { id: lessons.id, code: lessons.code, startAt: lessons.startAt, topicName: topics.name },
      learner: {
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      parent: { userId: parentUser.id, email: parentUser.email, firstName: parentUser.firstName },
    })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .leftJoin(parentUser, eq(parentUser.id, parents.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { learner, parent } = row;
  let recipient: Recipient | null = null;
  if (learner.email)
    recipient = { userId: learner.userId, email: learner.email, firstName: learner.firstName, child: null };
  else if (parent?.userId)
    recipient = {
      userId: parent.userId,
      email: parent.email,
      firstName: parent.firstName ?? '',
      child: `${learner.firstName} ${learner.lastName}`.trim(),
    };
  return { lesson: row.lesson, recipient };
}

function lessonReminderMail(
  to: string,
  input: { firstName: string; child: string | null; lesson: string; startAt: Date; url: string },
): MailMessage {
  const when = nairobiWhen(input.startAt);
  const time = nairobiTime(input.startAt);
  const subject = t('feed.reminderSubject', { lesson: input.lesson, time });
  const lines = [
    input.child
      ? `${input.child}'s lesson ${input.lesson} starts on ${when} (East Africa Time).`
      : `Your lesson ${input.lesson} starts on ${when} (East Africa Time).`,
    'You can join from 15 minutes before the start, from the lesson page.',
  ];
  const action = { label: 'Open the lesson', url: input.url };
  const greeting = `Hello ${input.firstName},`;
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.url}`, '', '— Somesha'].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    '<p>— Somesha</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export type ReminderRun = { sent: number; closed: number; failed: number };

/**
 * Sends the reminders due at `now`: for each, in one transaction, `sent_at`, the e-mail (to the
 * outbox, which sends and retries it), the `lesson_reminder` notification and the `lesson_soon`
 * activity. A failed run leaves the claim to run out, so a later run tries again (until the lesson
 * starts).
 */
export async function sendDueReminders(
  ctx: ReminderContext,
  now = new Date(),
  { batch = 50, leaseMs = REMINDER_LEASE_MS } = {},
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, closed: await closeStarted(ctx.db, now), failed: 0 };
  for (;;) {
    const claimed = await claimDue(ctx.db, now, batch, leaseMs);
    for (const reminder of claimed) {
      try {
        run[(await sendOne(ctx, reminder.id, reminder.bookingId, now)) ? 'sent' : 'closed'] += 1;
      } catch (error) {
        run.failed += 1;
        ctx.log?.warn({ err: error, reminderId: reminder.id }, 'lesson reminder not sent; retried later');
      }
    }
    if (claimed.length < batch) return run;
  }
}

/** True when a message went out; false when there was nobody to tell (closed quietly). */
async function sendOne(ctx: ReminderContext, reminderId: number, bookingId: number, now: Date) {
  const details = await reminderDetails(ctx.db, bookingId);
  const recipient = details?.recipient ?? null;
  if (!details || !recipient) {
    await ctx.db.update(lessonReminders).set({ sentAt: now }).where(eq(lessonReminders.id, reminderId));
    return false;
  }
  return ctx.db.transaction(async (tx) => {
    const [mine] = await tx
      .update(lessonReminders)
      .set({ sentAt: now })
      .where(and(eq(lessonReminders.id, reminderId), isNull(lessonReminders.sentAt)))
      .returning({ id: lessonReminders.id });
    // Another process got there first (our claim had run out): it has told the user.
    if (!mine) return false;
    // The e-mail goes to the outbox with the reminder's `sent_at`: both or neither (docs/messaging.md).
    if (recipient.email)
      await enqueueEmail(tx, {
        kind: 'lessons',
        purpose: 'lesson_reminder',
        userId: recipient.userId,
        ...lessonReminderMail(recipient.email, {
          firstName: recipient.firstName,
          child: recipient.child,
          lesson: lessonName(details.lesson),
          startAt: details.lesson.startAt,
          url: `${ctx.config.appUrl}${lessonUrl(details.lesson.code)}`,
        }),
      });
    await announce(tx, recipient.userId, lessonSoonNews(details.lesson, bookingId, recipient.child));
    // Issue 26 (notices): the reminder by SMS too, with the join link, written with `sent_at`.
    await sendSmsTo(
      tx,
      ctx.config.appUrl,
      recipient.userId,
      'lessons',
      'lesson_reminder',
      lessonReminderSms({
        lesson: lessonName(details.lesson),
        time: nairobiTime(details.lesson.startAt),
        path: `/lessons/live/${encodeURIComponent(details.lesson.code)}`,
      }),
    );
    return true;
  });
}

/** The job inside the server process: every `intervalMs`, one run at a time. */
export function startReminderJob(ctx: ReminderContext, intervalMs: number) {
  return startIntervalJob(
    () => sendDueReminders(ctx),
    intervalMs,
    (error) => ctx.log?.error({ err: error }, 'lesson reminder run failed'),
  );
}

/** Runs `run` every `intervalMs` in the server process, one run at a time (reminders, earnings). */
export function startIntervalJob(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
  { runAtStart = false } = {},
) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // A restart should not hold back what fell due while the server was down by a whole interval.
  if (runAtStart) tick();
  // The job must not keep a stopping process alive.
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
