// The teacher's lesson endpoints of the fake API, as docs/teaching-admin.md describes them: My lessons
// by tab, the create form's options, free slots, store and update, one lesson, and earnings. Composed
// with the foundation handlers per test file through `useTeachingApi()`; state lives in `teaching`
// and is reset per test.
import { beforeEach } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { t } from '@/shared/messages';
import { TEACHER_LESSON_FILTERS } from '@/shared/teaching';
import { api } from './handlers';
import { server, useFakeApi } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

export type Mode = 'ok' | 'error' | 'hang';
type Endpoint = 'lessons' | 'create' | 'slots' | 'store' | 'update' | 'show' | 'earnings';
type Filter = (typeof TEACHER_LESSON_FILTERS)[number];

/** One TeacherLesson on the wire (Lesson + the teacher's fields). */
export function teacherLesson(options: {
  id: number;
  topic: string;
  startAt: string;
  status?: 'pending' | 'approved' | 'rejected' | 'cancelled';
  bookings?: number;
  canEdit?: boolean;
  comment?: string | null;
  price?: string;
  type?: string;
}): Wire {
  const status = options.status ?? 'approved';
  const end = new Date(new Date(options.startAt).getTime() + 3_600_000).toISOString();
  const bookings = options.bookings ?? 0;
  return {
    id: options.id,
    code: `LSN-T${String(options.id).padStart(3, '0')}`,
    price: options.price ?? '1500.00',
    objective: `Learn ${options.topic.toLowerCase()} step by step.`,
    start_at: options.startAt,
    end_at: end,
    link: null,
    is_approved: status === 'approved',
    rejection_comment: status === 'rejected' ? (options.comment ?? null) : null,
    capacity: 20,
    seats_left: 20,
    class: null,
    topic: { id: 11, name: options.topic, slug: 'topic', subject: 'Mathematics' },
    program: { id: 31, name: 'CBC Mathematics', curriculum: { id: 1, name: 'CBC', acronym: 'CBC' } },
    teacher: { id: 3, user_id: 30, name: 'Baraka Mwangi', photo: null },
    subject: { id: 1, name: 'Mathematics' },
    grade_level: { id: 7, name: 'Grade 7' },
    type: options.type ?? 'public',
    status,
    cancelled_at: status === 'cancelled' ? '2026-11-20T08:00:00.000Z' : null,
    cancellation_reason: status === 'cancelled' ? 'I am unwell.' : null,
    bookings_count: bookings,
    notes_count: 0,
    assignments_count: 0,
    can_edit: options.canEdit ?? (bookings === 0 && status !== 'cancelled'),
    can_cancel: status !== 'cancelled',
  };
}

export const FORM_DATA: Wire = {
  can_create: true,
  reason: null,
  subjects: [
    { id: 1, name: 'Mathematics' },
    { id: 2, name: 'Chemistry' },
  ],
  grade_levels: [
    { id: 7, name: 'Grade 7', edu_level: { id: 2, name: 'Junior School' } },
    { id: 8, name: 'Grade 8', edu_level: { id: 2, name: 'Junior School' } },
  ],
  topics: [
    { id: 11, name: 'Linear equations', subject_id: 1, grade_level_id: 7 },
    { id: 12, name: 'Quadratic equations', subject_id: 1, grade_level_id: 8 },
    { id: 21, name: 'Acids and bases', subject_id: 2, grade_level_id: 7 },
  ],
  programs: [{ id: 31, name: 'CBC Mathematics', curriculum: { id: 1, name: 'CBC' }, subject_id: 1, grade_level_id: 7 }],
  classes: [{ id: 51, title: 'Grade 7 revision' }],
  types: ['public', 'private', 'group'],
  frequencies: ['daily', 'weekly', 'monthly'],
};

/** A free slot of a Nairobi day (UTC+3). */
export function slot(date: string, time: string): Wire {
  const start = new Date(`${date}T${time}:00+03:00`);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const label = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return { start_at: start.toISOString(), end_at: new Date(start.getTime() + 3_600_000).toISOString(), time, label };
}

export const teaching = {
  lessons: {} as Partial<Record<Filter, Wire[]>>,
  /** Every lesson `lessons/show` can find. */
  shown: [] as Wire[],
  formData: FORM_DATA,
  slots: {} as Record<string, Wire[]>,
  /** A 422 the next store or update answers with. */
  refusal: null as Wire | null,
  earnings: { data: [] as Wire[], totals: { gross: '0.00', commission: '0.00', net: '0.00' }, commission_percent: 20 },
  modes: {} as Partial<Record<Endpoint, Mode>>,
  /** The bodies of every store and update, in order. */
  bodies: [] as Array<{ path: string; body: Wire }>,
  /** The filter of every lessons call, and the date of every slots call. */
  filters: [] as string[],
  slotDates: [] as string[],
  reset() {
    this.lessons = {};
    this.shown = [];
    this.formData = FORM_DATA;
    this.slots = {};
    this.refusal = null;
    this.earnings = { data: [], totals: { gross: '0.00', commission: '0.00', net: '0.00' }, commission_percent: 20 };
    this.modes = {};
    this.bodies = [];
    this.filters = [];
    this.slotDates = [];
  },
  set(endpoint: Endpoint, mode: Mode) {
    this.modes[endpoint] = mode;
  },
};

const json = (body: Wire, status = 200) => HttpResponse.json(body, { status });

/** Signed in as a teacher, the CSRF header on writes, and the endpoint's mode; a Response ends the call. */
async function refusal(request: Request, endpoint: Endpoint): Promise<Response | null> {
  const account = api.current();
  if (!account) return json({ message: t('auth.unauthenticated') }, 401);
  const roles = ((account.user.roles ?? []) as Wire[]).map((role) => role.name);
  if (!roles.includes('teacher')) return json({ message: 'This action is unauthorized.' }, 403);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF) {
    return json({ message: t('auth.csrfMismatch') }, 419);
  }
  const mode = teaching.modes[endpoint] ?? 'ok';
  if (mode === 'hang') await delay('infinite');
  if (mode === 'error') return json({ message: t('messages.general') }, 500);
  return null;
}

function paged(items: Wire[], page: number, perPage: number): Wire {
  const lastPage = Math.max(Math.ceil(items.length / perPage), 1);
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length },
  };
}

function saved(body: Wire, id: number, index: number): Wire {
  const startAt = new Date(`${String(body.date)}T${String(body.time)}:00+03:00`);
  startAt.setUTCDate(startAt.getUTCDate() + index * 7);
  return teacherLesson({ id, topic: 'Linear equations', startAt: startAt.toISOString(), status: 'pending' });
}

export const teachingHandlers = [
  http.get('/api/teacher/lessons', async ({ request }) => {
    const refused = await refusal(request, 'lessons');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const filter = (query.get('filter') ?? 'upcoming') as Filter;
    teaching.filters.push(filter);
    const page = Number(query.get('page') ?? '1');
    return json(paged(teaching.lessons[filter] ?? [], page, Number(query.get('per_page') ?? '15')));
  }),

  http.get('/api/teacher/lessons/create', async ({ request }) => {
    const refused = await refusal(request, 'create');
    if (refused) return refused;
    return json({ data: teaching.formData });
  }),

  http.get('/api/teacher/lessons/show/:id', async ({ request, params }) => {
    const refused = await refusal(request, 'show');
    if (refused) return refused;
    const lesson = teaching.shown.find((item) => String(item.id) === params.id || item.code === params.id);
    if (!lesson) return json({ message: 'Not found.' }, 404);
    return json({ data: { ...lesson, learners: [], notes: [], assignments: [] } });
  }),

  http.get('/api/teacher/available-slots', async ({ request }) => {
    const date = new URL(request.url).searchParams.get('date') ?? '';
    teaching.slotDates.push(date);
    const refused = await refusal(request, 'slots');
    if (refused) return refused;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return json({ message: t('validation.date'), errors: { date: [t('validation.date')] } }, 422);
    return json({ data: teaching.slots[date] ?? [], date, length_minutes: 60 });
  }),

  http.post('/api/teacher/lessons/store', async ({ request }) => {
    const refused = await refusal(request, 'store');
    if (refused) return refused;
    const body = (await request.json()) as Wire;
    teaching.bodies.push({ path: 'store', body });
    if (teaching.refusal) return json(teaching.refusal, 422);
    const lessons = Array.from({ length: Number(body.lessons_count) }, (_, index) => saved(body, 900 + index, index));
    teaching.lessons.pending = [...lessons, ...(teaching.lessons.pending ?? [])];
    return json({ message: `${lessons.length} lessons created. They await approval.`, data: lessons }, 201);
  }),

  http.post('/api/teacher/lessons/update/:id', async ({ request, params }) => {
    const refused = await refusal(request, 'update');
    if (refused) return refused;
    const body = (await request.json()) as Wire;
    teaching.bodies.push({ path: `update/${String(params.id)}`, body });
    if (teaching.refusal) return json(teaching.refusal, 422);
    const lesson = teaching.shown.find((item) => String(item.id) === params.id);
    if (!lesson) return json({ message: 'Not found.' }, 404);
    const startAt = new Date(`${String(body.date)}T${String(body.time)}:00+03:00`).toISOString();
    return json({ message: 'Lesson rescheduled', data: { ...lesson, start_at: startAt } });
  }),

  http.get('/api/teacher/earnings', async ({ request }) => {
    const refused = await refusal(request, 'earnings');
    if (refused) return refused;
    const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
    return json({ ...paged(teaching.earnings.data, page, 15), totals: teaching.earnings.totals, commission_percent: teaching.earnings.commission_percent });
  }),
];

export function useTeachingApi() {
  useFakeApi();
  beforeEach(() => {
    teaching.reset();
    server.use(...teachingHandlers);
  });
}
