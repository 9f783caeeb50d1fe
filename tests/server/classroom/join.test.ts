// Entering a lesson's classroom (docs/classroom.md "Who enters, when"), on a server set up for Jitsi
// tokens: the teacher from 30 minutes before the start, booked learners (or their parent) from 15,
// nobody after the end or into a cancelled lesson; each join recorded, and read back by the teacher's
// lesson page and the learner's bookings.
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAttendance } from '../../../server/db/schema';
import { TOKEN_GRACE_MS } from '../../../src/shared/classroom';
import { addLesson, newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, endLesson, newTeacher } from '../teaching/support';
import { APP_SECRET, bookedLessonIn, MINUTE, startIn, withTokens } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: withTokens });
});
afterAll(() => server.close());

const key = new TextEncoder().encode(APP_SECRET);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The token as the Jitsi server checks it: signature, audience, issuer, while the lesson runs. */
async function claims(answer: Json, at: Date) {
  const { payload } = await jwtVerify(answer.embed.jwt, key, {
    algorithms: ['HS256'],
    audience: 'jitsi',
    issuer: 'somesha',
    subject: 'meet.somesha.test',
    currentDate: at,
  });
  return payload as Json;
}

describe('the windows', () => {
  it('opens for the teacher 30 minutes before the start and for the learner 15, with a token each', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 40);
    const tooEarly = await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`);
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.opens_at).toBe(new Date(lesson.startAt.getTime() - 30 * MINUTE).toISOString());
    expect(tooEarly.body.message).toMatch(/^The classroom opens at \d{1,2}:\d{2} [AP]M\.$/);
    expect(tooEarly.body.errors).toEqual({ lesson: [tooEarly.body.message] });
    const learnerEarly = await learner.browser.post(`/api/lessons/join/${lesson.id}`);
    expect(learnerEarly.status).toBe(422);
    expect(learnerEarly.body.opens_at).toBe(new Date(lesson.startAt.getTime() - 15 * MINUTE).toISOString());

    const { startAt, endAt } = await startIn(server, lesson.id, 20);
    const asTeacher = await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`);
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body).toEqual({
      provider: 'jitsi',
      link: `https://meet.somesha.test/${asTeacher.body.embed.room}?jwt=${asTeacher.body.embed.jwt}`,
      embed: {
        domain: 'meet.somesha.test',
        room: expect.stringMatching(/^somesha-[a-z2-7]{26}$/),
        jwt: expect.any(String),
      },
    });
    // Nobody gets a room before their window: the learner's is still shut.
    const stillShut = await learner.browser.post(`/api/lessons/join/${lesson.id}`);
    expect(stillShut.status).toBe(422);
    expect(stillShut.body).not.toHaveProperty('embed');

    await startIn(server, lesson.id, 10);
    const asLearner = await learner.browser.post(`/api/lessons/join/${lesson.id}`);
    expect(asLearner.status).toBe(200);
    expect(asLearner.body.embed.room).toBe(asTeacher.body.embed.room);

    const during = new Date(startAt.getTime() + 5 * MINUTE);
    const teacherToken = await claims(asTeacher.body, during);
    expect(teacherToken).toMatchObject({
      room: asTeacher.body.embed.room,
      nbf: seconds(new Date(startAt.getTime() - 30 * MINUTE)),
      exp: seconds(new Date(endAt.getTime() + TOKEN_GRACE_MS)),
      context: { user: { id: String(teacher.userId), moderator: true } },
    });
    const learnerToken = await claims(asLearner.body, new Date(Date.now() + 15 * MINUTE));
    expect(learnerToken.context.user).toMatchObject({ id: String(learner.userId), moderator: false });
    expect(learnerToken.context.user.name).toMatch(/^Test Buyer /);
  });

  it('closes at the end for everyone', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 10);
    await endLesson(server, lesson.id);
    for (const answer of [
      await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`),
      await learner.browser.post(`/api/lessons/join/${lesson.id}`),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('This lesson has ended.');
    }
  });
});

describe('who may enter', () => {
  it('answers 404 to a learner who did not book, another teacher and for no such lesson; 401 to a visitor', async () => {
    const { teacher, lesson } = await bookedLessonIn(server, 5);
    const stranger = await newBuyer(server);
    const otherTeacher = await newTeacher(server);
    expect((await stranger.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await otherTeacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await otherTeacher.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await teacher.browser.post('/api/teacher/lessons/join/2000000000')).status).toBe(404);
    // The teacher endpoint is for teachers (403 like every other), the learner's for the booked.
    expect((await stranger.browser.post(`/api/teacher/lessons/join/${lesson.id}`)).status).toBe(403);
    expect((await teacher.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(404);
    const visitor = server.browser();
    expect((await visitor.post(`/api/lessons/join/${lesson.id}`)).status).toBe(401);
    expect((await visitor.post(`/api/teacher/lessons/join/${lesson.id}`)).status).toBe(401);
    expect(
      await server.db.select().from(lessonAttendance).where(eq(lessonAttendance.lessonId, lesson.id)),
    ).toEqual([]);
  });

  it('has no classroom for a cancelled lesson', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 5);
    const cancelled = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, { reason: '' });
    expect(cancelled.status).toBe(200);
    expect((await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(404);
    expect((await learner.browser.get(`/api/lessons/show/${lesson.code}`)).body.data.classroom).toBeNull();
    expect(
      (await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).body.data.classroom,
    ).toBeNull();
  });
});

describe('the lesson as each reader sees it', () => {
  it('gives the teacher and the booked learner their own window and no room; others nothing', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 120);
    const provider = 'jitsi';
    const learnerView = (await learner.browser.get(`/api/lessons/show/${lesson.code}`)).body.data;
    expect(learnerView.link).toBeNull();
    expect(learnerView.classroom).toEqual({
      provider,
      opens_at: new Date(lesson.startAt.getTime() - 15 * MINUTE).toISOString(),
      closes_at: lesson.endAt.toISOString(),
    });
    const teacherWindow = {
      provider,
      opens_at: new Date(lesson.startAt.getTime() - 30 * MINUTE).toISOString(),
      closes_at: lesson.endAt.toISOString(),
    };
    const teacherView = (await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).body.data;
    expect(teacherView.classroom).toEqual(teacherWindow);
    const list = (await teacher.browser.get('/api/teacher/lessons?filter=upcoming')).body.data;
    expect(list.find((item: Json) => item.id === lesson.id).classroom).toEqual(teacherWindow);
    const booking = (await learner.browser.get('/api/lessons/bookings?filter=upcoming')).body.data[0];
    expect(booking).toMatchObject({
      id: lesson.id,
      classroom: { provider, opens_at: learnerView.classroom.opens_at },
    });
    const stranger = await newBuyer(server);
    expect((await stranger.browser.get(`/api/lessons/show/${lesson.code}`)).body.data.classroom).toBeNull();
    // Nothing about the room in any of them.
    for (const view of [learnerView, teacherView, booking])
      expect(JSON.stringify(view)).not.toMatch(/somesha-[a-z2-7]{26}|jwt/);
  });
});

describe('attendance', () => {
  it('records each join once per person (first and last), and the teacher’s page lists who came and who did not', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 5);
    const absent = await newBuyer(server, { balanceKes: 5000 });
    await startIn(server, lesson.id, 24 * 60);
    await addLesson(absent.browser, lesson.id);
    expect((await absent.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    await startIn(server, lesson.id, 5);

    const before = (await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).body.data.attendance;
    expect(before).toEqual([
      { user_id: teacher.userId, name: expect.any(String), role: 'teacher', first_joined_at: null },
      {
        user_id: learner.userId,
        name: expect.stringMatching(/^Test Buyer /),
        role: 'learner',
        first_joined_at: null,
      },
      { user_id: absent.userId, name: expect.any(String), role: 'learner', first_joined_at: null },
    ]);

    expect((await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`)).status).toBe(200);
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(200);
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).status).toBe(200);
    const rows = await server.db
      .select()
      .from(lessonAttendance)
      .where(eq(lessonAttendance.lessonId, lesson.id));
    expect(rows.map((row) => [row.userId, row.role, row.joins]).sort()).toEqual(
      [
        [teacher.userId, 'teacher', 1],
        [learner.userId, 'learner', 2],
      ].sort(),
    );
    const learnerRow = rows.find((row) => row.userId === learner.userId);
    expect(learnerRow!.lastJoinedAt.getTime()).toBeGreaterThanOrEqual(learnerRow!.firstJoinedAt.getTime());

    const after = (await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).body.data.attendance;
    expect(after.map((row: Json) => [row.user_id, row.first_joined_at !== null])).toEqual([
      [teacher.userId, true],
      [learner.userId, true],
      [absent.userId, false],
    ]);
    expect(after[1].first_joined_at).toBe(learnerRow!.firstJoinedAt.toISOString());

    // Bookings say nothing until the lesson has ended; then who came and who missed it.
    const upcoming = (await learner.browser.get('/api/lessons/bookings')).body.data;
    expect(upcoming.find((item: Json) => item.id === lesson.id).attended).toBeNull();
    await endLesson(server, lesson.id);
    const attended = (await learner.browser.get('/api/lessons/bookings')).body.data;
    expect(attended.find((item: Json) => item.id === lesson.id).attended).toBe(true);
    const missed = (await absent.browser.get('/api/lessons/bookings')).body.data;
    expect(missed.find((item: Json) => item.id === lesson.id).attended).toBe(false);
  });

  it('lets a parent join for the child they booked, and counts it for the child', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher);
    const parent = await newBuyer(server, { role: 'parent', balanceKes: 5000, children: 2 });
    const [child, otherChild] = parent.childIds;
    await addLesson(parent.browser, lesson.id);
    const paid = await parent.browser.post('/api/payments/wallet', { pin: '1234', student_id: child });
    expect(paid.status).toBe(200);
    await startIn(server, lesson.id, 10);

    const joined = await parent.browser.post(`/api/lessons/join/${lesson.id}`);
    expect(joined.status).toBe(200);
    const token = await claims(joined.body, new Date(Date.now() + 10 * MINUTE));
    expect(token.context.user).toMatchObject({ id: String(parent.userId), moderator: false });

    const attendance = (await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).body.data
      .attendance;
    expect(attendance).toHaveLength(2);
    expect(attendance[1]).toMatchObject({ role: 'learner', name: expect.stringMatching(/^Child0 /) });
    expect(attendance[1].first_joined_at).not.toBeNull();

    await endLesson(server, lesson.id);
    const bookings = (await parent.browser.get('/api/lessons/bookings')).body.data;
    expect(bookings.map((item: Json) => [item.booking.student_id, item.attended])).toEqual([[child, true]]);
    expect(otherChild).toBeGreaterThan(0);
  });

  it('says nothing of attendance for a cancelled lesson', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 60);
    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, { reason: '' });
    await endLesson(server, lesson.id);
    const bookings = (await learner.browser.get('/api/lessons/bookings')).body.data;
    expect(bookings.find((item: Json) => item.id === lesson.id).attended).toBeNull();
  });
});
