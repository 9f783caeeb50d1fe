// Issue 22's screens other than Join and the classroom page in the fake API, shaped as
// docs/classroom.md says: a teacher's own meeting link for a lesson or a class (checked with the
// shared `meetingLinkError`, null removes it), a learner's report of a lesson (reasons, text, the
// report window, one per person), and the admin's reports with their decision (remark 5–1000
// characters, 409 once decided). Lessons and classes are those of teacher-lesson-handlers.ts and
// learner-handlers.ts; reports live in `reports`, reset per test. Add with `useReportHandlers()`
// after the file's own `use…Api()`.
import { beforeEach } from 'vitest';
import { http } from 'msw';
import { meetingLinkError, reportWindow } from '@/shared/classroom';
import { t } from '@/shared/messages';
import { validateLessonReport, validateReportDecision } from '@/shared/report-validation';
import { guard, invalid, json, paged } from './handler-kit';
import { learner } from './learner-handlers';
import { server } from './server';
import { teaching } from './teacher-lesson-handlers';

type Wire = Record<string, unknown>;

/** The server's words for a report it will not take twice, and for a decided report. */
export const ALREADY_REPORTED = 'You have already reported this lesson.';
export const REPORT_DECIDED = 'This report has already been decided.';
export const REPORT_WINDOW_CLOSED = 'Problems can be reported only within a day of the lesson’s end.';

export function adminReport(id: number, topic: string, extra: Wire = {}): Wire {
  return {
    id,
    status: 'open',
    reason: 'teacher_absent',
    text: null,
    created_at: '2026-11-26T10:30:00.000Z',
    decided_at: null,
    remark: null,
    lesson: {
      id: 600 + id,
      code: `LSN-R${id}`,
      topic,
      start_at: '2026-11-26T09:00:00.000Z',
      end_at: '2026-11-26T10:00:00.000Z',
    },
    teacher: { id: 3, name: 'Grace Mwangi' },
    reporter: { id: 31, name: 'Wanjiku Kamau' },
    learners: [{ id: 301, name: 'Amina Kamau' }],
    attendance: [],
    ...extra,
  };
}

function fixtures(): Wire[] {
  return [
    adminReport(1, 'Fractions', {
      attendance: [
        { user_id: 301, name: 'Amina Kamau', role: 'learner', first_joined_at: '2026-11-26T08:58:00.000Z' },
      ],
    }),
    adminReport(2, 'Ratios', {
      reason: 'other',
      text: 'The sound kept cutting out for the whole hour.',
      reporter: { id: 32, name: 'Jabali Kamau' },
      learners: [{ id: 302, name: 'Jabali Kamau' }],
      attendance: [
        { user_id: 13, name: 'Grace Mwangi', role: 'teacher', first_joined_at: '2026-11-26T08:40:00.000Z' },
        { user_id: 302, name: 'Jabali Kamau', role: 'learner', first_joined_at: '2026-11-26T09:01:00.000Z' },
      ],
    }),
    adminReport(3, 'Decimals', {
      status: 'paid',
      reason: 'cut_short',
      decided_at: '2026-11-26T12:00:00.000Z',
      remark: 'The recording shows the full hour.',
    }),
  ];
}

export const reports = {
  items: fixtures(),
  /** Each learner's report as the fake received it: `{lessonId, reason, text}`. */
  received: [] as Wire[],
  bodies: new Map<string, Wire>(),
  reset() {
    this.items = fixtures();
    this.received = [];
    this.bodies = new Map();
  },
};

const notFound = () => json({ message: t('messages.notFound') }, 404);

async function bodyOf(request: Request): Promise<Wire> {
  const body = (await request.json().catch(() => ({}))) as Wire;
  reports.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

/** A link to save (checked as the server does), or null to remove it. */
function saveLink(owner: Wire | undefined, body: Wire) {
  if (!owner) return notFound();
  if (body.link === null) {
    owner.link = null;
    return json({ message: t('reports.linkRemoved'), data: { link: null } });
  }
  const error = meetingLinkError(typeof body.link === 'string' ? body.link : '');
  if (error) return invalid({ link: [error] });
  owner.link = String(body.link).trim();
  return json({ message: t('reports.linkSaved'), data: { link: owner.link } });
}

export const reportHandlers = [
  http.post('/api/teacher/lessons/link/:id', async ({ request, params }) => {
    const refused = guard(request, 'teacher');
    if (refused) return refused;
    return saveLink(teaching.lesson(String(params.id)), await bodyOf(request));
  }),
  http.post('/api/teacher/classes/link/:id', async ({ request, params }) => {
    const refused = guard(request, 'teacher');
    if (refused) return refused;
    const found = teaching.classes.find((item) => String(item.id) === params.id);
    return saveLink(found, await bodyOf(request));
  }),
  http.post('/api/lessons/report/:id', async ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const lesson = Object.values(learner.lessons).find((item) => String(item.id) === params.id);
    if (!lesson || lesson.is_booked !== true) return notFound();
    const body = await bodyOf(request);
    const reason = String(body.reason ?? '');
    const refusal = validateLessonReport({ reason, text: typeof body.text === 'string' ? body.text : '' });
    if (Object.keys(refusal).length > 0) return invalid(refusal);
    const { opensAt, closesAt } = reportWindow({ endAt: new Date(String(lesson.end_at)) });
    const now = Date.now();
    if (now < opensAt.getTime() || now >= closesAt.getTime())
      return invalid({ lesson: [REPORT_WINDOW_CLOSED] });
    if (reports.received.some((each) => each.lessonId === lesson.id))
      return invalid({ lesson: [ALREADY_REPORTED] });
    reports.received.push({ lessonId: lesson.id, reason, text: body.text ?? null });
    return json({ message: t('reports.reportReceived') }, 201);
  }),
  http.get('/api/admin/reports', ({ request }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const status = query.get('status') ?? 'open';
    if (status !== 'open' && status !== 'resolved') return invalid({ status: ['The status is not valid.'] });
    const rows = reports.items.filter((item) => (status === 'open') === (item.status === 'open'));
    return json(paged(rows, query));
  }),
  http.post('/api/admin/reports/resolve/:id', async ({ request, params }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const found = reports.items.find((item) => String(item.id) === params.id);
    if (!found) return notFound();
    const body = await bodyOf(request);
    const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
    const errors = validateReportDecision({ decision: String(body.decision ?? ''), remark });
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (found.status !== 'open') return json({ message: REPORT_DECIDED }, 409);
    Object.assign(found, {
      status: body.decision === 'pay' ? 'paid' : 'refunded',
      remark,
      decided_at: new Date().toISOString(),
    });
    return json({
      message: body.decision === 'pay' ? 'Report decided: the teacher is paid.' : 'Report decided: refunded.',
      data: found,
    });
  }),
];

/** After the file's `useTeacherLessonApi()`, `useLearnerApi()` or `useAdminApi()`: these endpoints too. */
export function useReportHandlers() {
  beforeEach(() => {
    reports.reset();
    server.use(...reportHandlers);
  });
}
