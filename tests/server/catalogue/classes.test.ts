import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.browser().get(path);
const nairobiDay = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('public classes', () => {
  it('pages through all 30 classes by start date, 12 at a time', async () => {
    const first = await get('/api/web/classes');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 12, total: 30 });
    const third = await get('/api/web/classes?page=3');
    expect(third.body.data).toHaveLength(6);
    const beyond = await get('/api/web/classes?page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], meta: { current_page: 9, last_page: 3, total: 30 } });
    const all = await get('/api/web/classes?per_page=100');
    const starts = all.body.data.map((item: Json) => item.starts_at);
    expect(starts).toEqual([...starts].sort());
  });

  it('describes a class with its subject, grade, teacher and next lesson', async () => {
    const answer = await get('/api/web/classes?subject=physics&grade_level=8-4-4-form-4');
    expect(answer.body.data).toHaveLength(1);
    const item = answer.body.data[0];
    expect(item).toMatchObject({
      title: 'Form 4 KCSE Physics revision',
      type: 'revision',
      frequency: 'weekly',
      lessons_count: 6,
      subject: { slug: 'physics' },
      grade_level: {
        slug: '8-4-4-form-4',
        edu_level: { slug: '8-4-4-secondary', curriculum: { acronym: '8-4-4' } },
      },
      curriculum: { slug: '8-4-4' },
      teacher: { first_name: 'Kevin', last_name: 'Omondi' },
      next_lesson: { code: expect.stringMatching(/^SOM-\d{4}$/) },
    });
    expect(item.price).toMatch(/^\d+\.00$/);
    const lesson = await get(`/api/web/lessons/${item.next_lesson.code}`);
    expect(lesson.body.data.class).toEqual({ id: item.id, title: item.title });
  });

  it('filters by curriculum, type and price, by slug or id', async () => {
    const bySlug = await get('/api/web/classes?curriculum=igcse&per_page=100');
    expect(bySlug.body.data.length).toBeGreaterThan(0);
    for (const item of bySlug.body.data) expect(item.curriculum.slug).toBe('igcse');
    const curriculumId = bySlug.body.data[0].curriculum.id;
    const byId = await get(`/api/web/classes?curriculum=${curriculumId}&per_page=100`);
    expect(byId.body.data.map((item: Json) => item.id)).toEqual(
      bySlug.body.data.map((item: Json) => item.id),
    );

    const revision = await get('/api/web/classes?type=revision&per_page=100');
    expect(revision.body.data.length).toBeGreaterThan(0);
    for (const item of revision.body.data) expect(item.type).toBe('revision');

    const cheap = await get('/api/web/classes?max_price=3000&per_page=100');
    const dear = await get('/api/web/classes?min_price=3001&per_page=100');
    for (const item of cheap.body.data) expect(Number(item.price)).toBeLessThanOrEqual(3000);
    for (const item of dear.body.data) expect(Number(item.price)).toBeGreaterThan(3000);
    expect(cheap.body.meta.total + dear.body.meta.total).toBe(30);
  });

  it('filters by a date range of Nairobi days that overlaps each class', async () => {
    const from = nairobiDay(42);
    const to = nairobiDay(60);
    const late = await get(`/api/web/classes?from=${from}&to=${to}&per_page=100`);
    expect(late.body.meta.total).toBeGreaterThan(0);
    expect(late.body.meta.total).toBeLessThan(30);
    const fromStart = new Date(`${from}T00:00:00+03:00`).getTime();
    for (const item of late.body.data)
      expect(new Date(item.ends_at).getTime()).toBeGreaterThanOrEqual(fromStart);
    const past = await get('/api/web/classes?from=2020-01-01&to=2020-01-31');
    expect(past.body.meta.total).toBe(0);
  });

  it('answers 422 on each bad parameter', async () => {
    const answer = await get('/api/web/classes?type=party&page=0&per_page=500&min_price=abc&from=2026-02-30');
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['from', 'min_price', 'page', 'per_page', 'type']);
    expect(answer.body.errors.type).toEqual(['Choose one of the options.']);
    expect(answer.body.errors.per_page).toEqual(['Enter a number of at most 100.']);
    expect(answer.body.message).toEqual(expect.any(String));
    const reversed = await get('/api/web/classes?min_price=5000&max_price=100&from=2026-12-10&to=2026-12-01');
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.errors).sort()).toEqual(['max_price', 'to']);
  });

  it('gives the filter options in one call', async () => {
    const answer = await get('/api/web/filters');
    expect(answer.body.data.curricula.map((item: Json) => item.acronym)).toEqual(['CBC', '8-4-4', 'IGCSE']);
    const grade7 = answer.body.data.grade_levels.find((grade: Json) => grade.slug === 'cbc-grade-7');
    expect(grade7).toMatchObject({ name: 'Grade 7', curriculum_id: answer.body.data.curricula[0].id });
    expect(answer.body.data.subjects.length).toBeGreaterThan(10);
  });
});
