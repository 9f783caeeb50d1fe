// Lesson and class approvals over HTTP: the queues, approve and reject with their 409s and 422s, the
// teacher's SPEC §4 notification, and what the public site shows afterwards.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../../server/db/schema';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { latestFeed, pendingClass, pendingLesson, signedIn, TEACHER } from './support';

let server: TestServer;
let admin: Browser;
let teacher: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
  teacher = await signedIn(server, TEACHER);
});
afterAll(() => server.close());

const idsOf = (body: { data: Array<{ id: number }> }) => body.data.map((row) => row.id);

async function searchFinds(word: string, kind: 'lesson' | 'class'): Promise<boolean> {
  const found = await server.browser().get(`/api/web/search?q=${word}&kind=${kind}`);
  expect(found.status).toBe(200);
  return found.body.data.length > 0;
}

describe('GET /api/admin/lessons', () => {
  it('lists pending lessons soonest first, without cancelled or started ones, as AdminLessons', async () => {
    const later = await pendingLesson(server, { startsInHours: 200 });
    const sooner = await pendingLesson(server, { startsInHours: 100 });
    const cancelled = await pendingLesson(server, { values: { cancelledAt: new Date() } });
    const started = await pendingLesson(server, { startsInHours: -0.5 });
    const listed = await admin.get('/api/admin/lessons?per_page=100');
    expect(listed.status).toBe(200);
    const ids = idsOf(listed.body);
    expect(ids.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(started.id);
    const row = listed.body.data.find((item: { id: number }) => item.id === sooner.id);
    expect(row).toMatchObject({
      code: sooner.code,
      status: 'pending',
      is_approved: false,
      rejection_comment: null,
      cancelled_at: null,
      bookings_count: 0,
      notes_count: 0,
      assignments_count: 0,
      can_edit: true,
      can_cancel: true,
      teacher: { id: sooner.teacherId, name: expect.any(String) },
      topic: { name: sooner.topicName },
    });
    expect(listed.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
  });

  it('refuses an unknown status with 422', async () => {
    const bad = await admin.get('/api/admin/lessons?status=cancelled');
    expect(bad).toMatchObject({ status: 422, body: { errors: { status: ['Choose one of the options.'] } } });
  });
});

describe('approving and rejecting a lesson', () => {
  it('approving makes it public and searchable, and tells the teacher in SPEC §4 words', async () => {
    const lesson = await pendingLesson(server);
    expect((await server.browser().get(`/api/web/lessons/${lesson.code}`)).status).toBe(404);
    expect(await searchFinds(lesson.word, 'lesson')).toBe(false);

    const approved = await admin.post(`/api/admin/lessons/approve/${lesson.id}`);
    expect(approved).toMatchObject({
      status: 200,
      body: { message: 'Lesson approved', data: { id: lesson.id, status: 'approved', is_approved: true } },
    });

    const shown = await server.browser().get(`/api/web/lessons/${lesson.code}`);
    expect(shown).toMatchObject({ status: 200, body: { data: { code: lesson.code, bookable: true } } });
    expect(await searchFinds(lesson.word, 'lesson')).toBe(true);
    const approvedList = await admin.get('/api/admin/lessons?status=approved&per_page=100');
    expect(idsOf(approvedList.body)).toContain(lesson.id);

    const { notification, activity } = await latestFeed(teacher);
    expect(notification).toMatchObject({
      type: 'approval',
      data: {
        title: 'Your lesson registration has been approved',
        url: `/lessons/show/${lesson.code}`,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
      },
    });
    expect(notification.data.body).toContain(lesson.code);
    expect(activity).toMatchObject({ type: 'approval', url: `/lessons/show/${lesson.code}` });
    const [mail] = (await server.mail()).filter((message) => message.to === TEACHER);
    expect(mail?.subject).toBe('Your lesson registration has been approved');
  });

  it('rejecting keeps it private, stores the comment and puts it in the notification', async () => {
    const lesson = await pendingLesson(server);
    const comment = 'The objective does not match the topic.';
    const rejected = await admin.post(`/api/admin/lessons/reject/${lesson.id}`, { comment });
    expect(rejected).toMatchObject({
      status: 200,
      body: {
        message: 'Lesson rejected',
        data: { status: 'rejected', is_approved: false, rejection_comment: comment },
      },
    });
    expect((await server.browser().get(`/api/web/lessons/${lesson.code}`)).status).toBe(404);
    expect(await searchFinds(lesson.word, 'lesson')).toBe(false);
    const rejectedList = await admin.get('/api/admin/lessons?status=rejected&per_page=100');
    expect(idsOf(rejectedList.body)).toContain(lesson.id);

    const { notification } = await latestFeed(teacher);
    expect(notification.data.title).toBe('Your lesson registration failed approval');
    expect(notification.data.body).toContain(comment);
    const [mail] = (await server.mail()).filter((message) => message.to === TEACHER);
    expect(mail?.text).toContain(comment);
  });

  it('decides only pending lessons that are not cancelled and have not started (409), and checks the comment (422)', async () => {
    const lesson = await pendingLesson(server);
    expect((await admin.post(`/api/admin/lessons/approve/${lesson.id}`)).status).toBe(200);
    const twice = await admin.post(`/api/admin/lessons/reject/${lesson.id}`, { comment: 'Changed my mind' });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'Only a pending lesson that has not started can be approved or rejected.' },
    });

    const cancelled = await pendingLesson(server, { values: { cancelledAt: new Date() } });
    expect((await admin.post(`/api/admin/lessons/approve/${cancelled.id}`)).status).toBe(409);
    const started = await pendingLesson(server, { startsInHours: -0.5 });
    expect((await admin.post(`/api/admin/lessons/approve/${started.id}`)).status).toBe(409);
    const [unchanged] = await server.db.select().from(lessons).where(eq(lessons.id, started.id));
    expect(unchanged?.isApproved).toBe(false);

    const pending = await pendingLesson(server);
    const noComment = await admin.post(`/api/admin/lessons/reject/${pending.id}`, { comment: ' ' });
    expect(noComment).toMatchObject({
      status: 422,
      body: { errors: { comment: ['This field is required.'] } },
    });
    const tooLong = await admin.post(`/api/admin/lessons/reject/${pending.id}`, { comment: 'y'.repeat(501) });
    expect(tooLong.body.errors).toEqual({ comment: ['Use at most 500 characters.'] });
    expect((await admin.post('/api/admin/lessons/approve/2147483647')).status).toBe(404);
    expect((await admin.post('/api/admin/lessons/approve/0')).status).toBe(422);
  });
});

describe('classes', () => {
  it('approving a pending class makes it public; rejecting keeps it off the site with the comment', async () => {
    const toApprove = await pendingClass(server);
    const toReject = await pendingClass(server);
    const queue = await admin.get('/api/admin/classes?per_page=100');
    expect(idsOf(queue.body)).toEqual(expect.arrayContaining([toApprove.id, toReject.id]));
    expect(queue.body.data.find((row: { id: number }) => row.id === toApprove.id)).toMatchObject({
      status: 'pending',
      title: toApprove.title,
      teacher: { id: toApprove.teacherId },
    });
    expect(await searchFinds(toApprove.word, 'class')).toBe(false);

    const approved = await admin.post(`/api/admin/classes/approve/${toApprove.id}`);
    expect(approved).toMatchObject({
      status: 200,
      body: { message: 'Class approved', data: { id: toApprove.id, status: 'approved', is_approved: true } },
    });
    expect(await searchFinds(toApprove.word, 'class')).toBe(true);
    const publicList = await server.browser().get(`/api/web/classes?type=revision&per_page=100`);
    expect(idsOf(publicList.body)).toContain(toApprove.id);
    expect(idsOf(publicList.body)).not.toContain(toReject.id);
    const told = await latestFeed(teacher);
    expect(told.notification).toMatchObject({
      type: 'approval',
      data: { title: 'Your class has been approved', url: `/teaching/classes/show/${toApprove.id}` },
    });

    const comment = 'Please describe the weekly plan.';
    const rejected = await admin.post(`/api/admin/classes/reject/${toReject.id}`, { comment });
    expect(rejected.body).toMatchObject({
      message: 'Class rejected',
      data: { status: 'rejected', rejection_comment: comment },
    });
    expect(await searchFinds(toReject.word, 'class')).toBe(false);
    const rejectedList = await admin.get('/api/admin/classes?status=rejected&per_page=100');
    expect(idsOf(rejectedList.body)).toContain(toReject.id);
    const toldAgain = await latestFeed(teacher);
    expect(toldAgain.notification.data).toMatchObject({ title: 'Your class failed approval' });
    expect(toldAgain.notification.data.body).toContain(comment);

    const again = await admin.post(`/api/admin/classes/approve/${toReject.id}`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Only a pending class can be approved or rejected.' },
    });
    expect(
      (await admin.post(`/api/admin/classes/reject/${toApprove.id}`, { comment: 'Too late' })).status,
    ).toBe(409);
    expect((await admin.post(`/api/admin/classes/reject/${toApprove.id}`, { comment: 'no' })).status).toBe(
      422,
    );
    expect((await admin.get('/api/admin/classes?status=old')).status).toBe(422);
  });
});
