import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.browser().get(path);

describe('search', () => {
  it('finds every kind for "mathematics", best rank first, with counts per kind', async () => {
    const answer = await get('/api/web/search?q=mathematics&per_page=100');
    expect(answer.status).toBe(200);
    const { counts } = answer.body.meta;
    for (const kind of ['lesson', 'class', 'teacher', 'question', 'subject'])
      expect(counts[kind], kind).toBeGreaterThan(0);
    expect(answer.body.meta.total).toBe(
      Object.values(counts).reduce((sum: number, value) => sum + Number(value), 0),
    );
    const ranks = answer.body.data.map((result: Json) => result.rank);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => b - a));
    const subject = answer.body.data.find((result: Json) => result.kind === 'subject');
    expect(subject).toMatchObject({ title: 'Mathematics', slug: 'mathematics', code: null });
    const lesson = answer.body.data.find((result: Json) => result.kind === 'lesson');
    expect(lesson).toMatchObject({
      code: expect.stringMatching(/^SOM-/),
      price: expect.stringMatching(/\.\d{2}$/),
    });
    expect(answer.text).not.toMatch(/@example\.com/);
  });

  it('ranks a title match above a body match', async () => {
    const asker = server.browser();
    await asker.signIn('student@example.com');
    const grades = (await get('/api/web/filters')).body.data;
    const base = { subject_id: grades.subjects[0].id, grade_level_id: grades.grade_levels[0].id };
    const inBody = await asker.post('/api/questions/store', {
      ...base,
      title: 'A question about my homework',
      body: 'Our teacher mentioned photosynthesis briefly, but the exercise is about something else.',
    });
    const inTitle = await asker.post('/api/questions/store', {
      ...base,
      title: 'Photosynthesis in green plants',
      body: 'Which gas do leaves take in during the day, and which do they give out?',
    });
    const answer = await get('/api/web/search?q=photosynthesis&type=question');
    const ids = answer.body.data.map((result: Json) => result.id);
    expect(ids).toContain(inBody.body.data.id);
    expect(ids.indexOf(inTitle.body.data.id)).toBeLessThan(ids.indexOf(inBody.body.data.id));
    for (const result of answer.body.data) expect(result.kind).toBe('question');
  });

  it('finds a teacher by name and by the subjects they teach', async () => {
    const byName = await get('/api/web/search?q=omondi&type=teacher');
    expect(byName.body.data[0]).toMatchObject({ kind: 'teacher', title: 'Kevin Omondi' });
    const bySubject = await get('/api/web/search?q=chemistry&type=teacher&per_page=50');
    expect(bySubject.body.data.map((result: Json) => result.title)).toContain('Patrick Mwende');
  });

  it("finds a teacher's lessons by the teacher's name", async () => {
    const answer = await get('/api/web/search?q=omondi&type=lesson&per_page=50');
    expect(answer.body.meta.counts.lesson).toBeGreaterThan(0);
    for (const result of answer.body.data) {
      expect(result.kind).toBe('lesson');
      expect(result.summary).toContain('With Kevin Omondi');
    }
  });

  it('pages results and refuses a too short or too long query', async () => {
    const first = await get('/api/web/search?q=mathematics&per_page=5');
    const second = await get('/api/web/search?q=mathematics&per_page=5&page=2');
    expect(first.body.data).toHaveLength(5);
    expect(second.body.meta.current_page).toBe(2);
    const seen = new Set(first.body.data.map((result: Json) => `${result.kind}:${result.id}`));
    for (const result of second.body.data) expect(seen.has(`${result.kind}:${result.id}`)).toBe(false);
    expect((await get('/api/web/search?q=%20a%20')).body).toEqual({
      message: 'Type at least 2 characters to search.',
      errors: { q: ['Type at least 2 characters to search.'] },
    });
    expect((await get(`/api/web/search?q=${'x'.repeat(101)}`)).status).toBe(422);
    expect((await get('/api/web/search?q=maths&type=planet')).body.errors).toEqual({
      type: ['Choose one of the options.'],
    });
  });

  it('treats search syntax in the query as words, not as an error', async () => {
    const answer = await get(`/api/web/search?q=${encodeURIComponent('"linear equations" -physics OR (&!')}`);
    expect(answer.status).toBe(200);
    const stopWords = await get('/api/web/search?q=the%20and');
    expect(stopWords.status).toBe(200);
    expect(stopWords.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('catalogue show routes by id or slug', () => {
  it('shows a curriculum by slug and by id alike, with levels, grades and subjects', async () => {
    const bySlug = await get('/api/curricula/show/cbc');
    expect(bySlug.status).toBe(200);
    const byId = await get(`/api/curricula/show/${bySlug.body.data.id}`);
    expect(byId.body).toEqual(bySlug.body);
    expect(bySlug.body.data).toMatchObject({ acronym: 'CBC', edu_level_count: 4 });
    expect(bySlug.body.data.edu_levels[2]).toMatchObject({
      name: 'Junior School',
      slug: 'cbc-junior-school',
    });
    expect(bySlug.body.data.edu_levels[2].grade_levels[0]).toMatchObject({
      slug: 'cbc-grade-7',
      subjects_count: 11,
    });
    expect(bySlug.body.data.subjects.map((subject: Json) => subject.slug)).toContain('integrated-science');
    expect((await get('/api/curricula/show/klingon')).status).toBe(404);
  });

  it('lists curricula, grade levels and subjects in pages', async () => {
    const curricula = await get('/api/curricula');
    expect(curricula.body.meta).toMatchObject({ total: 3, per_page: 50 });
    expect(curricula.body.data[0]).toMatchObject({
      edu_level_count: expect.any(Number),
      subjects_count: expect.any(Number),
    });
    const grades = await get('/api/grade-levels?curriculum=8-4-4&per_page=5');
    expect(grades.body.meta).toMatchObject({ total: 12, last_page: 3, per_page: 5 });
    expect(grades.body.data[0]).toMatchObject({
      slug: '8-4-4-standard-1',
      edu_level: { curriculum: { slug: '8-4-4' } },
    });
    const subjects = await get('/api/subjects?q=sci');
    expect(subjects.body.data.map((subject: Json) => subject.name)).toEqual([
      'Computer Science',
      'Integrated Science',
      'Science',
      'Science and Technology',
    ]);
    expect(subjects.body.data[0].category).toMatchObject({ slug: 'technical-and-applied' });
    expect((await get('/api/grade-levels?per_page=0')).status).toBe(422);
  });

  it('shows a grade level with its subjects and their topics', async () => {
    const grade = await get('/api/grade-levels/show/cbc-grade-7');
    expect(grade.body.data).toMatchObject({
      name: 'Grade 7',
      edu_level: { slug: 'cbc-junior-school', curriculum: { slug: 'cbc' } },
    });
    const maths = grade.body.data.subjects.find((subject: Json) => subject.slug === 'mathematics');
    expect(maths.topics.length).toBeGreaterThan(0);
    expect(maths.topics[0]).toMatchObject({ subject_id: maths.id, lessons_count: expect.any(Number) });
    const same = await get(`/api/grade-levels/show/${grade.body.data.id}`);
    expect(same.body).toEqual(grade.body);
    expect((await get(`/api/grade-levels/subjects/cbc-grade-7`)).body.data).toHaveLength(11);
  });

  it('shows a subject with topics, subtopics, grades and upcoming lessons', async () => {
    const subject = await get('/api/subjects/show/chemistry');
    expect(subject.status).toBe(200);
    const data = subject.body.data;
    expect(data).toMatchObject({ name: 'Chemistry', category: { slug: 'sciences' } });
    expect(data.topics_count).toBe(data.topics.length);
    expect(data.topics.some((topic: Json) => topic.subtopics.length === 2)).toBe(true);
    expect(data.grade_levels.map((grade: Json) => grade.slug)).toContain('8-4-4-form-2');
    expect(data.upcoming_lessons.length).toBeGreaterThan(0);
    expect(data.upcoming_lessons.length).toBeLessThanOrEqual(6);
    for (const lesson of data.upcoming_lessons) expect(lesson.subject.slug).toBe('chemistry');
  });

  it('shows topics and education levels by slug', async () => {
    const topics = await get('/api/topics?subject=physics&grade_level=8-4-4-form-4');
    expect(topics.body.data.length).toBeGreaterThan(0);
    const topic = await get(`/api/topics/show/${topics.body.data[0].slug}`);
    expect(topic.body.data).toMatchObject({
      subject: { slug: 'physics' },
      grade_level: { slug: '8-4-4-form-4' },
    });
    const level = await get('/api/edu-levels/show/igcse-a-level');
    expect(level.body.data).toMatchObject({ name: 'A Level', curriculum: { slug: 'igcse' } });
    expect(level.body.data.grade_levels.map((grade: Json) => grade.name)).toEqual(['Year 12', 'Year 13']);
  });
});

describe('search documents follow their sources', () => {
  it('finds a teacher under a subject added after sign-up', async () => {
    const browser: Browser = server.browser();
    await browser.signIn('teacher@example.com');
    const { subjects, teacherSubjects, teachers, users } = await import('../../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [grace] = await server.db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.email, 'teacher@example.com'));
    const [history] = await server.db.select().from(subjects).where(eq(subjects.slug, 'history'));
    const before = await get('/api/web/search?q=history&type=teacher&per_page=100');
    expect(before.body.data.map((result: Json) => result.title)).not.toContain('Grace Mwangi');
    await server.db
      .insert(teacherSubjects)
      .values({ teacherId: grace?.id ?? 0, subjectId: history?.id ?? 0 });
    const after = await get('/api/web/search?q=history&type=teacher&per_page=100');
    expect(after.body.data.map((result: Json) => result.title)).toContain('Grace Mwangi');
  });
});
