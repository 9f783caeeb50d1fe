// The admin part of the fake API, exactly as docs/teaching-admin.md shapes it: teachers, lessons
// and classes to review (approve, decline/reject with a comment of 3–500 characters, 409 once
// decided), payments needing review, users, and the catalogue rows with their admin writes
// (a row in use answers 409 with SPEC §8's message). Composed with the foundation handlers per
// test file through `useAdminApi()`; state lives in `admin` and is reset per test.
import { beforeEach } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { REMARK_MAX, REMARK_MIN } from '@/shared/teaching';
import { api, type FakeAccount } from './handlers';
import { server, useFakeApi } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

export const ADMIN_EMAIL = 'admin@example.com';

export function adminAccount(): FakeAccount {
  return {
    password: 'password',
    active: true,
    user: {
      id: 900,
      username: 'admin',
      first_name: 'Imani',
      last_name: 'Admin',
      email: ADMIN_EMAIL,
      phone: '254700000900',
      status: 'active',
      gender: 'female',
      dob: '1985-01-01',
      photo: null,
      display_photo_url: null,
      roles: [{ id: 9000, name: 'admin' }],
    },
  };
}

export function adminTeacher(id: number, name: string, status: string, extra: Wire = {}): Wire {
  const [first = name, last = ''] = name.split(' ');
  return {
    id,
    status,
    remark: null,
    biography: `${first} has taught for ten years.`,
    current_workplace: 'Alliance High School',
    qualification_level: 'Degree',
    curriculum: { id: 1, name: 'CBC' },
    edu_level: { id: 12, name: 'Junior School' },
    subjects: [
      { id: 1, name: 'Mathematics' },
      { id: 5, name: 'Physics' },
    ],
    id_number: `2${id}45678`,
    tsc_number: `TSC-${id}00`,
    submitted_at: '2026-11-20T07:30:00.000Z',
    reviewed_at: null,
    user: {
      id: id + 500,
      name,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone: `2547110000${id}`,
      photo: null,
    },
    ...extra,
  };
}

export function adminLesson(id: number, topic: string, status: string, extra: Wire = {}): Wire {
  return {
    id,
    code: `LSN-${id}`,
    price: '1500.00',
    objective: `Understand ${topic.toLowerCase()}.`,
    start_at: '2026-12-01T11:00:00.000Z',
    end_at: '2026-12-01T12:00:00.000Z',
    link: null,
    is_approved: status === 'approved',
    rejection_comment: status === 'rejected' ? 'Too close to the exams.' : null,
    capacity: 20,
    seats_left: 20,
    class: null,
    topic: { id: id + 1000, name: topic, slug: topic.toLowerCase(), subject: 'Mathematics' },
    program: null,
    type: 'public',
    teacher: { id: 3, name: 'Grace Mwangi' },
    subject: { id: 1, name: 'Mathematics' },
    grade_level: { id: 121, name: 'Grade 7' },
    status,
    cancelled_at: null,
    cancellation_reason: null,
    bookings_count: 0,
    notes_count: 0,
    assignments_count: 0,
    can_edit: true,
    can_cancel: true,
    ...extra,
  };
}

export function adminClass(id: number, title: string, status: string, extra: Wire = {}): Wire {
  return {
    id,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    title,
    description: 'Step by step.',
    type: 'revision',
    frequency: 'weekly',
    starts_at: '2026-12-01T05:00:00.000Z',
    ends_at: '2026-12-20T05:00:00.000Z',
    price: '6000.00',
    subject: { id: 4, name: 'Chemistry' },
    grade_level: { id: 211, name: 'Form 3', edu_level: { id: 21, name: 'Secondary' } },
    teacher: { id: 3, name: 'Grace Mwangi' },
    lessons_count: 4,
    booked_lessons_count: 0,
    is_approved: status === 'approved',
    rejection_comment: status === 'rejected' ? 'Dates overlap the holidays.' : null,
    status,
    ...extra,
  };
}

function reviewPayment(id: number, extra: Wire = {}): Wire {
  return {
    id,
    user_id: 101,
    wallet_id: 55,
    type: 'payment',
    amount: '1500.00',
    reference: `ORD-${id}`,
    status: 'needs_review',
    gateway: 'mpesa',
    related_transaction: null,
    // What the server sends: meta through its allow-list, the amounts in their own fields.
    meta: { result_desc: 'We could not match this payment to your order automatically.' },
    claimed_amount: '1000.00',
    confirmed_amount: '1000.00',
    review_reason: 'M-Pesa confirmed another amount than the confirmation claimed.',
    initiated_at: '2026-11-21T09:00:00.000Z',
    completed_at: null,
    receipt_sent_at: null,
    gateway_receipt: `RKT${id}XYZ`,
    paybill_account: `ACC${id}`,
    user: { id: 101, email: 'student@example.com', first_name: 'Amani', last_name: 'Otieno' },
    ...extra,
  };
}

function userSummary(id: number, first: string, last: string, role: string): Wire {
  return {
    id,
    username: `${first.toLowerCase()}${id}`,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    phone: `2547220000${id}`,
    status: 'active',
    roles: [{ id: id * 10, name: role }],
    created_at: '2026-01-15T08:00:00.000Z',
  };
}

type Kind = 'curricula' | 'edu-levels' | 'grade-levels' | 'subjects' | 'topics' | 'subtopics';
type Row = Wire & { id: number; name: string };

function freshCatalogue(): Record<Kind, Row[]> {
  const cbc = { id: 1, name: 'CBC', slug: 'cbc', acronym: 'CBC' };
  const junior = { id: 12, name: 'Junior School', slug: 'junior-school' };
  return {
    curricula: [
      { ...cbc, name: 'Competency Based Curriculum', edu_level_count: 1, subjects_count: 2 },
      {
        id: 2,
        name: 'British Curriculum',
        slug: 'british',
        acronym: 'IGCSE',
        edu_level_count: 0,
        subjects_count: 0,
      },
    ],
    'edu-levels': [{ ...junior, curriculum: cbc, grade_levels: [] }],
    'grade-levels': [
      {
        id: 121,
        name: 'Grade 7',
        slug: 'grade-7',
        subjects_count: 2,
        edu_level: { ...junior, curriculum: cbc },
      },
    ],
    subjects: [
      { id: 1, name: 'Mathematics', slug: 'mathematics', color: '#1971c2', category: null, topics_count: 1 },
      { id: 4, name: 'Chemistry', slug: 'chemistry', color: '#9c36b5', category: null, topics_count: 0 },
    ],
    topics: [
      {
        id: 31,
        name: 'Fractions',
        slug: 'fractions',
        subject_id: 1,
        lessons_count: 2,
        subject: { id: 1, name: 'Mathematics', slug: 'mathematics' },
        grade_level: { id: 121, name: 'Grade 7', slug: 'grade-7' },
      },
    ],
    subtopics: [{ id: 301, name: 'Adding fractions', slug: 'adding-fractions', topic_id: 31 }],
  };
}

/** Mutable state of the admin fake; tests adjust it before rendering. */
export const admin = {
  teachers: [] as Wire[],
  lessons: [] as Wire[],
  classes: [] as Wire[],
  payments: [] as Wire[],
  users: [] as Wire[],
  /** Vetting documents by teacher id (issue 24). */
  documents: {} as Record<number, Wire[]>,
  catalogue: freshCatalogue(),
  /** Rows the fake treats as in use (their delete answers 409), as `kind:id`. */
  inUse: new Set<string>(),
  /** Every decision body the SPA sent, by "METHOD /path". */
  bodies: new Map<string, Wire>(),
  nextId: 1000,
  reset() {
    this.teachers = [
      adminTeacher(41, 'Baraka Mwangi', 'pending'),
      adminTeacher(42, 'Zawadi Njeri', 'pending'),
      adminTeacher(43, 'Otieno Ouma', 'approved', { reviewed_at: '2026-11-21T10:00:00.000Z' }),
      adminTeacher(44, 'Halima Said', 'declined', { remark: 'Upload a readable TSC certificate.' }),
    ];
    this.lessons = [
      adminLesson(11, 'Fractions', 'pending'),
      adminLesson(12, 'Decimals', 'pending'),
      adminLesson(13, 'Ratios', 'approved'),
      adminLesson(14, 'Angles', 'rejected'),
    ];
    this.classes = [
      adminClass(7, 'Form 3 Chemistry', 'pending'),
      adminClass(8, 'Grade 7 Algebra', 'approved'),
    ];
    this.payments = [
      reviewPayment(501),
      // Real paybill money to an account no cart has: asked for what the payer says they paid.
      reviewPayment(502, {
        gateway: 'paybill',
        user_id: null,
        user: null,
        amount: '250.00',
        claimed_amount: '250.00',
        confirmed_amount: '250.00',
        paybill_account: 'SOM-NOBODY',
        meta: { result_desc: 'No cart has account number SOM-NOBODY.' },
        review_reason: 'No cart has account number SOM-NOBODY.',
      }),
    ];
    this.users = [
      userSummary(1, 'Amani', 'Otieno', 'student'),
      userSummary(2, 'Wanjiku', 'Kamau', 'parent'),
      userSummary(3, 'Grace', 'Mwangi', 'teacher'),
      userSummary(4, 'Baraka', 'Mwangi', 'teacher'),
      userSummary(5, 'Imani', 'Admin', 'admin'),
    ];
    this.documents = {
      41: [
        {
          id: 901,
          kind: 'id_document',
          name: 'national-id.jpg',
          size: 20480,
          mime_type: 'image/jpeg',
          url: '/api/files/901',
        },
        {
          id: 902,
          kind: 'certificate',
          name: 'degree.pdf',
          size: 40960,
          mime_type: 'application/pdf',
          url: '/api/files/902',
        },
      ],
    };
    this.catalogue = freshCatalogue();
    this.inUse = new Set(['curricula:1', 'subjects:1']);
    this.bodies = new Map();
    this.nextId = 1000;
  },
};
admin.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

function paged(items: Wire[], url: URL, perPage = 10) {
  const per = Number(url.searchParams.get('per_page') ?? perPage) || perPage;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const lastPage = Math.max(1, Math.ceil(items.length / per));
  return {
    data: items.slice((page - 1) * per, page * per),
    meta: { current_page: page, last_page: lastPage, per_page: per, total: items.length },
  };
}

/** Signed in (401), an admin (403), and for writes the anti-forgery header (419). */
function asAdmin(request: Request, respond: () => Response | Promise<Response>) {
  const account = api.current();
  if (!account) return json({ message: t('auth.unauthenticated') }, 401);
  const roles = (account.user.roles as Array<{ name: string }>).map((role) => role.name);
  if (!roles.includes('admin')) return json({ message: t('auth.unauthorized') }, 403);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF)
    return json({ message: t('auth.csrfMismatch') }, 419);
  return respond();
}

async function bodyOf(request: Request): Promise<Wire> {
  const body = (await request.json().catch(() => ({}))) as Wire;
  admin.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

function commentErrors(field: string, value: unknown): Record<string, string[]> | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return { [field]: [t('validation.required')] };
  if (text.length < REMARK_MIN) return { [field]: [t('validation.minLength', { min: REMARK_MIN })] };
  if (text.length > REMARK_MAX) return { [field]: [t('validation.maxLength', { max: REMARK_MAX })] };
  return null;
}

/** Approve / decline / reject one pending item of `list`; 404 unknown, 409 once decided. */
function decisionHandlers(
  base: string,
  list: () => Wire[],
  options: {
    turnDown: 'decline' | 'reject';
    field: 'remark' | 'comment';
    turned: string;
    notPending: string;
    noun: string;
  },
) {
  const find = (id: unknown) => list().find((item) => item.id === Number(id));
  return [
    http.get(`/api/admin/${base}`, ({ request }) =>
      asAdmin(request, () => {
        const url = new URL(request.url);
        const status = url.searchParams.get('status') ?? 'pending';
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const rows = list().filter(
          (item) =>
            item.status === status &&
            (!q ||
              JSON.stringify((item as { user?: unknown }).user ?? item)
                .toLowerCase()
                .includes(q)),
        );
        return json(paged(rows, url));
      }),
    ),
    http.post(`/api/admin/${base}/approve/:id`, ({ request, params }) =>
      asAdmin(request, async () => {
        await bodyOf(request);
        const item = find(params.id);
        if (!item) return json({ message: t('messages.notFound') }, 404);
        if (item.status !== 'pending') return json({ message: options.notPending }, 409);
        item.status = 'approved';
        return json({ message: `${options.noun} approved`, data: item });
      }),
    ),
    http.post(`/api/admin/${base}/${options.turnDown}/:id`, ({ request, params }) =>
      asAdmin(request, async () => {
        const body = await bodyOf(request);
        const item = find(params.id);
        if (!item) return json({ message: t('messages.notFound') }, 404);
        const errors = commentErrors(options.field, body[options.field]);
        if (errors) return json({ message: t('validation.general'), errors }, 422);
        if (item.status !== 'pending') return json({ message: options.notPending }, 409);
        item.status = options.turned;
        item[options.field === 'remark' ? 'remark' : 'rejection_comment'] = String(
          body[options.field],
        ).trim();
        return json({ message: `${options.noun} ${options.turned}`, data: item });
      }),
    ),
  ];
}

export const TEACHER_NOT_PENDING = 'Only a teacher waiting for approval can be approved or declined.';
export const LESSON_NOT_PENDING = 'Only a pending lesson that has not started can be approved or rejected.';

const CATALOGUE_READS: Array<[string, Kind]> = [
  ['/api/curricula', 'curricula'],
  ['/api/edu-levels', 'edu-levels'],
  ['/api/grade-levels', 'grade-levels'],
  ['/api/subjects', 'subjects'],
  ['/api/topics', 'topics'],
];

/** The body fields each kind takes, and how a stored row shows them. */
function applyBody(kind: Kind, row: Row, body: Wire) {
  row.name = String(body.name ?? '').trim();
  row.slug = row.name.toLowerCase().replace(/\s+/g, '-');
  const cat = admin.catalogue;
  if (kind === 'curricula') row.acronym = body.acronym ?? null;
  if (kind === 'subjects') row.color = body.color ?? null;
  if (kind === 'edu-levels') row.curriculum = cat.curricula.find((c) => c.id === body.curriculum_id) ?? null;
  if (kind === 'grade-levels')
    row.edu_level = cat['edu-levels'].find((e) => e.id === body.edu_level_id) ?? null;
  if (kind === 'topics') {
    row.subject_id = body.subject_id;
    row.subject = cat.subjects.find((s) => s.id === body.subject_id) ?? null;
    row.grade_level = cat['grade-levels'].find((g) => g.id === body.grade_level_id) ?? null;
  }
  if (kind === 'subtopics') row.topic_id = body.topic_id;
}

const PARENT_FIELD: Partial<Record<Kind, string>> = {
  'edu-levels': 'curriculum_id',
  'grade-levels': 'edu_level_id',
  topics: 'subject_id',
  subtopics: 'topic_id',
};

function catalogueErrors(kind: Kind, body: Wire): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.name = [t('validation.required')];
  else if (name.length > 100) errors.name = [t('validation.maxLength', { max: 100 })];
  const parent = PARENT_FIELD[kind];
  if (parent && typeof body[parent] !== 'number') errors[parent] = [t('validation.required')];
  return Object.keys(errors).length ? errors : null;
}

/** A whole series (issue 24): every pending lesson sharing the lesson's `series` tag, decided at once. */
const seriesHandler = (action: 'approve' | 'reject') =>
  http.post(`/api/admin/lessons/${action}-series/:id`, ({ request, params }) =>
    asAdmin(request, async () => {
      const body = await bodyOf(request);
      const lesson = admin.lessons.find((item) => item.id === Number(params.id));
      if (!lesson) return json({ message: t('messages.notFound') }, 404);
      const waiting = admin.lessons.filter(
        (item) =>
          item.status === 'pending' && (item === lesson || (lesson.series && item.series === lesson.series)),
      );
      if (waiting.length === 0) return json({ message: t('teach.seriesNothing') }, 409);
      for (const item of waiting) {
        item.status = action === 'approve' ? 'approved' : 'rejected';
        if (action === 'reject') item.rejection_comment = String(body.comment ?? '').trim();
      }
      const key = action === 'approve' ? 'teach.seriesApproved' : 'teach.seriesRejected';
      return json({ message: t(key, { count: waiting.length }), data: waiting });
    }),
  );

export const adminHandlers = [
  seriesHandler('approve'),
  seriesHandler('reject'),
  http.get('/api/admin/teachers/documents/:id', ({ params }) =>
    HttpResponse.json({ data: admin.documents[Number(params.id)] ?? [] }),
  ),
  ...decisionHandlers('teachers', () => admin.teachers, {
    turnDown: 'decline',
    field: 'remark',
    turned: 'declined',
    notPending: TEACHER_NOT_PENDING,
    noun: 'Teacher',
  }),
  ...decisionHandlers('lessons', () => admin.lessons, {
    turnDown: 'reject',
    field: 'comment',
    turned: 'rejected',
    notPending: LESSON_NOT_PENDING,
    noun: 'Lesson',
  }),
  ...decisionHandlers('classes', () => admin.classes, {
    turnDown: 'reject',
    field: 'comment',
    turned: 'rejected',
    notPending: 'Only a pending class can be approved or rejected.',
    noun: 'Class',
  }),
  http.get('/api/admin/transactions', ({ request }) =>
    asAdmin(request, () => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status') ?? 'needs_review';
      return json(
        paged(
          admin.payments.filter((p) => p.status === status),
          url,
          25,
        ),
      );
    }),
  ),
  http.get('/api/users', ({ request }) =>
    asAdmin(request, () => {
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const role = url.searchParams.get('role');
      const rows = admin.users.filter(
        (user) =>
          (!q || `${user.first_name} ${user.last_name} ${user.email}`.toLowerCase().includes(q)) &&
          (!role || (user.roles as Array<{ name: string }>).some((r) => r.name === role)),
      );
      return json(paged(rows, url, 3));
    }),
  ),
  // Catalogue reads are public, as on the real API.
  http.get('/api/curricula/all', () => json({ data: admin.catalogue.curricula })),
  ...CATALOGUE_READS.map(([path, kind]) =>
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      const subject = url.searchParams.get('subject');
      const rows = admin.catalogue[kind].filter((row) => !subject || String(row.subject_id) === subject);
      return json(paged(rows, url, 50));
    }),
  ),
  http.get('/api/topics/show/:ref', ({ params }) => {
    const topic = admin.catalogue.topics.find(
      (row) => String(row.id) === params.ref || row.slug === params.ref,
    );
    if (!topic) return json({ message: t('messages.notFound') }, 404);
    const subtopics = admin.catalogue.subtopics
      .filter((sub) => sub.topic_id === topic.id)
      .map(({ id, name, slug }) => ({ id, name, slug }));
    return json({ data: { ...topic, subtopics } });
  }),
  http.post('/api/admin/:kind/store', ({ request, params }) =>
    asAdmin(request, async () => {
      const kind = params.kind as Kind;
      const body = await bodyOf(request);
      const errors = catalogueErrors(kind, body);
      if (errors) return json({ message: t('validation.general'), errors }, 422);
      const row: Row = { id: admin.nextId++, name: '' };
      applyBody(kind, row, body);
      admin.catalogue[kind].push(row);
      return json({ message: t('messages.created', { name: row.name }), data: row }, 201);
    }),
  ),
  http.post('/api/admin/:kind/update/:id', ({ request, params }) =>
    asAdmin(request, async () => {
      const kind = params.kind as Kind;
      const body = await bodyOf(request);
      const row = admin.catalogue[kind].find((each) => each.id === Number(params.id));
      if (!row) return json({ message: t('messages.notFound') }, 404);
      const errors = catalogueErrors(kind, body);
      if (errors) return json({ message: t('validation.general'), errors }, 422);
      applyBody(kind, row, body);
      return json({ message: t('messages.updated', { name: row.name }), data: row });
    }),
  ),
  http.delete('/api/admin/:kind/delete/:id', ({ request, params }) =>
    asAdmin(request, () => {
      const kind = params.kind as Kind;
      const row = admin.catalogue[kind].find((each) => each.id === Number(params.id));
      if (!row) return json({ message: t('messages.notFound') }, 404);
      if (admin.inUse.has(`${kind}:${row.id}`))
        return json({ message: t('messages.deleteFailed', { name: row.name }) }, 409);
      admin.catalogue[kind] = admin.catalogue[kind].filter((each) => each !== row);
      return json({ message: t('messages.deleted', { name: row.name }) });
    }),
  ),
];

/** Call once per admin test file: the foundation fake plus these handlers, and an admin account. */
export function useAdminApi() {
  useFakeApi();
  beforeEach(() => {
    admin.reset();
    api.accounts.set(ADMIN_EMAIL, adminAccount());
    server.use(...adminHandlers);
  });
}
