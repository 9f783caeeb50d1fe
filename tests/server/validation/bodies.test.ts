// Bodies: over the route's limit is a 413 with a CONTRACT body; unknown keys are ignored; the body
// must be a JSON object; a guarded route answers 401/403 before it looks at the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { expectFieldError, messages } from './support';

let server: TestServer;
let student: Browser;

beforeAll(async () => {
  server = await startTestServer();
  student = server.browser();
  await student.signIn('student@example.com');
});
afterAll(() => server.close());

describe('body limits', () => {
  it('answers 413 with a CONTRACT body for a JSON body over 16 KB', async () => {
    for (const [path, body] of [
      ['/api/web/newsletter', { email: 'news@example.com', padding: 'x'.repeat(17 * 1024) }],
      ['/api/login', { email: 'student@example.com', password: 'x'.repeat(17 * 1024) }],
      [
        '/api/cart/store',
        { purchasable_type: 'lesson', purchasable_id: 1, options: { x: 'x'.repeat(17 * 1024) } },
      ],
    ] as const) {
      const response = await student.post(path, body);
      expect(response.status, path).toBe(413);
      expect(response.body).toEqual({ message: messages.bodyTooLarge });
    }
  });

  it('allows longer texts where a route takes them (a question, up to 64 KB)', async () => {
    const response = await student.post('/api/questions/store', {
      subject_id: 1,
      grade_level_id: 1,
      title: 'A title that is long enough',
      body: 'x'.repeat(20 * 1024),
    });
    // Within the body limit: the service's own length rule answers.
    expectFieldError(response, 'body', 'Use at most 5000 characters.');
  });
});

describe('shape of a body', () => {
  it('ignores keys a route does not read', async () => {
    const response = await server
      .browser()
      .post('/api/web/newsletter', { email: 'extra.keys@example.com', name: 'Ignored', admin: true });
    expect(response.status).toBe(200);
  });

  it('answers 422 on `body` when the body is not a JSON object', async () => {
    const response = await server.browser().post('/api/web/newsletter', ['news@example.com']);
    expectFieldError(response, 'body', 'The request body must be a JSON object.');
  });

  it('answers 422 with the field message for a value of the wrong type', async () => {
    const response = await server.browser().post('/api/login', { email: { $ne: '' }, password: 'x' });
    expectFieldError(response, 'email', 'Enter text.');
    const flag = await server
      .browser()
      .post('/api/login', { email: 'a@b.co', password: 'x', remember: 'perhaps' });
    expectFieldError(flag, 'remember', 'Choose yes or no.');
  });

  it('lists every bad field of a query at once', async () => {
    const response = await server
      .browser()
      .get('/api/web/classes?page=0&per_page=101&min_price=-1&type=party');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['min_price', 'page', 'per_page', 'type']);
    expect(response.body.errors.per_page).toEqual(['Enter a number of at most 100.']);
  });
});

describe('paging', () => {
  it('answers the highest page a query may name with an empty list, not a database error', async () => {
    for (const path of [
      '/api/web/lessons',
      '/api/web/classes',
      '/api/web/questions',
      '/api/curricula',
      '/api/topics',
    ]) {
      const response = await server.browser().get(`${path}?page=2147483647&per_page=100`);
      expect(response.status, path).toBe(200);
      expect(response.body.data).toEqual([]);
    }
    const search = await server.browser().get('/api/web/search?q=maths&page=2147483647&per_page=100');
    expect(search.status).toBe(200);
  });
});

describe('guards before schemas', () => {
  it('answers 401 to a visitor, whatever the body', async () => {
    const response = await server.browser().post('/api/questions/store', { subject_id: 'not an id' });
    expect(response.status).toBe(401);
    const path = await server.browser().get('/api/wallet/transaction/show/abc');
    expect(path.status).toBe(401);
  });

  it('answers 403 to the wrong role, whatever the body', async () => {
    const response = await student.post('/api/edu-levels/store', { curriculum_id: 'x' });
    expect(response.status).toBe(403);
  });
});
