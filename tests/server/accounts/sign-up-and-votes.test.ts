// Sign-up limits (per address and per e-mail) and votes on one's own answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const registration = (index: number, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Bot',
  last_name: 'Signup',
  username: `bot_signup_${index}`,
  email: `bot${index}@example.com`,
  phone: `0712 345 ${String(100 + index).padStart(3, '0')}`,
  password: 'Str0ng!pass',
  password_confirmation: 'Str0ng!pass',
  role: 'student',
  terms: true,
  ...overrides,
});

const tooMany = /^Too many attempts\. Try again in \d+ seconds\.$/;

describe('POST /api/register limits', () => {
  it('refuses 15 quick sign-ups from one address with 429 and sends fewer activation mails', async () => {
    const before = (await server.mail()).length;
    const statuses: number[] = [];
    for (let index = 1; index <= 15; index += 1) {
      const response = await server.browser().post('/api/register', registration(index));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toEqual({ message: expect.stringMatching(tooMany) });
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(response.body.message).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    const mails = (await server.mail()).length - before;
    expect(mails).toBe(10);
  });

  it('limits sign-ups for one e-mail address from many places', async () => {
    // Behind no proxy every test request has the same address; the per-address limit is spent
    // already, so this runs on a fresh server with one trusted proxy hop.
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      const statuses: number[] = [];
      for (let index = 1; index <= 5; index += 1) {
        const response = await proxied
          .browser()
          .post('/api/register', registration(100 + index, { email: 'same.person@example.com' }), {
            headers: { 'x-forwarded-for': `198.51.100.${index}` },
          });
        statuses.push(response.status);
      }
      // The first one signs up; the next two are answered alike (the address's owner hears of them,
      // once an hour); then the limit answers.
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const mails = (await proxied.mail()).filter((mail) => mail.to === 'same.person@example.com');
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Someone tried to sign up with your e-mail address',
        'Activate your Somesha account',
      ]);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/questions/answers/votes/store on your own answer', () => {
  it('answers 422 with a clear message and counts no vote', async () => {
    const author = server.browser();
    await author.signIn('teacher@example.com');
    const filters = await server.browser().get('/api/web/filters');
    const subject = filters.body.data.subjects[0].id;
    const grade = filters.body.data.grade_levels[0].id;
    const student = server.browser();
    await student.signIn('student@example.com');
    const asked = await student.post('/api/questions/store', {
      subject_id: subject,
      grade_level_id: grade,
      title: 'Why is the sky blue at noon?',
      body: 'I read something about scattering but do not understand it.',
    });
    expect(asked.status).toBe(201);
    const answered = await author.post(`/api/questions/answers/store/${asked.body.data.id}`, {
      body: 'Shorter wavelengths scatter more in the air (Rayleigh scattering).',
    });
    expect(answered.status).toBe(201);
    const answerId = answered.body.data.id;

    for (const type of ['like', 'dislike']) {
      const own = await author.post('/api/questions/answers/votes/store', { answer_id: answerId, type });
      expect(own.status).toBe(422);
      expect(own.body).toEqual({
        message: 'You cannot vote on your own answer.',
        errors: { answer_id: ['You cannot vote on your own answer.'] },
      });
    }
    const listed = await server.browser().get(`/api/questions/answers/${asked.body.data.id}`);
    expect(listed.body.data[0]).toMatchObject({ id: answerId, likes_count: 0, dislikes_count: 0 });
    // Someone else may vote on it.
    const other = await student.post('/api/questions/answers/votes/store', {
      answer_id: answerId,
      type: 'like',
    });
    expect(other.status).toBe(200);
  });
});
