// Reviews of teachers (issue 25, docs/reviews-messages.md "Reviews"): who may write one, one per
// learner and teacher, editing and deleting by the author only, the text rules, the teacher told, the
// teacher's reply, reports and the admins' decision, and the rating every answer carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { activities, notifications, reviews } from '../../../server/db/schema';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { newBuyer } from '../commerce/buyers';
import { bookedLesson, newTeacher } from './support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.browser();
  await admin.signIn('admin@example.com');
});
afterAll(() => server.close());

const GOOD_TEXT = 'Patient and clear, my algebra is much better now.';

/** A fresh teacher and a fresh learner who had a past lesson with them that took place. */
async function pair(options: Parameters<typeof bookedLesson>[3] = {}) {
  const teacher = await newTeacher(server);
  const learner = await newBuyer(server);
  const lesson = await bookedLesson(server, teacher, learner.profileId, options);
  return { teacher, learner, lesson };
}

const write = (browser: Browser, body: Record<string, unknown>) => browser.post('/api/reviews', body);

describe('who may review', () => {
  it('a learner without a past lesson with the teacher gets 403 with the reason, and mine says it', async () => {
    const { teacher, learner } = await pair({ startsIn: 24 });
    const answer = await write(learner.browser, { teacher_id: teacher.teacherId, stars: 5 });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You can review a teacher after a lesson with them has taken place.');
    const mine = await learner.browser.get(`/api/reviews/mine?teacher_id=${teacher.teacherId}`);
    expect(mine.body).toMatchObject({
      data: null,
      eligible: false,
      reason: 'You can review a teacher after a lesson with them has taken place.',
    });
  });

  it.each([
    ['cancelled', { cancelled: true }],
    ['refunded', { refunded: true }],
    ['not held', { outcome: 'not_held' as const }],
  ])('a %s lesson does not count', async (_name, options) => {
    const { teacher, learner } = await pair(options);
    expect((await write(learner.browser, { teacher_id: teacher.teacherId, stars: 4 })).status).toBe(403);
  });

  it('where attendance was recorded, the learner must have joined', async () => {
    const teacher = await newTeacher(server);
    const absent = await newBuyer(server);
    await bookedLesson(server, teacher, absent.profileId, {
      joined: [{ userId: teacher.userId, role: 'teacher' }],
    });
    expect((await write(absent.browser, { teacher_id: teacher.teacherId, stars: 2 })).status).toBe(403);
    const present = await newBuyer(server);
    await bookedLesson(server, teacher, present.profileId, {
      joined: [
        { userId: teacher.userId, role: 'teacher' },
        { userId: present.userId, role: 'learner' },
      ],
    });
    expect((await write(present.browser, { teacher_id: teacher.teacherId, stars: 5 })).status).toBe(201);
    // A parent who joined for their child counts as the child's attendance.
    const parent = await newBuyer(server, { role: 'parent', children: 1 });
    await bookedLesson(server, teacher, parent.childIds[0]!, {
      joined: [
        { userId: teacher.userId, role: 'teacher' },
        { userId: parent.userId, role: 'learner' },
      ],
    });
    expect((await write(parent.browser, { teacher_id: teacher.teacherId, stars: 4 })).status).toBe(201);
  });

  it('a parent reviews for a child, choosing which one when there are several', async () => {
    const teacher = await newTeacher(server);
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    const [first, second] = parent.childIds as [number, number];
    await bookedLesson(server, teacher, second);
    const mine = await parent.browser.get(`/api/reviews/mine?teacher_id=${teacher.teacherId}`);
    // The child who may write one is chosen by default; both are offered.
    expect(mine.body).toMatchObject({ data: null, eligible: true, reason: null, student_id: second });
    expect(mine.body.students.map((one: { id: number }) => one.id)).toEqual([first, second]);

    const unchosen = await write(parent.browser, { teacher_id: teacher.teacherId, stars: 5 });
    expect(unchosen.status).toBe(422);
    expect(unchosen.body.errors.student_id).toEqual(['Choose which child the review is for.']);
    const forFirst = await write(parent.browser, {
      teacher_id: teacher.teacherId,
      student_id: first,
      stars: 5,
    });
    expect(forFirst.status).toBe(403);
    expect(forFirst.body.message).toBe(
      'You can review a teacher after a lesson with them has taken place for your child.',
    );
    const stranger = await newBuyer(server);
    const notTheirs = await write(parent.browser, {
      teacher_id: teacher.teacherId,
      student_id: stranger.profileId,
      stars: 5,
    });
    expect(notTheirs.status).toBe(422);

    const created = await write(parent.browser, {
      teacher_id: teacher.teacherId,
      student_id: second,
      stars: 4,
      text: GOOD_TEXT,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ stars: 4, by_parent: true, author: { name: 'Child1 B.' } });
  });

  it('a teacher or an admin is no learner', async () => {
    const { teacher } = await pair();
    const answer = await write(admin, { teacher_id: teacher.teacherId, stars: 5 });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Only learners and parents can review a teacher.');
  });
});

describe('writing one', () => {
  it('answers the review and the rating, and tells the teacher by notification and feed', async () => {
    const { teacher, learner } = await pair();
    const answer = await write(learner.browser, {
      teacher_id: teacher.teacherId,
      stars: 5,
      text: `  ${GOOD_TEXT}  `,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      stars: 5,
      text: GOOD_TEXT,
      author: { name: expect.stringMatching(/^Test B\.$/) },
      by_parent: false,
      reply: null,
      edited: false,
      status: 'published',
    });
    expect(answer.body.rating).toMatchObject({ count: 1, mean: 5, distribution: { '5': 1 } });
    expect(answer.body.rating.score).toBeGreaterThan(3);

    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, teacher.userId), eq(notifications.type, 'review')));
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ title: 'New review', body: 'Test B. gave you 5 stars.' });
    const feed = await server.db.select().from(activities).where(eq(activities.userId, teacher.userId));
    expect(feed.map((row) => row.type)).toEqual(['review']);
  });

  it('answers the Bayesian rating: (5 × site mean + Σ stars) / (5 + n)', async () => {
    const teacher = await newTeacher(server);
    const first = await newBuyer(server);
    const second = await newBuyer(server);
    await bookedLesson(server, teacher, first.profileId);
    await bookedLesson(server, teacher, second.profileId);
    await write(first.browser, { teacher_id: teacher.teacherId, stars: 5 });
    const answer = await write(second.browser, { teacher_id: teacher.teacherId, stars: 2 });
    const counted = await server.db
      .select({ stars: reviews.stars })
      .from(reviews)
      .where(ne(reviews.status, 'hidden'));
    const siteMean = counted.reduce((sum, row) => sum + row.stars, 0) / counted.length;
    const score = Math.round(((5 * siteMean + 7) / 7) * 100) / 100;
    expect(answer.body.rating).toEqual({
      score,
      mean: 3.5,
      count: 2,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 },
    });
  });

  it('is one per learner and teacher, even when two arrive at once', async () => {
    const { teacher, learner } = await pair();
    const body = { teacher_id: teacher.teacherId, stars: 4 };
    const answers = await Promise.all([write(learner.browser, body), write(learner.browser, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.status === 422);
    expect(refused?.body.errors.teacher_id).toEqual([
      'You have already reviewed this teacher. Edit your review instead.',
    ]);
    expect((await write(learner.browser, body)).status).toBe(422);
  });

  it.each([
    ['too short', 'Too short.', 'The review must be at least 20 characters.'],
    ['too long', 'a'.repeat(2001), 'The review may not be greater than 2000 characters.'],
    [
      'a phone number',
      'Great teacher, call me on 0712 345 678 for notes.',
      'Please leave out phone numbers, e-mail addresses and links: reviews are about the lessons.',
    ],
    [
      'an e-mail address',
      'Great teacher, write to amina at gmail dot com for notes.',
      'Please leave out phone numbers, e-mail addresses and links: reviews are about the lessons.',
    ],
  ])('refuses a text %s with a 422 on text', async (_name, text, message) => {
    const { teacher, learner } = await pair();
    const answer = await write(learner.browser, { teacher_id: teacher.teacherId, stars: 3, text });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.text).toEqual([message]);
  });

  it('refuses stars outside 1–5 and an unknown teacher', async () => {
    const { teacher, learner } = await pair();
    const stars = await write(learner.browser, { teacher_id: teacher.teacherId, stars: 6 });
    expect(stars.body.errors.stars).toEqual(['Choose from 1 to 5 stars.']);
    const unknown = await write(learner.browser, { teacher_id: 2_000_000, stars: 3 });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['teacher_id']);
    expect((await server.browser().post('/api/reviews', { teacher_id: 1, stars: 3 })).status).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('only the author may, and the latest version counts', async () => {
    const { teacher, learner } = await pair();
    const created = await write(learner.browser, { teacher_id: teacher.teacherId, stars: 2 });
    const id = created.body.data.id;
    const other = await newBuyer(server);
    expect((await other.browser.post(`/api/reviews/update/${id}`, { stars: 5 })).status).toBe(404);
    expect((await other.browser.request('DELETE', `/api/reviews/delete/${id}`)).status).toBe(404);
    expect((await teacher.browser.request('DELETE', `/api/reviews/delete/${id}`)).status).toBe(404);

    const edited = await learner.browser.post(`/api/reviews/update/${id}`, { stars: 5, text: GOOD_TEXT });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ stars: 5, text: GOOD_TEXT });
    expect(edited.body.rating).toMatchObject({ count: 1, mean: 5 });
    const bad = await learner.browser.post(`/api/reviews/update/${id}`, {
      stars: 5,
      text: 'see www.notes.com',
    });
    expect(bad.status).toBe(422);

    const deleted = await learner.browser.request('DELETE', `/api/reviews/delete/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.rating).toMatchObject({ count: 0, score: null, mean: null });
    const mine = await learner.browser.get(`/api/reviews/mine?teacher_id=${teacher.teacherId}`);
    expect(mine.body).toMatchObject({ data: null, eligible: true });
  });
});

describe('the teacher’s reply', () => {
  it('is the review’s teacher’s only, and posting again replaces it', async () => {
    const { teacher, learner } = await pair();
    const id = (await write(learner.browser, { teacher_id: teacher.teacherId, stars: 4 })).body.data.id;
    const otherTeacher = await newTeacher(server);
    expect((await otherTeacher.browser.post(`/api/reviews/reply/${id}`, { text: 'Thanks!' })).status).toBe(
      404,
    );
    expect((await learner.browser.post(`/api/reviews/reply/${id}`, { text: 'Thanks!' })).status).toBe(404);
    const empty = await teacher.browser.post(`/api/reviews/reply/${id}`, { text: '  ' });
    expect(empty.body.errors.text).toEqual(['Write your reply.']);
    const contact = await teacher.browser.post(`/api/reviews/reply/${id}`, { text: 'Call 0712345678' });
    expect(contact.status).toBe(422);

    await teacher.browser.post(`/api/reviews/reply/${id}`, { text: 'Thank you!' });
    const again = await teacher.browser.post(`/api/reviews/reply/${id}`, { text: 'Thank you, Test!' });
    expect(again.status).toBe(200);
    expect(again.body.data.reply).toMatchObject({ text: 'Thank you, Test!' });
    expect(again.body.data.edited).toBe(false);

    const list = await teacher.browser.get('/api/teacher/reviews');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id, reply: { text: 'Thank you, Test!' } });
    expect(list.body.rating.count).toBe(1);
  });
});

describe('reports and moderation', () => {
  it('anyone but the author reports once; an admin hides it once, and it no longer counts', async () => {
    const { teacher, learner } = await pair();
    const id = (await write(learner.browser, { teacher_id: teacher.teacherId, stars: 1, text: GOOD_TEXT }))
      .body.data.id;
    expect((await learner.browser.post(`/api/reviews/report/${id}`, { reason: 'Mine' })).status).toBe(403);
    const reporter = await newBuyer(server);
    const noReason = await reporter.browser.post(`/api/reviews/report/${id}`, { reason: '' });
    expect(noReason.body.errors.reason).toEqual(['Say what is wrong with this review.']);
    const first = await reporter.browser.post(`/api/reviews/report/${id}`, { reason: 'Not about lessons' });
    expect(first.status).toBe(200);
    expect((await reporter.browser.post(`/api/reviews/report/${id}`, { reason: 'Again' })).status).toBe(200);
    await teacher.browser.post(`/api/reviews/report/${id}`, { reason: 'Unfair' });

    const queue = await admin.get('/api/admin/reviews?per_page=100');
    const listed = queue.body.data.find((row: { id: number }) => row.id === id);
    expect(listed).toMatchObject({ status: 'reported', teacher: { id: teacher.teacherId } });
    expect(listed.reports.map((report: { reason: string }) => report.reason)).toEqual([
      'Not about lessons',
      'Unfair',
    ]);
    // Still counted while reported.
    expect((await teacher.browser.get('/api/teacher/reviews')).body.rating.count).toBe(1);

    const decisions = await Promise.all([
      admin.post(`/api/admin/reviews/hide/${id}`, { remark: 'Not about the lessons.' }),
      admin.post(`/api/admin/reviews/hide/${id}`, {}),
    ]);
    expect(decisions.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const hidden = decisions.find((answer) => answer.status === 200);
    expect(hidden?.body.data).toMatchObject({ id, status: 'hidden' });
    expect(hidden?.body.rating).toMatchObject({ count: 0, score: null });
    expect((await admin.post(`/api/admin/reviews/keep/${id}`, {})).status).toBe(409);

    const tab = await admin.get('/api/admin/reviews?status=hidden&per_page=100');
    expect(tab.body.data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await teacher.browser.get('/api/teacher/reviews')).body.data).toEqual([]);
    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, learner.userId), eq(notifications.type, 'review')));
    expect(told[0]?.data.body).toMatch(/hid your review of .*: Not about the lessons\.$/);
    // Editing a hidden review leaves it hidden.
    const edited = await learner.browser.post(`/api/reviews/update/${id}`, { stars: 2 });
    expect(edited.body.data.status).toBe('hidden');
    expect(edited.body.rating.count).toBe(0);
  });

  it('a kept review counts, and an edit publishes it again', async () => {
    const { teacher, learner } = await pair();
    const id = (await write(learner.browser, { teacher_id: teacher.teacherId, stars: 3 })).body.data.id;
    const reporter = await newBuyer(server);
    await reporter.browser.post(`/api/reviews/report/${id}`, { reason: 'Rude' });
    const kept = await admin.post(`/api/admin/reviews/keep/${id}`, {});
    expect(kept.body).toMatchObject({ data: { status: 'kept' }, rating: { count: 1 } });
    const edited = await learner.browser.post(`/api/reviews/update/${id}`, { stars: 4 });
    expect(edited.body.data.status).toBe('published');
    expect((await admin.post(`/api/admin/reviews/hide/${id}`, {})).status).toBe(409);
  });
});
