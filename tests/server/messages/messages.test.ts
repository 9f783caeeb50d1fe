// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md "Messages"):
// who may write, one thread per pair, masking until a booking together, blocks, the new-thread limit,
// reading, reports and the admins' view of reported threads only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageThreads, threadMessages, users } from '../../../server/db/schema';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { expectFieldError, messages, TOO_BIG_ID } from '../validation/support';
import { bookTogether, learner, parentOf, teacher } from './support';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.browser();
  await admin.signIn('admin@example.com');
});
afterAll(() => server.close());

const send = (browser: Browser, to: number, text: string) =>
  browser.post('/api/messages', { to_user_id: to, text });

async function sent(browser: Browser, to: number, text: string): Promise<Json> {
  const response = await send(browser, to, text);
  if (response.status !== 201) throw new Error(`send: ${response.status} ${response.text}`);
  return response.body;
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

describe('who may write', () => {
  it('a learner starts a thread with a teacher: the message and the thread as the learner sees it', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const response = await send(student.browser, grace.userId, '  Hello, do you teach fractions?  ');
    expect(response.status).toBe(201);
    const { data: message, thread } = response.body;
    expect(message).toEqual({
      id: expect.any(Number),
      thread_id: thread.id,
      sender_user_id: student.userId,
      text: 'Hello, do you teach fractions?',
      masked: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(thread).toEqual({
      id: expect.any(Number),
      other: {
        user_id: grace.userId,
        first_name: 'Test',
        last_name: expect.stringContaining('Buyer'),
        photo_url: null,
        role: 'teacher',
        teacher_id: grace.profileId,
      },
      last_message: message,
      unread_count: 0,
      blocked: null,
      reported: false,
      can_share_contacts: false,
      updated_at: message.created_at,
    });
  });

  it('the teacher answers in the thread; the learner sees the learner side with role and no teacher id', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const first = await sent(student.browser, grace.userId, 'Hello teacher');
    const answer = await send(grace.browser, student.userId, 'Hello, yes I do.');
    expect(answer.status).toBe(201);
    expect(answer.body.thread.id).toBe(first.thread.id);
    expect(answer.body.thread.other).toMatchObject({
      user_id: student.userId,
      role: 'student',
      teacher_id: null,
    });
  });

  it('a parent writes to a teacher', async () => {
    const [parent, grace] = await Promise.all([parentOf(server), teacher(server)]);
    const response = await send(parent.browser, grace.userId, 'About my daughter’s lessons');
    expect(response.status).toBe(201);
    const seen = await grace.browser.get('/api/messages');
    expect(seen.body.data[0].other).toMatchObject({ user_id: parent.userId, role: 'parent' });
  });

  it('refuses learner to learner, to an admin, to oneself, to a teacher not approved and to nobody (422 on to_user_id)', async () => {
    const [student, other, pending] = await Promise.all([
      learner(server),
      learner(server),
      teacher(server, { approved: false }),
    ]);
    const adminId = await userIdOf('admin@example.com');
    for (const to of [other.userId, adminId, pending.userId, 2_000_000_000]) {
      const response = await send(student.browser, to, 'Hello');
      expect(response.status, `to ${to}`).toBe(422);
      expect(response.body.errors.to_user_id).toEqual([
        'You can write to a teacher; a teacher can write to the learners and parents they teach.',
      ]);
    }
    const self = await send(student.browser, student.userId, 'Hello me');
    expect(self.status).toBe(422);
    expect(self.body.errors.to_user_id).toEqual(['You cannot write to yourself.']);
    expect((await student.browser.get('/api/messages')).body.data).toEqual([]);
  });

  it('a teacher may start a thread only with a learner or parent they teach (a child’s booking counts)', async () => {
    const [grace, student, parent, stranger] = await Promise.all([
      teacher(server),
      learner(server),
      parentOf(server),
      learner(server),
    ]);
    await bookTogether(server, grace.profileId, student.profileId);
    await bookTogether(server, grace.profileId, parent.childIds[0]!);
    expect((await send(grace.browser, student.userId, 'See you on Monday')).status).toBe(201);
    expect((await send(grace.browser, parent.userId, 'Your son did well')).status).toBe(201);
    const refused = await send(grace.browser, stranger.userId, 'Want lessons?');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.to_user_id).toBeDefined();
  });

  it('checks the body declaratively: text required, at most 2,000 characters, a real id', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const empty = await send(student.browser, grace.userId, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.text).toEqual(['Write a message first.']);
    const long = await send(student.browser, grace.userId, 'a'.repeat(2001));
    expect(long.body.errors.text).toEqual(['A message may not be greater than 2000 characters.']);
    expect((await send(student.browser, grace.userId, 'a'.repeat(2000))).status).toBe(201);
    const badId = await student.browser.post('/api/messages', { to_user_id: 'abc', text: 'Hi' });
    expect(badId.status).toBe(422);
    expect(badId.body.errors.to_user_id).toBeDefined();
  });

  it('stores text as text: HTML is kept as written, never interpreted', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { data } = await sent(student.browser, grace.userId, '<b>bold</b> & <script>x</script>');
    expect(data.text).toBe('<b>bold</b> & <script>x</script>');
  });
});

describe('one thread per pair', () => {
  it('two first messages of one pair at once make one thread', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    await bookTogether(server, grace.profileId, student.profileId);
    const answers = await Promise.all([
      send(student.browser, grace.userId, 'First from the learner'),
      send(grace.browser, student.userId, 'First from the teacher'),
      send(student.browser, grace.userId, 'Second from the learner'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.thread.id)).size).toBe(1);
    const rows = await server.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.userLowId, Math.min(student.userId, grace.userId)));
    expect(rows).toHaveLength(1);
    const thread = await student.browser.get(`/api/messages/${rows[0]!.id}`);
    expect(thread.body.data).toHaveLength(3);
  });
});

describe('masking contact details', () => {
  const withDetails = 'Call me on 0712 345 678 or write to amina@gmail.com, lesson at 4pm';

  it('masks phones and e-mail addresses before a booking together, for both sides and in what is stored', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { data, thread } = await sent(student.browser, grace.userId, withDetails);
    expect(data.masked).toBe(true);
    expect(data.text).toBe(
      'Call me on [contact details hidden] or write to [contact details hidden], lesson at 4pm',
    );
    expect(thread.can_share_contacts).toBe(false);
    const seen = await grace.browser.get(`/api/messages/${thread.id}`);
    expect(seen.body.data[0].text).toBe(data.text);
    expect(JSON.stringify(seen.body)).not.toContain('0712');
    // The teacher's answer is masked too.
    const reply = await sent(grace.browser, student.userId, 'Mine is +254 733 456 789');
    expect(reply.data).toMatchObject({ masked: true, text: 'Mine is [contact details hidden]' });
  });

  it('does not mask once the pair has a booking together', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const before = await sent(student.browser, grace.userId, withDetails);
    expect(before.data.masked).toBe(true);
    await bookTogether(server, grace.profileId, student.profileId);
    const after = await sent(student.browser, grace.userId, withDetails);
    expect(after.data).toMatchObject({ masked: false, text: withDetails });
    expect(after.thread.can_share_contacts).toBe(true);
    // What was masked stays masked.
    const thread = await student.browser.get(`/api/messages/${after.thread.id}`);
    expect(thread.body.data.map((message: Json) => message.masked)).toEqual([true, false]);
  });

  it('a parent shares contacts with the teacher of their child', async () => {
    const [parent, grace] = await Promise.all([parentOf(server, 2), teacher(server)]);
    await bookTogether(server, grace.profileId, parent.childIds[1]!);
    const { data, thread } = await sent(parent.browser, grace.userId, withDetails);
    expect(data.masked).toBe(false);
    expect(thread.can_share_contacts).toBe(true);
  });
});

describe('reading threads', () => {
  it('lists threads newest activity first with unread counts; reading clears them', async () => {
    const [student, grace, james] = await Promise.all([learner(server), teacher(server), teacher(server)]);
    const toGrace = await sent(student.browser, grace.userId, 'To Grace');
    const toJames = await sent(student.browser, james.userId, 'To James');
    await sent(grace.browser, student.userId, 'Grace answers');
    await sent(grace.browser, student.userId, 'And again');
    const list = await student.browser.get('/api/messages');
    expect(list.status).toBe(200);
    expect(list.body.data.map((thread: Json) => thread.id)).toEqual([toGrace.thread.id, toJames.thread.id]);
    expect(list.body.data[0]).toMatchObject({ unread_count: 2, last_message: { text: 'And again' } });
    expect(list.body.data[1].unread_count).toBe(0);
    expect(list.body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 2,
      unread_count: 2,
    });
    const read = await student.browser.post(`/api/messages/read/${toGrace.thread.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread_count: 0 });
    expect((await student.browser.get('/api/messages')).body.data[0].unread_count).toBe(0);
    // The teacher's side was read when she wrote; the learner's "To Grace" was before.
    expect((await grace.browser.get('/api/messages')).body.meta.unread_count).toBe(0);
  });

  it('pages back in time: the last 30, oldest first, then the ones before', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { data: first } = await sent(student.browser, grace.userId, 'Message 1');
    const threadId: number = first.thread_id;
    // The rest straight into the table: 33 requests would pass the per-minute limit.
    const rest = await server.db
      .insert(threadMessages)
      .values(
        Array.from({ length: 32 }, (_, index) => ({
          threadId,
          senderUserId: student.userId,
          body: `Message ${index + 2}`,
        })),
      )
      .returning({ id: threadMessages.id });
    const ids = [first.id as number, ...rest.map((row) => row.id)];
    const last = await grace.browser.get(`/api/messages/${threadId}`);
    expect(last.body.data.map((message: Json) => message.text)).toEqual(
      Array.from({ length: 30 }, (_, index) => `Message ${index + 4}`),
    );
    expect(last.body.meta.has_more).toBe(true);
    expect(last.body.meta.thread).toMatchObject({ id: threadId, unread_count: 33 });
    const older = await grace.browser.get(`/api/messages/${threadId}?before=${last.body.data[0].id}`);
    expect(older.body.data.map((message: Json) => message.id)).toEqual(ids.slice(0, 3));
    expect(older.body.meta.has_more).toBe(false);
    const bad = await grace.browser.get(`/api/messages/${threadId}?before=x`);
    expect(bad.status).toBe(422);
  });

  it('a stranger (or an admin) reading another pair’s thread gets 404, and cannot mark, report or see it', async () => {
    const [student, grace, stranger] = await Promise.all([learner(server), teacher(server), learner(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Private');
    for (const browser of [stranger.browser, admin]) {
      expect((await browser.get(`/api/messages/${thread.id}`)).status).toBe(404);
      expect((await browser.post(`/api/messages/read/${thread.id}`)).status).toBe(404);
      expect((await browser.post(`/api/messages/report/${thread.id}`, { reason: 'x' })).status).toBe(404);
    }
    expect((await stranger.browser.get('/api/messages')).body.data).toEqual([]);
    expect((await stranger.browser.get('/api/messages/2000000000')).status).toBe(404);
    expect((await stranger.browser.get('/api/messages/0')).status).toBe(422);
  });

  it('answers 422 on `id` for a path id beyond 32 bits, on every route that takes one', async () => {
    const student = await learner(server);
    for (const [browser, method, path] of [
      [student.browser, 'GET', '/api/messages/:id'],
      [student.browser, 'POST', '/api/messages/read/:id'],
      [student.browser, 'POST', '/api/messages/block/:id'],
      [student.browser, 'DELETE', '/api/messages/block/:id'],
      [student.browser, 'POST', '/api/messages/report/:id'],
      [admin, 'GET', '/api/admin/messages/reported/:id'],
    ] as const) {
      const response = await browser.request(method, path.replace(':id', TOO_BIG_ID), {
        json: method === 'POST' ? { reason: 'Spam' } : undefined,
      });
      expectFieldError(response, 'id', messages.idTooBig);
    }
  });

  it('answers 401 to a visitor and 403 to a non-admin on the admin routes', async () => {
    const visitor = server.browser();
    await visitor.csrf();
    for (const [method, path] of [
      ['GET', '/api/messages'],
      ['GET', '/api/messages/1'],
      ['POST', '/api/messages'],
      ['POST', '/api/messages/read/1'],
      ['POST', '/api/messages/block/1'],
      ['DELETE', '/api/messages/block/1'],
      ['POST', '/api/messages/report/1'],
      ['GET', '/api/admin/messages/reported'],
      ['GET', '/api/admin/messages/reported/1'],
    ] as const) {
      const response = await visitor.request(method, path, { json: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const student = await learner(server);
    expect((await student.browser.get('/api/admin/messages/reported')).status).toBe(403);
    expect((await student.browser.get('/api/admin/messages/reported/1')).status).toBe(403);
  });
});

describe('blocks', () => {
  it('blocks both ways until the blocker unblocks; the thread says who blocked', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Hello');
    const blocked = await grace.browser.post(`/api/messages/block/${student.userId}`);
    expect(blocked.status).toBe(200);
    expect(blocked.body.thread).toMatchObject({ id: thread.id, blocked: 'by_me' });
    // Blocking again changes nothing.
    expect((await grace.browser.post(`/api/messages/block/${student.userId}`)).status).toBe(200);
    for (const [from, to] of [
      [student.browser, grace.userId],
      [grace.browser, student.userId],
    ] as const) {
      const refused = await send(from, to, 'Are you there?');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You cannot message this person.');
    }
    expect((await student.browser.get(`/api/messages/${thread.id}`)).body.meta.thread.blocked).toBe(
      'by_them',
    );
    // The blocked one cannot lift the other's block.
    await student.browser.request('DELETE', `/api/messages/block/${grace.userId}`);
    expect((await send(student.browser, grace.userId, 'Still?')).status).toBe(403);
    const unblocked = await grace.browser.request('DELETE', `/api/messages/block/${student.userId}`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.thread.blocked).toBeNull();
    expect((await send(student.browser, grace.userId, 'Thanks')).status).toBe(201);
  });

  it('a block stops a new thread too; blocking oneself is a 422, an unknown user a 404', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const blocked = await student.browser.post(`/api/messages/block/${grace.userId}`);
    expect(blocked.body.thread).toBeNull();
    expect((await send(grace.browser, student.userId, 'Hi')).status).toBe(403);
    expect((await send(student.browser, grace.userId, 'Hi')).status).toBe(403);
    expect((await student.browser.get('/api/messages')).body.data).toEqual([]);
    expect((await student.browser.post(`/api/messages/block/${student.userId}`)).status).toBe(422);
    expect((await student.browser.post('/api/messages/block/2000000000')).status).toBe(404);
  });
});

describe('the message rate', () => {
  it('a sender may write 30 messages a minute in all threads together; the 31st is a 429', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    for (let index = 1; index <= 30; index += 1)
      expect((await send(student.browser, grace.userId, `Line ${index}`)).status).toBe(201);
    const refused = await send(student.browser, grace.userId, 'Line 31');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other side is not held back.
    expect((await send(grace.browser, student.userId, 'Slow down, please')).status).toBe(201);
  });
});

describe('the new-thread limit', () => {
  it('six new threads at once: exactly five are started, the sixth is a 429; existing threads go on', async () => {
    const student = await learner(server);
    const teachers = await Promise.all(Array.from({ length: 7 }, () => teacher(server)));
    const answers = await Promise.all(
      teachers.slice(0, 6).map((person) => send(student.browser, person.userId, 'Do you have space?')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe('You can start up to 5 new conversations a day. Try again tomorrow.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect((await student.browser.get('/api/messages')).body.meta.total).toBe(5);
    expect((await send(student.browser, teachers[6]!.userId, 'And you?')).status).toBe(429);
    const open = answers.find((answer) => answer.status === 201)!;
    expect((await send(student.browser, open.body.thread.other.user_id, 'Following up')).status).toBe(201);
    // Answering a thread someone else started is no new thread.
    const [other] = teachers.filter((person) => person.userId === open.body.thread.other.user_id);
    expect((await send(other!.browser, student.userId, 'Yes')).status).toBe(201);
  });

  it('threads older than a day no longer count', async () => {
    const student = await learner(server);
    const teachers = await Promise.all(Array.from({ length: 6 }, () => teacher(server)));
    for (const person of teachers.slice(0, 5)) await sent(student.browser, person.userId, 'Hello');
    expect((await send(student.browser, teachers[5]!.userId, 'Hello')).status).toBe(429);
    await server.db
      .update(messageThreads)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(messageThreads.startedByUserId, student.userId));
    expect((await send(student.browser, teachers[5]!.userId, 'Hello')).status).toBe(201);
  });
});

describe('reports and the admins', () => {
  it('a reported thread shows to admins with its messages; others stay hidden', async () => {
    const [student, grace] = await Promise.all([learner(server), teacher(server)]);
    const { thread } = await sent(student.browser, grace.userId, 'Hello');
    await sent(grace.browser, student.userId, 'Pay me outside the site');
    expect((await admin.get(`/api/admin/messages/reported/${thread.id}`)).status).toBe(404);
    const missing = await student.browser.post(`/api/messages/report/${thread.id}`, { reason: ' ' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toBeDefined();
    const tooLong = await student.browser.post(`/api/messages/report/${thread.id}`, {
      reason: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(422);
    const reported = await student.browser.post(`/api/messages/report/${thread.id}`, {
      reason: 'Asks to pay outside Somesha',
    });
    expect(reported.status).toBe(200);
    expect(reported.body.thread.reported).toBe(true);
    // A second report keeps the first.
    await grace.browser.post(`/api/messages/report/${thread.id}`, { reason: 'Rude' });

    const list = await admin.get('/api/admin/messages/reported');
    expect(list.status).toBe(200);
    const row = list.body.data.find((entry: Json) => entry.id === thread.id);
    expect(row).toMatchObject({
      report_reason: 'Asks to pay outside Somesha',
      reported_by_user_id: student.userId,
      message_count: 2,
    });
    expect(row.users.map((user: Json) => [user.user_id, user.role]).sort()).toEqual(
      [
        [student.userId, 'student'],
        [grace.userId, 'teacher'],
      ].sort(),
    );
    const shown = await admin.get(`/api/admin/messages/reported/${thread.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.map((message: Json) => message.text)).toEqual([
      'Hello',
      'Pay me outside the site',
    ]);
    expect(shown.body.meta).toMatchObject({ has_more: false, thread: { id: thread.id } });
  });
});
