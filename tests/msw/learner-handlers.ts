// The learner's lessons and classes of the fake API, exactly as docs/learning-workspace.md shapes
// them: bookings, a lesson with notes, assignments and files, join, classes, a class's lessons and
// the lesson search. Composed with the other handlers per test file through `useLearnerApi()`;
// state lives in `learner` and is reset per test, with lesson times relative to the test's clock.
import { beforeEach } from 'vitest';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { api } from './handlers';
import { commerce } from './commerce-handlers';
import { useCatalogueApi } from './catalogue-handlers';
import { server } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How an endpoint answers in this test: normally, with an empty list, a server fault, or never. */
export type Mode = 'ok' | 'empty' | 'error' | 'hang';
type Endpoint = 'bookings' | 'lesson' | 'join' | 'classes' | 'classLessons' | 'find' | 'filters';

export const AMINA = { id: 31, user: { id: 301, first_name: 'Amina', last_name: 'Kamau' } };
export const JABALI = { id: 32, user: { id: 302, first_name: 'Jabali', last_name: 'Kamau' } };

export const ALGEBRA_CLASS = {
  id: 7,
  slug: 'grade-7-algebra',
  title: 'Grade 7 Algebra',
  description: 'Equations, step by step.',
  type: 'catch_up',
  frequency: 'weekly',
  starts_at: '2026-11-01T05:00:00.000Z',
  ends_at: '2026-12-20T05:00:00.000Z',
  price: '6000.00',
  subject: { id: 1, name: 'Mathematics' },
  grade_level: { id: 121, name: 'Grade 7', edu_level: { id: 12, name: 'Junior School' } },
  teacher: { id: 3, name: 'Grace Mwangi', photo: null },
  lessons_count: 4,
  booked_lessons_count: 2,
  is_approved: true,
  rejection_comment: null,
};
export const CHEMISTRY_CLASS = {
  ...ALGEBRA_CLASS,
  id: 8,
  slug: 'form-3-chemistry',
  title: 'Form 3 Chemistry',
  subject: { id: 4, name: 'Chemistry' },
  grade_level: { id: 211, name: 'Form 3', edu_level: { id: 21, name: 'Secondary' } },
  is_approved: false,
  rejection_comment: 'The schedule overlaps the exams.',
};

const iso = (time: number) => new Date(time).toISOString();

function file(id: number, name: string, size: number, mime = 'application/pdf'): Wire {
  return { id, name, size, mime_type: mime, url: `/api/files/${id}` };
}

/** A lesson as `lessonResource` sends it, plus subject, grade level and `is_booked`. */
function lesson(id: number, code: string, topic: string, start: number, booked: boolean): Wire {
  return {
    id,
    code,
    price: '1500.00',
    objective: `Understand ${topic.toLowerCase()}.`,
    start_at: iso(start),
    end_at: iso(start + HOUR),
    link: booked ? `https://meet.example/${code}` : null,
    is_approved: true,
    rejection_comment: null,
    capacity: 20,
    seats_left: 20,
    class: { id: ALGEBRA_CLASS.id, name: ALGEBRA_CLASS.title, title: ALGEBRA_CLASS.title },
    topic: {
      id: id + 1000,
      name: topic,
      slug: topic.toLowerCase().replace(/\s+/g, '-'),
      subject: 'Mathematics',
    },
    program: null,
    type: { name: 'Public', color: '#1E88E5' },
    teacher: { id: 3, user_id: 13, name: 'Grace Mwangi', photo: null },
    subject: { id: 1, name: 'Mathematics' },
    grade_level: { id: 121, name: 'Grade 7' },
    is_booked: booked,
  };
}

function fixtures(now: number) {
  // Join opens 15 minutes before the start: this one opens 3 seconds after the test starts.
  const soon = lesson(202, 'LSN-SOON2', 'Simultaneous equations', now + 15 * MINUTE + 3000, true);
  const upcoming = lesson(201, 'LSN-UP201', 'Linear equations', now + 2 * HOUR, true);
  const live = lesson(203, 'LSN-LIVE3', 'Inequalities', now - 10 * MINUTE, true);
  const past = lesson(204, 'LSN-PAST4', 'Algebraic expressions', now - 26 * HOUR, true);
  const open = lesson(205, 'LSN-OPEN5', 'Quadratic equations', now + 48 * HOUR, false);
  return { soon, upcoming, live, past, open };
}

function bookingOf(item: Wire, bookingId: number, child: { id: number; name: string }, now: number): Wire {
  const ended = new Date(item.end_at as string).getTime() <= now;
  return {
    ...item,
    // Issue 22 (docs/classroom.md): the learner's window, and whether they came once it has ended.
    classroom: {
      provider: 'jitsi',
      opens_at: new Date(new Date(item.start_at as string).getTime() - 15 * 60_000).toISOString(),
      closes_at: item.end_at,
    },
    attended: ended ? true : null,
    booking: {
      id: bookingId,
      student_id: child.id,
      student_name: child.name,
      created_at: '2026-11-20T07:00:00.000Z',
    },
  };
}

function detailOf(item: Wire): Wire {
  const booked = item.is_booked === true;
  const notes = [
    {
      id: 1,
      title: 'Worked examples',
      desc: 'Read before the lesson.',
      files: [file(11, 'worked-examples.pdf', 1_572_864), file(12, 'board.png', 2048, 'image/png')],
      created_at: '2026-11-20T07:00:00.000Z',
    },
  ];
  const assignments = [
    {
      id: 2,
      title: 'Practice set 1',
      desc: 'Questions 1 to 10.',
      due_date: '2026-12-03',
      files: [file(13, 'practice-set-1.docx', 512, 'application/msword')],
      created_at: '2026-11-20T07:00:00.000Z',
    },
  ];
  return {
    ...item,
    booked_for: booked ? [{ student_id: AMINA.id, student_name: 'Amina Kamau' }] : [],
    notes: booked ? notes : [],
    assignments: booked ? assignments : [],
    notes_count: 1,
    assignments_count: 1,
    join: {
      opens_at: iso(Date.parse(String(item.start_at)) - 15 * MINUTE),
      closes_at: String(item.end_at),
    },
  };
}

export const learner = {
  now: 0,
  lessons: fixtures(0),
  bookings: [] as Wire[],
  modes: {} as Partial<Record<Endpoint, Mode>>,
  /** What `POST /api/lessons/join/:id` answers next, when not the link: a status and message. */
  joinRefusal: null as { status: number; message: string } | null,
  /** Every query the SPA sent, per endpoint. */
  queries: [] as Array<{ endpoint: Endpoint; query: Record<string, string> }>,
  reset(now = Date.now()) {
    this.now = now;
    this.lessons = fixtures(now);
    const { soon, upcoming, live, past } = this.lessons;
    const amina = { id: AMINA.id, name: 'Amina Kamau' };
    const jabali = { id: JABALI.id, name: 'Jabali Kamau' };
    this.bookings = [
      bookingOf(live, 1, amina, now),
      bookingOf(soon, 2, amina, now),
      bookingOf(upcoming, 3, jabali, now),
      bookingOf(past, 4, amina, now),
    ];
    this.modes = {};
    this.joinRefusal = null;
    this.queries = [];
  },
  set(endpoint: Endpoint, mode: Mode) {
    this.modes[endpoint] = mode;
  },
  lessonByCode(code: string): Wire | null {
    return Object.values(this.lessons).find((item) => item.code === code) ?? null;
  },
  /** Sent where the answer names the caller's learners (a parent's children). */
  useParentChildren() {
    api.children = [AMINA, JABALI];
  },
};
learner.reset();

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const notFound = () => json({ message: t('messages.notFound') }, 404);

function paged(items: Wire[], query: Record<string, string>, perPageDefault: number): Wire {
  const perPage = Number(query.per_page ?? perPageDefault);
  const page = Number(query.page ?? 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length },
  };
}

const EMPTY = { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 } };

async function answer(
  endpoint: Endpoint,
  request: Request,
  ok: (query: Record<string, string>) => Response | Promise<Response>,
  emptyBody: JsonBodyType = EMPTY,
) {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF)
    return json({ message: t('auth.csrfMismatch') }, 419);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  learner.queries.push({ endpoint, query });
  const mode = learner.modes[endpoint] ?? 'ok';
  if (mode === 'hang') await delay('infinite');
  if (mode === 'error') return json({ message: t('messages.general') }, 500);
  if (mode === 'empty') return json(emptyBody);
  return ok(query);
}

const endsAt = (item: Wire) => Date.parse(String(item.end_at));
const startsAt = (item: Wire) => Date.parse(String(item.start_at));

function badFilter(allowed: readonly string[], value: string | undefined) {
  return value !== undefined && !allowed.includes(value)
    ? json({ message: 'The filter is not valid.', errors: { filter: ['The filter is not valid.'] } }, 422)
    : null;
}

export const learnerHandlers = [
  http.get('/api/lessons/bookings', ({ request }) =>
    answer('bookings', request, (q) => {
      const refused = badFilter(['all', 'upcoming', 'past'], q.filter);
      if (refused) return refused;
      const now = Date.now();
      let rows = learner.bookings.filter(
        (row) => !q.student_id || String((row.booking as Wire).student_id) === q.student_id,
      );
      if (q.filter === 'upcoming')
        rows = rows.filter((row) => endsAt(row) >= now).sort((a, b) => startsAt(a) - startsAt(b));
      if (q.filter === 'past')
        rows = rows.filter((row) => endsAt(row) < now).sort((a, b) => startsAt(b) - startsAt(a));
      return json(paged(rows, q, 15));
    }),
  ),
  http.get('/api/lessons/show/:code', ({ request, params }) =>
    answer('lesson', request, () => {
      const found = learner.lessonByCode(String(params.code));
      return found ? json({ data: detailOf(found) }) : notFound();
    }),
  ),
  http.post('/api/lessons/join/:id', ({ request, params }) =>
    answer('join', request, () => {
      const found = Object.values(learner.lessons).find((item) => String(item.id) === params.id);
      if (!found) return notFound();
      if (learner.joinRefusal)
        return json({ message: learner.joinRefusal.message }, learner.joinRefusal.status);
      const now = Date.now();
      if (now < startsAt(found) - 15 * MINUTE) return json({ message: t('lesson.joinTooEarly') }, 422);
      if (now > endsAt(found)) return json({ message: t('lesson.joinEnded') }, 422);
      return json({ link: `https://meet.example/${String(found.code)}` });
    }),
  ),
  http.get('/api/student/classes', ({ request }) =>
    answer('classes', request, (q) => {
      const refused = badFilter(['upcoming', 'ongoing', 'past', 'rejected'], q.filter);
      if (refused) return refused;
      const rows =
        q.filter === 'rejected' ? [CHEMISTRY_CLASS] : q.filter === 'ongoing' ? [ALGEBRA_CLASS] : [];
      return json(paged(rows, q, 15));
    }),
  ),
  http.get('/api/student/lessons/:id', ({ request, params }) =>
    answer(
      'classLessons',
      request,
      (q) => {
        const refused = badFilter(['all', 'upcoming', 'past'], q.filter);
        if (refused) return refused;
        if (params.id !== String(ALGEBRA_CLASS.id) && params.id !== ALGEBRA_CLASS.slug) return notFound();
        const now = Date.now();
        const all = Object.values(learner.lessons);
        const rows =
          q.filter === 'upcoming'
            ? all.filter((item) => endsAt(item) >= now)
            : q.filter === 'past'
              ? all.filter((item) => endsAt(item) < now)
              : all;
        return json({ ...paged(rows, q, 15), class: ALGEBRA_CLASS });
      },
      { ...EMPTY, class: ALGEBRA_CLASS },
    ),
  ),
  http.get('/api/lessons/filter', ({ request }) =>
    answer('find', request, (q) => {
      const now = Date.now();
      let rows = Object.values(learner.lessons).filter((item) => startsAt(item) > now);
      if (q.q)
        rows = rows.filter((item) =>
          String((item.topic as Wire).name)
            .toLowerCase()
            .includes(q.q!.toLowerCase()),
        );
      if (q.subject && q.subject !== 'mathematics' && q.subject !== '1') rows = [];
      return json(paged(rows, q, 15));
    }),
  ),
  http.get('/api/web/filters', ({ request }) =>
    answer('filters', request, () =>
      json({
        data: {
          curricula: [{ id: 1, name: 'Competency Based Curriculum', acronym: 'CBC', slug: 'cbc' }],
          grade_levels: [{ id: 121, name: 'Grade 7', slug: 'cbc-grade-7', curriculum_id: 1 }],
          subjects: [
            { id: 1, name: 'Mathematics', slug: 'mathematics', color: '#1971c2' },
            { id: 4, name: 'Chemistry', slug: 'chemistry', color: '#9c36b5' },
          ],
        },
      }),
    ),
  ),
  http.post('/api/lessons/add-to-cart/:id', ({ request, params }) => {
    if (request.headers.get('X-XSRF-TOKEN') !== XSRF) return json({ message: t('auth.csrfMismatch') }, 419);
    const found = Object.values(learner.lessons).find((item) => String(item.id) === params.id);
    if (!found) return notFound();
    const { teacher: _t, subject: _s, grade_level: _g, is_booked: _b, ...purchasable } = found;
    commerce.lines.push({
      purchasableType: 'lesson',
      purchasable: purchasable as never,
      priceCents: 150_000,
    });
    return json({ ...commerce.cartBody(), message: t('cart.lessonAdded') });
  }),
];

/** Call once per test file: the whole fake API (foundation, commerce, catalogue) plus these endpoints. */
export function useLearnerApi() {
  useCatalogueApi();
  beforeEach(() => {
    learner.reset();
    server.use(...learnerHandlers);
  });
}
