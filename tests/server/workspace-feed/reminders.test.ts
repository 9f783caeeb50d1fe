// Lesson reminders: a row per booking, due an hour before the lesson, sent once (one notification,
// one e-mail) even by two processes at once and across a restart.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, isNull } from 'drizzle-orm';
import { bookings, lessonReminders, lessons, topics } from '../../../server/db/schema';
import type { Database } from '../../../server/db/client';
import {
  sendDueReminders,
  startReminderJob,
  type ReminderContext,
} from '../../../server/services/reminder-service';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { addLesson, eventually, newBuyer, upcomingLessons } from '../commerce/buyers';
import { nairobiTime, nairobiWhen, payFromWallet } from './support';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let server: TestServer;
let template: Awaited<ReturnType<typeof upcomingLessons>>[number];

beforeAll(async () => {
  server = await startTestServer();
  const [first] = await upcomingLessons(server);
  if (!first) throw new Error('No upcoming lesson in the seed');
  template = first;
});
afterAll(() => server.close());
// Each test counts its own reminders: the seed's and earlier tests' are closed first.
beforeEach(async () => {
  await server.db.update(lessonReminders).set({ sentAt: new Date() }).where(isNull(lessonReminders.sentAt));
});

/** A fresh approved lesson at `startAt` (a copy of a seeded one), so times are exact. */
async function lessonAt(startAt: Date) {
  const [row] = await server.db
    .insert(lessons)
    .values({
      code: `REM-${randomBytes(4).toString('hex').toUpperCase()}`,
      teacherId: template.teacherId,
      topicId: template.topicId,
      programId: template.programId,
      type: 'public',
      objective: template.objective,
      priceCents: 50_000,
      startAt,
      endAt: new Date(startAt.getTime() + HOUR),
      link: 'https://meet.example.com/reminder',
      isApproved: true,
      classId: template.classId,
    })
    .returning();
  if (!row) throw new Error('Lesson not stored');
  return row;
}

async function nameOf(lesson: { code: string; topicId: number | null }) {
  const [topic] = lesson.topicId
    ? await server.db.select({ name: topics.name }).from(topics).where(eq(topics.id, lesson.topicId))
    : [];
  return topic ? `${topic.name} (${lesson.code})` : `Lesson ${lesson.code}`;
}

/** What a server process hands the job: its own context object, the database is the only state. */
const processContext = (db: Database = server.db): ReminderContext => ({
  db,
  config: { appUrl: 'http://localhost:3000' },
});

async function remindersOf(lessonIds: number[]) {
  return server.db
    .select({ lessonId: bookings.lessonId, dueAt: lessonReminders.dueAt, sentAt: lessonReminders.sentAt })
    .from(lessonReminders)
    .innerJoin(bookings, eq(bookings.id, lessonReminders.bookingId))
    .where(inArray(bookings.lessonId, lessonIds));
}

const reminderNotes = async (browser: Json) =>
  ((await browser.get('/api/notifications?per_page=100')).body.data as Json[]).filter(
    (item) => item.type === 'lesson_reminder',
  );
const soonActivities = async (browser: Json) =>
  ((await browser.get('/api/activities?per_page=100')).body.data as Json[]).filter(
    (item) => item.type === 'lesson_soon',
  );
/** The reminder e-mails to `email` (their receipts and booking confirmations are other mails, issue 26). */
const mailTo = async (email: string) =>
  (await server.mail()).filter((message) => message.to === email && message.subject.startsWith('Reminder: '));

describe('lesson reminders', () => {
  it('are written with each booking, an hour ahead, and none for a lesson within the hour', async () => {
    const now = Date.now();
    const later = await lessonAt(new Date(now + 5 * HOUR));
    const soon = await lessonAt(new Date(now + 30 * MINUTE));
    const buyer = await newBuyer(server, { balanceKes: 5_000 });
    await addLesson(buyer.browser, later.id);
    await addLesson(buyer.browser, soon.id);
    await payFromWallet(buyer.browser);
    expect(await remindersOf([later.id, soon.id])).toEqual([
      { lessonId: later.id, dueAt: new Date(later.startAt.getTime() - HOUR), sentAt: null },
    ]);
  });

  it('sends one notification and one e-mail for a lesson 50 minutes away, even from two processes at once', async () => {
    const now = Date.now();
    const first = await lessonAt(new Date(now + 3 * HOUR));
    const beyond = await lessonAt(new Date(now + 6 * HOUR));
    const missed = await lessonAt(new Date(now + 2 * HOUR));
    const buyer = await newBuyer(server, { balanceKes: 5_000 });
    for (const lesson of [first, beyond, missed]) await addLesson(buyer.browser, lesson.id);
    await payFromWallet(buyer.browser);

    // The clock of the run: `first` starts in 50 minutes, `beyond` in 3 h 50 min, `missed` has started.
    const at = new Date(first.startAt.getTime() - 50 * MINUTE);
    const runs = await Promise.all([
      sendDueReminders(processContext(), at),
      sendDueReminders(processContext(), at),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);

    const name = await nameOf(first);
    const text = `${name} starts at ${nairobiTime(first.startAt)}`;
    expect(await reminderNotes(buyer.browser)).toEqual([
      {
        id: expect.any(String),
        type: 'lesson_reminder',
        data: {
          title: 'Lesson starts soon',
          body: text,
          url: `/lessons/show/${first.code}`,
          booking_id: expect.any(Number),
          lesson_id: first.id,
          lesson_code: first.code,
          starts_at: first.startAt.toISOString(),
        },
        read_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(await soonActivities(buyer.browser)).toEqual([
      expect.objectContaining({ type: 'lesson_soon', text, url: `/lessons/show/${first.code}` }),
    ]);
    const mails = await mailTo(buyer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = `http://localhost:3000/lessons/show/${first.code}`;
    expect(mail?.subject).toBe(`Reminder: ${name} starts at ${nairobiTime(first.startAt)}`);
    expect(mail?.text).toContain(
      `Your lesson ${name} starts on ${nairobiWhen(first.startAt)} (East Africa Time).`,
    );
    expect(mail?.links).toEqual([link]);
    expect(mail?.html).toContain(`<a href="${link}">Open the lesson</a>`);

    const rows = await remindersOf([first.id, beyond.id, missed.id]);
    const row = (lessonId: number) => rows.find((reminder) => reminder.lessonId === lessonId);
    expect(row(first.id)?.sentAt).toEqual(at);
    // Not due yet.
    expect(row(beyond.id)?.sentAt).toBeNull();
    // Its lesson started before anyone sent it: closed without a message.
    expect(row(missed.id)?.sentAt).toEqual(at);

    // A restarted process (a new context, the same table) sends nothing again.
    const again = await sendDueReminders(processContext(), new Date(at.getTime() + 5 * MINUTE));
    expect(again.sent).toBe(0);
    expect(await reminderNotes(buyer.browser)).toHaveLength(1);
    expect(await mailTo(buyer.email)).toHaveLength(1);

    // `beyond` in its turn.
    await sendDueReminders(processContext(), new Date(beyond.startAt.getTime() - 59 * MINUTE));
    expect((await reminderNotes(buyer.browser)).map((note: Json) => note.data.lesson_code)).toEqual([
      beyond.code,
      first.code,
    ]);
  });

  it('go to the parent, naming the child, when the child has no e-mail', async () => {
    const lesson = await lessonAt(new Date(Date.now() + 4 * HOUR));
    const parent = await newBuyer(server, { role: 'parent', balanceKes: 5_000, children: 1 });
    await addLesson(parent.browser, lesson.id);
    await payFromWallet(parent.browser);
    const run = await sendDueReminders(processContext(), new Date(lesson.startAt.getTime() - 50 * MINUTE));
    expect(run).toMatchObject({ sent: 1, failed: 0 });

    const child = `Child0 Buyer ${parent.email.replace(/^parent\.(\w+)@.*$/, '$1')}`;
    const name = await nameOf(lesson);
    const notes = await reminderNotes(parent.browser);
    expect(notes.map((note: Json) => note.data.body)).toEqual([
      `${child}'s lesson ${name} starts at ${nairobiTime(lesson.startAt)}`,
    ]);
    const mails = await mailTo(parent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Hello Test,`);
    expect(mails[0]?.text).toContain(`${child}'s lesson ${name} starts on ${nairobiWhen(lesson.startAt)}`);
  });

  it('try again after the lease when a run fails, and never while another process holds it', async () => {
    const lesson = await lessonAt(new Date(Date.now() + 3 * HOUR));
    const buyer = await newBuyer(server, { balanceKes: 5_000 });
    await addLesson(buyer.browser, lesson.id);
    await payFromWallet(buyer.browser);
    const at = new Date(lesson.startAt.getTime() - 55 * MINUTE);
    // The e-mail is an outbox row written with the reminder now (the outbox retries its sending), so
    // what can fail here is the reminder's own transaction: the database is lost after the claim.
    const broken = new Proxy(server.db, {
      get(target, property) {
        if (property === 'transaction') return () => Promise.reject(new Error('connection lost'));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const failing = await sendDueReminders(processContext(broken), at);
    expect(failing).toMatchObject({ sent: 0, failed: 1 });
    expect(await reminderNotes(buyer.browser)).toEqual([]);
    // Still claimed by the failed run: another process leaves it alone.
    const [held] = await server.db
      .select({ claimedUntil: lessonReminders.claimedUntil, sentAt: lessonReminders.sentAt })
      .from(lessonReminders)
      .innerJoin(bookings, eq(bookings.id, lessonReminders.bookingId))
      .where(eq(bookings.lessonId, lesson.id));
    expect(held).toEqual({ claimedUntil: new Date(at.getTime() + 5 * MINUTE), sentAt: null });
    expect((await sendDueReminders(processContext(), new Date(at.getTime() + MINUTE))).sent).toBe(0);
    // The claim ran out: sent.
    expect((await sendDueReminders(processContext(), new Date(at.getTime() + 6 * MINUTE))).sent).toBe(1);
    expect(await reminderNotes(buyer.browser)).toHaveLength(1);
    expect(await mailTo(buyer.email)).toHaveLength(1);
  });

  it('are sent by the job running inside the server process', async () => {
    const buyer = await newBuyer(server);
    const lesson = await lessonAt(new Date(Date.now() + 50 * MINUTE));
    // Booked earlier, when the lesson was more than an hour away: its reminder is due now.
    const [booking] = await server.db
      .insert(bookings)
      .values({ lessonId: lesson.id, studentId: buyer.profileId })
      .returning();
    await server.db
      .insert(lessonReminders)
      .values({ bookingId: booking?.id ?? 0, dueAt: new Date(lesson.startAt.getTime() - HOUR) });
    const job = startReminderJob(processContext(), 50);
    try {
      const notes = await eventually(async () => {
        const found = await reminderNotes(buyer.browser);
        return found.length > 0 ? found : null;
      });
      expect(notes.map((note: Json) => note.data.lesson_code)).toEqual([lesson.code]);
    } finally {
      await job.stop();
    }
    const [row] = await server.db
      .select({ sentAt: lessonReminders.sentAt })
      .from(lessonReminders)
      .where(eq(lessonReminders.bookingId, booking?.id ?? 0));
    expect(row?.sentAt).not.toBeNull();
  });
});
