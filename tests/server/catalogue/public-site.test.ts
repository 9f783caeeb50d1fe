import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const visitor = () => server.browser();

/** Every key anywhere in a JSON answer. */
function keysOf(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, found));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  return found;
}

const PRIVATE_KEYS = [
  'email',
  'phone',
  'id_number',
  'tsc_number',
  'dob',
  'wallet',
  'status',
  'has_id_number',
  'user_id',
];

describe('teachers on the public site', () => {
  it('lists only approved teachers, by last name, without any private field', async () => {
    const answer = await visitor().get('/api/web/teachers?per_page=100');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ current_page: 1, per_page: 100, total: 20 });
    const names = answer.body.data.map((teacher: Json) => `${teacher.last_name} ${teacher.first_name}`);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).not.toContain('Mutua Brian'); // newteacher@example.com is still `new`
    const keys = keysOf(answer.body);
    for (const key of PRIVATE_KEYS) expect(keys.has(key), key).toBe(false);
    expect(answer.text).not.toMatch(/@example\.com|28765432|456789|2547\d{8}/);
  });

  it('shows an approved teacher with lessons and classes, and nothing private', async () => {
    const list = await visitor().get('/api/web/teachers?q=grace');
    const grace = list.body.data[0];
    expect(grace).toMatchObject({ first_name: 'Grace', last_name: 'Mwangi', qualification_level: 'Masters' });
    const profile = await visitor().get(`/api/web/teachers/${grace.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data.upcoming_lessons.length).toBeGreaterThan(0);
    expect(profile.body.data.subjects.map((subject: Json) => subject.slug)).toContain('mathematics');
    // The profile names the teacher's user id, to write to them (issue 25); nothing else private.
    expect(profile.body.data.user_id).toEqual(expect.any(Number));
    const keys = keysOf({ ...profile.body.data, user_id: null });
    for (const key of PRIVATE_KEYS.filter((key) => key !== 'user_id')) expect(keys.has(key), key).toBe(false);
    expect(keysOf(profile.body.data.upcoming_lessons).has('user_id')).toBe(false);
    expect(profile.text).not.toMatch(/teacher@example\.com|28765432|456789|254733456789/);
  });

  it('answers 404 for a teacher who is not approved', async () => {
    const signedIn = server.browser();
    await signedIn.signIn('newteacher@example.com');
    const me = await signedIn.get('/api/user');
    const answer = await visitor().get(`/api/web/teachers/${me.body.data.teacher.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found.' });
  });

  it('filters teachers by subject slug, and an unknown slug gives an empty list', async () => {
    const chemistry = await visitor().get('/api/web/teachers?subject=chemistry&per_page=100');
    expect(chemistry.body.data.length).toBeGreaterThan(0);
    for (const teacher of chemistry.body.data)
      expect(teacher.subjects.map((subject: Json) => subject.slug)).toContain('chemistry');
    const unknown = await visitor().get('/api/web/teachers?subject=astrology');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });
});

describe('lessons and the home page', () => {
  it('shows a public lesson by code with teacher biography, and 404 for an unknown code', async () => {
    const list = await visitor().get('/api/web/lessons?subject=mathematics&per_page=5');
    expect(list.status).toBe(200);
    const first = list.body.data[0];
    expect(first.subject.slug).toBe('mathematics');
    const lesson = await visitor().get(`/api/web/lessons/${first.code}`);
    expect(lesson.body.data).toMatchObject({
      code: first.code,
      bookable: true,
      price: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(lesson.body.data.teacher.biography).toEqual(expect.any(String));
    expect(keysOf(lesson.body).has('link')).toBe(false);
    expect((await visitor().get('/api/web/lessons/NO-SUCH')).status).toBe(404);
  });

  it('lists upcoming lessons soonest first', async () => {
    const list = await visitor().get('/api/web/lessons?per_page=50');
    const starts = list.body.data.map((lesson: Json) => lesson.start_at);
    expect(starts).toEqual([...starts].sort());
    expect(new Date(starts[0]).getTime()).toBeGreaterThan(Date.now());
    expect(list.body.meta.total).toBeGreaterThanOrEqual(150);
  });

  it('gathers the home page in one call', async () => {
    const answer = await visitor().get('/api/web');
    expect(answer.status).toBe(200);
    const home = answer.body.data;
    expect(home.classes).toHaveLength(6);
    expect(home.lessons).toHaveLength(6);
    expect(home.teachers).toHaveLength(8);
    expect(home.questions).toHaveLength(5);
    expect(home.packages.map((plan: Json) => plan.name)).toEqual(['Basic', 'Standard', 'Premium']);
    expect(home.stats.teachers).toBe(20);
    expect(home.subjects[0].lessons_count).toBeGreaterThanOrEqual(home.subjects[1].lessons_count);
    expect(answer.text).not.toMatch(/@example\.com/);
  });
});

describe('plans and FAQs', () => {
  it('lists the plans by price with their features', async () => {
    const answer = await visitor().get('/api/web/packages');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((plan: Json) => [plan.name, plan.price, plan.recommended])).toEqual([
      ['Basic', '1000.00', false],
      ['Standard', '2500.00', true],
      ['Premium', '6000.00', false],
    ]);
    // Only what checkout applies (issue 24): the included lessons, their cap and the discount.
    expect(
      answer.body.data[1].features.map((feature: Json) => [feature.name, feature.display_value]),
    ).toEqual([
      ['Lessons included each month', '4'],
      ['Price of an included lesson', 'Up to KES 1,000'],
      ['Off every other lesson', '15%'],
    ]);
    expect(answer.body.data[1].entitlements).toEqual({
      included_lessons: 4,
      lesson_cap: '1000.00',
      discount_percent: 15,
    });
  });

  it('lists the ten FAQs in order', async () => {
    const answer = await visitor().get('/api/web/faqs');
    expect(answer.body.data).toHaveLength(10);
    expect(answer.body.data.map((faq: Json) => faq.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answer.body.data[0].question).toBe('How do I pay for a lesson with M-Pesa?');
  });
});

describe('newsletter sign-up', () => {
  it('stores one row per address, whatever its case, and says thank you both times', async () => {
    const browser = visitor();
    const first = await browser.post('/api/web/newsletter', { email: 'Reader@Example.org' });
    const again = await browser.post('/api/web/newsletter', { email: '  reader@example.ORG ' });
    const thanks = { message: 'Thank you for subscribing to the Somesha newsletter.' };
    expect(first).toMatchObject({ status: 200, body: thanks });
    expect(again).toMatchObject({ status: 200, body: thanks });
    const { newsletterSubscriptions } = await import('../../../server/db/schema');
    const rows = await server.db.select().from(newsletterSubscriptions);
    expect(rows.filter((row) => row.email.toLowerCase() === 'reader@example.org')).toHaveLength(1);
  });

  it('refuses an invalid address with a 422 on the field', async () => {
    const answer = await visitor().post('/api/web/newsletter', { email: 'not-an-address' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Enter a valid e-mail address.',
      errors: { email: ['Enter a valid e-mail address.'] },
    });
  });

  it('needs the XSRF token like every write', async () => {
    const answer = await visitor().post('/api/web/newsletter', { email: 'a@b.co' }, { csrf: false });
    expect(answer.status).toBe(419);
  });
});

describe('caching of public answers', () => {
  it('lets a browser reuse the home page, plans and FAQs for a minute, but never a list with filters', async () => {
    for (const path of ['/api/web', '/api/web/packages', '/api/web/faqs', '/api/web/filters']) {
      const answer = await visitor().get(path);
      expect(answer.headers.get('cache-control'), path).toBe('public, max-age=60');
    }
    expect((await visitor().get('/api/web/classes')).headers.get('cache-control')).toBe('no-store');
    expect((await visitor().get('/api/web/classes?page=0')).headers.get('cache-control')).toBe('no-store');
  });
});
