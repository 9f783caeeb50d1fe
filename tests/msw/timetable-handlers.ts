// The timetable part of the fake API, as docs/learning-workspace.md describes it: booked lessons
// for a range of Nairobi days, `.ics` files, and the private calendar feed. Composed with the
// foundation and commerce handlers per test file through `useTimetableApi()`; state lives in
// `timetable` and is reset per test.
import { beforeEach } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { t } from '@/shared/messages';
import { api } from './handlers';
import { server, useFakeApi } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

/** How an endpoint answers in this test: normally, with a server fault, or never. */
export type Mode = 'ok' | 'error' | 'hang';
type Endpoint = 'timetable' | 'ics' | 'feed' | 'reset';

/** Nairobi is UTC+3 all year (no daylight saving): the day an instant falls on there. */
export function nairobiDay(iso: string): string {
  return new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** One booked lesson as `/api/timetable` answers it (Lesson + booking). */
export function bookedLesson(options: {
  id: number;
  code: string;
  topic: string;
  startAt: string;
  minutes?: number;
  studentId?: number;
  studentName?: string;
}): Wire {
  const end = new Date(new Date(options.startAt).getTime() + (options.minutes ?? 60) * 60_000).toISOString();
  return {
    id: options.id,
    code: options.code,
    price: '1500.00',
    objective: `Learn ${options.topic.toLowerCase()}.`,
    start_at: options.startAt,
    end_at: end,
    link: null,
    is_approved: true,
    rejection_comment: null,
    capacity: 20,
    seats_left: 20,
    class: null,
    topic: {
      id: options.id + 1000,
      name: options.topic,
      slug: options.code.toLowerCase(),
      subject: 'Mathematics',
    },
    program: null,
    type: { name: 'Public', color: '#1E88E5' },
    teacher: { id: 3, user_id: 30, name: 'Grace Mwangi', photo: null },
    subject: { id: 1, name: 'Mathematics' },
    grade_level: { id: 121, name: 'Grade 7' },
    booking: {
      id: options.id + 5000,
      student_id: options.studentId ?? 1,
      student_name: options.studentName ?? 'Amani Otieno',
      created_at: '2026-11-01T08:00:00.000Z',
    },
  };
}

/** A lesson the signed-in teacher teaches, as `/api/timetable` answers it to them (issue 24). */
export function taughtLesson(options: Parameters<typeof bookedLesson>[0]): Wire {
  return { ...bookedLesson(options), booking: null, teaching: true, bookings_count: 3 };
}

function calendarText(lessons: Wire[]): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const events = lessons.flatMap((lesson) => [
    'BEGIN:VEVENT',
    `UID:lesson-${String(lesson.id)}@somesha.test`,
    `DTSTAMP:${stamp('2026-11-01T08:00:00.000Z')}`,
    `DTSTART:${stamp(String(lesson.start_at))}`,
    `DTEND:${stamp(String(lesson.end_at))}`,
    `SUMMARY:${String((lesson.topic as Wire).name)}`,
    `URL:http://localhost/lessons/show/${String(lesson.code)}`,
    'END:VEVENT',
  ]);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Somesha//Timetable//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export const timetable = {
  lessons: [] as Wire[],
  modes: {} as Partial<Record<Endpoint, Mode>>,
  feedToken: 'token-one',
  resets: 0,
  /** The query of every `/api/timetable` call, in order. */
  queries: [] as Array<Record<string, string>>,
  /** The query or code of every `.ics` download. */
  downloads: [] as string[],
  reset() {
    this.lessons = [];
    this.modes = {};
    this.feedToken = 'token-one';
    this.resets = 0;
    this.queries = [];
    this.downloads = [];
  },
  set(endpoint: Endpoint, mode: Mode) {
    this.modes[endpoint] = mode;
  },
  feedUrl() {
    return `http://localhost/calendar/${this.feedToken}.ics`;
  },
};

const json = (body: Wire, status = 200) => HttpResponse.json(body, { status });
const unauthenticated = () => json({ message: t('auth.unauthenticated') }, 401);

/** Signed in, the CSRF header on writes, and the endpoint's mode; a Response ends the call. */
async function refusal(request: Request, endpoint: Endpoint): Promise<Response | null> {
  if (!api.current()) return unauthenticated();
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== XSRF) {
    return json({ message: t('auth.csrfMismatch') }, 419);
  }
  const mode = timetable.modes[endpoint] ?? 'ok';
  if (mode === 'hang') await delay('infinite');
  if (mode === 'error') return json({ message: t('messages.general') }, 500);
  return null;
}

const byStudent = (lessons: Wire[], studentId: string | null) =>
  studentId ? lessons.filter((lesson) => String((lesson.booking as Wire | null)?.student_id) === studentId) : lessons;

const ics = (text: string) =>
  new HttpResponse(text, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="somesha.ics"',
    },
  });

export const timetableHandlers = [
  http.get('/api/timetable', async ({ request }) => {
    const refused = await refusal(request, 'timetable');
    if (refused) return refused;
    const query = Object.fromEntries(new URL(request.url).searchParams);
    timetable.queries.push(query);
    const { from, to } = query;
    if (!from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) {
      return json({ message: t('validation.date'), errors: { from: [t('validation.date')] } }, 422);
    }
    const inRange = timetable.lessons.filter((lesson) => {
      const day = nairobiDay(String(lesson.start_at));
      return from <= day && day <= to;
    });
    return json({ data: byStudent(inRange, query.student_id ?? null) });
  }),

  http.get('/api/lessons/ics/:code', async ({ request, params }) => {
    const refused = await refusal(request, 'ics');
    if (refused) return refused;
    const lesson = timetable.lessons.find((item) => item.code === params.code);
    if (!lesson) return json({ message: 'Not found.' }, 404);
    timetable.downloads.push(`lesson ${String(params.code)}`);
    return ics(calendarText([lesson]));
  }),

  http.get('/api/timetable/ics', async ({ request }) => {
    const refused = await refusal(request, 'ics');
    if (refused) return refused;
    const studentId = new URL(request.url).searchParams.get('student_id');
    timetable.downloads.push(`timetable ${studentId ?? 'all'}`);
    return ics(calendarText(byStudent(timetable.lessons, studentId)));
  }),

  http.get('/api/timetable/feed', async ({ request }) => {
    const refused = await refusal(request, 'feed');
    if (refused) return refused;
    return json({ url: timetable.feedUrl() });
  }),

  http.post('/api/timetable/feed/reset', async ({ request }) => {
    const refused = await refusal(request, 'reset');
    if (refused) return refused;
    timetable.resets += 1;
    timetable.feedToken = `token-${timetable.resets + 1}`;
    return json({ url: timetable.feedUrl() });
  }),
];

export function useTimetableApi() {
  useFakeApi();
  beforeEach(() => {
    timetable.reset();
    server.use(...timetableHandlers);
  });
}
