// A teacher's lessons (docs/teaching-admin.md): creating a series, refusing a clash with nothing
// written, a teacher not approved yet, the edit rules, the lists, the lesson page, and 404 for
// another teacher's lessons.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import {
  approve,
  approvedLesson,
  buyLesson,
  dayAhead,
  lessonBody,
  nairobi,
  newTeacher,
  storeLessons,
  type Teacher,
} from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function lessonCount(teacher: Teacher): Promise<number> {
  const [row] = await server.db
    .select({ total: count() })
    .from(lessons)
    .where(eq(lessons.teacherId, teacher.teacherId));
  return Number(row?.total ?? 0);
}

const codes = (body: Json) => (body.data as Array<{ code: string }>).map((lesson) => lesson.code);

describe('creating lessons', () => {
  it('stores a weekly series as pending lessons at the same Nairobi time', async () => {
    const teacher = await newTeacher(server);
    const date = dayAhead(30);
    const response = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { date, time: '16:30', lessons_count: 3, frequency: 'weekly', price: 1200 }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Lessons created. They show under Pending until they are approved.');
    const created = response.body.data as Json[];
    expect(created.map((lesson) => lesson.start_at)).toEqual([
      nairobi(date, '16:30').toISOString(),
      nairobi(dayAhead(37), '16:30').toISOString(),
      nairobi(dayAhead(44), '16:30').toISOString(),
    ]);
    expect(created[0]).toMatchObject({
      status: 'pending',
      is_approved: false,
      price: '1200.00',
      end_at: nairobi(date, '17:30').toISOString(),
      type: { name: 'Public', value: 'public' },
      subject: { id: teacher.refs.subjectId },
      topic: { id: teacher.refs.topicId },
      bookings_count: 0,
      notes_count: 0,
      assignments_count: 0,
      can_edit: true,
      can_cancel: true,
    });
    const pending = await teacher.browser.get('/api/teacher/lessons?filter=pending');
    expect(codes(pending.body)).toEqual(created.map((lesson) => lesson.code));
    expect(pending.body.meta).toMatchObject({ total: 3, current_page: 1 });
    expect(codes((await teacher.browser.get('/api/teacher/lessons')).body)).toEqual([]);
  });

  it('refuses the whole series when one lesson clashes, naming it, and writes nothing', async () => {
    const teacher = await newTeacher(server);
    await storeLessons(teacher, { date: dayAhead(41), time: '10:00' });
    const before = await lessonCount(teacher);
    const response = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { date: dayAhead(40), time: '10:30', lessons_count: 4, frequency: 'daily' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.time[0]).toMatch(
      /^Lesson 2 on .* at 10:30 AM clashes with another of your lessons/,
    );
    expect(response.body.message).toBe(response.body.errors.time[0]);
    expect(await lessonCount(teacher)).toBe(before);
  });

  it('refuses a series that runs past a year ahead', async () => {
    const teacher = await newTeacher(server);
    const response = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { date: dayAhead(350), lessons_count: 3, frequency: 'monthly' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.time[0]).toMatch(/^Lesson 2 on .* is more than 365 days ahead\.$/);
    expect(await lessonCount(teacher)).toBe(0);
  });

  it('answers 403 with the reason to a teacher who is not approved', async () => {
    const teacher = await newTeacher(server, 'pending');
    const response = await teacher.browser.post('/api/teacher/lessons/store', lessonBody(teacher));
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('You can create lessons once your teacher profile is approved.');
    expect(await lessonCount(teacher)).toBe(0);
    const form = await teacher.browser.get('/api/teacher/lessons/create');
    expect(form.body.data).toMatchObject({
      can_create: false,
      reason: 'You can create lessons once your teacher profile is approved.',
    });
  });

  it('gives the form its choices: the teacher’s subjects and their topics', async () => {
    const teacher = await newTeacher(server);
    const form = await teacher.browser.get('/api/teacher/lessons/create');
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({
      can_create: true,
      reason: null,
      subjects: [{ id: teacher.refs.subjectId }],
      types: ['public', 'private', 'group'],
      frequencies: ['daily', 'weekly', 'monthly'],
      classes: [],
    });
    const topics = form.body.data.topics as Json[];
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((topic) => topic.subject_id === teacher.refs.subjectId)).toBe(true);
    expect(topics.map((topic) => topic.id)).toContain(teacher.refs.topicId);
    expect(form.body.data.grade_levels[0]).toMatchObject({
      id: expect.any(Number),
      edu_level: { id: expect.any(Number) },
    });
  });

  it('answers bad input with 422 on each field', async () => {
    const teacher = await newTeacher(server);
    const response = await teacher.browser.post('/api/teacher/lessons/store', {
      ...lessonBody(teacher),
      objective: 'Short',
      time: '10:15',
      lessons_count: 13,
      price: 50,
      type: 'secret',
      frequency: 'hourly',
      date: '2020-01-01',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      objective: ['Use at least 10 characters.'],
      time: ['Choose a start time on the hour or half hour from 7:00 AM to 8:00 PM.'],
      lessons_count: ['Enter a number of at most 12.'],
      price: ['Enter a number of at least 100.'],
      type: ['Choose one of the options.'],
      frequency: ['Choose one of the options.'],
      date: [`Date must be between ${dayAhead(0)} and ${dayAhead(365)}.`],
    });
    const other = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { subject_id: teacher.refs.subjectId + 1, class_id: 999_999 }),
    );
    expect(other.status).toBe(422);
    expect(other.body.errors).toMatchObject({
      subject_id: ['Choose one of the subjects on your profile.'],
      topic_id: ['Choose a topic of the chosen subject and grade.'],
      class_id: ['Choose one of your classes that has not ended.'],
    });
    expect(await lessonCount(teacher)).toBe(0);
  });

  it('is for teachers only', async () => {
    const student = await newBuyer(server);
    expect((await student.browser.get('/api/teacher/lessons')).status).toBe(403);
    expect((await student.browser.post('/api/teacher/lessons/store', {})).status).toBe(403);
    expect((await server.browser().get('/api/teacher/lessons')).status).toBe(401);
  });
});

describe('editing lessons', () => {
  it('sends an edited approved lesson back to pending', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(50), time: '09:00' });
    const response = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { date: dayAhead(51), time: '11:00', objective: 'A different plan for the hour.' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Lesson updated');
    expect(response.body.data).toMatchObject({
      status: 'pending',
      is_approved: false,
      objective: 'A different plan for the hour.',
      start_at: nairobi(dayAhead(51), '11:00').toISOString(),
    });
    const clash = await storeLessons(teacher, { date: dayAhead(52), time: '11:00' });
    const moved = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { date: dayAhead(52), time: '11:30' }),
    );
    expect(moved.status).toBe(422);
    expect(moved.body.errors.time[0]).toMatch(/^Lesson 1 on .* clashes/);
    expect(clash).toHaveLength(1);
  });

  it('lets a booked lesson only be rescheduled; it stays approved and the payer is told', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(53), time: '09:00' });
    const buyer = await buyLesson(server, lesson.id);

    const changed = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { date: dayAhead(53), time: '09:00', price: 2000 }),
    );
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(
      /^Learners have booked this lesson, so only its date and time can change/,
    );

    const moved = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { date: dayAhead(54), time: '15:00' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      status: 'approved',
      start_at: nairobi(dayAhead(54), '15:00').toISOString(),
      bookings_count: 1,
      can_edit: false,
      can_reschedule: true,
    });
    const notifications = await buyer.browser.get('/api/notifications');
    const told = (notifications.body.data as Json[]).find((row) => row.type === 'lesson_rescheduled');
    expect(told?.data).toMatchObject({ title: 'Lesson rescheduled', lesson_code: lesson.code });
    expect(told?.data.body).toMatch(/now starts on .* at 3:00 PM\.$/);
  });

  it('refuses to change a cancelled lesson', async () => {
    const teacher = await newTeacher(server);
    const [lesson] = await storeLessons(teacher, { date: dayAhead(55) });
    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, { reason: 'Ill' });
    const response = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher),
    );
    expect(response.status).toBe(409);
  });
});

describe('lists and the lesson page', () => {
  it('lists upcoming, rejected and cancelled lessons apart', async () => {
    const teacher = await newTeacher(server);
    const [first, second, third] = await storeLessons(teacher, {
      date: dayAhead(60),
      lessons_count: 3,
      frequency: 'daily',
    });
    await approve(server, first.id);
    await server.db
      .update(lessons)
      .set({ rejectionComment: 'Add an objective' })
      .where(eq(lessons.id, second.id));
    await teacher.browser.post(`/api/teacher/lessons/cancel/${third.id}`, { reason: 'Travelling' });

    expect(codes((await teacher.browser.get('/api/teacher/lessons?filter=upcoming')).body)).toEqual([
      first.code,
    ]);
    const rejected = await teacher.browser.get('/api/teacher/lessons?filter=rejected');
    expect(rejected.body.data).toMatchObject([
      { code: second.code, status: 'rejected', rejection_comment: 'Add an objective' },
    ]);
    const cancelled = await teacher.browser.get('/api/teacher/lessons?filter=cancelled');
    expect(cancelled.body.data).toMatchObject([
      {
        code: third.code,
        status: 'cancelled',
        cancellation_reason: 'Travelling',
        can_cancel: false,
        can_edit: false,
      },
    ]);
    expect(codes((await teacher.browser.get('/api/teacher/lessons?filter=past')).body)).toEqual([]);
    const bad = await teacher.browser.get('/api/teacher/lessons?filter=everything');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.filter).toEqual(['Choose one of the options.']);
  });

  it('shows a lesson by id or code with its learners, who paid and what', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(61), price: 1500 });
    const buyer = await buyLesson(server, lesson.id);
    const byId = await teacher.browser.get(`/api/teacher/lessons/show/${lesson.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({
      id: lesson.id,
      code: lesson.code,
      status: 'approved',
      bookings_count: 1,
      notes: [],
      assignments: [],
    });
    expect(byId.body.data.learners).toEqual([
      {
        booking_id: expect.any(Number),
        student_id: expect.any(Number),
        student_name: expect.stringMatching(/^Test Buyer /),
        booked_by: expect.stringMatching(/^Test Buyer /),
        paid: '1500.00',
        takings: '1500.00',
        plan: null,
        booked_at: expect.any(String),
        refunded: false,
      },
    ]);
    expect(buyer.userId).toBeGreaterThan(0);
    const byCode = await teacher.browser.get(`/api/teacher/lessons/show/${lesson.code}`);
    expect(byCode.body.data.id).toBe(lesson.id);
  });

  it('answers 404 for another teacher’s lesson, whatever the call', async () => {
    const owner = await newTeacher(server);
    const [lesson] = await storeLessons(owner, { date: dayAhead(62) });
    const other = await newTeacher(server);
    expect((await other.browser.get(`/api/teacher/lessons/show/${lesson.id}`)).status).toBe(404);
    expect((await other.browser.get(`/api/teacher/lessons/show/${lesson.code}`)).status).toBe(404);
    expect(
      (await other.browser.post(`/api/teacher/lessons/update/${lesson.id}`, lessonBody(other))).status,
    ).toBe(404);
    expect((await other.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {})).status).toBe(404);
    const [row] = await server.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row?.cancelledAt).toBeNull();
    expect((await other.browser.get('/api/teacher/lessons/show/999999999')).status).toBe(404);
    expect((await other.browser.post('/api/teacher/lessons/cancel/abc', {})).status).toBe(422);
  });
});
