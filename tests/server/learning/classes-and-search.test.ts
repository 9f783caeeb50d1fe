// Classes as learners see them and finding lessons to book (docs/learning-workspace.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { childIds, codesOf, PAST_CLASS_SLUG, PARENT, signedIn, STUDENT, TEACHER } from './learner';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nairobiDay = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('a learner’s classes', () => {
  it('lists the classes the learner has bookings in, by state', async () => {
    const student = await signedIn(server, STUDENT);
    const past = await student.get('/api/student/classes?filter=past');
    expect(past.status).toBe(200);
    expect(past.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 1 });
    expect(past.body.data[0]).toEqual({
      id: expect.any(Number),
      slug: PAST_CLASS_SLUG,
      title: 'Grade 7 Mathematics: fractions to equations',
      description: expect.any(String),
      type: 'catch_up',
      frequency: 'weekly',
      starts_at: expect.any(String),
      ends_at: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      subject: { id: expect.any(Number), name: 'Mathematics' },
      grade_level: {
        id: expect.any(Number),
        name: 'Grade 7',
        edu_level: { id: expect.any(Number), name: 'Junior School' },
      },
      teacher: { id: expect.any(Number), name: 'Grace Mwangi', photo: null },
      lessons_count: 3,
      booked_lessons_count: 3,
      is_approved: true,
      rejection_comment: null,
    });
    expect(new Date(past.body.data[0].ends_at).getTime()).toBeLessThan(Date.now());

    // The default tab is upcoming: the catalogue class the seed booked its first lesson of.
    const upcoming = await student.get('/api/student/classes');
    expect(upcoming.body.data.map((item: Json) => item.slug)).toEqual(['grade-7-mathematics-catch-up']);
    expect(upcoming.body.data[0]).toMatchObject({ lessons_count: 6, booked_lessons_count: 1 });
    expect((await student.get('/api/student/classes?filter=ongoing')).body.meta.total).toBe(0);
  });

  it('lists a rejected class, narrows a parent to one child, and refuses others’ children and bad filters', async () => {
    const student = await signedIn(server, STUDENT);
    await server.db
      .update(classes)
      .set({ isApproved: false, rejectionComment: 'Dates clash with the school term.' })
      .where(eq(classes.slug, PAST_CLASS_SLUG));
    const rejected = await student.get('/api/student/classes?filter=rejected');
    expect(rejected.body.data).toEqual([
      expect.objectContaining({
        slug: PAST_CLASS_SLUG,
        is_approved: false,
        rejection_comment: 'Dates clash with the school term.',
      }),
    ]);
    expect((await student.get('/api/student/classes?filter=past')).body.data).toEqual([]);
    await server.db
      .update(classes)
      .set({ isApproved: true, rejectionComment: null })
      .where(eq(classes.slug, PAST_CLASS_SLUG));

    const parent = await signedIn(server, PARENT);
    const { achieng, baraka } = await childIds(server);
    const both = await parent.get('/api/student/classes');
    expect(both.body.data.map((item: Json) => item.slug)).toEqual(['igcse-year-10-python-programming']);
    expect((await parent.get(`/api/student/classes?student_id=${baraka}`)).body.meta.total).toBe(1);
    expect((await parent.get(`/api/student/classes?student_id=${achieng}`)).body.meta.total).toBe(0);

    expect((await student.get(`/api/student/classes?student_id=${achieng}`)).status).toBe(404);
    const bad = await student.get('/api/student/classes?filter=soon');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ filter: ['Choose one of the options.'] });
    expect((await server.browser().get('/api/student/classes')).status).toBe(401);
    const stranger = await newBuyer(server);
    expect((await stranger.browser.get('/api/student/classes?filter=past')).body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 },
    });
  });

  it('shows a class’s lessons by slug or id, filtered, with the class beside them', async () => {
    const student = await signedIn(server, STUDENT);
    const bySlug = await student.get(`/api/student/lessons/${PAST_CLASS_SLUG}`);
    expect(bySlug.status).toBe(200);
    expect(codesOf(bySlug.body)).toEqual(['SOM-0201', 'SOM-0202', 'SOM-0203']);
    expect(bySlug.body.data.every((item: Json) => item.is_booked)).toBe(true);
    expect(bySlug.body.class).toMatchObject({ slug: PAST_CLASS_SLUG, booked_lessons_count: 3 });
    expect(bySlug.body.meta).toMatchObject({ total: 3 });

    const byId = await student.get(`/api/student/lessons/${bySlug.body.class.id}?filter=past`);
    expect(codesOf(byId.body)).toEqual(['SOM-0203', 'SOM-0202', 'SOM-0201']);
    expect((await student.get(`/api/student/lessons/${PAST_CLASS_SLUG}?filter=upcoming`)).body.data).toEqual(
      [],
    );

    // Anyone signed in may look at an approved class; their bookings are their own.
    const stranger = await newBuyer(server);
    const seen = await stranger.browser.get(
      '/api/student/lessons/grade-7-mathematics-catch-up?filter=upcoming',
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data).toHaveLength(6);
    expect(seen.body.data.some((item: Json) => item.is_booked)).toBe(false);
    expect(seen.body.class.booked_lessons_count).toBe(0);
    const mine = await student.get('/api/student/lessons/grade-7-mathematics-catch-up');
    expect(mine.body.data.filter((item: Json) => item.is_booked)).toHaveLength(1);
  });

  it('hides an unapproved class except from its teacher, and refuses bad input', async () => {
    await server.db.update(classes).set({ isApproved: false }).where(eq(classes.slug, PAST_CLASS_SLUG));
    const student = await signedIn(server, STUDENT);
    expect((await student.get(`/api/student/lessons/${PAST_CLASS_SLUG}`)).status).toBe(404);
    const teacher = await signedIn(server, TEACHER);
    expect((await teacher.get(`/api/student/lessons/${PAST_CLASS_SLUG}`)).status).toBe(200);
    await server.db.update(classes).set({ isApproved: true }).where(eq(classes.slug, PAST_CLASS_SLUG));
    expect((await student.get('/api/student/lessons/no-such-class')).status).toBe(404);
    expect((await student.get('/api/student/lessons/999999')).status).toBe(404);
    expect((await student.get(`/api/student/lessons/${PAST_CLASS_SLUG}?filter=later`)).status).toBe(422);
    expect((await student.get('/api/student/lessons/99999999999')).status).toBe(422);
    expect((await server.browser().get(`/api/student/lessons/${PAST_CLASS_SLUG}`)).status).toBe(401);
  });
});

describe('finding lessons to book', () => {
  it('lists approved lessons that have not started, soonest first, each with is_booked', async () => {
    const student = await signedIn(server, STUDENT);
    const list = await student.get('/api/lessons/filter?per_page=100');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
    expect(list.body.meta.total).toBeGreaterThan(150);
    const starts = list.body.data.map((item: Json) => item.start_at);
    expect(starts).toEqual([...starts].sort());
    for (const start of starts) expect(new Date(start).getTime()).toBeGreaterThan(Date.now());
    expect(codesOf(list.body)).not.toContain('SOM-0201');
    const booked = list.body.data.filter((item: Json) => item.is_booked).map((item: Json) => item.code);
    expect(booked).toEqual(expect.arrayContaining(['SOM-0206', 'SOM-0207']));
    expect(list.body.data.find((item: Json) => item.code === 'SOM-0001')).toMatchObject({ is_booked: false });
  });

  it('searches the text and filters by curriculum, grade, subject (slug or id), type and Nairobi days', async () => {
    const student = await signedIn(server, STUDENT);
    const found = await student.get('/api/lessons/filter?q=pseudocode&per_page=100');
    expect(found.body.data.length).toBeGreaterThan(0);
    for (const item of found.body.data)
      expect(`${item.objective} ${item.topic?.name ?? ''}`.toLowerCase()).toMatch(/pseudocode|algorithm/);

    const bySlug = await student.get('/api/lessons/filter?subject=physics&curriculum=8-4-4&per_page=100');
    expect(bySlug.body.data.length).toBeGreaterThan(0);
    for (const item of bySlug.body.data) expect(item.subject.name).toBe('Physics');
    const subjectId = bySlug.body.data[0].subject.id;
    const byId = await student.get(`/api/lessons/filter?subject=${subjectId}&curriculum=8-4-4&per_page=100`);
    expect(codesOf(byId.body)).toEqual(codesOf(bySlug.body));

    const grade = await student.get('/api/lessons/filter?grade_level=cbc-grade-4&per_page=100');
    expect(grade.body.data.length).toBeGreaterThan(0);
    for (const item of grade.body.data) expect(item.grade_level.name).toBe('Grade 4');

    const groups = await student.get('/api/lessons/filter?type=group&per_page=100');
    expect(groups.body.data.length).toBeGreaterThan(0);
    for (const item of groups.body.data) expect(item.type.name).toBe('Group');

    const [from, to] = [nairobiDay(3), nairobiDay(4)];
    const days = await student.get(`/api/lessons/filter?from=${from}&to=${to}&per_page=100`);
    expect(days.body.data.length).toBeGreaterThan(0);
    for (const item of days.body.data) {
      const day = new Date(new Date(item.start_at).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
      expect([from, to]).toContain(day);
    }
    expect((await student.get('/api/lessons/filter?subject=no-such-subject')).body.meta.total).toBe(0);
  });

  it('answers 422 for an unknown type, a bad day and an end before the start; 401 signed out', async () => {
    const student = await signedIn(server, STUDENT);
    const answer = await student.get(`/api/lessons/filter?type=party&from=2026-02-30&page=0`);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['from', 'page', 'type']);
    const backwards = await student.get(`/api/lessons/filter?from=${nairobiDay(5)}&to=${nairobiDay(2)}`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['The end date must not be before the start date.'] });
    expect((await server.browser().get('/api/lessons/filter')).status).toBe(401);
  });
});
