// The profile completion rules are one shared module (src/shared/profile-validation.ts): the forms
// run it before sending, and the profile routes and services answer their 422s with the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childrenProblem,
  idNumberProblem,
  teacherSubjectsProblem,
  tscNumberProblem,
  validateParent,
  validateTeacher,
} from '@/shared/profile-validation';
import { newAccount as createAccount } from './support/accounts';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newAccount = (role: 'student' | 'parent' | 'teacher', name: string) => createAccount(server, role, name);

const snake = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([key, list]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), list]));

describe('profile rules shared by the forms and the API', () => {
  it('a teacher’s ID number, TSC number and subject count: the 422 says what the form says', async () => {
    const browser = await newAccount('teacher', 'mwalimu_sheria');
    const data = (await browser.get('/api/teacher/update-data')).body.data;
    const subjectIds: number[] = data.subjects.map((subject: { id: number }) => subject.id);
    const base = {
      biography: 'I teach.',
      current_workplace: 'Alliance High School',
      qualification_level: 'Degree',
      curriculum_id: data.curricula[0].id,
      edu_level_id: data.curricula[0].edu_levels[0].id,
      subject_ids: [subjectIds[0]],
      id_number: '12345678',
    };
    for (const value of ['12', 'ABC-123', '1234567890123']) {
      const answer = await browser.post('/api/teacher/update', { ...base, id_number: value });
      expect(answer).toMatchObject({ status: 422, body: { errors: { id_number: [idNumberProblem(value)] } } });
    }
    for (const value of ['TSC-998877', '12', '12345678901']) {
      const answer = await browser.post('/api/teacher/update', { ...base, tsc_number: value });
      expect(answer).toMatchObject({ status: 422, body: { errors: { tsc_number: [tscNumberProblem(value)] } } });
    }
    for (const ids of [[], subjectIds.slice(0, 6)]) {
      const answer = await browser.post('/api/teacher/update', { ...base, subject_ids: ids });
      expect(answer).toMatchObject({ status: 422, body: { errors: { subject_ids: [teacherSubjectsProblem(ids.length)] } } });
    }
  });

  it('submitting an empty teacher profile lists exactly what the form would', async () => {
    const browser = await newAccount('teacher', 'mwalimu_mtupu');
    const answer = await browser.post('/api/teacher/submit-profile');
    const empty = {
      biography: '',
      currentWorkplace: '',
      qualificationLevel: '',
      curriculumId: null,
      eduLevelId: null,
      subjectIds: [],
      idNumber: '',
      tscNumber: '',
    };
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(snake(validateTeacher(empty, false)));
  });

  it('a parent without children cannot complete the profile: the form’s own message', async () => {
    const browser = await newAccount('parent', 'mzazi_peke');
    const answer = await browser.post('/api/parent/complete-profile/store', { phone: '0712345678', gender: 'female' });
    expect(answer).toMatchObject({ status: 422, body: { errors: { children: [childrenProblem(0)] } } });
    expect(validateParent({ phone: '0712345678', gender: 'female', children: [] })).toEqual({ children: [childrenProblem(0)] });
    const badPhone = await browser.post('/api/parent/complete-profile/store', { phone: '123', gender: 'female' });
    expect(badPhone.body.errors).toEqual({ phone: validateParent({ phone: '123', gender: 'female' }).phone });
  });
});
