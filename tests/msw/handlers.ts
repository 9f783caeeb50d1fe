// An in-memory stand-in for the API of CONTRACT.md + docs/api.md, for view tests. Same paths,
// statuses, envelopes and messages as the real server; state lives in `api` and is reset per test.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { teacherSubjectsProblem } from '@/shared/profile-validation';

export const PASSWORD = 'Passw0rd!';
const XSRF = 'test-xsrf-token';

type WireRecord = Record<string, unknown>;
export type FakeAccount = { password: string; active: boolean; user: WireRecord };

export const CURRICULA = [
  {
    id: 1,
    name: 'Competency Based Curriculum',
    acronym: 'CBC',
    slug: 'cbc',
    edu_levels: [
      { id: 11, name: 'Upper Primary', slug: 'upper-primary', grade_levels: [{ id: 111, name: 'Grade 4', slug: 'grade-4' }, { id: 112, name: 'Grade 5', slug: 'grade-5' }] },
      { id: 12, name: 'Junior School', slug: 'junior-school', grade_levels: [{ id: 121, name: 'Grade 7', slug: 'grade-7' }] },
    ],
  },
  {
    id: 2,
    name: '8-4-4',
    acronym: '8-4-4',
    slug: '8-4-4',
    edu_levels: [{ id: 21, name: 'Secondary', slug: 'secondary', grade_levels: [{ id: 211, name: 'Form 3', slug: 'form-3' }] }],
  },
];
export const SUBJECTS = [
  { id: 1, name: 'Mathematics', slug: 'mathematics', color: '#1971c2' },
  { id: 2, name: 'English', slug: 'english', color: '#2f9e44' },
  { id: 3, name: 'Kiswahili', slug: 'kiswahili', color: '#e8590c' },
  { id: 4, name: 'Chemistry', slug: 'chemistry', color: '#9c36b5' },
  { id: 5, name: 'Physics', slug: 'physics', color: '#0c8599' },
  { id: 6, name: 'Biology', slug: 'biology', color: '#66a80f' },
];

let nextId = 100;

function baseUser(id: number, role: string, first: string, last: string, email: string): WireRecord {
  return {
    id,
    username: email.split('@')[0],
    first_name: first,
    last_name: last,
    email,
    phone: '254712345678',
    phone_verified: false,
    phone_verified_at: null,
    status: 'active',
    gender: 'female',
    dob: '1990-05-17',
    photo: null,
    display_photo_url: null,
    roles: [{ id: id * 10, name: role }],
  };
}

export function studentAccount(email: string, completed: boolean): FakeAccount {
  const user = baseUser(nextId++, 'student', 'Amani', 'Otieno', email);
  user.student = { id: nextId++, student_no: 'S-0001', school_name: completed ? 'Alliance Girls' : null, study_mode: completed ? 'boarding' : null, profile_completed: completed };
  return { password: PASSWORD, active: true, user };
}

export function parentAccount(email: string, completed: boolean): FakeAccount {
  const user = baseUser(nextId++, 'parent', 'Wanjiku', 'Kamau', email);
  user.parent = { id: nextId++, profile_completed: completed, students_count: 0, students: [] };
  return { password: PASSWORD, active: true, user };
}

export function teacherAccount(email: string, status: 'new' | 'pending' | 'approved' | 'declined'): FakeAccount {
  const user = baseUser(nextId++, 'teacher', 'Baraka', 'Mwangi', email);
  user.teacher = { id: nextId++, status, biography: null, current_workplace: null, qualification_level: null, subjects: [], has_id_number: false, has_tsc_number: false };
  return { password: PASSWORD, active: true, user };
}

/** Mutable state of the fake API. */
export const api = {
  accounts: new Map<string, FakeAccount>(),
  signedIn: null as string | null,
  children: [] as WireRecord[],
  validResetToken: 'reset-token-ok',
  /** Every request the fake saw, as "METHOD /path", to assert what the SPA sent. */
  calls: [] as string[],
  bodies: new Map<string, unknown>(),
  reset() {
    this.accounts = new Map([
      ['student@example.com', studentAccount('student@example.com', true)],
      ['newstudent@example.com', studentAccount('newstudent@example.com', false)],
      ['parent@example.com', parentAccount('parent@example.com', true)],
      ['newparent@example.com', parentAccount('newparent@example.com', false)],
      ['teacher@example.com', teacherAccount('teacher@example.com', 'approved')],
      ['newteacher@example.com', teacherAccount('newteacher@example.com', 'new')],
      ['inactive@example.com', { ...studentAccount('inactive@example.com', true), active: false }],
    ]);
    this.signedIn = null;
    this.children = [];
    this.calls = [];
    this.bodies = new Map();
  },
  /** Starts a test already signed in: server session + the user the SPA keeps in localStorage. */
  signInAs(email: string) {
    this.signedIn = email;
  },
  current(): FakeAccount | null {
    return this.signedIn ? (this.accounts.get(this.signedIn) ?? null) : null;
  },
};
api.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const invalid = (errors: Record<string, string[]>, message = t('validation.general')) => json({ message, errors }, 422);
const unauthenticated = () => json({ message: t('auth.unauthenticated') }, 401);

async function bodyOf(request: Request): Promise<WireRecord> {
  const body = (await request.json().catch(() => ({}))) as WireRecord;
  api.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

/** Sanctum: writes need the X-XSRF-TOKEN header from the cookie. */
function csrfFailed(request: Request) {
  return request.headers.get('X-XSRF-TOKEN') !== XSRF ? json({ message: t('auth.csrfMismatch') }, 419) : null;
}

function withUser(request: Request, respond: (account: FakeAccount) => Response | Promise<Response>) {
  const account = api.current();
  if (!account) return unauthenticated();
  if (request.method !== 'GET') {
    const refused = csrfFailed(request);
    if (refused) return refused;
  }
  return respond(account);
}

function required(body: WireRecord, fields: string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) errors[field] = [t('validation.required')];
  }
  return errors;
}

function completionOptions() {
  return { data: { curricula: CURRICULA, study_modes: ['boarding', 'day_scholar'], genders: ['male', 'female', 'other'] } };
}

export const handlers = [
  http.get('/sanctum/csrf-cookie', () => {
    document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/login', async ({ request }) => {
    const refused = csrfFailed(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const account = api.accounts.get(String(body.email ?? '').toLowerCase());
    if (!account || account.password !== body.password) return json({ message: t('auth.invalidCredentials') }, 422);
    if (!account.active) return json({ message: t('auth.notActivated') }, 422);
    api.signedIn = String(body.email).toLowerCase();
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/logout', ({ request }) =>
    withUser(request, () => {
      api.signedIn = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ),

  http.get('/api/user', ({ request }) => withUser(request, (account) => json({ data: account.user }))),

  http.post('/api/register', async ({ request }) => {
    const refused = csrfFailed(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const email = String(body.email ?? '').toLowerCase();
    // Like the API: an address that has an account gets the same answer, and nothing changes.
    if (api.accounts.has(email)) return json({ message: t('auth.signUpReceived') }, 201);
    const role = String(body.role);
    const account = role === 'teacher' ? teacherAccount(email, 'new') : role === 'parent' ? parentAccount(email, false) : studentAccount(email, false);
    api.accounts.set(email, { ...account, password: String(body.password), active: false });
    return json({ message: t('auth.signUpReceived') }, 201);
  }),

  http.post('/api/forgot-password', async ({ request }) => {
    const refused = csrfFailed(request);
    if (refused) return refused;
    await bodyOf(request);
    return json({ message: t('auth.resetEmailSent') });
  }),

  http.post('/api/reset-password', async ({ request }) => {
    const refused = csrfFailed(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const account = api.accounts.get(String(body.email ?? ''));
    if (!account || body.token !== api.validResetToken) return invalid({ email: [t('auth.resetLinkInvalid')] });
    account.password = String(body.password);
    return json({ message: t('auth.passwordResetDone') });
  }),

  http.post('/api/updateuserinfo', ({ request }) =>
    withUser(request, async (account) => {
      const body = await bodyOf(request);
      const errors = required(body, ['first_name', 'last_name', 'username']);
      if (body.username && body.username !== account.user.username && [...api.accounts.values()].some((a) => a.user.username === body.username)) {
        errors.username = [t('validation.usernameTaken')];
      }
      if (Object.keys(errors).length) return invalid(errors);
      Object.assign(account.user, body);
      return json({ message: t('profile.updated'), data: account.user });
    }),
  ),

  http.post('/api/user/password', ({ request }) =>
    withUser(request, async (account) => {
      const body = await bodyOf(request);
      if (body.current_password !== account.password) return invalid({ current_password: [t('validation.currentPassword')] });
      account.password = String(body.password);
      return json({ message: t('auth.passwordChanged') });
    }),
  ),

  http.get('/api/student/complete-profile', ({ request }) => withUser(request, () => json(completionOptions()))),
  http.post('/api/student/complete-profile/store', ({ request }) =>
    withUser(request, async (account) => {
      const body = await bodyOf(request);
      const errors = required(body, ['school_name', 'study_mode', 'curriculum_id', 'edu_level_id', 'grade_level_id', 'dob', 'gender']);
      if (Object.keys(errors).length) return invalid(errors);
      account.user.student = { ...(account.user.student as WireRecord), ...body, profile_completed: true };
      return json({ message: t('profile.updated'), data: account.user });
    }),
  ),

  http.get('/api/parent/complete-profile', ({ request }) => withUser(request, () => json(completionOptions()))),
  http.get('/api/parent/child/data', ({ request }) => withUser(request, () => json({ data: api.children }))),
  http.post('/api/parent/child/add', ({ request }) =>
    withUser(request, async () => {
      const body = await bodyOf(request);
      const errors = required(body, ['first_name', 'last_name', 'gender', 'dob', 'school_name', 'study_mode', 'curriculum_id', 'edu_level_id', 'grade_level_id']);
      if (Object.keys(errors).length) return invalid(errors);
      const child = {
        id: nextId++,
        school_name: body.school_name,
        study_mode: body.study_mode,
        curriculum_id: body.curriculum_id,
        edu_level_id: body.edu_level_id,
        grade_level_id: body.grade_level_id,
        profile_completed: true,
        user: { id: nextId++, first_name: body.first_name, last_name: body.last_name, username: `${String(body.first_name).toLowerCase()}${nextId}`, gender: body.gender, dob: body.dob },
      };
      api.children.push(child);
      return json({ message: t('messages.created', { name: 'Child' }), data: child }, 201);
    }),
  ),
  http.post('/api/parent/complete-profile/store', ({ request }) =>
    withUser(request, async (account) => {
      const body = await bodyOf(request);
      const errors = required(body, ['phone', 'gender']);
      if (api.children.length === 0) errors.children = [t('validation.childrenRequired')];
      if (Object.keys(errors).length) return invalid(errors);
      account.user.parent = { ...(account.user.parent as WireRecord), profile_completed: true, students_count: api.children.length, students: api.children };
      return json({ message: t('profile.updated'), data: account.user });
    }),
  ),

  http.get('/api/teacher/update-data', ({ request }) =>
    withUser(request, (account) =>
      json({ data: { curricula: CURRICULA, subjects: SUBJECTS, qualification_levels: ['PHD', 'Masters', 'Degree', 'Diploma', 'Certificate'], teacher: account.user.teacher } }),
    ),
  ),
  http.post('/api/teacher/update', ({ request }) =>
    withUser(request, async (account) => {
      const body = await bodyOf(request);
      const errors = required(body, ['biography', 'current_workplace', 'qualification_level', 'curriculum_id', 'edu_level_id', 'id_number']);
      const ids = Array.isArray(body.subject_ids) ? body.subject_ids : [];
      if (ids.length < 1) errors.subject_ids = [teacherSubjectsProblem(ids.length) ?? ''];
      if (ids.length > 5) errors.subject_ids = [teacherSubjectsProblem(ids.length) ?? ''];
      if (Object.keys(errors).length) return invalid(errors);
      const { id_number: _id, tsc_number: _tsc, subject_ids: _s, ...rest } = body;
      account.user.teacher = {
        ...(account.user.teacher as WireRecord),
        ...rest,
        subjects: SUBJECTS.filter((s) => ids.includes(s.id)),
        has_id_number: true,
        has_tsc_number: Boolean(_tsc) || Boolean((account.user.teacher as WireRecord | null)?.has_tsc_number),
      };
      return json({ message: t('profile.updated'), data: account.user });
    }),
  ),
  http.post('/api/teacher/submit-profile', ({ request }) =>
    withUser(request, (account) => {
      const teacher = account.user.teacher as WireRecord;
      if (!teacher.biography || !teacher.has_id_number) return invalid({ biography: [t('validation.required')] });
      teacher.status = 'pending';
      return json({ message: t('profile.submitted'), data: account.user });
    }),
  ),
];
