import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
let student: Browser;
let parent: Browser;
let subjectId: number;
let gradeLevelId: number;

beforeAll(async () => {
  server = await startTestServer();
  student = server.browser();
  await student.signIn('student@example.com');
  parent = server.browser();
  await parent.signIn('parent@example.com');
  const filters = await server.browser().get('/api/web/filters');
  subjectId = filters.body.data.subjects.find((subject: Json) => subject.slug === 'mathematics').id;
  gradeLevelId = filters.body.data.grade_levels.find((grade: Json) => grade.slug === 'cbc-grade-7').id;
});
afterAll(() => server.close());

const validQuestion = () => ({
  subject_id: subjectId,
  grade_level_id: gradeLevelId,
  title: 'How do I add negative numbers?',
  body: 'I get confused when I add -3 and -5. Is the answer -8 or 8, and why?',
});

describe('asking a question', () => {
  it('needs a signed-in user', async () => {
    const answer = await server.browser().post('/api/questions/store', validQuestion());
    expect(answer).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
  });

  it('answers 422 per field for missing or out-of-range values', async () => {
    const answer = await student.post('/api/questions/store', {
      subject_id: 999_999,
      title: 'Short',
      body: '',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      subject_id: ['Choose one of the options.'],
      grade_level_id: ['This field is required.'],
      title: ['Use at least 10 characters.'],
      body: ['This field is required.'],
    });
  });

  it('stores the text as written and lists it among my questions, newest first', async () => {
    const html = {
      ...validQuestion(),
      title: 'Is <b>bold</b> -3 + -5 = -8?',
      body: '<script>alert(1)</script> I want to be sure about the signs.',
    };
    const asked = await student.post('/api/questions/store', html);
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      message: 'Question created',
      data: {
        title: html.title,
        body: html.body,
        subject: { slug: 'mathematics' },
        grade_level: { slug: 'cbc-grade-7' },
        author: { first_name: 'Wanjiru', last_name: 'Kamau' },
        answers_count: 0,
        answered: false,
      },
    });
    expect(Object.keys(asked.body.data.author).sort()).toEqual([
      'first_name',
      'id',
      'last_name',
      'photo_url',
    ]);

    const mine = await student.get('/api/questions?mine=1');
    expect(mine.body.data[0].id).toBe(asked.body.data.id);
    for (const question of mine.body.data) expect(question.author.first_name).toBe('Wanjiru');
    const parentsOwn = await parent.get('/api/questions?mine=1&per_page=100');
    expect(parentsOwn.body.data.map((question: Json) => question.id)).not.toContain(asked.body.data.id);
    expect((await server.browser().get('/api/questions')).status).toBe(401);
  });
});

describe('question lists', () => {
  it('filters answered and unanswered questions, which together make all', async () => {
    const visitor = server.browser();
    const all = await visitor.get('/api/web/questions?per_page=100');
    const answered = await visitor.get('/api/web/questions?filter=answered&per_page=100');
    const unanswered = await visitor.get('/api/web/questions?filter=unanswered&per_page=100');
    expect(all.body.meta.total).toBeGreaterThanOrEqual(50);
    expect(answered.body.meta.total + unanswered.body.meta.total).toBe(all.body.meta.total);
    for (const question of answered.body.data) expect(question.answers_count).toBeGreaterThan(0);
    for (const question of unanswered.body.data)
      expect(question).toMatchObject({ answers_count: 0, answered: false });
    const created = all.body.data.map((question: Json) => question.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect((await visitor.get('/api/web/questions?filter=maybe')).body.errors).toEqual({
      filter: ['Choose one of the options.'],
    });
  });

  it('pages with page and per_page', async () => {
    const visitor = server.browser();
    const first = await visitor.get('/api/web/questions?per_page=7');
    const second = await visitor.get('/api/web/questions?per_page=7&page=2');
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 7 });
    expect(second.body.meta.current_page).toBe(2);
    expect(first.body.data).toHaveLength(7);
    const firstIds = new Set(first.body.data.map((question: Json) => question.id));
    for (const question of second.body.data) expect(firstIds.has(question.id)).toBe(false);
  });
});

describe('answers and votes', () => {
  async function freshAnswer(): Promise<{ questionId: number; answerId: number }> {
    const asked = await student.post('/api/questions/store', validQuestion());
    const posted = await parent.post(`/api/questions/answers/store/${asked.body.data.id}`, {
      body: 'Two negatives added make a bigger negative: -8.',
    });
    expect(posted).toMatchObject({
      status: 201,
      body: { message: 'Answer posted', data: { likes_count: 0, my_vote: null } },
    });
    return { questionId: asked.body.data.id, answerId: posted.body.data.id };
  }

  it('needs a signed-in user to answer or vote', async () => {
    const { questionId, answerId } = await freshAnswer();
    const visitor = server.browser();
    expect((await visitor.post(`/api/questions/answers/store/${questionId}`, { body: 'Yes' })).status).toBe(
      401,
    );
    expect(
      (await visitor.post('/api/questions/answers/votes/store', { answer_id: answerId, type: 'like' }))
        .status,
    ).toBe(401);
    expect(
      (await student.post(`/api/questions/answers/store/${questionId}`, { body: ' ' })).body.errors,
    ).toEqual({
      body: ['This field is required.'],
    });
    expect((await student.post('/api/questions/answers/store/999999', { body: 'Hello there' })).status).toBe(
      404,
    );
  });

  it('toggles a like, switches to a dislike, and keeps one vote per user', async () => {
    const { questionId, answerId } = await freshAnswer();
    const vote = (browser: Browser, type: string) =>
      browser.post('/api/questions/answers/votes/store', { answer_id: answerId, type });

    expect((await vote(student, 'like')).body).toEqual({
      message: 'Like added',
      data: { answer_id: answerId, likes_count: 1, dislikes_count: 0, my_vote: 'like' },
    });
    // The parent wrote the answer and may not vote on it; the teacher may.
    const teacher = server.browser();
    await teacher.signIn('teacher@example.com');
    expect((await vote(teacher, 'like')).body.data).toMatchObject({ likes_count: 2, my_vote: 'like' });
    expect((await vote(student, 'like')).body).toEqual({
      message: 'Vote removed',
      data: { answer_id: answerId, likes_count: 1, dislikes_count: 0, my_vote: null },
    });
    expect((await vote(student, 'dislike')).body.data).toEqual({
      answer_id: answerId,
      likes_count: 1,
      dislikes_count: 1,
      my_vote: 'dislike',
    });
    expect((await vote(student, 'like')).body).toMatchObject({
      message: 'Like added',
      data: { likes_count: 2, dislikes_count: 0, my_vote: 'like' },
    });

    const asStudent = await student.get(`/api/questions/answers/${questionId}`);
    expect(asStudent.body.data[0]).toMatchObject({ id: answerId, likes_count: 2, my_vote: 'like' });
    const asVisitor = await server.browser().get(`/api/questions/answers/${questionId}`);
    expect(asVisitor.body.data[0]).toMatchObject({ id: answerId, likes_count: 2, my_vote: null });
    const question = await server.browser().get(`/api/questions/get/${questionId}`);
    expect(question.body.data).toMatchObject({ answers_count: 1, answered: true });
  });

  it('keeps one vote when the same user votes twice at once', async () => {
    const { answerId } = await freshAnswer();
    const both = await Promise.all([
      student.post('/api/questions/answers/votes/store', { answer_id: answerId, type: 'dislike' }),
      student.post('/api/questions/answers/votes/store', { answer_id: answerId, type: 'like' }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    const { answerVotes } = await import('../../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const rows = await server.db.select().from(answerVotes).where(eq(answerVotes.answerId, answerId));
    expect(rows).toHaveLength(1);
  });

  it('orders answers by likes minus dislikes', async () => {
    const { questionId, answerId: first } = await freshAnswer();
    const second = await student.post(`/api/questions/answers/store/${questionId}`, {
      body: 'It is -8: start at -3 and move 5 left.',
    });
    await parent.post('/api/questions/answers/votes/store', { answer_id: second.body.data.id, type: 'like' });
    await student.post('/api/questions/answers/votes/store', { answer_id: first, type: 'dislike' });
    const listed = await server.browser().get(`/api/questions/answers/${questionId}`);
    expect(listed.body.data.map((answer: Json) => answer.id)).toEqual([second.body.data.id, first]);
  });

  it('answers 404 for a vote on an unknown answer and 422 for a bad vote type', async () => {
    expect(
      (await student.post('/api/questions/answers/votes/store', { answer_id: 999999, type: 'like' })).status,
    ).toBe(404);
    const bad = await student.post('/api/questions/answers/votes/store', { answer_id: 1, type: 'love' });
    expect(bad).toMatchObject({ status: 422, body: { errors: { type: ['Choose one of the options.'] } } });
  });
});
