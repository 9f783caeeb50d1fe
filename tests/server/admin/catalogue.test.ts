// Catalogue writes over HTTP: every kind stored, updated and deleted, slugs with -2 on a clash, a
// name clash within the parent (422), and a delete of a row in use refused (409) without touching it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educationLevels, students } from '../../../server/db/schema';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { signedIn } from './support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
});
afterAll(() => server.close());

const remove = (path: string) => admin.request('DELETE', path);
const failed = (name: string) =>
  `Failed to delete ${name}. Please try again later or contact support if the issue persists.`;

describe('a whole branch of the catalogue, built and taken down again', () => {
  it('stores, shows, updates and deletes a curriculum down to a subtopic', async () => {
    const curriculum = await admin.post('/api/admin/curricula/store', {
      name: 'Montessori Basics',
      acronym: 'MB',
    });
    expect(curriculum).toMatchObject({
      status: 201,
      body: {
        message: 'Curriculum created',
        data: { name: 'Montessori Basics', acronym: 'MB', slug: 'montessori-basics' },
      },
    });
    const curriculumId = curriculum.body.data.id;
    const level = await admin.post('/api/admin/edu-levels/store', {
      name: 'Early Years',
      curriculum_id: curriculumId,
    });
    expect(level.body).toMatchObject({
      message: 'Education level created',
      data: { slug: 'montessori-basics-early-years', curriculum: { id: curriculumId } },
    });
    const grade = await admin.post('/api/admin/grade-levels/store', {
      name: 'Year 1',
      edu_level_id: level.body.data.id,
    });
    expect(grade.body).toMatchObject({
      message: 'Grade level created',
      data: { slug: 'montessori-basics-year-1', edu_level: { id: level.body.data.id } },
    });
    const subject = await admin.post('/api/admin/subjects/store', {
      name: 'Sensorial Play',
      color: '#1e88e5',
    });
    expect(subject.body).toMatchObject({
      message: 'Subject created',
      data: { name: 'Sensorial Play', slug: 'sensorial-play', color: '#1E88E5' },
    });
    const topic = await admin.post('/api/admin/topics/store', {
      name: 'Colour Tablets',
      subject_id: subject.body.data.id,
      grade_level_id: grade.body.data.id,
    });
    expect(topic.body).toMatchObject({
      message: 'Topic created',
      data: {
        slug: 'montessori-basics-year-1-sensorial-play-colour-tablets',
        subject: { id: subject.body.data.id },
        grade_level: { id: grade.body.data.id },
      },
    });
    const subtopic = await admin.post('/api/admin/subtopics/store', {
      name: 'Matching pairs',
      topic_id: topic.body.data.id,
    });
    expect(subtopic.body).toMatchObject({
      message: 'Subtopic created',
      data: { name: 'Matching pairs', topic: { id: topic.body.data.id } },
    });

    // The public catalogue reads show the new rows at once (nothing is cached on the server).
    const shownGrade = await server.browser().get(`/api/grade-levels/show/${grade.body.data.slug}`);
    expect(shownGrade.body.data.edu_level.curriculum.id).toBe(curriculumId);
    const shownTopic = await server.browser().get(`/api/topics/show/${topic.body.data.id}`);
    expect(shownTopic.body.data.subtopics).toMatchObject([{ name: 'Matching pairs' }]);

    const renamed = await admin.post(`/api/admin/curricula/update/${curriculumId}`, {
      name: 'Montessori Foundations',
      acronym: 'MF',
    });
    expect(renamed.body).toMatchObject({
      message: 'Curriculum updated',
      data: { name: 'Montessori Foundations', acronym: 'MF', slug: 'montessori-foundations' },
    });
    const recoloured = await admin.post(`/api/admin/subjects/update/${subject.body.data.id}`, {
      name: 'Sensorial Play',
      color: '#43A047',
    });
    expect(recoloured.body.data).toMatchObject({ slug: 'sensorial-play', color: '#43A047' });

    // Each parent is in use while its children are there.
    expect(await remove(`/api/admin/curricula/delete/${curriculumId}`)).toMatchObject({
      status: 409,
      body: { message: failed('Montessori Foundations') },
    });
    expect((await remove(`/api/admin/edu-levels/delete/${level.body.data.id}`)).status).toBe(409);
    expect((await remove(`/api/admin/grade-levels/delete/${grade.body.data.id}`)).status).toBe(409);
    expect((await remove(`/api/admin/subjects/delete/${subject.body.data.id}`)).status).toBe(409);
    expect(await remove(`/api/admin/topics/delete/${topic.body.data.id}`)).toMatchObject({
      status: 409,
      body: { message: failed('Colour Tablets') },
    });

    // Leaves first, then up the tree.
    expect(await remove(`/api/admin/subtopics/delete/${subtopic.body.data.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Subtopic deleted' },
    });
    expect((await remove(`/api/admin/topics/delete/${topic.body.data.id}`)).body).toEqual({
      message: 'Topic deleted',
    });
    expect((await remove(`/api/admin/subjects/delete/${subject.body.data.id}`)).status).toBe(200);
    expect((await remove(`/api/admin/grade-levels/delete/${grade.body.data.id}`)).status).toBe(200);
    expect((await remove(`/api/edu-levels/delete/${level.body.data.id}`)).body).toEqual({
      message: 'Education level deleted',
    });
    expect((await remove(`/api/admin/curricula/delete/${curriculumId}`)).status).toBe(200);
    expect((await server.browser().get(`/api/curricula/show/${curriculumId}`)).status).toBe(404);
    expect((await remove(`/api/admin/curricula/delete/${curriculumId}`)).status).toBe(404);
  });
});

describe('names and slugs', () => {
  it('refuses a name its parent already has (any case), and gives a clashing slug -2, -3', async () => {
    const cbc = (await server.browser().get('/api/curricula/show/cbc')).body.data;
    const level = cbc.edu_levels[0];
    const clash = await admin.post('/api/admin/edu-levels/store', {
      name: level.name.toUpperCase(),
      curriculum_id: cbc.id,
    });
    expect(clash).toMatchObject({
      status: 422,
      body: { errors: { name: ['This education level already exists.'] } },
    });

    const first = await admin.post('/api/admin/subjects/store', { name: 'Robotics!', color: '#8E24AA' });
    const second = await admin.post('/api/admin/subjects/store', { name: 'Robotics?', color: '#8E24AA' });
    const third = await admin.post('/api/admin/subjects/store', { name: 'Robotics.', color: '#8E24AA' });
    expect([first.body.data.slug, second.body.data.slug, third.body.data.slug]).toEqual([
      'robotics',
      'robotics-2',
      'robotics-3',
    ]);
    const same = await admin.post('/api/admin/subjects/store', { name: 'robotics!', color: '#8E24AA' });
    expect(same.body.errors).toEqual({ name: ['This subject already exists.'] });
    // An update keeps its own name and slug; taking another's name is a clash.
    const kept = await admin.post(`/api/admin/subjects/update/${second.body.data.id}`, {
      name: 'Robotics?',
      color: '#000000',
    });
    expect(kept.body.data).toMatchObject({ slug: 'robotics-2', color: '#000000' });
    const taken = await admin.post(`/api/admin/subjects/update/${second.body.data.id}`, {
      name: 'Robotics.',
      color: '#000000',
    });
    expect(taken.status).toBe(422);

    // The same name under another parent is fine.
    const igcse = (await server.browser().get('/api/curricula/show/igcse')).body.data;
    const elsewhere = await admin.post('/api/admin/edu-levels/store', {
      name: 'Pre-school',
      curriculum_id: igcse.id,
    });
    const again = await admin.post('/api/admin/edu-levels/store', {
      name: 'Pre-school',
      curriculum_id: cbc.id,
    });
    expect([elsewhere.status, again.status]).toEqual([201, 201]);
    expect(again.body.data.slug).toBe('cbc-pre-school');
  });

  it('checks every body: required fields, choices, colours, lengths (422)', async () => {
    const empty = await admin.post('/api/admin/grade-levels/store', { name: '', edu_level_id: 2147483647 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['This field is required.'],
      edu_level_id: ['Choose one of the options.'],
    });
    const noParent = await admin.post('/api/admin/subtopics/store', { name: 'Orphan' });
    expect(noParent.body.errors).toEqual({ topic_id: ['This field is required.'] });
    const colour = await admin.post('/api/admin/subjects/store', { name: 'Art history', color: 'red' });
    expect(colour.body.errors).toEqual({
      color: ['Enter a colour as # and six hexadecimal digits, e.g. #1E88E5.'],
    });
    const acronym = await admin.post('/api/admin/curricula/store', {
      name: 'Long acronym',
      acronym: 'A'.repeat(21),
    });
    expect(acronym.body.errors).toEqual({ acronym: ['Use at most 20 characters.'] });
    const long = await admin.post('/api/admin/topics/store', { name: 'n'.repeat(101), subject_id: 1 });
    expect(long.body.errors).toEqual({ name: ['Use at most 100 characters.'] });
    const badId = await admin.post('/api/admin/topics/store', { name: 'Fine', subject_id: 'one' });
    expect(badId.status).toBe(422);
    expect((await admin.post('/api/admin/topics/update/2147483647', { name: 'Ghost' })).status).toBe(404);
    expect((await remove('/api/admin/subtopics/delete/0')).status).toBe(422);
  });
});

describe('deleting what is in use', () => {
  it('refuses a grade level a learner is placed in, and leaves the learner placed', async () => {
    const [placed] = await server.db
      .select()
      .from(students)
      .where(eq(students.profileCompleted, true))
      .limit(1);
    if (!placed?.gradeLevelId || !placed.eduLevelId) throw new Error('No placed student in the seed');
    const grade = (await server.browser().get(`/api/grade-levels/show/${placed.gradeLevelId}`)).body.data;
    const refused = await remove(`/api/admin/grade-levels/delete/${placed.gradeLevelId}`);
    expect(refused).toMatchObject({ status: 409, body: { message: failed(grade.name) } });
    expect((await remove(`/api/edu-levels/delete/${placed.eduLevelId}`)).status).toBe(409);
    const [after] = await server.db.select().from(students).where(eq(students.id, placed.id));
    expect(after?.gradeLevelId).toBe(placed.gradeLevelId);
    const [level] = await server.db
      .select()
      .from(educationLevels)
      .where(eq(educationLevels.id, placed.eduLevelId));
    expect(level).toBeDefined();
  });

  it('refuses a topic with lessons and a subject with classes or teachers', async () => {
    const lesson = (await server.browser().get('/api/web/lessons?per_page=1')).body.data[0];
    expect((await remove(`/api/admin/topics/delete/${lesson.topic.id}`)).status).toBe(409);
    expect((await remove(`/api/admin/subjects/delete/${lesson.subject.id}`)).status).toBe(409);
    expect((await server.browser().get(`/api/web/lessons/${lesson.code}`)).body.data.topic.id).toBe(
      lesson.topic.id,
    );
  });
});
