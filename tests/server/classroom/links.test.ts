// A teacher's own meeting link (docs/classroom.md "Providers"): Zoom, Google Meet or Teams over https,
// for one lesson or a whole class, only by the owner; it replaces the lesson's room.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, curricula, lessons } from '../../../server/db/schema';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { newTeacher } from '../teaching/support';
import { expectFieldError, messages, TOO_BIG_ID } from '../validation/support';
import { bookedLessonIn, withTokens } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: withTokens });
});
afterAll(() => server.close());

const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=abc';
const MEET = 'https://meet.google.com/abc-defg-hij';

describe('a lesson’s own link', () => {
  it('replaces the room for the teacher and the learner; null gives the room back', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 10);
    const saved = await teacher.browser.post(`/api/teacher/lessons/link/${lesson.id}`, {
      link: `  ${ZOOM} `,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('The meeting link is saved.');
    expect(saved.body.data).toMatchObject({ id: lesson.id, link: ZOOM, classroom: { provider: 'link' } });

    const shown = (await learner.browser.get(`/api/lessons/show/${lesson.code}`)).body.data;
    expect(shown).toMatchObject({ link: null, classroom: { provider: 'link' } });
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).body).toEqual({
      provider: 'link',
      link: ZOOM,
      embed: null,
    });
    expect((await teacher.browser.post(`/api/teacher/lessons/join/${lesson.id}`)).body).toEqual({
      provider: 'link',
      link: ZOOM,
      embed: null,
    });

    const removed = await teacher.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ link: null, classroom: { provider: 'jitsi' } });
    const again = await learner.browser.post(`/api/lessons/join/${lesson.id}`);
    expect(again.body).toMatchObject({
      provider: 'jitsi',
      embed: { room: expect.stringMatching(/^somesha-/) },
    });
  });

  it('refuses what is not a Zoom, Meet or Teams meeting over https, field by field', async () => {
    const { teacher, lesson } = await bookedLessonIn(server, 120);
    const refused = async (link: unknown) => {
      const answer = await teacher.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link });
      expect(answer.status).toBe(422);
      return answer.body.errors.link[0];
    };
    expect(await refused('http://zoom.us/j/1')).toBe('The meeting link must start with https://');
    expect(await refused('https://evil.example/j/1')).toBe(
      'Use a Zoom, Google Meet or Microsoft Teams meeting link.',
    );
    expect(await refused('https://zoom.us.evil.example/j/1')).toBe(
      'Use a Zoom, Google Meet or Microsoft Teams meeting link.',
    );
    expect(await refused('https://meet.google.com/')).toBe(
      'Enter the link of the meeting itself, not the site.',
    );
    expect(await refused('zoom.us/j/1')).toBe('Enter the whole meeting link, starting with https://');
    expect(await refused('')).toBe('Enter the meeting link.');
    expect(await refused(undefined)).toBe('Enter the meeting link.');
    expect(await refused(42)).toBe('Enter text.');
    expect(await refused(`https://zoom.us/j/${'1'.repeat(600)}`)).toBe(
      'The meeting link may be at most 500 characters.',
    );
    const [row] = await server.db
      .select({ link: lessons.link })
      .from(lessons)
      .where(eq(lessons.id, lesson.id));
    expect(row?.link).toBeNull();
  });

  it('is the owner’s alone (404 for another teacher, 403 for a learner, 401 for a visitor)', async () => {
    const { learner, lesson } = await bookedLessonIn(server, 120);
    const other = await newTeacher(server);
    expect((await other.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link: MEET })).status).toBe(
      404,
    );
    expect(
      (await learner.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link: MEET })).status,
    ).toBe(403);
    expect(
      (await server.browser().post(`/api/teacher/lessons/link/${lesson.id}`, { link: MEET })).status,
    ).toBe(401);
    const [row] = await server.db
      .select({ link: lessons.link })
      .from(lessons)
      .where(eq(lessons.id, lesson.id));
    expect(row?.link).toBeNull();
  });

  it('cannot change once the lesson was cancelled', async () => {
    const { teacher, lesson } = await bookedLessonIn(server, 120);
    await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, { reason: '' });
    const answer = await teacher.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link: MEET });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.link).toEqual([
      'This lesson was cancelled or has ended: its meeting link cannot change.',
    ]);
  });
});

describe('a class’s link', () => {
  it('serves every lesson of the class without a link of its own, and only its teacher sees it', async () => {
    const { teacher, learner, lesson } = await bookedLessonIn(server, 10);
    const [curriculum] = await server.db.select({ id: curricula.id }).from(curricula).limit(1);
    const [own] = await server.db
      .insert(classes)
      .values({
        slug: `class-link-${lesson.id}`,
        title: 'Algebra club',
        description: 'Weekly algebra practice.',
        teacherId: teacher.teacherId,
        subjectId: teacher.refs.subjectId,
        gradeLevelId: teacher.refs.gradeLevelId,
        curriculumId: curriculum!.id,
        type: 'revision',
        frequency: 'weekly',
        priceCents: 100_000,
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 30 * 86_400_000),
        isApproved: true,
      })
      .returning({ id: classes.id });
    const classId = own!.id;
    await server.db.update(lessons).set({ classId }).where(eq(lessons.id, lesson.id));

    const other = await newTeacher(server);
    expect((await other.browser.post(`/api/teacher/classes/link/${classId}`, { link: MEET })).status).toBe(
      404,
    );
    expect(
      (await teacher.browser.post(`/api/teacher/classes/link/${classId}`, { link: 'https://x.example/a' }))
        .status,
    ).toBe(422);

    const saved = await teacher.browser.post(`/api/teacher/classes/link/${classId}`, { link: MEET });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: classId, link: MEET });
    expect(saved.body.data.lessons.find((item: Json) => item.id === lesson.id)).toMatchObject({
      link: null,
      classroom: { provider: 'link' },
    });
    expect((await teacher.browser.get(`/api/teacher/classes/show/${classId}`)).body.data.link).toBe(MEET);
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).body).toEqual({
      provider: 'link',
      link: MEET,
      embed: null,
    });
    const learnerClass = await learner.browser.get(`/api/lessons/show/${lesson.code}`);
    expect(JSON.stringify(learnerClass.body)).not.toContain('meet.google.com');

    // The lesson's own link wins over the class's.
    await teacher.browser.post(`/api/teacher/lessons/link/${lesson.id}`, { link: ZOOM });
    expect((await learner.browser.post(`/api/lessons/join/${lesson.id}`)).body.link).toBe(ZOOM);

    const removed = await teacher.browser.post(`/api/teacher/classes/link/${classId}`, { link: null });
    expect(removed.body.data.link).toBeNull();
  });
});

describe('ids beyond 32 bits', () => {
  it('answer 422 on the teacher’s classroom routes, not a database error', async () => {
    const teacher = await newTeacher(server);
    for (const path of ['lessons/join', 'lessons/link', 'classes/link'])
      expectFieldError(
        await teacher.browser.post(`/api/teacher/${path}/${TOO_BIG_ID}`, { link: MEET }),
        'id',
        messages.idTooBig,
      );
  });
});
