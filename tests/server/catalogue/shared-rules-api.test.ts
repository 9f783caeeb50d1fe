// The shared rules on the API: a lesson's topic and programme belong to its subject and grade, a
// class's grade to its curriculum (src/shared/catalogue.ts, the functions the SPA's filters and forms
// use), and a question's lengths are the ask form's (src/shared/questions.ts).
import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curricula, educationLevels, gradeLevels, programs } from '../../../server/db/schema';
import { t } from '@/shared/messages';
import { QUESTION_BODY, QUESTION_TITLE, validateQuestion } from '@/shared/questions';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { dayAhead, lessonBody, newTeacher } from '../teaching/support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a lesson’s programme', () => {
  it('is refused when it names another subject or grade, and accepted when it fits', async () => {
    const teacher = await newTeacher(server);
    const { subjectId, gradeLevelId } = teacher.refs;
    const [other] = await server.db
      .select({ id: programs.id })
      .from(programs)
      .where(
        and(
          isNotNull(programs.subjectId),
          or(ne(programs.subjectId, subjectId), ne(programs.gradeLevelId, gradeLevelId)),
        ),
      )
      .limit(1);
    if (!other) throw new Error('The seed has no programme of another subject or grade');
    const refused = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { program_id: other.id, date: dayAhead(20) }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ program_id: [t('teaching.programOfSubject')] });

    const [fitting] = await server.db
      .insert(programs)
      .values({
        name: 'A programme of the teacher’s subject',
        slug: `fitting-programme-${teacher.teacherId}`,
        curriculumId: (await server.db.select({ id: curricula.id }).from(curricula).limit(1))[0]!.id,
        subjectId,
        gradeLevelId,
      })
      .returning({ id: programs.id });
    const stored = await teacher.browser.post(
      '/api/teacher/lessons/store',
      lessonBody(teacher, { program_id: fitting!.id, date: dayAhead(21) }),
    );
    expect(stored.status).toBe(201);
  });
});

describe('a class’s grade', () => {
  it('is refused when it is not a grade of the chosen curriculum', async () => {
    const teacher = await newTeacher(server);
    const [grade] = await server.db
      .select({ curriculumId: educationLevels.curriculumId })
      .from(gradeLevels)
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .where(eq(gradeLevels.id, teacher.refs.gradeLevelId));
    const [otherCurriculum] = await server.db
      .select({ id: curricula.id })
      .from(curricula)
      .where(ne(curricula.id, grade!.curriculumId))
      .limit(1);
    const body = {
      title: 'Revision week',
      description: 'A week of past papers.',
      subject_id: teacher.refs.subjectId,
      grade_level_id: teacher.refs.gradeLevelId,
      type: 'revision',
      frequency: 'weekly',
      price: 1500,
      starts_on: dayAhead(30),
      ends_on: dayAhead(60),
    };
    const refused = await teacher.browser.post('/api/teacher/classes/store', {
      ...body,
      curriculum_id: otherCurriculum!.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ grade_level_id: [t('teaching.gradeOfCurriculum')] });
    const stored = await teacher.browser.post('/api/teacher/classes/store', {
      ...body,
      curriculum_id: grade!.curriculumId,
    });
    expect(stored.status).toBe(201);
  });
});

describe('a question’s lengths', () => {
  it('are refused by the API with the words the ask form says before sending', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const filters = await server.browser().get('/api/web/filters');
    const subjectId = filters.body.data.subjects[0].id as number;
    const gradeLevelId = filters.body.data.grade_levels.find((grade: Json) => grade.slug === 'cbc-grade-7')
      .id as number;
    const cases = [
      { title: 'x'.repeat(QUESTION_TITLE.min - 1), body: 'y'.repeat(QUESTION_BODY.max + 1) },
      { title: ` ${'x'.repeat(QUESTION_TITLE.max + 1)} `, body: ` ${'y'.repeat(QUESTION_BODY.min - 1)} ` },
    ];
    for (const { title, body } of cases) {
      const answer = await student.post('/api/questions/store', {
        subject_id: subjectId,
        grade_level_id: gradeLevelId,
        title,
        body,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(
        validateQuestion({ subjectId: String(subjectId), gradeLevelId: String(gradeLevelId), title, body }),
      );
    }
  });
});
