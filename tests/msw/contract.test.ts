// The fake backend of the view tests (tests/msw) against the real server: the same requests, as the
// same seeded accounts, to both; each answer's status and shape (its keys and their types, all the
// way down) must match. The data differ (the fake holds a few made-up records), the contract must
// not: a field the fake leaves out, invents or types differently is a view test passing against an
// API that does not exist. Where they may differ, the difference is listed in KNOWN with its reason.
//
// Runs in the `server` project (node): the real server in-process (tests/server/support), the fake's
// handlers called directly (msw's getResponse), no network interception.
import { getResponse, type RequestHandler } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { upcomingLessons } from '../server/commerce/buyers';
import { startTestServer, type Browser, type TestServer } from '../server/support/test-server';
import { ADMIN_EMAIL, admin, adminAccount, adminHandlers } from './admin-handlers';
import { catalogue, catalogueHandlers } from './catalogue-handlers';
import { commerce, commerceHandlers } from './commerce-handlers';
import { api, handlers } from './handlers';
import { learner, learnerHandlers } from './learner-handlers';
import { feed, notificationHandlers } from './notification-handlers';
import { profileWorkspace, profileWorkspaceHandlers } from './profile-workspace-handlers';
import { reviewHandlers, reviewsFake } from './review-handlers';
import { teaching as teacherLessons, teacherLessonHandlers } from './teacher-lesson-handlers';
import { teaching, teachingHandlers } from './teaching-handlers';
import { timetable, timetableHandlers } from './timetable-handlers';

type Role = 'visitor' | 'student' | 'parent' | 'teacher' | 'admin';
const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  student: 'student@example.com',
  parent: 'parent@example.com',
  teacher: 'teacher@example.com',
  admin: ADMIN_EMAIL,
};

// As the view tests stack them: the specific fakes before the base ones (`server.use` prepends).
const FAKE: RequestHandler[] = [
  ...adminHandlers,
  ...teacherLessonHandlers,
  ...learnerHandlers,
  ...catalogueHandlers,
  ...teachingHandlers,
  ...timetableHandlers,
  ...handlers,
  ...commerceHandlers,
  ...notificationHandlers,
  ...profileWorkspaceHandlers,
  ...reviewHandlers,
];

// ---- shapes ------------------------------------------------------------------------------------

/**
 * Where two answers' shapes differ, one line each (`$.data[].code: missing in the fake`). `null` and
 * an empty list fit any type (the data decide them); each item of a list is compared with the other
 * side's item it fits best.
 */
export function shapeDifferences(fake: unknown, real: unknown, path = '$'): string[] {
  if (fake === null || real === null || fake === undefined || real === undefined) return [];
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  if (kind(fake) !== kind(real)) return [`${path}: fake ${kind(fake)} ≠ real ${kind(real)}`];
  if (Array.isArray(fake) && Array.isArray(real)) {
    // Each item against the other side's item it fits best (a cart holds lessons and plans).
    const [f, r] = [fake.slice(0, 20), real.slice(0, 20)];
    if (!f.length || !r.length) return [];
    const best = (candidates: string[][]) => candidates.reduce((a, b) => (b.length < a.length ? b : a));
    return [
      ...new Set([
        ...f.flatMap((item) => best(r.map((other) => shapeDifferences(item, other, `${path}[]`)))),
        ...r.flatMap((item) => best(f.map((other) => shapeDifferences(other, item, `${path}[]`)))),
      ]),
    ];
  }
  if (typeof fake === 'object' && typeof real === 'object') {
    const f = fake as Record<string, unknown>;
    const r = real as Record<string, unknown>;
    const differences: string[] = [];
    for (const key of Object.keys(f)) if (!(key in r)) differences.push(`${path}.${key}: only in the fake`);
    for (const key of Object.keys(r))
      if (!(key in f)) differences.push(`${path}.${key}: missing in the fake`);
    for (const key of Object.keys(f))
      if (key in r) differences.push(...shapeDifferences(f[key], r[key], `${path}.${key}`));
    return [...new Set(differences)];
  }
  return [];
}

// ---- the two sides -----------------------------------------------------------------------------

type Answer = { status: number; body: unknown };
type Call = { method?: 'GET' | 'POST'; json?: unknown };

let server: TestServer;
const browsers = new Map<Role, Browser>();

async function real(role: Role, path: string, call: Call = {}): Promise<Answer> {
  let browser = browsers.get(role);
  if (!browser) {
    browser = server.browser();
    if (role !== 'visitor') await browser.signIn(EMAIL[role]);
    browsers.set(role, browser);
  }
  const response = await browser.request(call.method ?? 'GET', path, { json: call.json });
  return { status: response.status, body: response.body };
}

async function fake(role: Role, path: string, call: Call = {}): Promise<Answer> {
  api.signedIn = role === 'visitor' ? null : EMAIL[role];
  const headers: Record<string, string> = { accept: 'application/json', 'x-xsrf-token': 'test-xsrf-token' };
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(new URL(path, 'http://localhost'), {
    method: call.method ?? 'GET',
    headers: { ...headers, cookie: 'XSRF-TOKEN=test-xsrf-token' },
    body: call.json === undefined ? undefined : JSON.stringify(call.json),
  });
  const response = await getResponse(FAKE, request);
  if (!response) throw new Error(`The fake has no handler for ${call.method ?? 'GET'} ${path}`);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The same request to both (or `paths.fake` / `paths.real` where their records' ids differ). */
async function both(role: Role, paths: string | { fake: string; real: string }, call: Call = {}) {
  const [fakePath, realPath] = typeof paths === 'string' ? [paths, paths] : [paths.fake, paths.real];
  const [f, r] = await Promise.all([fake(role, fakePath, call), real(role, realPath, call)]);
  return { fake: f, real: r, differences: shapeDifferences(f.body, r.body) };
}

// ---- the contract ------------------------------------------------------------------------------

beforeAll(async () => {
  server = await startTestServer();
  // The fake's handlers resolve their relative paths against the page's address.
  vi.stubGlobal('location', { href: 'http://localhost/' });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
beforeEach(() => {
  for (const store of [
    api,
    commerce,
    feed,
    profileWorkspace,
    catalogue,
    learner,
    teaching,
    teacherLessons,
    timetable,
    admin,
    reviewsFake,
  ])
    store.reset();
  api.accounts.set(ADMIN_EMAIL, adminAccount());
});

/** The code of the next lesson of the first class the real server lists publicly. */
async function realLessonCode(): Promise<string> {
  const classes = await real('visitor', '/api/web/classes');
  return (classes.body as { data: Array<{ next_lesson: { code: string } }> }).data[0]!.next_lesson.code;
}

describe('the fake API answers like the real server', () => {
  it.each([
    ['visitor', '/api/web'],
    ['visitor', '/api/web/classes'],
    ['student', '/api/web/filters'],
    ['visitor', '/api/web/faqs'],
    ['visitor', '/api/web/teachers'],
    ['visitor', '/api/web/questions'],
    ['visitor', '/api/web/packages'],
    ['student', '/api/user'],
    ['student', '/api/curricula'],
    ['student', '/api/subjects'],
    ['student', '/api/grade-levels'],
    ['student', '/api/wallet'],
    ['student', '/api/notifications'],
    ['student', '/api/lessons/bookings'],
    ['student', '/api/timetable?from=2026-11-23&to=2026-11-29'],
    ['parent', '/api/parent/child/data'],
    ['teacher', '/api/teacher/lessons'],
    ['teacher', '/api/teacher/classes'],
    ['teacher', '/api/teacher/earnings'],
    ['admin', '/api/admin/transactions'],
    ['admin', '/api/users'],
  ] as const)('%s GET %s', async (role, path) => {
    const answer = await both(role, path);
    expect({ status: answer.fake.status, differences: answer.differences }).toEqual({
      status: answer.real.status,
      differences: KNOWN[path] ?? [],
    });
  });

  it('a cart with a lesson in it', async () => {
    commerce.fill();
    commerce.lines = commerce.lines.filter((line) => line.purchasableType === 'lesson');
    // An upcoming lesson the seeded student has not booked yet.
    let added = false;
    for (const lesson of await upcomingLessons(server)) {
      added =
        (await real('student', `/api/lessons/add-to-cart/${lesson.id}`, { method: 'POST' })).status === 200;
      if (added) break;
    }
    expect(added).toBe(true);
    const answer = await both('student', '/api/cart');
    expect([answer.fake.status, answer.differences]).toEqual([answer.real.status, KNOWN['/api/cart'] ?? []]);
  });

  it('a public lesson', async () => {
    const answer = await both('visitor', {
      fake: '/api/web/lessons/LSN-7K2Q9',
      real: `/api/web/lessons/${await realLessonCode()}`,
    });
    expect([answer.fake.status, answer.differences]).toEqual([
      answer.real.status,
      KNOWN['/api/web/lessons/:code'] ?? [],
    ]);
  });

  // classpage (issue 24)
  it('a public class', async () => {
    const classes = await real('visitor', '/api/web/classes');
    const id = (classes.body as { data: Array<{ id: number }> }).data[0]!.id;
    const answer = await both('visitor', { fake: '/api/web/classes/1', real: `/api/web/classes/${id}` });
    expect([answer.fake.status, answer.differences]).toEqual([answer.real.status, []]);
  });

  // Issue 25: a review the demo student writes of the teacher of a lesson they attended, then the
  // composer's, the teacher's and the admins' views of it, reported and hidden.
  it('a review, written, reported and hidden', async () => {
    const bookings = await real('student', '/api/lessons/bookings?filter=past&per_page=100');
    const attended = (
      bookings.body as { data: Array<{ attended: boolean | null; teacher: { id: number } | null }> }
    ).data.find((booking) => booking.attended && booking.teacher);
    expect(attended, 'the seed has an attended past lesson').toBeTruthy();
    const teacherId = attended!.teacher!.id;
    const body = { teacher_id: teacherId, stars: 5, text: 'Patient and clear, my algebra is much better.' };
    const written = await both('student', '/api/reviews', { method: 'POST', json: body });
    expect([written.fake.status, written.differences]).toEqual([written.real.status, []]);
    const mine = await both('student', `/api/reviews/mine?teacher_id=${teacherId}`);
    expect([mine.fake.status, mine.differences]).toEqual([mine.real.status, []]);

    const id = (written.real.body as { data: { id: number } }).data.id;
    const reported = await both(
      'parent',
      { fake: '/api/reviews/report/61', real: `/api/reviews/report/${id}` },
      { method: 'POST', json: { reason: 'Not about the lessons.' } },
    );
    expect([reported.fake.status, reported.differences]).toEqual([reported.real.status, []]);
    const queue = await both('admin', '/api/admin/reviews');
    expect([queue.fake.status, queue.differences]).toEqual([queue.real.status, []]);
    const hidden = await both(
      'admin',
      { fake: '/api/admin/reviews/hide/61', real: `/api/admin/reviews/hide/${id}` },
      { method: 'POST', json: { remark: '' } },
    );
    expect([hidden.fake.status, hidden.differences]).toEqual([hidden.real.status, []]);
    const teacherList = await both('teacher', '/api/teacher/reviews');
    expect([teacherList.fake.status, teacherList.differences]).toEqual([teacherList.real.status, []]);
  });

  it('refuses a visitor what needs a session (401), and a wrong password (422), the same way', async () => {
    for (const path of ['/api/user', '/api/wallet', '/api/lessons/bookings']) {
      const answer = await both('visitor', path);
      expect([path, answer.fake.status, answer.differences]).toEqual([path, answer.real.status, []]);
    }
    const login = await both('visitor', '/api/login', {
      method: 'POST',
      json: { email: 'student@example.com', password: 'Wrong-passw0rd!' },
    });
    expect([login.fake.status, login.differences]).toEqual([login.real.status, KNOWN['POST /api/login']]);
  });
});

/**
 * The differences found when this test was written (issue 21), by request: the fake's drift from the
 * real API, kept listed so that no new one creeps in and each one fixed must leave the list (the
 * comparison is exact). Each is a place where a view test may pass against an answer the server
 * never gives; fix the fake (tests/msw) and remove its line.
 */
const KNOWN: Record<string, string[]> = {
  // The home page's lessons carry the teacher's card, not the profile; its plans have a duration.
  '/api/web': [
    '$.data.lessons[].teacher.biography: only in the fake',
    '$.data.lessons[].teacher.current_workplace: only in the fake',
    '$.data.packages[].duration: missing in the fake',
    '$.data.packages[].duration_unit: missing in the fake',
  ],
  '/api/web/filters': ['$.data.grade_levels[].edu_level: missing in the fake'],
  // The real user carries every role's profile (null when not theirs), the wallet and the student's
  // curriculum, education level and grade.
  '/api/user': [
    '$.data.parent: missing in the fake',
    '$.data.teacher: missing in the fake',
    '$.data.wallet: missing in the fake',
    '$.data.student.curriculum_id: missing in the fake',
    '$.data.student.edu_level_id: missing in the fake',
    '$.data.student.grade_level_id: missing in the fake',
    '$.data.student.curriculum: missing in the fake',
    '$.data.student.edu_level: missing in the fake',
    '$.data.student.grade_level: missing in the fake',
  ],
  // A booking says when and why it was cancelled, and its class's subject and grade; `is_booked` is
  // the fake's own.
  '/api/lessons/bookings': [
    '$.data[].is_booked: only in the fake',
    '$.data[].cancelled_at: missing in the fake',
    '$.data[].cancellation_reason: missing in the fake',
    '$.data[].class.subject: missing in the fake',
    '$.data[].class.grade_level: missing in the fake',
  ],
  // The real cart has a version (for checkout's 409) and lessons as whole lesson cards.
  '/api/cart': [
    '$.cart.version: missing in the fake',
    '$.cart.items[].purchasable.link: missing in the fake',
    '$.cart.items[].purchasable.is_approved: missing in the fake',
    '$.cart.items[].purchasable.rejection_comment: missing in the fake',
    '$.cart.items[].purchasable.cancelled_at: missing in the fake',
    '$.cart.items[].purchasable.cancellation_reason: missing in the fake',
    '$.cart.items[].purchasable.capacity: missing in the fake',
    '$.cart.items[].purchasable.seats_left: missing in the fake',
    '$.cart.items[].purchasable.class: missing in the fake',
    '$.cart.items[].purchasable.teacher: missing in the fake',
    '$.cart.items[].purchasable.subject: missing in the fake',
    '$.cart.items[].purchasable.grade_level: missing in the fake',
    '$.cart.items[].purchasable.topic.id: missing in the fake',
    '$.cart.items[].purchasable.topic.slug: missing in the fake',
    '$.cart.items[].purchasable.topic.subject: missing in the fake',
    '$.cart.items[].purchasable.program.id: missing in the fake',
    '$.cart.items[].purchasable.program.curriculum.id: missing in the fake',
    '$.cart.items[].purchasable.program.curriculum.acronym: missing in the fake',
  ],
  // The real refusal of a wrong password also puts the message on the e-mail field.
  'POST /api/login': ['$.errors: missing in the fake'],
};
