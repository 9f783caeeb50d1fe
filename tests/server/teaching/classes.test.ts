// A teacher's classes (docs/teaching-admin.md): new and edited classes wait for approval, the lists
// by state, a class with its lessons, and 404 for another teacher's class.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, educationLevels, gradeLevels } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { dayAhead, newTeacher, storeLessons, type Teacher } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function classBody(teacher: Teacher, overrides: Record<string, unknown> = {}) {
  const [grade] = await server.db
    .select({ curriculumId: educationLevels.curriculumId })
    .from(gradeLevels)
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .where(eq(gradeLevels.id, teacher.refs.gradeLevelId));
  return {
    title: 'Fractions revision week',
    description: 'Five evenings of fractions practice before the exams.',
    subject_id: teacher.refs.subjectId,
    grade_level_id: teacher.refs.gradeLevelId,
    curriculum_id: grade?.curriculumId,
    type: 'revision',
    frequency: 'daily',
    price: 5000,
    starts_on: dayAhead(10),
    ends_on: dayAhead(14),
    ...overrides,
  };
}

const titles = (body: Json) => (body.data as Array<{ title: string }>).map((row) => row.title);

describe('classes', () => {
  it('stores a class as pending; it is not public until approved', async () => {
    const teacher = await newTeacher(server);
    const response = await teacher.browser.post(
      '/api/teacher/classes/store',
      await classBody(teacher, { title: 'Quokka fractions camp' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Class created. It shows under Pending until it is approved.');
    expect(response.body.data).toMatchObject({
      title: 'Quokka fractions camp',
      slug: 'quokka-fractions-camp',
      status: 'pending',
      is_approved: false,
      price: '5000.00',
      type: 'revision',
      subject: { id: teacher.refs.subjectId },
      lessons_count: 0,
    });
    expect(titles((await teacher.browser.get('/api/teacher/classes?filter=pending')).body)).toEqual([
      'Quokka fractions camp',
    ]);
    expect(titles((await teacher.browser.get('/api/teacher/classes')).body)).toEqual([]);
    const web = await server.browser().get('/api/web/classes?per_page=100');
    expect(titles(web.body)).not.toContain('Quokka fractions camp');

    await server.db.update(classes).set({ isApproved: true }).where(eq(classes.id, response.body.data.id));
    expect(titles((await teacher.browser.get('/api/teacher/classes?filter=upcoming')).body)).toEqual([
      'Quokka fractions camp',
    ]);
  });

  it('sends an edited class back to pending and lists rejected ones with the comment', async () => {
    const teacher = await newTeacher(server);
    const created = await teacher.browser.post('/api/teacher/classes/store', await classBody(teacher));
    const id = created.body.data.id;
    await server.db.update(classes).set({ isApproved: true }).where(eq(classes.id, id));
    const edited = await teacher.browser.post(
      `/api/teacher/classes/update/${id}`,
      await classBody(teacher, { title: 'Fractions revision fortnight', ends_on: dayAhead(24) }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'pending', title: 'Fractions revision fortnight' });

    await server.db
      .update(classes)
      .set({ rejectionComment: 'Describe each evening' })
      .where(eq(classes.id, id));
    const rejected = await teacher.browser.get('/api/teacher/classes?filter=rejected');
    expect(rejected.body.data).toMatchObject([
      { id, status: 'rejected', rejection_comment: 'Describe each evening' },
    ]);
  });

  it('shows a class with its lessons, whatever their state', async () => {
    const teacher = await newTeacher(server);
    const created = await teacher.browser.post('/api/teacher/classes/store', await classBody(teacher));
    const id = created.body.data.id;
    const [lesson] = await storeLessons(teacher, { date: dayAhead(11), class_id: id });
    const shown = await teacher.browser.get(`/api/teacher/classes/show/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ id, lessons_count: 1, status: 'pending' });
    expect(shown.body.data.lessons).toMatchObject([{ id: lesson.id, status: 'pending', class: { id } }]);
  });

  it('answers bad input with 422 on each field', async () => {
    const teacher = await newTeacher(server);
    const [otherGrade] = await server.db
      .select({ id: gradeLevels.id, curriculumId: educationLevels.curriculumId })
      .from(gradeLevels)
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId));
    const body = await classBody(teacher);
    const response = await teacher.browser.post('/api/teacher/classes/store', {
      ...body,
      title: '',
      type: 'holiday',
      starts_on: dayAhead(12),
      ends_on: dayAhead(11),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      title: ['This field is required.'],
      type: ['Choose one of the options.'],
      ends_on: ['The end date must not be before the start date.'],
    });
    const curriculumId =
      (otherGrade?.curriculumId ?? 0) === body.curriculum_id ? 999_999 : body.curriculum_id;
    const mismatch = await teacher.browser.post('/api/teacher/classes/store', {
      ...body,
      grade_level_id: otherGrade?.id,
      curriculum_id: curriculumId,
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors).sort()).toEqual(
      curriculumId === 999_999 ? ['curriculum_id'] : ['grade_level_id'],
    );
  });

  it('answers 404 for another teacher’s class, 403 to a teacher not approved and to learners', async () => {
    const owner = await newTeacher(server);
    const created = await owner.browser.post('/api/teacher/classes/store', await classBody(owner));
    const other = await newTeacher(server);
    expect((await other.browser.get(`/api/teacher/classes/show/${created.body.data.id}`)).status).toBe(404);
    const update = await other.browser.post(
      `/api/teacher/classes/update/${created.body.data.id}`,
      await classBody(other, { title: 'Taken over' }),
    );
    expect(update.status).toBe(404);
    const pending = await newTeacher(server, 'pending');
    expect((await pending.browser.post('/api/teacher/classes/store', await classBody(pending))).status).toBe(
      403,
    );
    const student = await newBuyer(server);
    expect((await student.browser.get('/api/teacher/classes')).status).toBe(403);
  });
});
