// Messages across two server processes on one PostgreSQL (issue 25, docs/reviews-messages.md): a
// message sent through process A reaches a stream opened on process B within a second (the
// `user_events` outbox both pumps read); the two first messages of a pair sent through both make one
// thread; six new threads at once through both start exactly five (the sender's row lock); and the
// e-mail job, running in both, e-mails an unread thread once.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import {
  bookings,
  lessons,
  mailOutbox,
  messageThreads,
  teachers,
  threadMessages,
} from '../../server/db/schema';
import { hashSecret } from '../../server/security/password';
import { createAccount, type RoleName } from '../../server/services/account-service';
import { eventually } from '../server/commerce/buyers';
import type { Browser } from '../server/support/test-server';
import { openEvents, type EventStream } from '../server/workspace-feed/support';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';

const PASSWORD = 'Passw0rd!';

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];
let passwordHash: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  database = await sharedDatabase();
  handle = await createDatabase({ url: database.url });
  passwordHash = await hashSecret(PASSWORD);
  // Both run the unread-message e-mail job (on the reminders' interval) against the same threads.
  processes = await Promise.all([
    startServerProcess(database, { REMINDER_CHECK_INTERVAL_MS: '100' }),
    startServerProcess(database, { REMINDER_CHECK_INTERVAL_MS: '100' }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all((processes ?? []).map((process) => process?.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

type Person = { userId: number; profileId: number; email: string; on: [Browser, Browser] };

/** A fresh account signed in on both processes (a teacher approved). */
async function person(role: RoleName): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const email = `${role}.${tag}@example.com`;
  const { userId, profileId } = await handle.db.transaction((tx) =>
    createAccount(tx, {
      firstName: 'Pg',
      lastName: `Person ${tag}`,
      username: `pg_${tag}`,
      email,
      phone: null,
      passwordHash,
      status: 'active',
      role,
    }),
  );
  if (role === 'teacher')
    await handle.db
      .update(teachers)
      .set({ status: 'approved' })
      .where(eq(teachers.id, profileId ?? 0));
  const on = processes.map((process) => process.browser()) as [Browser, Browser];
  await Promise.all(on.map((browser) => browser.signIn(email, PASSWORD)));
  return { userId, profileId: profileId ?? 0, email, on };
}

const send = (browser: Browser, to: number, text: string) =>
  browser.post('/api/messages', { to_user_id: to, text });

describe('messages across two processes on PostgreSQL', () => {
  it('a message sent through A reaches a stream opened on B within a second', async () => {
    const [student, teacher] = await Promise.all([person('student'), person('teacher')]);
    const stream = await openEvents(processes[1].url, teacher.on[1]);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const sentAt = Date.now();
    const response = await send(student.on[0], teacher.userId, 'Hello from process A');
    expect(response.status).toBe(201);
    const event = await stream.next((message) => message.event === 'message', 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(event.json).toMatchObject({
      thread_id: response.body.thread.id,
      message: { id: response.body.data.id, text: 'Hello from process A' },
      unread_count: 1,
    });
  }, 30_000);

  it('the two first messages of a pair, one through each process, make one thread', async () => {
    const [student, teacher] = await Promise.all([person('student'), person('teacher')]);
    const startAt = new Date(Date.now() + 3 * 86_400_000);
    const [lesson] = await handle.db
      .insert(lessons)
      .values({
        code: `PGM-${randomBytes(4).toString('hex')}`,
        teacherId: teacher.profileId,
        objective: 'Booked together',
        priceCents: 50_000,
        startAt,
        endAt: new Date(startAt.getTime() + 3_600_000),
      })
      .returning({ id: lessons.id });
    await handle.db.insert(bookings).values({ lessonId: lesson!.id, studentId: student.profileId });
    const answers = await Promise.all([
      send(student.on[0], teacher.userId, 'First from the learner'),
      send(teacher.on[1], student.userId, 'First from the teacher'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0].body.thread.id).toBe(answers[1].body.thread.id);
    const threads = await handle.db
      .select()
      .from(messageThreads)
      .where(inArray(messageThreads.userLowId, [student.userId, teacher.userId]));
    expect(threads).toHaveLength(1);
  }, 30_000);

  it('six new threads at once through both processes: exactly five', async () => {
    const student = await person('student');
    const teachers = await Promise.all(Array.from({ length: 6 }, () => person('teacher')));
    const answers = await Promise.all(
      teachers.map((teacher, index) => send(student.on[index % 2]!, teacher.userId, 'Any space this week?')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    const started = await handle.db
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(eq(messageThreads.startedByUserId, student.userId));
    expect(started).toHaveLength(5);
  }, 60_000);

  it('an unread thread is e-mailed once though both processes run the job', async () => {
    const [student, teacher] = await Promise.all([person('student'), person('teacher')]);
    const response = await send(student.on[0], teacher.userId, 'Are you there?');
    // As if written 20 minutes ago: now due for its e-mail.
    await handle.db
      .update(threadMessages)
      .set({ createdAt: sql`now() - interval '20 minutes'` })
      .where(eq(threadMessages.threadId, response.body.thread.id));
    const mailsTo = () => handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, teacher.email));
    await eventually(async () => (await mailsTo()).length > 0, 10_000);
    // Many more runs of both jobs (every 100 ms) find nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^New message from Pg Person [0-9a-f]+ on Somesha$/);
  }, 30_000);
});
