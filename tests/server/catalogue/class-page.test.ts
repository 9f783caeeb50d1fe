// `GET /api/web/classes/{id}` (classpage, issue 24): one approved class for its public page, with its
// lessons a visitor may see; anything else is 404.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, lessons } from '../../../server/db/schema';
import { startTestServer, type Json, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.browser().get(path);

describe('a public class page', () => {
  it('answers the class as the list shows it, with its approved lessons by start', async () => {
    const listed = (await get('/api/web/classes?subject=physics&grade_level=8-4-4-form-4')).body.data[0];
    const answer = await get(`/api/web/classes/${listed.id}`);
    expect(answer.status).toBe(200);
    const { lessons: classLessons, lessons_planned: planned, ...card } = answer.body.data;
    expect(card).toEqual(listed);
    // Nothing of the seeded class is cancelled: planned as many as it has.
    expect(planned).toBe(classLessons.length);
    expect(classLessons).toHaveLength(listed.lessons_count);
    for (const lesson of classLessons)
      expect(Object.keys(lesson).sort()).toEqual(['code', 'end_at', 'id', 'price', 'start_at', 'topic']);
    expect(classLessons[0]).toMatchObject({
      code: expect.stringMatching(/^SOM-\d{4}$/),
      price: expect.stringMatching(/^\d+\.00$/),
      topic: { name: expect.any(String) },
    });
    const starts = classLessons.map((lesson: Json) => lesson.start_at);
    expect(starts).toEqual([...starts].sort());
    expect(classLessons.map((lesson: Json) => lesson.code)).toContain(listed.next_lesson.code);
  });

  it('leaves out a lesson that is cancelled or not approved', async () => {
    const listed = (await get('/api/web/classes?per_page=2')).body.data[1];
    const before = (await get(`/api/web/classes/${listed.id}`)).body.data.lessons as Json[];
    const [first, second] = before;
    await server.db.update(lessons).set({ cancelledAt: new Date() }).where(eq(lessons.id, first.id));
    await server.db.update(lessons).set({ isApproved: false }).where(eq(lessons.id, second.id));
    const after = (await get(`/api/web/classes/${listed.id}`)).body.data.lessons as Json[];
    expect(after.map((lesson) => lesson.id)).toEqual(before.slice(2).map((lesson) => lesson.id));
  });

  it('is 404 for an unknown or unapproved class, and 422 for what is not an id', async () => {
    expect((await get('/api/web/classes/999999')).status).toBe(404);
    const [hidden] = await server.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.isApproved, true), isNull(classes.rejectionComment)))
      .orderBy(classes.id)
      .limit(1);
    await server.db.update(classes).set({ isApproved: false }).where(eq(classes.id, hidden!.id));
    const unapproved = await get(`/api/web/classes/${hidden!.id}`);
    expect(unapproved.status).toBe(404);
    expect(unapproved.headers.get('cache-control')).toBe('no-store');
    expect((await get('/api/web/classes/abc')).status).toBe(422);
  });
});
