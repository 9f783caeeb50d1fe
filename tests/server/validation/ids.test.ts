// Ids beyond 32 bits in a path, a query or a body: a 422 on that field, not a database error (500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { expectFieldError, messages, TOO_BIG_ID } from './support';

let server: TestServer;
let student: Browser;
let parent: Browser;
let teacher: Browser;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  student = server.browser();
  await student.signIn('student@example.com');
  parent = server.browser();
  await parent.signIn('parent@example.com');
  teacher = server.browser();
  await teacher.signIn('teacher@example.com');
  admin = server.browser();
  await admin.signIn('admin@example.com');
});
afterAll(() => server.close());

describe('an id of 2,147,483,648 in a path', () => {
  it.each([
    ['GET', '/api/questions/get/:id', 'id'],
    ['GET', '/api/questions/answers/:id', 'id'],
    ['GET', '/api/web/teachers/:id', 'id'],
    ['GET', '/api/wallet/transaction/show/:id', 'id'],
    ['GET', '/api/wallet/show/:id', 'id'],
    ['GET', '/api/cart/checkout/:id', 'id'],
    ['POST', '/api/cart/update/:id', 'id'],
    ['DELETE', '/api/cart/delete/:id', 'id'],
    ['POST', '/api/lessons/add-to-cart/:id', 'id'],
    ['POST', '/api/classes/add-to-cart/:id', 'id'],
    ['POST', '/api/lessons/join/:id', 'id'],
    ['POST', '/api/payments/wallet/:id', 'id'],
    ['POST', '/api/payments/pesapal/:id', 'id'],
    ['GET', '/api/payments/paybill/:id', 'id'],
    ['POST', '/api/questions/answers/store/:id', 'id'],
  ])('%s %s answers 422 on %s', async (method, path, field) => {
    const response = await student.request(method, path.replace(':id', TOO_BIG_ID), {
      json: method === 'POST' ? { quantity: 1, body: 'An answer long enough', pin: '1234' } : undefined,
    });
    expectFieldError(response, field, messages.idTooBig);
  });

  it('answers 422 on show routes that take an id or a slug', async () => {
    for (const path of [
      'curricula/show',
      'edu-levels/show',
      'grade-levels/show',
      'subjects/show',
      'topics/show',
    ]) {
      expectFieldError(await student.get(`/api/${path}/${TOO_BIG_ID}`), 'ref', messages.idTooBig);
    }
  });

  it('answers 422 on admin writes, after the role check', async () => {
    expectFieldError(
      await admin.post(`/api/edu-levels/update/${TOO_BIG_ID}`, { name: 'Renamed' }),
      'id',
      messages.idTooBig,
    );
    expectFieldError(
      await admin.request('DELETE', `/api/edu-levels/delete/${TOO_BIG_ID}`),
      'id',
      messages.idTooBig,
    );
    // A student may not even learn that the id is wrong.
    expect((await student.post(`/api/edu-levels/update/${TOO_BIG_ID}`, { name: 'x' })).status).toBe(403);
  });

  it('still answers 422 (not 404) for a path id that is not a number', async () => {
    expectFieldError(await student.get('/api/questions/get/abc'), 'id', 'Enter a whole number.');
    expectFieldError(
      await student.post('/api/cart/update/0', { quantity: 1 }),
      'id',
      'Enter a number of at least 1.',
    );
  });
});

describe('an id of 2,147,483,648 in a query', () => {
  it.each([
    ['/api/web/lessons?subject=', 'subject'],
    ['/api/web/classes?grade_level=', 'grade_level'],
    ['/api/web/teachers?curriculum=', 'curriculum'],
    ['/api/web/questions?subject=', 'subject'],
    ['/api/questions?subject=', 'subject'],
    ['/api/subjects?curriculum=', 'curriculum'],
    ['/api/topics?subject=', 'subject'],
    ['/api/edu-levels?curriculum=', 'curriculum'],
    ['/api/grade-levels?edu_level=', 'edu_level'],
    ['/api/web/lessons?page=', 'page'],
  ])('GET %s… answers 422 on %s', async (path, field) => {
    expectFieldError(await student.get(`${path}${TOO_BIG_ID}`), field, messages.idTooBig);
  });

  it("answers the paybill's own wording for a child id that cannot exist", async () => {
    expectFieldError(
      await parent.get(`/api/payments/paybill?student_id=${TOO_BIG_ID}`),
      'student_id',
      'Choose which child these lessons are for.',
    );
  });
});

describe('an id of 2,147,483,648 in a body', () => {
  const big = Number(TOO_BIG_ID);

  it.each([
    ['/api/cart/store', { purchasable_type: 'lesson', purchasable_id: big }, 'purchasable_id'],
    ['/api/cart/store', { purchasable_type: 'lesson', purchasable_id: TOO_BIG_ID }, 'purchasable_id'],
    ['/api/cart/remove/item', { purchasable_type: 'lesson', purchasable_id: big }, 'purchasable_id'],
    ['/api/wallet/subscription/store', { package_id: big }, 'package_id'],
    ['/api/questions/answers/votes/store', { answer_id: big, type: 'like' }, 'answer_id'],
    [
      '/api/questions/store',
      {
        subject_id: big,
        grade_level_id: 1,
        title: 'A long enough title',
        body: 'A long enough body, really.',
      },
      'subject_id',
    ],
    ['/api/payments/pesapal', { student_id: big }, 'student_id'],
    ['/api/payments/wallet', { pin: '1234', cart_version: big }, 'cart_version'],
    [
      '/api/student/complete-profile/store',
      {
        school_name: 'Moi Forces Academy',
        study_mode: 'boarding',
        curriculum_id: big,
        dob: '2012-01-01',
        gender: 'female',
      },
      'curriculum_id',
    ],
  ])('POST %s answers 422 on %s', async (path, body, field) => {
    const response = await student.post(path, body);
    if (field === 'student_id')
      expectFieldError(response, field, 'Choose which child these lessons are for.');
    else expectFieldError(response, field, messages.idTooBig);
  });

  it('answers 422 for a parent adding a child in a grade that cannot exist', async () => {
    const response = await parent.post('/api/parent/child/add', {
      first_name: 'Neema',
      last_name: 'Otieno',
      school_name: 'Moi Forces Academy',
      study_mode: 'day_scholar',
      grade_level_id: big,
      dob: '2014-03-03',
      gender: 'female',
    });
    expectFieldError(response, 'grade_level_id', messages.idTooBig);
  });

  it("answers 422 for a teacher's subject list with such an id", async () => {
    const response = await teacher.post('/api/teacher/update', {
      biography: 'I teach mathematics.',
      current_workplace: 'Alliance High',
      qualification_level: 'Degree',
      subject_ids: [1, big],
    });
    expectFieldError(response, 'subject_ids', messages.idTooBig);
  });

  it('answers 422 on admin catalogue writes', async () => {
    expectFieldError(
      await admin.post('/api/edu-levels/store', { curriculum_id: big, name: 'Pre-primary' }),
      'curriculum_id',
      messages.idTooBig,
    );
    expectFieldError(
      await admin.post('/api/subjects/add-topic/mathematics', { name: 'Matrices', grade_level_id: big }),
      'grade_level_id',
      messages.idTooBig,
    );
  });
});
