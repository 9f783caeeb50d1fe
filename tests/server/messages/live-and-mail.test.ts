// A message reaches both people live (`event: message` on `GET /api/events`), and by e-mail when it is
// still unread after 15 minutes, at most once per thread and reader per hour (issue 25,
// docs/reviews-messages.md "Live", "E-mail"). The e-mail job runs with a clock the test sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messageThreads, users } from '../../../server/db/schema';
import { sendUnreadMessageMails } from '../../../server/services/message-service';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { openEvents, type EventStream } from '../workspace-feed/support';
import { bookTogether, learner, parentOf, teacher } from './support';

let server: TestServer;
const streams: EventStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

async function open(browser: Browser) {
  const stream = await openEvents(server.baseUrl, browser);
  streams.push(stream);
  return stream;
}

async function sent(browser: Browser, to: number, text: string): Promise<Json> {
  const response = await browser.post('/api/messages', { to_user_id: to, text });
  if (response.status !== 201) throw new Error(`send: ${response.status} ${response.text}`);
  return response.body;
}

const MINUTE = 60_000;

describe('live events', () => {
  it('delivers `event: message` to the recipient and the sender within a second, each with their own count', async () => {
    const [student, grace, bystander] = await Promise.all([
      learner(server),
      teacher(server),
      learner(server),
    ]);
    const [teacherTab, studentTab, otherTab] = await Promise.all([
      open(grace.browser),
      open(student.browser),
      open(bystander.browser),
    ]);
    const { data: message, thread } = await sent(student.browser, grace.userId, 'Are you free on Saturday?');
    const received = await teacherTab.next((event) => event.event === 'message', 1000);
    expect(received.json).toMatchObject({ thread_id: thread.id, message, unread_count: 1 });
    expect(received.json.thread).toMatchObject({
      id: thread.id,
      unread_count: 1,
      other: { user_id: student.userId, role: 'student' },
    });
    const echo = await studentTab.next((event) => event.event === 'message', 1000);
    expect(echo.json).toMatchObject({ thread_id: thread.id, message, unread_count: 0 });
    expect(echo.json.thread.other.user_id).toBe(grace.userId);
    // Nobody else hears of it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(otherTab.messages.filter((event) => event.event === 'message')).toEqual([]);
    expect(teacherTab.raw()).toContain('event: message\ndata: {');
  });

  it('a message refused (blocked) sends no event', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    await student.browser.post(`/api/messages/block/${grace.userId}`);
    const tab = await open(grace.browser);
    const refused = await student.browser.post('/api/messages', { to_user_id: grace.userId, text: 'Hi' });
    expect(refused.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(tab.messages.filter((event) => event.event === 'message')).toEqual([]);
  });
});

describe('a thread read in one tab', () => {
  it('tells the reader’s other tabs (`event: messages_read`) the unread total left, so their counts drop too', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Can we move to Sunday?');
    await sent(student.browser, grace.userId, 'Or Monday after school?');
    const otherTab = await open(grace.browser);
    const read = await grace.browser.post(`/api/messages/read/${thread.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread_count: 0 });
    const told = await otherTab.next((event) => event.event === 'messages_read', 1000);
    expect(told.json).toEqual({ thread_id: thread.id, unread_count: 0 });
  });
});

describe('e-mail of unread messages', () => {
  const ctx = () => ({
    db: server.db,
    config: { appUrl: 'https://somesha.test' },
  });
  const mailsTo = async (email: string) => (await server.mail()).filter((mail) => mail.to === email);

  it('e-mails a message unread for 15 minutes once, with who wrote and a link to the thread', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Can we move to 5pm?');
    await sent(student.browser, grace.userId, 'Or Sunday?');
    const start = Date.now();
    expect(await sendUnreadMessageMails(ctx(), new Date(start + 14 * MINUTE))).toBe(0);
    expect(await mailsTo(grace.email)).toEqual([]);

    expect(await sendUnreadMessageMails(ctx(), new Date(start + 16 * MINUTE))).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(grace.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^New message from Test Buyer [0-9a-f]+ on Somesha$/);
    expect(mail?.text).toContain('sent you 2 messages on Somesha that you have not read yet.');
    expect(mail?.links).toContain(`https://somesha.test/messages/${thread.id}`);
    expect(mail?.text).not.toContain('5pm');
    // The sender is not e-mailed about their own messages.
    expect(await mailsTo(student.email)).toEqual([]);

    // Within the hour: nothing more, even for a new message.
    await sent(student.browser, grace.userId, 'Hello?');
    await sendUnreadMessageMails(ctx(), new Date(start + 50 * MINUTE));
    expect(await mailsTo(grace.email)).toHaveLength(1);
  });

  it('after an hour, a newer unread message is e-mailed again; old ones alone are not', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'First question');
    const start = Date.now();
    await sendUnreadMessageMails(ctx(), new Date(start + 16 * MINUTE));
    expect(await mailsTo(grace.email)).toHaveLength(1);
    // Two hours on, the same unread message is not news.
    await sendUnreadMessageMails(ctx(), new Date(start + 120 * MINUTE));
    expect(await mailsTo(grace.email)).toHaveLength(1);
    // A message written after that e-mail (the clock moved the e-mail back, as if it were long ago).
    await server.db
      .update(messageThreads)
      .set({
        highEmailedAt: sql`now() - interval '70 minutes'`,
        lowEmailedAt: sql`now() - interval '70 minutes'`,
      })
      .where(eq(messageThreads.id, thread.id));
    await sent(student.browser, grace.userId, 'Second question');
    await sendUnreadMessageMails(ctx(), new Date(Date.now() + 16 * MINUTE));
    expect(await mailsTo(grace.email)).toHaveLength(2);
  });

  it('no e-mail when the message was read in time, or the reader has no e-mail address', async () => {
    const [student, grace, parent] = await Promise.all([learner(server), teacher(server), parentOf(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Read me soon');
    await grace.browser.post(`/api/messages/read/${thread.id}`);
    await bookTogether(server, grace.profileId, parent.childIds[0]!);
    const toParent = await sent(grace.browser, parent.userId, 'Your child did well today');
    await server.db.update(users).set({ email: null }).where(eq(users.id, parent.userId));
    expect(await sendUnreadMessageMails(ctx(), new Date(Date.now() + 20 * MINUTE))).toBe(0);
    expect(await mailsTo(grace.email)).toEqual([]);
    const [row] = await server.db
      .select({ low: messageThreads.lowEmailedAt, high: messageThreads.highEmailedAt })
      .from(messageThreads)
      .where(eq(messageThreads.id, toParent.thread.id));
    // Nothing was claimed for the parent: an address added later still gets the e-mail.
    expect(row).toEqual({ low: null, high: null });
  });

  it('two runs at once e-mail a thread once', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    await sent(student.browser, grace.userId, 'Only once please');
    const at = new Date(Date.now() + 16 * MINUTE);
    await Promise.all([sendUnreadMessageMails(ctx(), at), sendUnreadMessageMails(ctx(), at)]);
    expect(await mailsTo(grace.email)).toHaveLength(1);
  });
});
