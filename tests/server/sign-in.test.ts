import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  curricula,
  gradeLevelSubjects,
  gradeLevels,
  roles,
  subjects,
  userRoles,
  users,
  wallets,
} from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { newBuyer } from './commerce/buyers';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/login', () => {
  it('answers 422 with the exact SPEC text for a wrong password', async () => {
    const response = await server
      .browser()
      .post('/api/login', { email: 'teacher@example.com', password: 'Wrong-passw0rd' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'Invalid credentials. please try again.',
      errors: { email: ['Invalid credentials. please try again.'] },
    });
  });

  it('gives the same answer for an unknown address', async () => {
    const response = await server
      .browser()
      .post('/api/login', { email: 'nobody@example.com', password: 'Passw0rd!' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Invalid credentials. please try again.');
  });

  it('signs in with 204 and rotates the session id and CSRF token', async () => {
    const browser = server.browser();
    await browser.csrf();
    const visitorSession = browser.cookie('somesha_session');
    const visitorToken = browser.cookie('XSRF-TOKEN');
    expect(visitorSession).toBeDefined();

    const response = await browser.post('/api/login', {
      email: 'student@example.com',
      password: 'Passw0rd!',
    });
    expect(response.status).toBe(204);
    expect(browser.cookie('somesha_session')).toBeDefined();
    expect(browser.cookie('somesha_session')).not.toBe(visitorSession);
    expect(browser.cookie('XSRF-TOKEN')).not.toBe(visitorToken);

    // The pre-login session id is dead: a planted cookie gives no access.
    const planted = server.browser();
    planted.cookies.set('somesha_session', visitorSession ?? '');
    expect((await planted.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('keeps a remembered session for 30 days in the cookie', async () => {
    const response = await fetch(`${server.baseUrl}/sanctum/csrf-cookie`);
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    const token = decodeURIComponent(
      cookies.find((pair) => pair?.startsWith('XSRF-TOKEN='))?.slice(11) ?? '',
    );
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': token },
      body: JSON.stringify({ email: 'student@example.com', password: 'Passw0rd!', remember: true }),
    });
    expect(login.status).toBe(204);
    const session = login.headers.getSetCookie().find((line) => line.startsWith('somesha_session='));
    expect(session).toMatch(/Max-Age=2592000/);
  });

  it('answers 429 with Retry-After on the sixth attempt within a minute', async () => {
    const browser = server.browser();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.post('/api/login', {
        email: 'flood@example.com',
        password: `Wrong${attempt}!`,
      });
      expect(response.status).toBe(422);
    }
    const sixth = await browser.post('/api/login', { email: 'flood@example.com', password: 'Passw0rd!' });
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.body).toEqual({ message: `Too many attempts. Try again in ${retryAfter} seconds.` });
    // The limit is per address: another account from the same place still signs in.
    expect(
      (await browser.post('/api/login', { email: 'parent@example.com', password: 'Passw0rd!' })).status,
    ).toBe(204);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: 204, cookies cleared, then GET /api/user is 401', async () => {
    const browser = server.browser();
    await browser.signIn('teacher@example.com');
    const session = browser.cookie('somesha_session');
    const response = await browser.post('/api/logout');
    expect(response.status).toBe(204);
    expect(browser.cookie('somesha_session')).toBeUndefined();
    expect(browser.cookie('XSRF-TOKEN')).toBeUndefined();

    const replay = server.browser();
    replay.cookies.set('somesha_session', session ?? '');
    const user = await replay.get('/api/user');
    expect(user.status).toBe(401);
    expect(user.body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('a signed-in session', () => {
  // The session hook reads the account's status and roles with the session (issue 27); a change
  // to either counts at the next request, as when the guard read them itself.
  it('loses its rights at once when its account is suspended, and follows role changes', async () => {
    const learner = await newBuyer(server);
    expect((await learner.browser.get('/api/lessons/bookings')).status).toBe(200);
    expect((await learner.browser.get('/api/admin/lessons')).status).toBe(403);

    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, learner.userId));
    const suspended = await learner.browser.get('/api/lessons/bookings');
    expect(suspended).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });

    await server.db.update(users).set({ status: 'active' }).where(eq(users.id, learner.userId));
    expect((await learner.browser.get('/api/lessons/bookings')).status).toBe(200);
    const [admin] = await server.db.select().from(roles).where(eq(roles.name, 'admin'));
    await server.db.insert(userRoles).values({ userId: learner.userId, roleId: admin?.id ?? 0 });
    expect((await learner.browser.get('/api/admin/lessons')).status).toBe(200);
    await server.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, learner.userId), eq(userRoles.roleId, admin?.id ?? 0)));
    expect((await learner.browser.get('/api/admin/lessons')).status).toBe(403);
  });
});

describe('GET /api/user', () => {
  const secrets = /password|pin_hash|"pin"|"id_number"|"tsc_number"|scrypt|"28765432"|"456789"/;

  it('answers 401 without a signed-in session', async () => {
    const response = await server.browser().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('shows the demo student with school, curriculum, grade and a KES 10,000 wallet with a PIN', async () => {
    const browser = server.browser();
    await browser.signIn('student@example.com');
    const response = await browser.get('/api/user');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      username: 'wanjiru.kamau',
      first_name: 'Wanjiru',
      last_name: 'Kamau',
      email: 'student@example.com',
      status: 'active',
      gender: 'female',
      dob: '2013-03-14',
      display_photo_url: null,
      roles: [{ name: 'student' }],
      student: {
        school_name: 'Kilimani Junior School, Nairobi',
        study_mode: 'day_scholar',
        profile_completed: true,
        curriculum: { acronym: 'CBC', slug: 'cbc' },
        edu_level: { name: 'Junior School' },
        grade_level: { name: 'Grade 7' },
      },
      parent: null,
      teacher: null,
      wallet: { balance: '10000.00', currency: 'KES', has_pin: true },
    });
    expect(response.body.data.student.student_no).toMatch(/^STD-\d{4}-\d{5}$/);
    expect(response.text).not.toMatch(secrets);
  });

  it('shows the demo parent with two children, each with school and grade', async () => {
    const browser = server.browser();
    await browser.signIn('parent@example.com');
    const { body, text } = await browser.get('/api/user');
    expect(body.data.roles).toEqual([expect.objectContaining({ name: 'parent' })]);
    expect(body.data.parent).toMatchObject({ profile_completed: true, students_count: 2 });
    expect(body.data.parent.students).toEqual([
      expect.objectContaining({
        profile_completed: true,
        grade_level: expect.objectContaining({ name: 'Grade 4' }),
        user: expect.objectContaining({ first_name: 'Achieng', last_name: 'Otieno', gender: 'female' }),
      }),
      expect.objectContaining({
        study_mode: 'boarding',
        grade_level: expect.objectContaining({ name: 'Year 10' }),
        user: expect.objectContaining({ first_name: 'Baraka' }),
      }),
    ]);
    expect(body.data.parent.students[0].user).not.toHaveProperty('email');
    expect(text).not.toMatch(secrets);
  });

  it('shows the approved demo teacher with subjects, and never the ID or TSC number', async () => {
    const browser = server.browser();
    await browser.signIn('teacher@example.com');
    const { body, text } = await browser.get('/api/user');
    expect(body.data.teacher).toMatchObject({
      status: 'approved',
      qualification_level: 'Masters',
      current_workplace: 'Alliance Girls High School, Kikuyu',
      has_id_number: true,
      has_tsc_number: true,
    });
    expect(body.data.teacher.biography.length).toBeGreaterThan(50);
    expect(body.data.teacher.subjects.map((subject: { name: string }) => subject.name)).toEqual([
      'Computer Science',
      'Mathematics',
      'Physics',
    ]);
    expect(body.data.teacher.subjects[0].color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(text).not.toMatch(secrets);
  });

  it('shows the admin with the admin role and no profile', async () => {
    const browser = server.browser();
    await browser.signIn('admin@example.com');
    const { body } = await browser.get('/api/user');
    expect(body.data.roles).toEqual([expect.objectContaining({ name: 'admin' })]);
    expect(body.data).toMatchObject({ student: null, parent: null, teacher: null });
  });

  it('shows the new teacher with status new', async () => {
    const browser = server.browser();
    await browser.signIn('newteacher@example.com');
    const { body } = await browser.get('/api/user');
    expect(body.data.teacher).toMatchObject({ status: 'new', subjects: [] });
  });
});

describe('seed', () => {
  it('can run again without duplicating anything or touching changed data', async () => {
    const tables = [users, wallets, curricula, gradeLevels, subjects, gradeLevelSubjects];
    const counts = async () =>
      Promise.all(tables.map(async (table) => (await server.db.select({ n: count() }).from(table))[0]?.n));
    const before = await counts();
    await seed(server.db);
    expect(await counts()).toEqual(before);
    expect(before[2]).toBe(3);
    // CBC 12 grades, 8-4-4 12 forms and standards, IGCSE 13 years.
    expect(before[3]).toBe(37);
  });
});
