// A parent manages children after profile completion: list, add, edit, remove (docs/learning-workspace.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, lessons, students, users } from '../../../server/db/schema';
import { newBuyer, upcomingLessons } from '../commerce/buyers';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { placement } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function childBody(browser: Browser, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    school_name: 'Kilimani Primary',
    study_mode: 'day_scholar',
    ...(await placement(browser, 'CBC', 'Upper Primary', 'Grade 5')),
    dob: '2015-04-01',
    gender: 'female',
    ...overrides,
  };
}

/** A lesson of the seeded teacher that ended yesterday. */
async function pastLesson(): Promise<number> {
  const [template] = await upcomingLessons(server);
  if (!template) throw new Error('No seeded lesson');
  const day = 24 * 60 * 60 * 1000;
  const [row] = await server.db
    .insert(lessons)
    .values({
      code: `PAST-${Math.random().toString(36).slice(2, 8)}`,
      teacherId: template.teacherId,
      topicId: template.topicId,
      objective: 'A lesson that has ended',
      priceCents: 50_000,
      startAt: new Date(Date.now() - day - 60 * 60 * 1000),
      endAt: new Date(Date.now() - day),
      isApproved: true,
    })
    .returning({ id: lessons.id });
  return row?.id ?? 0;
}

describe('who may manage children', () => {
  it.each([
    ['GET', '/api/parent/profile-data'],
    ['POST', '/api/student/store'],
    ['POST', '/api/student/update/1'],
    ['POST', '/api/student/update'],
    ['DELETE', '/api/student/delete/1'],
  ])('%s %s answers 401 when signed out and 403 to a student', async (method, path) => {
    const visitor = await server.browser().request(method, path, { json: method === 'GET' ? undefined : {} });
    expect(visitor.status).toBe(401);
    const student = await newBuyer(server, { role: 'student' });
    const asStudent = await student.browser.request(method, path, {
      json: method === 'GET' ? undefined : {},
    });
    expect(asStudent.status).toBe(403);
  });
});

describe('a student reading their own profile', () => {
  it('answers GET /api/student/profile-data as the parent one answers for a child', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const response = await student.get('/api/student/profile-data');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      profile_completed: true,
      school_name: 'Kilimani Junior School, Nairobi',
      user: { first_name: 'Wanjiru', last_name: 'Kamau', dob: '2013-03-14', gender: 'female' },
      grade_level: { name: 'Grade 7' },
    });
    const parent = server.browser();
    await parent.signIn('parent@example.com');
    expect((await parent.get('/api/student/profile-data')).status).toBe(403);
  });
});

describe('a parent managing children', () => {
  it('reads the profile with every child', async () => {
    const parent = server.browser();
    await parent.signIn('parent@example.com');
    const response = await parent.get('/api/parent/profile-data');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ profile_completed: true, students_count: 2 });
    expect(
      response.body.data.students.map((child: { user: { first_name: string } }) => child.user.first_name),
    ).toEqual(['Achieng', 'Baraka']);
    expect(response.body.data.students[0]).toMatchObject({
      school_name: 'Riara Springs Primary School, Nairobi',
      user: { last_name: 'Otieno', dob: '2016-05-10', gender: 'female' },
      grade_level: { name: 'Grade 4' },
    });
  });

  it('adds a child with the same rules as completion', async () => {
    const { browser } = await newBuyer(server, { role: 'parent' });
    const added = await browser.post('/api/student/store', await childBody(browser));
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Child created');
    expect(added.body.data).toMatchObject({
      school_name: 'Kilimani Primary',
      profile_completed: true,
      user: { first_name: 'Wanjiru', last_name: 'Kamau', dob: '2015-04-01' },
      grade_level: { name: 'Grade 5' },
    });
    const profile = await browser.get('/api/parent/profile-data');
    expect(profile.body.data.students_count).toBe(1);
  });

  it.each([
    ['2015-02-30', 'Invalid date of birth.'],
    ['15/04/2015', 'Invalid date of birth.'],
    [`${new Date().getFullYear() + 1}-01-01`, 'Date of birth cannot be in the future.'],
    [`${new Date().getFullYear() - 2}-01-01`, 'You must be at least 4 years old.'],
  ])('refuses the date of birth %s with "%s"', async (dob, message) => {
    const { browser } = await newBuyer(server, { role: 'parent' });
    const refused = await browser.post('/api/student/store', await childBody(browser, { dob }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message, errors: { dob: [message] } });
    const edit = await newBuyer(server, { role: 'parent', children: 1 });
    const refusedEdit = await edit.browser.post(
      `/api/student/update/${edit.childIds[0]}`,
      await childBody(edit.browser, { dob }),
    );
    expect(refusedEdit.status).toBe(422);
    expect(refusedEdit.body.errors.dob).toEqual([message]);
  });

  it('edits its own child by path or by body id', async () => {
    const { browser } = await newBuyer(server, { role: 'parent' });
    const added = await browser.post('/api/student/store', await childBody(browser));
    const id = added.body.data.id as number;
    const byPath = await browser.post(
      `/api/student/update/${id}`,
      await childBody(browser, { first_name: 'Wanjiku', school_name: 'Hillcrest' }),
    );
    expect(byPath.status).toBe(200);
    expect(byPath.body.message).toBe('Child updated');
    expect(byPath.body.data).toMatchObject({ id, school_name: 'Hillcrest', user: { first_name: 'Wanjiku' } });

    const byBody = await browser.post('/api/student/update', {
      ...(await childBody(browser, { last_name: 'Njoroge' })),
      id,
      ...(await placement(browser, 'CBC', 'Junior School', 'Grade 8')),
    });
    expect(byBody.status).toBe(200);
    expect(byBody.body.data).toMatchObject({
      id,
      grade_level: { name: 'Grade 8' },
      user: { last_name: 'Njoroge' },
    });
  });

  it('answers 404 for another parent’s child, on edit and on remove, and changes nothing', async () => {
    const owner = await newBuyer(server, { role: 'parent', children: 1 });
    const other = await newBuyer(server, { role: 'parent' });
    const childId = owner.childIds[0] ?? 0;
    const edit = await other.browser.post(`/api/student/update/${childId}`, await childBody(other.browser));
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ message: 'Not found.' });
    const editByBody = await other.browser.post('/api/student/update', {
      ...(await childBody(other.browser)),
      id: childId,
    });
    expect(editByBody.status).toBe(404);
    const remove = await other.browser.request('DELETE', `/api/student/delete/${childId}`);
    expect(remove.status).toBe(404);
    const [still] = await server.db.select().from(students).where(eq(students.id, childId));
    expect(still?.schoolName).toBeNull();
    // A student id that is no child at all reads the same.
    const student = await newBuyer(server, { role: 'student' });
    expect((await other.browser.request('DELETE', `/api/student/delete/${student.profileId}`)).status).toBe(
      404,
    );
  });

  it('answers 422 for an id that is not an id', async () => {
    const { browser } = await newBuyer(server, { role: 'parent' });
    const response = await browser.request('DELETE', '/api/student/delete/abc');
    expect(response.status).toBe(422);
    expect(response.body.errors.id).toBeDefined();
  });

  it('refuses to remove a child with an upcoming lesson, with a clear message', async () => {
    const parent = await newBuyer(server, { role: 'parent', children: 1 });
    const childId = parent.childIds[0] ?? 0;
    const [lesson] = await upcomingLessons(server);
    await server.db.insert(bookings).values({ lessonId: lesson?.id ?? 0, studentId: childId });
    const refused = await parent.browser.request('DELETE', `/api/student/delete/${childId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Child0 has upcoming lessons and cannot be removed until they have ended.',
    });
    const profile = await parent.browser.get('/api/parent/profile-data');
    expect(profile.body.data.students_count).toBe(1);
  });

  it('removes a child whose lessons have all ended, with its user', async () => {
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    const [childId = 0, otherChild = 0] = parent.childIds;
    await server.db.insert(bookings).values({ lessonId: await pastLesson(), studentId: childId });
    const [child] = await server.db.select().from(students).where(eq(students.id, childId));
    const removed = await parent.browser.request('DELETE', `/api/student/delete/${childId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Child0 deleted' });
    expect(
      await server.db
        .select()
        .from(users)
        .where(eq(users.id, child?.userId ?? 0)),
    ).toEqual([]);
    const profile = await parent.browser.get('/api/parent/profile-data');
    expect(profile.body.data.students.map((row: { id: number }) => row.id)).toEqual([otherChild]);
    expect((await parent.browser.request('DELETE', `/api/student/delete/${childId}`)).status).toBe(404);
  });
});
