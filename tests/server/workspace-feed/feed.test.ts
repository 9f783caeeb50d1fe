// The activity feed and notifications over HTTP: written by a wallet payment, a top-up, an answer
// and a like; read, read-all, someone else's ids, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lessons, topics } from '../../../server/db/schema';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { addLesson, finalTransaction, newBuyer, upcomingLessons } from '../commerce/buyers';
import { formatKes } from '../../../src/shared/format';
import { addFirstBookable, nairobiWhen, payFromWallet } from './support';

let server: TestServer;
let upcoming: Awaited<ReturnType<typeof upcomingLessons>>;
let subjectId: number;
let gradeLevelId: number;

beforeAll(async () => {
  server = await startTestServer();
  // Cheapest first, so the demo wallet (KES 10,000) pays for one.
  upcoming = (await upcomingLessons(server)).sort((a, b) => a.priceCents - b.priceCents);
  const filters = await server.browser().get('/api/web/filters');
  subjectId = filters.body.data.subjects.find((subject: Json) => subject.slug === 'mathematics').id;
  gradeLevelId = filters.body.data.grade_levels.find((grade: Json) => grade.slug === 'cbc-grade-7').id;
});
afterAll(() => server.close());

const lessonById = (id: number) => {
  const found = upcoming.find((lesson) => lesson.id === id);
  if (!found) throw new Error(`No lesson ${id}`);
  return found;
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function topicName(_browser: Browser, code: string): Promise<string | null> {
  const [row] = await server.db
    .select({ name: topics.name })
    .from(lessons)
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .where(eq(lessons.code, code));
  return row?.name ?? null;
}

const nameOf = (topic: string | null, code: string) => (topic ? `${topic} (${code})` : `Lesson ${code}`);

describe('a wallet payment', () => {
  it('puts the booking and the payment in the demo student’s feed and notifications', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const before = await student.get('/api/notifications');
    expect(before.status).toBe(200);
    const unreadBefore: number = before.body.meta.unread_count;

    const lessonId = await addFirstBookable(
      student,
      upcoming.map((lesson) => lesson.id),
    );
    const lesson = lessonById(lessonId);
    await payFromWallet(student);

    const lessonText = `Booked ${nameOf(await topicName(student, lesson.code), lesson.code)} on ${nairobiWhen(lesson.startAt)}`;
    const paidText = `Order paid: ${formatKes(lesson.priceCents / 100)}`;

    const feed = await student.get('/api/activities');
    expect(feed.status).toBe(200);
    expect(feed.body.data.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        type: 'payment',
        text: paidText,
        url: '/wallet',
        created_at: expect.stringMatching(ISO),
      },
      {
        id: expect.any(Number),
        type: 'booking',
        text: lessonText,
        url: `/lessons/show/${lesson.code}`,
        created_at: expect.stringMatching(ISO),
      },
    ]);
    expect(feed.body.meta).toMatchObject({ current_page: 1, per_page: 15 });

    const notifications = await student.get('/api/notifications');
    expect(notifications.body.meta).toMatchObject({ current_page: 1, unread_count: unreadBefore + 2 });
    const [payment, booking] = notifications.body.data;
    expect(payment).toEqual({
      id: expect.stringMatching(UUID),
      type: 'payment',
      data: {
        title: 'Order paid',
        body: paidText,
        url: '/wallet',
        transaction_id: expect.any(Number),
        order_id: expect.any(Number),
      },
      read_at: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(booking).toMatchObject({
      type: 'booking',
      data: {
        title: 'Lesson booked',
        body: lessonText,
        url: `/lessons/show/${lesson.code}`,
        lesson_code: lesson.code,
        starts_at: lesson.startAt.toISOString(),
      },
      read_at: null,
    });
  });

  it('tells a parent which child each lesson is for', async () => {
    const parent = await newBuyer(server, { role: 'parent', balanceKes: 20_000, children: 2 });
    const lesson = upcoming[1];
    if (!lesson) throw new Error('No lesson');
    await addLesson(parent.browser, lesson.id);
    await payFromWallet(parent.browser, { student_id: parent.childIds[1] });

    const child = `Child1 Buyer ${parent.email.replace(/^parent\.(\w+)@.*$/, '$1')}`;
    const text = `Booked ${nameOf(await topicName(parent.browser, lesson.code), lesson.code)} for ${child} on ${nairobiWhen(lesson.startAt)}`;
    const feed = await parent.browser.get('/api/activities');
    expect(feed.body.data.map((item: Json) => item.text)).toEqual([
      `Order paid: ${formatKes(lesson.priceCents / 100)}`,
      text,
    ]);
    const notifications = await parent.browser.get('/api/notifications');
    expect(notifications.body.data[1].data).toMatchObject({
      title: 'Lesson booked',
      body: text,
      student_id: parent.childIds[1],
    });
  });

  it('reports a settled M-Pesa top-up', async () => {
    const buyer = await newBuyer(server, { balanceKes: 200 });
    const response = await buyer.browser.post('/api/wallet/topup', {
      amount: '500',
      method: 'mpesa',
      phone: '0708374149',
    });
    expect(response.status).toBe(202);
    expect((await finalTransaction(buyer.browser, response.body.transaction.id)).status).toBe('completed');

    const feed = await buyer.browser.get('/api/activities');
    expect(feed.body.data).toEqual([
      expect.objectContaining({ type: 'topup', text: 'Wallet topped up: KES 500', url: '/wallet' }),
    ]);
    const notifications = await buyer.browser.get('/api/notifications');
    expect(notifications.body.data).toEqual([
      expect.objectContaining({
        type: 'topup',
        data: {
          title: 'Wallet topped up',
          body: 'Wallet topped up: KES 500',
          url: '/wallet',
          transaction_id: response.body.transaction.id,
        },
      }),
    ]);
  });

  it('writes nothing when the payment fails', async () => {
    const buyer = await newBuyer(server, { balanceKes: 1 });
    await addLesson(buyer.browser, upcoming[2]?.id ?? 0);
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(422);
    expect((await buyer.browser.get('/api/activities')).body.data).toEqual([]);
    expect((await buyer.browser.get('/api/notifications')).body).toMatchObject({
      data: [],
      meta: { total: 0, unread_count: 0 },
    });
  });
});

describe('answers and likes', () => {
  const question = () => ({
    subject_id: subjectId,
    grade_level_id: gradeLevelId,
    title: 'What is the area of a triangle?',
    body: 'I know the base and the height. How do I get the area of the triangle?',
  });

  it('tells the asker about a new answer, and the answer’s author about a like, once', async () => {
    const asker = await newBuyer(server);
    const helper = await newBuyer(server);
    const other = await newBuyer(server);
    const asked = await asker.browser.post('/api/questions/store', question());
    const questionId = asked.body.data.id;
    const helperName = `Test ${helper.email.replace(/^student\.(\w+)@.*$/, 'Buyer $1')}`;
    const askerName = `Test ${asker.email.replace(/^student\.(\w+)@.*$/, 'Buyer $1')}`;

    // Answering one's own question tells nobody.
    await asker.browser.post(`/api/questions/answers/store/${questionId}`, {
      body: 'Half base times height?',
    });
    expect((await asker.browser.get('/api/notifications')).body.data).toEqual([]);

    const answered = await helper.browser.post(`/api/questions/answers/store/${questionId}`, {
      body: 'Half of the base times the height.',
    });
    expect(answered.status).toBe(201);
    const answerId = answered.body.data.id;
    const text = `${helperName} answered your question "What is the area of a triangle?"`;
    expect((await asker.browser.get('/api/activities')).body.data).toEqual([
      expect.objectContaining({ type: 'answer', text, url: `/questions/show/${questionId}` }),
    ]);
    const told = await asker.browser.get('/api/notifications');
    expect(told.body.data).toEqual([
      expect.objectContaining({
        type: 'answer',
        data: {
          title: 'New answer',
          body: text,
          url: `/questions/show/${questionId}`,
          question_id: questionId,
          answer_id: answerId,
        },
      }),
    ]);

    const vote = (browser: Browser, type: 'like' | 'dislike') =>
      browser.post('/api/questions/answers/votes/store', { answer_id: answerId, type });
    // A dislike tells nobody; turning it into a like does.
    expect((await vote(other.browser, 'dislike')).status).toBe(200);
    expect((await helper.browser.get('/api/notifications')).body.data).toEqual([]);
    expect((await vote(asker.browser, 'like')).body.data.my_vote).toBe('like');
    // Taking the like back and giving it again does not tell twice.
    expect((await vote(asker.browser, 'like')).body.data.my_vote).toBe(null);
    expect((await vote(asker.browser, 'like')).body.data.my_vote).toBe('like');

    const likeText = `${askerName} liked your answer to "What is the area of a triangle?"`;
    const helperNotes = await helper.browser.get('/api/notifications');
    expect(helperNotes.body.data).toEqual([
      expect.objectContaining({
        type: 'like',
        data: expect.objectContaining({
          title: 'Your answer was liked',
          body: likeText,
          url: `/questions/show/${questionId}`,
          answer_id: answerId,
        }),
      }),
    ]);
    expect((await helper.browser.get('/api/activities')).body.data).toEqual([
      expect.objectContaining({ type: 'like', text: likeText }),
    ]);
    expect((await vote(other.browser, 'like')).status).toBe(200);
    expect((await helper.browser.get('/api/notifications')).body.meta.unread_count).toBe(2);
  });
});

describe('a seeded like', () => {
  it('is not announced again when its liker takes it back and gives it again', async () => {
    const author = server.browser();
    await author.signIn('student@example.com');
    const likesBy = async (name: string) =>
      ((await author.get('/api/notifications?per_page=100')).body.data as Json[]).filter(
        (item) => item.type === 'like' && item.data.body.startsWith(`${name} liked`),
      );
    const [seeded] = await likesBy('Peter Otieno');
    expect(seeded).toBeDefined();
    const answerId: number = seeded.data.answer_id;

    const liker = server.browser();
    await liker.signIn('parent@example.com');
    const like = () =>
      liker.post('/api/questions/answers/votes/store', { answer_id: answerId, type: 'like' });
    expect((await like()).body.data.my_vote).toBe(null);
    expect((await like()).body.data.my_vote).toBe('like');
    expect((await likesBy('Peter Otieno')).filter((item) => item.data.answer_id === answerId)).toHaveLength(
      1,
    );
  });
});

describe('reading notifications', () => {
  async function buyerWithNotifications() {
    const buyer = await newBuyer(server, { balanceKes: 20_000 });
    await addLesson(buyer.browser, upcoming[3]?.id ?? 0);
    await addLesson(buyer.browser, upcoming[4]?.id ?? 0);
    await payFromWallet(buyer.browser);
    return buyer;
  }

  it('marks one read (the first time stays), filters unread ones, and marks all read', async () => {
    const buyer = await buyerWithNotifications();
    const all = await buyer.browser.get('/api/notifications');
    expect(all.body.meta).toMatchObject({ total: 3, unread_count: 3 });
    const first = all.body.data[0];

    const read = await buyer.browser.post(`/api/notifications/read/${first.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: first.id, type: first.type, data: first.data });
    expect(read.body.data.read_at).toMatch(ISO);
    const again = await buyer.browser.post(`/api/notifications/read/${first.id.toUpperCase()}`);
    expect(again.body.data.read_at).toBe(read.body.data.read_at);

    const unread = await buyer.browser.get('/api/notifications?unread=1');
    expect(unread.body.data.map((item: Json) => item.id)).toEqual(
      all.body.data.slice(1).map((item: Json) => item.id),
    );
    expect(unread.body.meta).toMatchObject({ total: 2, unread_count: 2 });
    const paged = await buyer.browser.get('/api/notifications?per_page=1&page=2');
    expect(paged.body.data.map((item: Json) => item.id)).toEqual([all.body.data[1].id]);
    expect(paged.body.meta).toMatchObject({
      current_page: 2,
      last_page: 3,
      per_page: 1,
      total: 3,
      unread_count: 2,
    });
    // A page past the last has no row to carry the counts; they are still the list's.
    expect((await buyer.browser.get('/api/notifications?per_page=1&page=9')).body).toMatchObject({
      data: [],
      meta: { current_page: 9, last_page: 3, total: 3, unread_count: 2 },
    });

    const allRead = await buyer.browser.post('/api/notifications/read-all');
    expect(allRead.body).toEqual({ message: 'All notifications marked as read.', unread_count: 0 });
    expect((await buyer.browser.get('/api/notifications?unread=true')).body).toMatchObject({
      data: [],
      meta: { total: 0, unread_count: 0 },
    });
    const after = await buyer.browser.get('/api/notifications');
    expect(after.body.data[0].read_at).toBe(read.body.data.read_at);
    for (const item of after.body.data) expect(item.read_at).toMatch(ISO);
  });

  it('answers 404 for someone else’s notification and changes nothing', async () => {
    const owner = await buyerWithNotifications();
    const stranger = await newBuyer(server);
    const [mine] = (await owner.browser.get('/api/notifications')).body.data;
    const response = await stranger.browser.post(`/api/notifications/read/${mine.id}`);
    expect(response).toMatchObject({ status: 404, body: { message: 'Not found.' } });
    expect(
      (await stranger.browser.post('/api/notifications/read/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await owner.browser.get('/api/notifications')).body.meta.unread_count).toBe(3);
    // Read-all touches only the caller's own.
    await stranger.browser.post('/api/notifications/read-all');
    expect((await owner.browser.get('/api/notifications')).body.meta.unread_count).toBe(3);
    expect((await stranger.browser.get('/api/activities')).body.data).toEqual([]);
  });

  it('answers 422 for a malformed id and bad query values', async () => {
    const buyer = await newBuyer(server);
    const malformed = await buyer.browser.post('/api/notifications/read/not-a-uuid');
    expect(malformed).toMatchObject({ status: 422, body: { errors: { id: ['Enter a valid id.'] } } });
    for (const path of [
      '/api/activities?page=0',
      '/api/activities?per_page=101',
      '/api/activities?page=abc',
      '/api/notifications?unread=maybe',
      '/api/notifications?per_page=-1',
    ]) {
      const response = await buyer.browser.get(path);
      expect(response.status, path).toBe(422);
      expect(response.body.message, path).toEqual(expect.any(String));
    }
    expect((await buyer.browser.get('/api/notifications?unread=2')).body.errors).toEqual({
      unread: ['Choose one of the options.'],
    });
  });

  it('needs a signed-in user', async () => {
    const visitor = server.browser();
    expect((await visitor.get('/api/activities')).status).toBe(401);
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    await visitor.csrf();
    expect((await visitor.post('/api/notifications/read-all')).status).toBe(401);
    expect((await visitor.post('/api/notifications/read/00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
  });
});
