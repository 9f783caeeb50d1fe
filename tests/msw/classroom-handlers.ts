// The classroom of the fake API (issue 22, docs/classroom.md): the lesson as its teacher and booked
// learners read it gains `classroom: {provider, opens_at, closes_at}` (the reader's window), and the
// two join routes answer `{provider, link, embed}` inside that window (422 with the opening time
// outside it, 404 for a lesson without a classroom for the caller). Built on the learner's and the
// teacher's fakes (their lessons and clocks); `classroom` says which provider answers. Reset per test.
import { beforeEach } from 'vitest';
import { getResponse, http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { LEARNER_JOIN_EARLY_MS, TEACHER_JOIN_EARLY_MS, type ClassroomRole } from '@/shared/classroom';
import { api } from './handlers';
import { learner, learnerHandlers } from './learner-handlers';
import { teacherLessonHandlers, teaching, useTeacherLessonApi } from './teacher-lesson-handlers';
import { server } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

/** How the classroom is held: an embedded Jitsi room (tokens), public Jitsi (no tokens), or a teacher's own link. */
export type FakeProvider = 'embed' | 'jitsi' | 'link';

export const classroom = {
  provider: 'embed' as FakeProvider,
  domain: 'jitsi.example',
  /** Every join the SPA asked for: which route, and the lesson id. */
  joins: [] as Array<{ role: ClassroomRole; id: string }>,
  reset() {
    this.provider = 'embed';
    this.domain = 'jitsi.example';
    this.joins = [];
  },
  room(code: string) {
    return `somesha-${code.toLowerCase()}`;
  },
  jwt(role: ClassroomRole, id: string) {
    return `jwt-${role}-${id}`;
  },
};

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const notFound = () => json({ message: t('messages.notFound') }, 404);
const iso = (time: number) => new Date(time).toISOString();
const providerName = () => (classroom.provider === 'link' ? 'link' : 'jitsi');

function windowOf(lesson: Wire, role: ClassroomRole) {
  const early = role === 'teacher' ? TEACHER_JOIN_EARLY_MS : LEARNER_JOIN_EARLY_MS;
  return {
    opensAt: Date.parse(String(lesson.start_at)) - early,
    closesAt: Date.parse(String(lesson.end_at)),
  };
}

function classroomWire(lesson: Wire, role: ClassroomRole): Wire {
  const { opensAt, closesAt } = windowOf(lesson, role);
  return { provider: providerName(), opens_at: iso(opensAt), closes_at: iso(closesAt) };
}

/** The answer of another fake with `change` made to its `data`. */
async function withData(response: Response | undefined, change: (data: Wire) => void) {
  if (!response || !response.ok) return response;
  const body = (await response.json()) as { data: Wire };
  change(body.data);
  return json(body as unknown as JsonBodyType, response.status);
}

function joinAnswer(lesson: Wire, role: ClassroomRole) {
  const { opensAt, closesAt } = windowOf(lesson, role);
  const now = Date.now();
  if (now < opensAt)
    return json(
      {
        message: t('lesson.joinTooEarly'),
        errors: { lesson: [t('lesson.joinTooEarly')] },
        opens_at: iso(opensAt),
      },
      422,
    );
  if (now > closesAt)
    return json({ message: t('lesson.joinEnded'), errors: { lesson: [t('lesson.joinEnded')] } }, 422);
  const code = String(lesson.code);
  const id = String(lesson.id);
  if (classroom.provider === 'link')
    return json({ provider: 'link', link: 'https://zoom.us/j/123456789', embed: null });
  if (classroom.provider === 'jitsi')
    return json({ provider: 'jitsi', link: `https://meet.jit.si/${classroom.room(code)}`, embed: null });
  const embed = { domain: classroom.domain, room: classroom.room(code), jwt: classroom.jwt(role, id) };
  return json({ provider: 'jitsi', link: `https://${embed.domain}/${embed.room}?jwt=${embed.jwt}`, embed });
}

function signedInWrite(request: Request): Response | null {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.headers.get('X-XSRF-TOKEN') !== XSRF) return json({ message: t('auth.csrfMismatch') }, 419);
  return null;
}

export const classroomHandlers = [
  http.get('/api/lessons/show/:code', async ({ request }) =>
    withData(await getResponse(learnerHandlers, request), (data) => {
      data.link = null;
      data.classroom = data.is_booked === true && !data.cancelled_at ? classroomWire(data, 'learner') : null;
    }),
  ),
  http.get('/api/teacher/lessons/show/:code', async ({ request }) =>
    withData(await getResponse(teacherLessonHandlers, request), (data) => {
      data.classroom = data.status === 'cancelled' ? null : classroomWire(data, 'teacher');
    }),
  ),
  http.post('/api/lessons/join/:id', ({ request, params }) => {
    const refused = signedInWrite(request);
    if (refused) return refused;
    const id = String(params.id);
    classroom.joins.push({ role: 'learner', id });
    const found = Object.values(learner.lessons).find((item) => String(item.id) === id);
    if (!found || found.is_booked !== true || found.cancelled_at) return notFound();
    return joinAnswer(found, 'learner');
  }),
  http.post('/api/teacher/lessons/join/:id', ({ request, params }) => {
    const refused = signedInWrite(request);
    if (refused) return refused;
    const id = String(params.id);
    classroom.joins.push({ role: 'teacher', id });
    const found = teaching.lesson(id);
    const roles = (api.current()?.user.roles as Array<{ name: string }>) ?? [];
    if (!found || found.status === 'cancelled' || !roles.some((role) => role.name === 'teacher'))
      return notFound();
    return joinAnswer(found, 'teacher');
  }),
];

/** Call once per test file: the learner's and the teacher's fakes, with the classroom on top. */
export function useClassroomApi() {
  useTeacherLessonApi();
  beforeEach(() => {
    classroom.reset();
    server.use(...classroomHandlers);
  });
}
