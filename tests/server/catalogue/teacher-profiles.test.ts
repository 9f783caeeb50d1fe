// Teacher profiles and ratings on the public site (issue 25, docs/reviews-messages.md "Teacher
// profile pages"): the profile's shape, the reviews pages, the rating on every card, the teachers
// list's sort and level filter, and the Bayesian score against a hand-computed example.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, reviews, students, teachers } from '../../../server/db/schema';
import { forgetSiteMean } from '../../../server/services/rating-service';
import { startTestServer, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const visitor = () => server.browser();

async function teacherNamed(first: string): Promise<Json> {
  const list = await visitor().get(`/api/web/teachers?q=${first}`);
  return list.body.data[0];
}

describe('a teacher profile', () => {
  it('carries what the profile page shows: user id, joining date, levels, rating and the first reviews', async () => {
    const grace = await teacherNamed('grace');
    const answer = await visitor().get(`/api/web/teachers/${grace.id}`);
    expect(answer.status).toBe(200);
    const profile = answer.body.data;
    expect(profile).toMatchObject({
      id: grace.id,
      first_name: 'Grace',
      user_id: expect.any(Number),
      joined_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      rating: {
        score: expect.any(Number),
        mean: expect.any(Number),
        count: expect.any(Number),
        distribution: { '1': expect.any(Number), '5': expect.any(Number) },
      },
      reviews: { meta: { current_page: 1, per_page: 10 } },
    });
    expect(profile.levels.map((level: Json) => level.slug)).toContain('cbc-grade-7');
    const { distribution, count } = profile.rating;
    expect(Object.values(distribution).reduce((a: number, b) => a + Number(b), 0)).toBe(count);
    expect(profile.reviews.meta.total).toBe(count);
    const created = profile.reviews.data.map((review: Json) => review.created_at);
    expect(created).toEqual([...created].sort().reverse());
    for (const review of profile.reviews.data) {
      // First name and last initial only; nothing else of the learner.
      expect(review.author).toEqual({ name: expect.stringMatching(/^\S+ [A-Z]\.$/) });
      expect(Object.keys(review).sort()).toEqual(
        ['author', 'by_parent', 'created_at', 'edited', 'id', 'reply', 'stars', 'text', 'updated_at'].sort(),
      );
    }
    expect(answer.text).not.toMatch(/@example\.com/);
  });

  it('pages its reviews, newest first, and answers 404 for a teacher who is not approved or does not exist', async () => {
    const grace = await teacherNamed('grace');
    const first = await visitor().get(`/api/web/teachers/${grace.id}/reviews`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 10 });
    const beyond = await visitor().get(
      `/api/web/teachers/${grace.id}/reviews?page=${first.body.meta.last_page + 1}`,
    );
    expect(beyond.body).toMatchObject({ data: [], meta: { total: first.body.meta.total } });
    expect((await visitor().get(`/api/web/teachers/${grace.id}/reviews?page=0`)).status).toBe(422);

    const [pending] = await server.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.status, 'new'));
    for (const id of [pending?.id, 999_999]) {
      expect((await visitor().get(`/api/web/teachers/${id}`)).status).toBe(404);
      expect((await visitor().get(`/api/web/teachers/${id}/reviews`)).status).toBe(404);
    }
  });

  it('puts the rating without distribution on every teacher summary: lessons, classes, teachers, home', async () => {
    const [lessonList, classes, list, home] = await Promise.all([
      visitor().get('/api/web/lessons?per_page=5'),
      visitor().get('/api/web/classes?per_page=5'),
      visitor().get('/api/web/teachers?per_page=5'),
      visitor().get('/api/web'),
    ]);
    const summaries = [
      ...lessonList.body.data.map((lesson: Json) => lesson.teacher),
      ...classes.body.data.map((item: Json) => item.teacher),
      ...list.body.data,
      ...home.body.data.teachers,
      ...home.body.data.lessons.map((lesson: Json) => lesson.teacher),
    ];
    expect(summaries.length).toBeGreaterThan(10);
    for (const teacher of summaries) {
      expect(Object.keys(teacher.rating).sort()).toEqual(['count', 'mean', 'score']);
      expect(teacher.rating.count).toBeGreaterThan(0); // the seed reviews every approved teacher
    }
  });
});

describe('the teachers list', () => {
  it('sorts by rating: score, then count, highest first', async () => {
    const answer = await visitor().get('/api/web/teachers?sort=rating&per_page=100');
    expect(answer.status).toBe(200);
    const ratings = answer.body.data.map((teacher: Json) => teacher.rating);
    for (let i = 1; i < ratings.length; i += 1) {
      const [before, after] = [ratings[i - 1], ratings[i]];
      expect(before.score).toBeGreaterThanOrEqual(after.score);
      if (before.score === after.score) expect(before.count).toBeGreaterThanOrEqual(after.count);
    }
    expect((await visitor().get('/api/web/teachers?sort=stars')).body).toMatchObject({
      errors: { sort: [expect.any(String)] },
    });
  });

  it('filters by grade level: teachers of a lesson or class of that level', async () => {
    const answer = await visitor().get('/api/web/teachers?level=cbc-grade-7&per_page=100');
    expect(answer.status).toBe(200);
    const all = await visitor().get('/api/web/teachers?per_page=100');
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data.length).toBeLessThan(all.body.data.length);
    for (const teacher of answer.body.data.slice(0, 4)) {
      const profile = await visitor().get(`/api/web/teachers/${teacher.id}`);
      expect(profile.body.data.levels.map((level: Json) => level.slug)).toContain('cbc-grade-7');
    }
    const unknown = await visitor().get('/api/web/teachers?level=grade-99');
    expect(unknown.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('the rating', () => {
  it('is the Bayesian average against the site mean of counted reviews; a hidden review neither counts nor shows', async () => {
    const [a, b] = (await visitor().get('/api/web/teachers?per_page=2')).body.data;
    const learners = await server.db
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .limit(4);
    expect(learners).toHaveLength(4);
    // The whole site's reviews, by hand: A has 5, 5, 4 and a hidden 1; B has a 1.
    await server.db.delete(reviews);
    const review = (
      teacherId: number,
      learner: (typeof learners)[number],
      stars: number,
      status = 'published',
    ) => ({
      teacherId,
      studentId: learner.id,
      authorUserId: learner.userId,
      stars,
      text: status === 'hidden' ? 'Rude words that an admin hid from the profile.' : null,
      status: status as 'published' | 'hidden',
    });
    await server.db
      .insert(reviews)
      .values([
        review(a.id, learners[0]!, 5),
        review(a.id, learners[1]!, 5),
        review(a.id, learners[2]!, 4, 'reported'),
        review(a.id, learners[3]!, 1, 'hidden'),
        review(b.id, learners[0]!, 1),
      ]);
    forgetSiteMean(server.db);
    // Site mean C = (5 + 5 + 4 + 1) / 4 = 3.75, prior weight m = 5.
    // A: (5 · 3.75 + 14) / (5 + 3) = 32.75 / 8 = 4.09375; raw mean 14 / 3 = 4.67.
    // B: (5 · 3.75 + 1) / (5 + 1) = 19.75 / 6 = 3.2917.
    const profileA = (await visitor().get(`/api/web/teachers/${a.id}`)).body.data;
    expect(profileA.rating).toEqual({
      score: 4.09,
      mean: 4.67,
      count: 3,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 },
    });
    expect(profileA.reviews.data.map((item: Json) => item.stars).sort()).toEqual([4, 5, 5]);
    expect(profileA.reviews.meta.total).toBe(3);
    expect((await visitor().get(`/api/web/teachers/${b.id}`)).body.data.rating).toMatchObject({
      score: 3.29,
      mean: 1,
      count: 1,
    });

    // Sorted by rating, A comes first, B next, and the teachers without reviews last ("New").
    const sorted = (await visitor().get('/api/web/teachers?sort=rating&per_page=100')).body.data;
    expect(sorted.slice(0, 2).map((teacher: Json) => teacher.id)).toEqual([a.id, b.id]);
    expect(sorted[2].rating).toEqual({ score: null, mean: null, count: 0 });

    // On a lesson card too, without the distribution.
    const [lesson] = await server.db
      .select({ code: lessons.code })
      .from(lessons)
      .where(and(eq(lessons.teacherId, a.id), eq(lessons.isApproved, true), gt(lessons.startAt, new Date())))
      .limit(1);
    if (lesson) {
      const view = (await visitor().get(`/api/web/lessons/${lesson.code}`)).body.data;
      expect(view.teacher.rating).toEqual({ score: 4.09, mean: 4.67, count: 3 });
    }
    await server.db.delete(reviews).where(inArray(reviews.teacherId, [a.id, b.id]));
  });
});
