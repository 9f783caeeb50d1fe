// The SPA's own decoders read every public answer of this server (docs/catalogue-api.md is the contract).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  decodeClass,
  decodeClassDetail,
  decodeClassFilters,
  decodeFaq,
  decodeHome,
  decodeLesson,
  decodePackage,
  decodeQuestion,
  decodeAnswer,
  decodeSearchResult,
  decodeSubjectDetail,
  decodeTeacher,
} from '../../../src/services/schemas/web';
import { decodeReview, decodeTeacherProfile } from '../../../src/services/schemas/teacher-profile';
import {
  decodeCurriculumDetail,
  decodeCurriculumSummary,
  decodeGradeLevelDetail,
  decodeGradeLevelSummary,
  decodeSubjectSummary,
} from '../../../src/services/schemas/catalogue';
import { decodePage } from '../../../src/services/schemas/page';
import { decodeCartBody } from '../../../src/services/schemas/cart';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const body = async (path: string) => {
  const answer = await server.browser().get(path);
  expect(answer.status, path).toBe(200);
  return answer.body;
};

describe('the SPA decodes the public answers', () => {
  it('home, lists and details', async () => {
    const home = decodeHome((await body('/api/web')).data);
    expect(home.classes[0]?.nextLesson?.code).toMatch(/^SOM-/);
    const lessons = decodePage(await body('/api/web/lessons'), decodeLesson);
    const lesson = decodeLesson((await body(`/api/web/lessons/${lessons.items[0]?.code}`)).data);
    expect(lesson.teacher?.biography).toBeTruthy();
    expect(decodePage(await body('/api/web/classes'), decodeClass).meta.total).toBe(30);
    const classes = decodePage(await body('/api/web/classes'), decodeClass);
    const lessonClass = decodeClassDetail((await body(`/api/web/classes/${classes.items[0]?.id}`)).data);
    expect(lessonClass.lessons[0]?.code).toMatch(/^SOM-/);
    decodeClassFilters((await body('/api/web/filters')).data);
    const teachers = decodePage(await body('/api/web/teachers'), decodeTeacher);
    const profile = decodeTeacherProfile((await body(`/api/web/teachers/${teachers.items[0]?.id}`)).data);
    expect(profile.firstName).toBeTruthy();
    // Issue 25: the rating on cards and the profile, its distribution and reviews, as the SPA reads them.
    expect(teachers.items[0]?.rating?.count).toBeGreaterThan(0);
    expect(profile.rating.distribution[5]).toBeGreaterThan(0);
    expect(profile.reviews.data.length).toBeGreaterThan(0);
    expect(profile.levels.length).toBeGreaterThan(0);
    const reviews = decodePage(await body(`/api/web/teachers/${profile.id}/reviews`), decodeReview);
    expect(reviews.items[0]?.author.name).toMatch(/^\S+ [A-Z]\.$/);
    const questions = decodePage(await body('/api/web/questions?filter=answered'), decodeQuestion);
    const answers = decodePage(await body(`/api/questions/answers/${questions.items[0]?.id}`), decodeAnswer);
    expect(answers.items.length).toBeGreaterThan(0);
    expect(decodePage(await body('/api/web/search?q=mathematics'), decodeSearchResult).items.length).toBe(20);
    expect((await body('/api/web/packages')).data.map(decodePackage)).toHaveLength(3);
    expect(decodePage(await body('/api/web/faqs'), decodeFaq).items).toHaveLength(10);
  });

  it('catalogue pages', async () => {
    decodePage(await body('/api/curricula'), decodeCurriculumSummary);
    decodeCurriculumDetail((await body('/api/curricula/show/cbc')).data);
    decodePage(await body('/api/grade-levels'), decodeGradeLevelSummary);
    decodeGradeLevelDetail((await body('/api/grade-levels/show/cbc-grade-7')).data);
    decodePage(await body('/api/subjects'), decodeSubjectSummary);
    const subject = decodeSubjectDetail((await body('/api/subjects/show/mathematics')).data);
    expect(subject.upcomingLessons.length).toBeGreaterThan(0);
  });

  it('a cart holding a class lesson', async () => {
    const lessons = decodePage(await body('/api/web/lessons?subject=physics'), decodeLesson);
    const withClass = lessons.items.find((item) => item.class);
    const cart = await server.browser().post(`/api/lessons/add-to-cart/${withClass?.id}`);
    const view = decodeCartBody(cart.body);
    expect(view.items[0]).toBeTruthy();
  });
});
