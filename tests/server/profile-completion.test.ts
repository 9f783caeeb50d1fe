import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount as createAccount } from './support/accounts';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newAccount = (role: 'student' | 'parent' | 'teacher', name: string) =>
  createAccount(server, role, name);

type Choices = {
  id: number;
  name: string;
  edu_levels: Array<{ id: number; name: string; grade_levels: Array<{ id: number; name: string }> }>;
};

function placement(curricula: Choices[], curriculumAcronym: string, levelName: string, gradeName: string) {
  const curriculum = curricula.find(
    (row) => (row as unknown as { acronym: string }).acronym === curriculumAcronym,
  );
  const level = curriculum?.edu_levels.find((row) => row.name === levelName);
  const grade = level?.grade_levels.find((row) => row.name === gradeName);
  if (!curriculum || !level || !grade) throw new Error(`No ${curriculumAcronym} ${levelName} ${gradeName}`);
  return { curriculum_id: curriculum.id, edu_level_id: level.id, grade_level_id: grade.id };
}

describe('access to profile completion', () => {
  it.each([
    ['GET', '/api/student/complete-profile'],
    ['POST', '/api/student/complete-profile/store'],
    ['GET', '/api/parent/child/data'],
    ['POST', '/api/parent/child/add'],
    ['GET', '/api/teacher/update-data'],
    ['POST', '/api/teacher/update'],
    ['POST', '/api/teacher/submit-profile'],
  ])('%s %s answers 401 when signed out', async (method, path) => {
    const response = await server
      .browser()
      .request(method, path, { json: method === 'POST' ? {} : undefined });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 403 when the role does not fit', async () => {
    const student = server.browser();
    await student.signIn('student@example.com');
    const asTeacher = await student.post('/api/teacher/update', { biography: 'x' });
    expect(asTeacher.status).toBe(403);
    expect(asTeacher.body).toEqual({ message: 'This action is unauthorized.' });
    expect((await student.get('/api/parent/child/data')).status).toBe(403);

    const teacher = server.browser();
    await teacher.signIn('teacher@example.com');
    expect((await teacher.get('/api/student/complete-profile')).status).toBe(403);
  });
});

describe('student profile completion', () => {
  it('offers the curriculum tree, study modes and genders', async () => {
    const browser = await newAccount('student', 'kioko');
    const response = await browser.get('/api/student/complete-profile');
    expect(response.status).toBe(200);
    expect(response.body.data.study_modes).toEqual(['boarding', 'day_scholar']);
    expect(response.body.data.genders).toEqual(['male', 'female', 'other']);
    const acronyms = response.body.data.curricula.map((row: { acronym: string }) => row.acronym);
    expect(acronyms).toEqual(['CBC', '8-4-4', 'IGCSE']);
    const cbc = response.body.data.curricula[0];
    expect(cbc.edu_levels.map((level: { name: string }) => level.name)).toEqual([
      'Lower Primary',
      'Upper Primary',
      'Junior School',
      'Senior School',
    ]);
    expect(cbc.edu_levels[2].grade_levels.map((grade: { name: string }) => grade.name)).toEqual([
      'Grade 7',
      'Grade 8',
      'Grade 9',
    ]);
  });

  it('answers 422 per field, including a grade from another curriculum and a child too young', async () => {
    const browser = await newAccount('student', 'nekesa');
    const { body } = await browser.get('/api/student/complete-profile');
    const cbc = placement(body.data.curricula, 'CBC', 'Junior School', 'Grade 8');
    const igcse = placement(body.data.curricula, 'IGCSE', 'IGCSE', 'Year 10');
    const response = await browser.post('/api/student/complete-profile/store', {
      school_name: '',
      study_mode: 'online',
      ...cbc,
      grade_level_id: igcse.grade_level_id,
      dob: `${new Date().getFullYear() - 2}-01-01`,
      gender: 'unknown',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      school_name: ['This field is required.'],
      study_mode: ['Choose one of the options.'],
      dob: ['You must be at least 4 years old.'],
      gender: ['Invalid gender.'],
    });

    // An empty gender says the field is required; a date of birth before 1900 is refused.
    const blank = await browser.post('/api/student/complete-profile/store', {
      school_name: 'Moi Forces Academy',
      study_mode: 'boarding',
      ...cbc,
      dob: '1899-12-31',
      gender: '',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      dob: ['Enter a date of birth from 1900 on.'],
      gender: ['This field is required.'],
    });

    const mismatch = await browser.post('/api/student/complete-profile/store', {
      school_name: 'Moi Forces Academy',
      study_mode: 'boarding',
      ...cbc,
      grade_level_id: igcse.grade_level_id,
      dob: '2012-02-02',
      gender: 'female',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ grade_level_id: ['Choose one of the options.'] });
  });

  it('completes the profile and marks it complete', async () => {
    const browser = await newAccount('student', 'wafula');
    const { body } = await browser.get('/api/student/complete-profile');
    const response = await browser.post('/api/student/complete-profile/store', {
      school_name: 'Moi Forces Academy, Nairobi',
      study_mode: 'boarding',
      ...placement(body.data.curricula, '8-4-4', 'Secondary', 'Form 2'),
      dob: '2010-08-15',
      gender: 'male',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated');
    expect(response.body.data).toMatchObject({
      dob: '2010-08-15',
      gender: 'male',
      student: {
        profile_completed: true,
        school_name: 'Moi Forces Academy, Nairobi',
        grade_level: { name: 'Form 2' },
      },
    });
  });
});

describe('parent profile completion', () => {
  it('needs at least one child before the profile can be completed', async () => {
    const browser = await newAccount('parent', 'mama_njeri');
    const response = await browser.post('/api/parent/complete-profile/store', {
      phone: '0722123456',
      gender: 'female',
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'Add at least one child to continue.',
      errors: { children: ['Add at least one child to continue.'] },
    });
  });

  it('adds a child, lists it and then completes the profile', async () => {
    const browser = await newAccount('parent', 'baba_kevo');
    const choices = await browser.get('/api/parent/complete-profile');
    const where = placement(choices.body.data.curricula, 'CBC', 'Upper Primary', 'Grade 5');

    const invalid = await browser.post('/api/parent/child/add', {
      first_name: '',
      last_name: 'Kevo',
      gender: 'male',
      dob: '2015-01-01',
      school_name: 'x',
      study_mode: 'day_scholar',
      ...where,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ first_name: ['This field is required.'] });

    const added = await browser.post('/api/parent/child/add', {
      first_name: 'Kevin',
      last_name: 'Kevo',
      gender: 'male',
      dob: '2015-04-01',
      school_name: 'Nairobi Primary School',
      study_mode: 'day_scholar',
      ...where,
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Child created');
    expect(added.body.data).toMatchObject({
      profile_completed: true,
      school_name: 'Nairobi Primary School',
      grade_level: { name: 'Grade 5' },
      user: { first_name: 'Kevin', last_name: 'Kevo', gender: 'male', dob: '2015-04-01' },
    });
    expect(added.body.data.user.username).toMatch(/^kevin\.kevo\d{4}$/);

    const children = await browser.get('/api/parent/child/data');
    expect(children.body.data).toHaveLength(1);

    const badPhone = await browser.post('/api/parent/complete-profile/store', {
      phone: '999',
      gender: 'male',
    });
    expect(badPhone.body.errors).toEqual({ phone: ['Invalid phone number.'] });

    const completed = await browser.post('/api/parent/complete-profile/store', {
      phone: '0722123456',
      gender: 'male',
    });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({
      phone: '254722123456',
      parent: { profile_completed: true, students_count: 1 },
    });
  });
});

describe('teacher profile completion', () => {
  it('offers curricula, subjects and qualification levels', async () => {
    const browser = server.browser();
    await browser.signIn('newteacher@example.com');
    const response = await browser.get('/api/teacher/update-data');
    expect(response.status).toBe(200);
    expect(response.body.data.qualification_levels).toEqual([
      'PHD',
      'Masters',
      'Degree',
      'Diploma',
      'Certificate',
    ]);
    expect(response.body.data.subjects.map((subject: { name: string }) => subject.name)).toContain(
      'Kiswahili',
    );
    expect(response.body.data.teacher).toMatchObject({ status: 'new' });
  });

  it('refuses to submit an empty profile, listing what is missing', async () => {
    const browser = await newAccount('teacher', 'mwalimu_tupu');
    const response = await browser.post('/api/teacher/submit-profile');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual([
      'biography',
      'current_workplace',
      'qualification_level',
      'curriculum_id',
      'edu_level_id',
      'subject_ids',
      'id_number',
    ]);
  });

  it('validates the subject count and the ID number', async () => {
    const browser = await newAccount('teacher', 'mwalimu_mingi');
    const data = (await browser.get('/api/teacher/update-data')).body.data;
    const subjectIds = data.subjects.map((subject: { id: number }) => subject.id);
    const base = {
      biography: 'I teach.',
      current_workplace: 'Starehe Boys Centre',
      qualification_level: 'Degree',
      curriculum_id: data.curricula[0].id,
      edu_level_id: data.curricula[0].edu_levels[0].id,
      id_number: '12345678',
    };
    const tooMany = await browser.post('/api/teacher/update', {
      ...base,
      subject_ids: subjectIds.slice(0, 6),
    });
    expect(tooMany.body.errors).toEqual({ subject_ids: ['You can select at most 5 subjects.'] });
    const none = await browser.post('/api/teacher/update', { ...base, subject_ids: [] });
    expect(none.body.errors).toEqual({ subject_ids: ['Select at least 1 subject.'] });
    const badId = await browser.post('/api/teacher/update', {
      ...base,
      subject_ids: [subjectIds[0]],
      id_number: '12',
    });
    expect(badId.body.errors).toEqual({ id_number: ['Enter a valid national ID or passport number.'] });
    const wrongLevel = await browser.post('/api/teacher/update', {
      ...base,
      subject_ids: [subjectIds[0]],
      edu_level_id: data.curricula[1].edu_levels[0].id,
    });
    expect(wrongLevel.body.errors).toEqual({ edu_level_id: ['Choose one of the options.'] });
  });

  it('saves the profile without changing the status, then submits it for approval', async () => {
    const browser = await newAccount('teacher', 'mwalimu_kamili');
    const data = (await browser.get('/api/teacher/update-data')).body.data;
    const wanted = data.subjects.filter((subject: { name: string }) =>
      ['Kiswahili', 'History'].includes(subject.name),
    );
    const saved = await browser.post('/api/teacher/update', {
      biography: 'Kiswahili and History teacher who loves fasihi and oral narratives.',
      current_workplace: 'Kenya High School',
      qualification_level: 'Degree',
      curriculum_id: data.curricula[0].id,
      edu_level_id: data.curricula[0].edu_levels[3].id,
      subject_ids: wanted.map((subject: { id: number }) => subject.id),
      id_number: '23456789',
      tsc_number: '654321',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.teacher).toMatchObject({
      status: 'new',
      has_id_number: true,
      has_tsc_number: true,
      edu_level: { name: 'Senior School' },
    });
    expect(saved.body.data.teacher.subjects.map((subject: { name: string }) => subject.name)).toEqual([
      'History',
      'Kiswahili',
    ]);
    expect(saved.text).not.toContain('23456789');

    const submitted = await browser.post('/api/teacher/submit-profile');
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe('Your profile has been submitted for approval.');
    expect(submitted.body.data.teacher.status).toBe('pending');
  });

  it('does not resubmit an approved profile', async () => {
    const browser = server.browser();
    await browser.signIn('teacher@example.com');
    const response = await browser.post('/api/teacher/submit-profile');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'Your profile is already approved.' });
  });
});

describe('GET /api/curricula/all', () => {
  it('lists the curricula with their education level counts', async () => {
    const response = await server.browser().get('/api/curricula/all');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Competency Based Curriculum',
        acronym: 'CBC',
        slug: 'cbc',
        edu_level_count: 4,
      },
      { id: expect.any(Number), name: '8-4-4 System', acronym: '8-4-4', slug: '8-4-4', edu_level_count: 2 },
      {
        id: expect.any(Number),
        name: 'Cambridge International (IGCSE)',
        acronym: 'IGCSE',
        slug: 'igcse',
        edu_level_count: 4,
      },
    ]);
  });
});
