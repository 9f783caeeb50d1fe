import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.browser();
  await admin.signIn('admin@example.com');
});
afterAll(() => server.close());

describe('catalogue writes', () => {
  it('are for admins only: 401 for a visitor, 403 for a student', async () => {
    const visitor = server.browser();
    expect(
      (await visitor.post('/api/edu-levels/store', { curriculum_id: 1, name: 'Pre-primary' })).status,
    ).toBe(401);
    const student = server.browser();
    await student.signIn('student@example.com');
    const answer = await student.post('/api/subjects/add-topic/mathematics', { name: 'Matrices' });
    expect(answer).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
  });

  it('create, rename and delete an education level, with 422 and 409 where they do not fit', async () => {
    const cbc = (await server.browser().get('/api/curricula/show/cbc')).body.data;
    const invalid = await admin.post('/api/edu-levels/store', { curriculum_id: 999999, name: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['This field is required.'],
      curriculum_id: ['Choose one of the options.'],
    });

    const created = await admin.post('/api/edu-levels/store', { curriculum_id: cbc.id, name: 'Pre-primary' });
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: 'Education level created',
        data: { name: 'Pre-primary', slug: 'cbc-pre-primary', grade_levels: [] },
      },
    });
    const shown = await server.browser().get('/api/edu-levels/show/cbc-pre-primary');
    expect(shown.body.data.curriculum.slug).toBe('cbc');

    const renamed = await admin.post(`/api/edu-levels/update/${created.body.data.id}`, {
      name: 'Pre-primary (PP1–PP2)',
    });
    expect(renamed.body).toMatchObject({
      message: 'Education level updated',
      data: { name: 'Pre-primary (PP1–PP2)' },
    });

    const busy = await admin.request('DELETE', `/api/edu-levels/delete/${cbc.edu_levels[0].id}`);
    expect(busy.status).toBe(409);
    const deleted = await admin.request('DELETE', `/api/edu-levels/delete/${created.body.data.id}`);
    expect(deleted.body).toEqual({ message: 'Education level deleted' });
    expect((await server.browser().get(`/api/edu-levels/show/${created.body.data.id}`)).status).toBe(404);
  });

  it('adds a topic to a subject for a grade, which then shows on the grade level', async () => {
    const grade = (await server.browser().get('/api/grade-levels/show/cbc-grade-9')).body.data;
    const added = await admin.post('/api/subjects/add-topic/mathematics', {
      name: 'Matrices',
      grade_level_id: grade.id,
    });
    expect(added).toMatchObject({
      status: 201,
      body: {
        message: 'Topic created',
        data: { name: 'Matrices', subject: { slug: 'mathematics' }, grade_level: { slug: 'cbc-grade-9' } },
      },
    });
    const again = await admin.post('/api/subjects/add-topic/mathematics', {
      name: 'Matrices',
      grade_level_id: grade.id,
    });
    expect(again.status).toBe(422);
    const after = (await server.browser().get('/api/grade-levels/show/cbc-grade-9')).body.data;
    const maths = after.subjects.find((subject: { slug: string }) => subject.slug === 'mathematics');
    expect(maths.topics.map((topic: { name: string }) => topic.name)).toContain('Matrices');
  });
});

describe('a class lesson in the cart', () => {
  it('names its class with subject and grade level', async () => {
    const classes = await server.browser().get('/api/web/classes?subject=physics&grade_level=8-4-4-form-4');
    const code = classes.body.data[0].next_lesson.code;
    const lesson = await server.browser().get(`/api/web/lessons/${code}`);
    const visitor = server.browser();
    const cart = await visitor.post(`/api/lessons/add-to-cart/${lesson.body.data.id}`);
    expect(cart.status).toBe(200);
    expect(cart.body.cart.items[0].purchasable.class).toMatchObject({
      name: 'Form 4 KCSE Physics revision',
      subject: { name: 'Physics' },
      grade_level: { name: 'Form 4', edu_level: { name: 'Secondary' } },
    });
  });
});
