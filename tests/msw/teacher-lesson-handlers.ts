// The teacher's lesson page and classes of the fake API, shaped exactly as docs/teaching-admin.md says:
// `GET /api/teacher/lessons/show/{code}`, cancel with refunds, notes and assignments (multipart) with
// their files, `DELETE /api/files/delete/{id}`, and the teacher's classes. The signed-in teacher
// (teacher@example.com) owns every lesson and class here; another code is a 404 (the page then shows
// the learner view), and a user without the teacher role gets 403. State lives in `teaching`, reset per test.
import { beforeEach } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { plural, wasWere } from '@/shared/plural';
import {
  MATERIAL_FILE_MAX_BYTES,
  MATERIAL_FILE_MAX_MB,
  MATERIAL_FILE_TYPE_NAMES,
  MATERIAL_FILE_TYPES,
  MATERIAL_FILES_MAX,
  MATERIAL_FILES_MIN,
} from '@/shared/teaching';
import { api } from './handlers';
import { useLearnerApi } from './learner-handlers';
import { paged } from './handler-kit';
import { server } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';
const HOUR = 3_600_000;

const iso = (time: number) => new Date(time).toISOString();

function fileWire(id: number, name: string, size: number, mime = 'application/pdf'): Wire {
  return { id, name, size, mime_type: mime, url: `/api/files/${id}` };
}

function teacherLesson(id: number, code: string, topic: string, start: number, extra: Wire = {}): Wire {
  return {
    id,
    code,
    price: '1500.00',
    objective: `Understand ${topic.toLowerCase()}.`,
    start_at: iso(start),
    end_at: iso(start + HOUR),
    link: `https://meet.example/${code}`,
    is_approved: true,
    rejection_comment: null,
    class: { id: 9, name: 'Grade 7 Algebra', title: 'Grade 7 Algebra' },
    topic: { id: id + 1000, name: topic, slug: topic.toLowerCase().replace(/\s+/g, '-') },
    program: null,
    type: 'public',
    teacher: { id: 3, name: 'Baraka Mwangi', photo: null },
    subject: { id: 1, name: 'Mathematics' },
    grade_level: { id: 121, name: 'Grade 7' },
    status: 'approved',
    cancelled_at: null,
    cancellation_reason: null,
    bookings_count: 0,
    notes_count: 0,
    assignments_count: 0,
    can_edit: true,
    can_cancel: true,
    learners: [],
    notes: [],
    assignments: [],
    // Issue 22: who joined the classroom (docs/classroom.md).
    attendance: [],
    ...extra,
  };
}

function fixtures(now: number): Wire[] {
  const booked = teacherLesson(501, 'LSN-T501', 'Linear equations', now + 26 * HOUR, {
    bookings_count: 2,
    notes_count: 1,
    assignments_count: 1,
    can_edit: false,
    learners: [
      {
        booking_id: 71,
        student_id: 31,
        student_name: 'Amina Kamau',
        booked_by: 'Wanjiku Kamau',
        paid: '1500.00',
        takings: '1500.00',
        plan: null,
        booked_at: '2026-11-20T07:00:00.000Z',
        refunded: false,
      },
      {
        booking_id: 72,
        student_id: 33,
        student_name: 'Otieno Odhiambo',
        booked_by: null,
        paid: null,
        takings: null,
        plan: null,
        booked_at: '2026-11-20T08:00:00.000Z',
        refunded: false,
      },
    ],
    notes: [
      {
        id: 1,
        title: 'Worked examples',
        desc: 'Read before the lesson.',
        files: [fileWire(11, 'worked-examples.pdf', 1_572_864), fileWire(12, 'board.png', 2048, 'image/png')],
        created_at: '2026-11-20T07:00:00.000Z',
      },
    ],
    assignments: [
      {
        id: 2,
        title: 'Practice set 1',
        desc: 'Questions 1 to 10.',
        due_date: '2026-12-03',
        files: [fileWire(13, 'practice-set-1.docx', 512, 'application/msword')],
        created_at: '2026-11-20T07:00:00.000Z',
      },
    ],
  });
  const pending = teacherLesson(502, 'LSN-T502', 'Inequalities', now + 50 * HOUR, {
    status: 'pending',
    is_approved: false,
  });
  const rejected = teacherLesson(503, 'LSN-T503', 'Fractions', now + 74 * HOUR, {
    status: 'rejected',
    is_approved: false,
    rejection_comment: 'The objective is too vague.',
    can_edit: true,
  });
  return [booked, pending, rejected];
}

export const TEACHER_CLASS = {
  id: 9,
  slug: 'grade-7-algebra-t',
  title: 'Grade 7 Algebra',
  description: 'Equations, step by step.',
  type: 'catch_up',
  frequency: 'weekly',
  starts_at: '2026-12-01T05:00:00.000Z',
  ends_at: '2027-02-20T05:00:00.000Z',
  price: '6000.00',
  subject: { id: 1, name: 'Mathematics' },
  grade_level: { id: 121, name: 'Grade 7', edu_level: { id: 12, name: 'Junior School' } },
  teacher: { id: 3, name: 'Baraka Mwangi', photo: null },
  lessons_count: 1,
  booked_lessons_count: 0,
  is_approved: true,
  rejection_comment: null,
  // Issue 22: the teacher's own meeting link for the class's lessons (null: each lesson's own room).
  link: null,
  status: 'approved',
};
export const REJECTED_CLASS = {
  ...TEACHER_CLASS,
  id: 10,
  slug: 'form-3-chemistry-t',
  title: 'Form 3 Chemistry',
  subject: { id: 4, name: 'Chemistry' },
  grade_level: { id: 211, name: 'Form 3', edu_level: { id: 21, name: 'Secondary' } },
  is_approved: false,
  rejection_comment: 'The schedule overlaps the exams.',
  status: 'rejected',
};

export const teaching = {
  lessons: fixtures(Date.now()),
  classes: [] as Wire[],
  nextId: 900,
  /** The next save of a note or assignment answers this 422 (what only the server can tell, e.g. the bytes). */
  refuseNextSave: null as Record<string, string[]> | null,
  /** File deletes answer a server fault. */
  failDeletes: false,
  /** What each multipart save carried: the fields and each file's declared type (jsdom's files reach msw
   *  named "blob" and without their bytes, so the fake sees neither names nor sizes). */
  uploads: [] as Array<{ path: string; fields: Record<string, string>; files: string[] }>,
  bodies: [] as Array<{ path: string; body: Wire }>,
  reset() {
    this.lessons = fixtures(Date.now());
    this.classes = [structuredClone(TEACHER_CLASS), structuredClone(REJECTED_CLASS)];
    this.refuseNextSave = null;
    this.failDeletes = false;
    this.uploads = [];
    this.bodies = [];
  },
  lesson(code: string): Wire | undefined {
    return this.lessons.find((lesson) => lesson.code === code || String(lesson.id) === code);
  },
};
teaching.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const notFound = () => json({ message: t('messages.notFound') }, 404);
const invalid = (errors: Record<string, string[]>) =>
  json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);

/** 401 signed out, 419 without the anti-forgery header, 403 without the teacher role. */
function guard(request: Request): Response | null {
  const account = api.current();
  if (!account) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF)
    return json({ message: t('auth.csrfMismatch') }, 419);
  const roles = (account.user.roles as Array<{ name: string }>) ?? [];
  if (!roles.some((role) => role.name === 'teacher'))
    return json({ message: 'This action is unauthorized.' }, 403);
  return null;
}

function summary(lesson: Wire): Wire {
  const { learners: _l, notes: _n, assignments: _a, attendance: _at, ...rest } = lesson;
  return rest;
}

function allMaterials(): Array<{ kind: 'notes' | 'assignments'; lesson: Wire; item: Wire }> {
  return teaching.lessons.flatMap((lesson) => [
    ...(lesson.notes as Wire[]).map((item) => ({ kind: 'notes' as const, lesson, item })),
    ...(lesson.assignments as Wire[]).map((item) => ({ kind: 'assignments' as const, lesson, item })),
  ]);
}

const EXTENSION_OF: Record<string, string> = Object.fromEntries(
  Object.entries(MATERIAL_FILE_TYPES).map(([extension, mime]) => [mime, extension]),
);

/** The fake judges the declared type (the real server reads the bytes) and the size. */
function fileProblem(file: File): string | null {
  if (!EXTENSION_OF[file.type]) return t('validation.fileTypes', { types: MATERIAL_FILE_TYPE_NAMES });
  if (file.size > MATERIAL_FILE_MAX_BYTES) return t('validation.fileSize', { size: MATERIAL_FILE_MAX_MB });
  return null;
}

/** Store or update a note or an assignment from a multipart body, with the doc's checks. */
async function saveMaterial(request: Request, kind: 'notes' | 'assignments', id: string | null) {
  const refused = guard(request);
  if (refused) return refused;
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'files') files.push(value);
  }
  const path = new URL(request.url).pathname;
  teaching.uploads.push({ path, fields, files: files.map((file) => file.type) });
  const existing =
    id === null ? null : allMaterials().find((m) => m.kind === kind && String(m.item.id) === id);
  if (id !== null && !existing) return notFound();
  const lesson = existing ? existing.lesson : teaching.lesson(fields.lesson_id ?? '');
  if (!lesson) return invalid({ lesson_id: [t('validation.required')] });
  if (teaching.refuseNextSave) {
    const errors = teaching.refuseNextSave;
    teaching.refuseNextSave = null;
    return invalid(errors);
  }
  const errors: Record<string, string[]> = {};
  if (!fields.title?.trim()) errors.title = [t('validation.required')];
  if (kind === 'assignments' && !fields.due_date) errors.due_date = [t('validation.required')];
  const kept = existing ? (existing.item.files as Wire[]).length : 0;
  if (kept + files.length < MATERIAL_FILES_MIN || kept + files.length > MATERIAL_FILES_MAX)
    errors.files = [t('validation.fileCount', { min: MATERIAL_FILES_MIN, max: MATERIAL_FILES_MAX })];
  files.forEach((file, index) => {
    const problem = fileProblem(file);
    if (problem) errors[`files.${index}`] = [problem];
  });
  if (Object.keys(errors).length > 0) return invalid(errors);
  const added = files.map((file) => {
    const id = teaching.nextId++;
    return fileWire(id, `upload-${id}.${EXTENSION_OF[file.type] ?? 'bin'}`, file.size, file.type);
  });
  const item: Wire = existing
    ? Object.assign(existing.item, {
        title: fields.title,
        desc: fields.description ?? '',
        ...(kind === 'assignments' ? { due_date: fields.due_date } : {}),
        files: [...(existing.item.files as Wire[]), ...added],
      })
    : {
        id: teaching.nextId++,
        title: fields.title,
        desc: fields.description ?? '',
        ...(kind === 'assignments' ? { due_date: fields.due_date } : {}),
        files: added,
        created_at: new Date().toISOString(),
      };
  if (!existing) {
    (lesson[kind] as Wire[]).push(item);
    lesson[`${kind}_count`] = (lesson[kind] as Wire[]).length;
  }
  const name = kind === 'notes' ? 'Note' : 'Assignment';
  return json(
    { message: t(existing ? 'messages.updated' : 'messages.created', { name }), data: item },
    existing ? 200 : 201,
  );
}

function deleteMaterial(request: Request, kind: 'notes' | 'assignments', id: string) {
  const refused = guard(request);
  if (refused) return refused;
  const found = allMaterials().find((m) => m.kind === kind && String(m.item.id) === id);
  if (!found) return notFound();
  found.lesson[kind] = (found.lesson[kind] as Wire[]).filter((item) => item !== found.item);
  found.lesson[`${kind}_count`] = (found.lesson[kind] as Wire[]).length;
  return json({ message: t('messages.deleted', { name: kind === 'notes' ? 'Note' : 'Assignment' }) });
}

function classDetail(item: Wire): Wire {
  const lessons = teaching.lessons
    .filter((lesson) => (lesson.class as Wire | null)?.id === item.id)
    .map(summary);
  // Issue 22: the class's own meeting link (null: each lesson's room).
  return { link: null, ...item, lessons, lessons_count: lessons.length };
}

const CLASS_FIELDS = [
  'title',
  'description',
  'subject_id',
  'grade_level_id',
  'curriculum_id',
  'type',
  'frequency',
  'price',
  'starts_on',
  'ends_on',
];

async function saveClass(request: Request, id: string | null) {
  const refused = guard(request);
  if (refused) return refused;
  const body = (await request.json()) as Wire;
  const path = new URL(request.url).pathname;
  teaching.bodies.push({ path, body });
  const existing = id === null ? null : teaching.classes.find((item) => String(item.id) === id);
  if (id !== null && !existing) return notFound();
  const errors: Record<string, string[]> = {};
  for (const field of CLASS_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null || value === '') errors[field] = [t('validation.required')];
  }
  // What only the server knows: another class of this teacher already has the title.
  if (teaching.classes.some((item) => item.title === body.title && item !== existing))
    errors.title = ['This class already exists.'];
  if (typeof body.starts_on === 'string' && typeof body.ends_on === 'string' && body.ends_on < body.starts_on)
    errors.ends_on = [t('validation.dateRange')];
  if (Object.keys(errors).length > 0) return invalid(errors);
  const subject = body.subject_id === 4 ? { id: 4, name: 'Chemistry' } : { id: 1, name: 'Mathematics' };
  const saved: Wire = {
    ...(existing ?? { ...structuredClone(TEACHER_CLASS), id: teaching.nextId++, lessons_count: 0 }),
    title: body.title,
    description: body.description,
    type: body.type,
    frequency: body.frequency,
    price: Number(body.price).toFixed(2),
    starts_at: `${String(body.starts_on)}T05:00:00.000Z`,
    ends_at: `${String(body.ends_on)}T05:00:00.000Z`,
    subject,
    is_approved: false,
    rejection_comment: null,
    status: 'pending',
  };
  if (existing) Object.assign(existing, saved);
  else teaching.classes.push(saved);
  return json(
    {
      message: existing
        ? 'Class updated. It shows under Pending until it is approved again.'
        : 'Class created. It shows under Pending until it is approved.',
      data: saved,
    },
    existing ? 200 : 201,
  );
}

export const teacherLessonHandlers = [
  http.get('/api/teacher/lessons/show/:code', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const found = teaching.lesson(String(params.code));
    return found ? json({ data: found }) : notFound();
  }),
  http.post('/api/teacher/lessons/cancel/:id', async ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const found = teaching.lesson(String(params.id));
    if (!found) return notFound();
    if (found.status === 'cancelled')
      return json({ message: 'This lesson has already been cancelled.' }, 409);
    const body = (await request.json().catch(() => ({}))) as Wire;
    teaching.bodies.push({ path: new URL(request.url).pathname, body });
    const refunds = (found.learners as Wire[])
      .filter((learner) => learner.paid !== null && learner.refunded !== true)
      .map((learner) => {
        learner.refunded = true;
        return { student_name: learner.student_name, amount: learner.paid };
      });
    Object.assign(found, {
      status: 'cancelled',
      cancelled_at: new Date().toISOString(),
      cancellation_reason: typeof body.reason === 'string' ? body.reason : null,
      can_cancel: false,
      can_edit: false,
    });
    // The server's words (teaching.lessonCancelled / lessonCancelledRefunds).
    const message =
      refunds.length > 0
        ? `Lesson cancelled. ${plural(refunds.length, 'learner')} ${wasWere(refunds.length)} refunded.`
        : 'Lesson cancelled.';
    return json({ message, data: summary(found), refunds });
  }),
  http.post('/api/teacher/notes/store', ({ request }) => saveMaterial(request, 'notes', null)),
  http.post('/api/teacher/notes/update/:id', ({ request, params }) =>
    saveMaterial(request, 'notes', String(params.id)),
  ),
  http.delete('/api/teacher/notes/delete/:id', ({ request, params }) =>
    deleteMaterial(request, 'notes', String(params.id)),
  ),
  http.post('/api/teacher/assignments/store', ({ request }) => saveMaterial(request, 'assignments', null)),
  http.post('/api/teacher/assignments/update/:id', ({ request, params }) =>
    saveMaterial(request, 'assignments', String(params.id)),
  ),
  http.delete('/api/teacher/assignments/delete/:id', ({ request, params }) =>
    deleteMaterial(request, 'assignments', String(params.id)),
  ),
  http.delete('/api/files/delete/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    if (teaching.failDeletes) return json({ message: t('messages.general') }, 500);
    const owner = allMaterials().find((m) =>
      (m.item.files as Wire[]).some((file) => String(file.id) === params.id),
    );
    if (!owner) return notFound();
    const files = owner.item.files as Wire[];
    if (files.length <= MATERIAL_FILES_MIN)
      return invalid({
        file: [t('validation.fileCount', { min: MATERIAL_FILES_MIN, max: MATERIAL_FILES_MAX })],
      });
    owner.item.files = files.filter((file) => String(file.id) !== params.id);
    return json({ message: t('messages.deleted', { name: 'File' }) });
  }),
  http.get('/api/teacher/classes', ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const filter = query.get('filter') ?? 'upcoming';
    if (!['upcoming', 'ongoing', 'past', 'pending', 'rejected'].includes(filter))
      return invalid({ filter: ['The filter is not valid.'] });
    teaching.bodies.push({ path: '/api/teacher/classes', body: { filter } });
    const rows = teaching.classes.filter((item) =>
      filter === 'upcoming'
        ? item.status === 'approved'
        : filter === 'pending' || filter === 'rejected'
          ? item.status === filter
          : false,
    );
    return json(paged(rows, query));
  }),
  http.get('/api/teacher/classes/show/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const found = teaching.classes.find((item) => String(item.id) === params.id);
    return found ? json({ data: classDetail(found) }) : notFound();
  }),
  http.post('/api/teacher/classes/store', ({ request }) => saveClass(request, null)),
  http.post('/api/teacher/classes/update/:id', ({ request, params }) =>
    saveClass(request, String(params.id)),
  ),
];

/** Call once per test file: the whole fake API with the learner endpoints, plus these. */
export function useTeacherLessonApi() {
  useLearnerApi();
  beforeEach(() => {
    teaching.reset();
    server.use(...teacherLessonHandlers);
  });
}
