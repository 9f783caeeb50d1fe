// NUL bytes (PostgreSQL refuses them), e-mails of any length and dates out of range: each is a 422
// on its field with the field's message, never a 500.
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

const NUL = '\u0000';

const registration = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Baraka',
  last_name: 'Mwangi',
  username: 'baraka.mwangi',
  email: 'baraka@example.com',
  phone: '0712 345 777',
  password: 'Str0ng!pass',
  password_confirmation: 'Str0ng!pass',
  role: 'student',
  terms: true,
  ...overrides,
});

describe('a NUL byte in a string that would reach the database', () => {
  it.each([
    ['first_name', { first_name: `Bar${NUL}aka` }],
    ['username', { username: `baraka${NUL}` }],
    ['email', { email: `baraka${NUL}@example.com` }],
  ])('register answers 422 on %s', async (field, overrides) => {
    const response = await server.browser().post('/api/register', registration(overrides));
    expectFieldError(response, field, messages.invalidCharacters);
  });

  it('login answers 422 on the e-mail', async () => {
    const response = await server
      .browser()
      .post('/api/login', { email: `student${NUL}@example.com`, password: 'x' });
    expectFieldError(response, 'email', messages.invalidCharacters);
  });

  it('forgot-password and reset-password answer 422 on the e-mail', async () => {
    expectFieldError(
      await server.browser().post('/api/forgot-password', { email: `a${NUL}@example.com` }),
      'email',
      messages.invalidCharacters,
    );
    expectFieldError(
      await server.browser().post('/api/reset-password', {
        token: 'abc',
        email: `a${NUL}@example.com`,
        password: 'Str0ng!pass',
        password_confirmation: 'Str0ng!pass',
      }),
      'email',
      messages.invalidCharacters,
    );
  });

  it('the search answers 422 on q', async () => {
    expectFieldError(
      await server.browser().get('/api/web/search?q=ma%00th'),
      'q',
      messages.invalidCharacters,
    );
    expectFieldError(
      await server.browser().get('/api/web/teachers?q=ma%00th'),
      'q',
      messages.invalidCharacters,
    );
    expectFieldError(await server.browser().get('/api/subjects?q=ma%00th'), 'q', messages.invalidCharacters);
  });

  it('slugs and codes in a path or a filter answer 422', async () => {
    expectFieldError(
      await server.browser().get('/api/curricula/show/cbc%00'),
      'ref',
      messages.invalidCharacters,
    );
    expectFieldError(
      await server.browser().get('/api/subjects/show/math%00s'),
      'ref',
      messages.invalidCharacters,
    );
    expectFieldError(
      await server.browser().get('/api/web/lessons/LSN%00'),
      'code',
      messages.invalidCharacters,
    );
    expectFieldError(await student.get('/api/lessons/show/LSN%00'), 'code', messages.invalidCharacters);
    expectFieldError(
      await server.browser().get('/api/web/classes?subject=math%00s'),
      'subject',
      messages.invalidCharacters,
    );
  });

  it('profile fields answer 422', async () => {
    const response = await student.post('/api/updateuserinfo', {
      first_name: `Wan${NUL}jiru`,
      last_name: 'Kamau',
      username: 'wanjiru.kamau',
      phone: '0712345678',
    });
    expectFieldError(response, 'first_name', messages.invalidCharacters);
    const store = await student.post('/api/student/complete-profile/store', {
      school_name: `Moi${NUL}`,
      study_mode: 'boarding',
      dob: '2012-01-01',
      gender: 'female',
    });
    expectFieldError(store, 'school_name', messages.invalidCharacters);
  });

  it('a question, an answer and the cart options answer 422', async () => {
    const question = await student.post('/api/questions/store', {
      subject_id: 1,
      grade_level_id: 1,
      title: `A title with ${NUL} inside`,
      body: 'A body that is long enough to be a question.',
    });
    expectFieldError(question, 'title', messages.invalidCharacters);
    const cart = await student.post('/api/cart/store', {
      purchasable_type: 'lesson',
      purchasable_id: 1,
      options: { note: `x${NUL}` },
    });
    expect(cart.status).toBe(422);
    expect(Object.keys(cart.body.errors)).toEqual(['options']);
  });

  it('the newsletter answers 422 on the e-mail', async () => {
    const response = await server.browser().post('/api/web/newsletter', { email: `news${NUL}@example.com` });
    expectFieldError(response, 'email', messages.invalidCharacters);
  });

  it('a lone surrogate is refused like a NUL', async () => {
    const response = await server.browser().post('/api/web/newsletter', { email: 'news\ud800@example.com' });
    expectFieldError(response, 'email', messages.invalidCharacters);
  });
});

describe('dates out of a sane range', () => {
  it.each(['from', 'to'])('GET /api/web/classes?%s=0000-01-01 answers 422 on that key', async (key) => {
    const response = await server.browser().get(`/api/web/classes?${key}=0000-01-01`);
    expectFieldError(response, key, messages.dateRange);
  });

  it('answers 422 for year 9999 and for a day that does not exist', async () => {
    expectFieldError(await server.browser().get('/api/web/classes?to=9999-12-31'), 'to', messages.dateRange);
    expectFieldError(
      await server.browser().get('/api/web/classes?from=2026-02-30'),
      'from',
      'Enter a date as YYYY-MM-DD.',
    );
  });

  it('still lists classes within the range', async () => {
    const response = await server.browser().get('/api/web/classes?from=1900-01-01&to=2200-12-31');
    expect(response.status).toBe(200);
  });
});

describe('e-mail length on register', () => {
  const domain = '@example.com';
  const address = (length: number) => `${'a'.repeat(length - domain.length)}${domain}`;

  it('answers 422 for a 255-character address', async () => {
    const response = await server.browser().post('/api/register', registration({ email: address(255) }));
    expectFieldError(response, 'email', messages.email);
  });

  it('answers 422 for a 10 KB address (within the body limit)', async () => {
    const response = await server.browser().post('/api/register', registration({ email: address(10_000) }));
    expectFieldError(response, 'email', messages.email);
  });

  it('answers 413 for a 1 MB address: the body is over the route limit, and nothing is stored', async () => {
    const response = await server
      .browser()
      .post('/api/register', registration({ email: address(1_000_000) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: messages.bodyTooLarge });
  });

  it('accepts a valid 254-character address', async () => {
    const response = await server
      .browser()
      .post('/api/register', registration({ email: address(254), username: 'long.address' }));
    expect(response.status, response.text).toBe(201);
  });
});
