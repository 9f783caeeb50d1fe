// Teacher approvals over HTTP: the queue, approve and decline with their 409s and 422s, what the
// teacher is told (notification, activity, e-mail) and what the public then sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { latestFeed, pendingTeacher, signedIn } from './support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
});
afterAll(() => server.close());

describe('GET /api/admin/teachers', () => {
  it('lists pending teachers oldest submission first, with identity numbers, and finds them by name or e-mail', async () => {
    const first = await pendingTeacher(server, 'Wambui');
    const second = await pendingTeacher(server, 'Kamau');
    const listed = await admin.get('/api/admin/teachers?per_page=100');
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((row: { id: number }) => row.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const row = listed.body.data.find((item: { id: number }) => item.id === first.id);
    expect(row).toMatchObject({
      status: 'pending',
      remark: null,
      current_workplace: 'Moi Girls School',
      qualification_level: 'Degree',
      id_number: String(10_000_000 + first.id),
      tsc_number: '123456',
      reviewed_at: null,
      user: { email: first.email, name: first.name },
    });
    expect(row.subjects).toHaveLength(1);
    expect(row.curriculum).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(Date.parse(row.submitted_at)).toBeGreaterThan(Date.now() - 60_000);

    const byName = await admin.get(`/api/admin/teachers?q=${encodeURIComponent(second.name)}`);
    expect(byName.body.data.map((item: { id: number }) => item.id)).toEqual([second.id]);
    const byEmail = await admin.get(`/api/admin/teachers?q=${encodeURIComponent(first.email)}`);
    expect(byEmail.body).toMatchObject({ data: [{ id: first.id }], meta: { total: 1, current_page: 1 } });
    const approved = await admin.get('/api/admin/teachers?status=approved');
    expect(approved.body.data.map((item: { user: { email: string } }) => item.user.email)).toContain(
      'teacher@example.com',
    );
  });

  it('refuses an unknown status or page with 422', async () => {
    const bad = await admin.get('/api/admin/teachers?status=banned');
    expect(bad).toMatchObject({ status: 422, body: { errors: { status: ['Choose one of the options.'] } } });
    expect((await admin.get('/api/admin/teachers?page=0')).status).toBe(422);
  });
});

describe('approving a teacher', () => {
  it('makes the profile approved and public, and tells the teacher by notification, activity and e-mail', async () => {
    const teacher = await pendingTeacher(server, 'Njeri');
    const hidden = await server.browser().get(`/api/web/teachers/${teacher.id}`);
    expect(hidden.status).toBe(404);

    const approved = await admin.post(`/api/admin/teachers/approve/${teacher.id}`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'Teacher approved',
      data: { id: teacher.id, status: 'approved', remark: null },
    });
    expect(Date.parse(approved.body.data.reviewed_at)).toBeGreaterThan(Date.now() - 60_000);

    const shown = await server.browser().get(`/api/web/teachers/${teacher.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.first_name).toBe('Njeri');

    const { notification, activity } = await latestFeed(teacher.browser);
    expect(notification).toMatchObject({
      type: 'approval',
      read_at: null,
      data: {
        title: 'Your teacher profile has been approved',
        body: 'You can now create lessons and classes.',
        url: '/teaching/lessons',
      },
    });
    expect(activity).toMatchObject({
      type: 'approval',
      text: 'You can now create lessons and classes.',
      url: '/teaching/lessons',
    });
    const [mail] = (await server.mail()).filter((message) => message.to === teacher.email);
    expect(mail?.subject).toBe('Your teacher profile has been approved');
    expect(mail?.text).toContain('You can now create lessons and classes.');

    const me = await teacher.browser.get('/api/user');
    expect(me.body.data.teacher.status).toBe('approved');
  });

  it('is for pending teachers only: 409 once decided, 404 for an unknown id, 422 for a bad id', async () => {
    const teacher = await pendingTeacher(server);
    expect((await admin.post(`/api/admin/teachers/approve/${teacher.id}`)).status).toBe(200);
    const again = await admin.post(`/api/admin/teachers/approve/${teacher.id}`);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Only a teacher waiting for approval can be approved or declined.' },
    });
    const decline = await admin.post(`/api/admin/teachers/decline/${teacher.id}`, { remark: 'Too late now' });
    expect(decline.status).toBe(409);
    expect((await admin.post('/api/admin/teachers/approve/99999999')).status).toBe(404);
    expect((await admin.post('/api/admin/teachers/approve/abc')).status).toBe(422);

    // The seeded teacher with status `new` has not submitted anything.
    const fresh = await admin.get('/api/admin/teachers?status=new');
    const newTeacher = fresh.body.data.find(
      (row: { user: { email: string } }) => row.user.email === 'newteacher@example.com',
    );
    expect((await admin.post(`/api/admin/teachers/approve/${newTeacher.id}`)).status).toBe(409);
  });

  it('notifies only once when two admins approve at the same moment', async () => {
    const teacher = await pendingTeacher(server);
    const other = await signedIn(server, 'admin@example.com');
    const answers = await Promise.all([
      admin.post(`/api/admin/teachers/approve/${teacher.id}`),
      other.post(`/api/admin/teachers/approve/${teacher.id}`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const notifications = await teacher.browser.get('/api/notifications');
    expect(notifications.body.data.filter((row: { type: string }) => row.type === 'approval')).toHaveLength(
      1,
    );
  });
});

describe('declining a teacher', () => {
  it('stores the remark, sends the teacher back to completion, and a new submission makes it pending again', async () => {
    const teacher = await pendingTeacher(server, 'Otieno');
    const remark = 'Please add your TSC certificate number.';
    const declined = await admin.post(`/api/admin/teachers/decline/${teacher.id}`, { remark });
    expect(declined).toMatchObject({
      status: 200,
      body: { message: 'Teacher declined', data: { status: 'declined', remark } },
    });

    const me = await teacher.browser.get('/api/user');
    expect(me.body.data.teacher).toMatchObject({ status: 'declined', remark });
    expect((await server.browser().get(`/api/web/teachers/${teacher.id}`)).status).toBe(404);

    const { notification, activity } = await latestFeed(teacher.browser);
    expect(notification).toMatchObject({
      type: 'approval',
      data: {
        title: 'Your teacher profile was not approved',
        body: `Your profile was not approved: ${remark}`,
        url: '/complete-profile/teacher',
      },
    });
    expect(activity).toMatchObject({ type: 'approval', text: `Your profile was not approved: ${remark}` });
    const [mail] = (await server.mail()).filter((message) => message.to === teacher.email);
    expect(mail?.subject).toBe('Your teacher profile was not approved');
    expect(mail?.text).toContain(remark);

    const declinedList = await admin.get(
      `/api/admin/teachers?status=declined&q=${encodeURIComponent(teacher.email)}`,
    );
    expect(declinedList.body.data).toMatchObject([{ id: teacher.id, remark }]);

    expect((await teacher.browser.post('/api/teacher/submit-profile')).status).toBe(200);
    const queue = await admin.get(`/api/admin/teachers?q=${encodeURIComponent(teacher.email)}`);
    expect(queue.body.data).toMatchObject([{ id: teacher.id, status: 'pending', remark: null }]);
  });

  it('needs a remark of 3 to 500 characters', async () => {
    const teacher = await pendingTeacher(server);
    const missing = await admin.post(`/api/admin/teachers/decline/${teacher.id}`, {});
    expect(missing).toMatchObject({ status: 422, body: { errors: { remark: ['This field is required.'] } } });
    const short = await admin.post(`/api/admin/teachers/decline/${teacher.id}`, { remark: 'no' });
    expect(short.body.errors).toEqual({ remark: ['Use at least 3 characters.'] });
    const long = await admin.post(`/api/admin/teachers/decline/${teacher.id}`, { remark: 'x'.repeat(501) });
    expect(long.body.errors).toEqual({ remark: ['Use at most 500 characters.'] });
    const still = await admin.get(`/api/admin/teachers?q=${encodeURIComponent(teacher.email)}`);
    expect(still.body.data[0].status).toBe('pending');
  });
});
