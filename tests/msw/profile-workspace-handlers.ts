// Fake API for issue 9's profile part (docs/learning-workspace.md): the parent's children, the
// learner's plans and the photo upload. Same paths, statuses and messages as the real server.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { TEACHER_DOCUMENT_MIME_TYPES } from '@/shared/teaching';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB, PHOTO_TYPE_NAMES } from '@/shared/validation';
import { api } from './handlers';

type WireRecord = Record<string, unknown>;

let nextId = 5000;

function child(first: string, last: string, school: string, grade: { id: number; name: string }): WireRecord {
  const id = nextId++;
  return {
    id,
    student_no: null,
    school_name: school,
    study_mode: 'day_scholar',
    curriculum_id: 1,
    edu_level_id: 11,
    grade_level_id: grade.id,
    profile_completed: true,
    grade_level: { id: grade.id, name: grade.name, slug: grade.name.toLowerCase().replace(' ', '-') },
    user: {
      id: nextId++,
      first_name: first,
      last_name: last,
      username: `${first.toLowerCase()}${id}`,
      gender: 'female',
      dob: '2016-05-10',
    },
  };
}

export const profileWorkspace = {
  children: [] as WireRecord[],
  /** Student ids with a booked lesson that has not ended: removing them is a 409. */
  withUpcomingLessons: new Set<number>(),
  plans: [] as WireRecord[],
  /** The signed-in teacher's vetting documents (issue 24). */
  documents: [] as WireRecord[],
  reset() {
    this.children = [
      child('Achieng', 'Otieno', 'Riara Springs', { id: 111, name: 'Grade 4' }),
      child('Baraka', 'Otieno', 'Brookhouse', { id: 112, name: 'Grade 5' }),
    ];
    this.withUpcomingLessons = new Set();
    this.plans = [];
    this.documents = [];
  },
};
profileWorkspace.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const invalid = (field: string, message: string) => json({ message, errors: { [field]: [message] } }, 422);

function signedIn(request: Request): Response | null {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== 'test-xsrf-token')
    return json({ message: t('auth.csrfMismatch') }, 419);
  return null;
}

function isParent(): boolean {
  const roles = (api.current()?.user.roles ?? []) as Array<{ name: string }>;
  return roles.some((role) => role.name === 'parent');
}

function childFrom(body: WireRecord, existing?: WireRecord): WireRecord {
  const base = existing ?? child('', '', '', { id: 111, name: 'Grade 4' });
  return {
    ...base,
    school_name: body.school_name,
    study_mode: body.study_mode,
    curriculum_id: body.curriculum_id,
    edu_level_id: body.edu_level_id,
    grade_level_id: body.grade_level_id,
    grade_level: null,
    user: {
      ...(base.user as WireRecord),
      first_name: body.first_name,
      last_name: body.last_name,
      dob: body.dob,
      gender: body.gender,
    },
  };
}

/** The server's date-of-birth rule for a child, in its words (the SPA checks this first too). */
function dobRefusal(body: WireRecord): Response | null {
  const dob = String(body.dob ?? '');
  return dob.startsWith('1900') ? invalid('dob', t('validation.dob')) : null;
}

export const profileWorkspaceHandlers = [
  http.get('/api/parent/profile-data', ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    if (!isParent()) return json({ message: t('auth.unauthorized') }, 403);
    const students = profileWorkspace.children;
    return json({ data: { id: 1, profile_completed: true, students_count: students.length, students } });
  }),
  http.post('/api/student/store', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const body = (await request.json()) as WireRecord;
    api.bodies.set('POST /api/student/store', body);
    const problem = dobRefusal(body);
    if (problem) return problem;
    const added = childFrom(body);
    profileWorkspace.children.push(added);
    return json({ message: t('messages.created', { name: 'Child' }), data: added }, 201);
  }),
  http.post('/api/student/update/:id', async ({ request, params }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const body = (await request.json()) as WireRecord;
    api.bodies.set(`POST /api/student/update/${String(params.id)}`, body);
    const index = profileWorkspace.children.findIndex((row) => row.id === Number(params.id));
    if (index < 0) return json({ message: t('messages.notFound') }, 404);
    const problem = dobRefusal(body);
    if (problem) return problem;
    const updated = childFrom(body, profileWorkspace.children[index]);
    profileWorkspace.children[index] = updated;
    return json({ message: t('messages.updated', { name: 'Child' }), data: updated });
  }),
  http.delete('/api/student/delete/:id', ({ request, params }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const found = profileWorkspace.children.find((row) => row.id === Number(params.id));
    if (!found) return json({ message: t('messages.notFound') }, 404);
    const name = String((found.user as WireRecord).first_name);
    if (profileWorkspace.withUpcomingLessons.has(Number(params.id)))
      return json({ message: t('children.hasUpcomingLessons', { name }) }, 409);
    profileWorkspace.children = profileWorkspace.children.filter((row) => row !== found);
    return json({ message: t('messages.deleted', { name }) });
  }),
  http.get(
    '/api/subscriptions',
    ({ request }) => signedIn(request) ?? json({ data: profileWorkspace.plans }),
  ),
  http.post('/api/user/photo', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const account = api.current();
    const form = await request.formData();
    const photo = form.get('photo');
    // Node's File, not jsdom's: read it as a Blob.
    if (photo === null || typeof photo === 'string' || photo.size === 0)
      return invalid('photo', t('validation.required'));
    if (photo.size > PHOTO_MAX_BYTES)
      return invalid('photo', t('validation.fileSize', { size: PHOTO_MAX_MB }));
    // The real server judges the bytes; jsdom's files do not keep theirs through msw, so the fake
    // goes by the declared type (a test overrides this handler to answer a byte check's 422).
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(photo.type))
      return invalid('photo', t('validation.fileTypes', { types: PHOTO_TYPE_NAMES }));
    const url = `/api/photos/00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}.png`;
    if (account) account.user = { ...account.user, photo: url, display_photo_url: url };
    return json({ message: t('photo.updated'), data: account?.user ?? null });
  }),
  // Vetting documents (issue 24): the teacher's own list, and one more (`kind` and `files`).
  http.get(
    '/api/teacher/documents',
    ({ request }) => signedIn(request) ?? json({ data: profileWorkspace.documents }),
  ),
  http.post('/api/teacher/documents', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const form = await request.formData();
    const kind = form.get('kind');
    const file = form.get('files');
    if (kind !== 'id_document' && kind !== 'certificate') return invalid('kind', t('teach.documentKind'));
    if (file === null || typeof file === 'string') return invalid('files', t('validation.required'));
    if (!TEACHER_DOCUMENT_MIME_TYPES.includes(file.type)) return invalid('files', t('teach.documentType'));
    const id = nextId++;
    const row = { id, kind, name: file.name, size: file.size, mime_type: file.type, url: `/api/files/${id}` };
    profileWorkspace.documents.push(row);
    return json({ message: t('teach.documentUploaded'), data: [row] }, 201);
  }),
];
