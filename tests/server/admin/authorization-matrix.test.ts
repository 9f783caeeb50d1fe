// Every endpoint of docs/teaching-admin.md against everyone who must not use it: 401 signed out, 403
// for a signed-in user without the role (teacher endpoints: students, parents, admins; admin
// endpoints: students, parents, teachers). The roles' own use is tested next to each endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { CATALOGUE_KINDS } from '../../../src/shared/teaching';
import { pendingLesson } from './support';

type Call = { method: 'GET' | 'POST' | 'DELETE'; path: string };
const get = (path: string): Call => ({ method: 'GET', path });
const post = (path: string): Call => ({ method: 'POST', path });
const del = (path: string): Call => ({ method: 'DELETE', path });

/** docs/teaching-admin.md "Teacher endpoints". */
const TEACHER_ENDPOINTS: Call[] = [
  get('/api/teacher/lessons?filter=upcoming'),
  get('/api/teacher/lessons/create'),
  get('/api/teacher/available-slots?date=2030-01-07'),
  post('/api/teacher/lessons/store'),
  post('/api/teacher/lessons/update/1'),
  get('/api/teacher/lessons/show/1'),
  post('/api/teacher/lessons/cancel/1'),
  get('/api/teacher/classes?filter=upcoming'),
  get('/api/teacher/classes/show/1'),
  post('/api/teacher/classes/store'),
  post('/api/teacher/classes/update/1'),
  post('/api/teacher/notes/store'),
  post('/api/teacher/notes/update/1'),
  del('/api/teacher/notes/delete/1'),
  post('/api/teacher/assignments/store'),
  post('/api/teacher/assignments/update/1'),
  del('/api/teacher/assignments/delete/1'),
  get('/api/teacher/earnings'),
  post('/api/teacher/documents'),
  // Issue 25 (reviews): the teacher's own reviews, to reply to.
  get('/api/teacher/reviews'),
];

/** docs/teaching-admin.md "Admin endpoints", the catalogue writes of every kind, and GET /api/users. */
const ADMIN_ENDPOINTS: Call[] = [
  get('/api/admin/teachers?status=pending'),
  post('/api/admin/teachers/approve/1'),
  post('/api/admin/teachers/decline/1'),
  get('/api/admin/lessons?status=pending'),
  post('/api/admin/lessons/approve/1'),
  post('/api/admin/lessons/reject/1'),
  post('/api/admin/lessons/approve-series/1'),
  post('/api/admin/lessons/reject-series/1'),
  get('/api/admin/teachers/documents/1'),
  get('/api/admin/classes?status=pending'),
  post('/api/admin/classes/approve/1'),
  post('/api/admin/classes/reject/1'),
  get('/api/admin/transactions?status=needs_review'),
  get('/api/admin/audit'),
  ...CATALOGUE_KINDS.flatMap((kind) => [
    post(`/api/admin/${kind}/store`),
    post(`/api/admin/${kind}/update/1`),
    del(`/api/admin/${kind}/delete/1`),
  ]),
  // CONTRACT "Catalogue": the same writes under /api.
  post('/api/edu-levels/store'),
  post('/api/edu-levels/update/1'),
  del('/api/edu-levels/delete/1'),
  get('/api/users'),
  // Issue 25 (reviews): moderation.
  get('/api/admin/reviews?status=reported'),
  post('/api/admin/reviews/hide/1'),
  post('/api/admin/reviews/keep/1'),
];

let server: TestServer;
const as: Record<'visitor' | 'student' | 'parent' | 'teacher' | 'admin', Browser> = {} as never;
beforeAll(async () => {
  server = await startTestServer();
  as.visitor = server.browser();
  for (const role of ['student', 'parent', 'teacher', 'admin'] as const) {
    as[role] = server.browser();
    await as[role].signIn(`${role}@example.com`);
  }
});
afterAll(() => server.close());

const send = (browser: Browser, call: Call) =>
  // A body that would pass no route's checks: the guard must answer before the body is read.
  browser.request(call.method, call.path, call.method === 'GET' ? {} : { json: { name: 'x' } });

const label = (call: Call) => `${call.method} ${call.path}`;

describe.each([
  ['teacher endpoints', TEACHER_ENDPOINTS, ['student', 'parent', 'admin'] as const],
  ['admin endpoints', ADMIN_ENDPOINTS, ['student', 'parent', 'teacher'] as const],
])('%s', (_name, calls, outsiders) => {
  it.each(calls.map((call) => [label(call), call] as const))('%s', async (_label, call) => {
    const answers: Record<string, number> = { visitor: (await send(as.visitor, call)).status };
    for (const role of outsiders) answers[role] = (await send(as[role], call)).status;
    expect(answers).toEqual({
      visitor: 401,
      ...Object.fromEntries(outsiders.map((role) => [role, 403])),
    });
  });
});

describe('the refusals', () => {
  it('say why: signed out, or not allowed', async () => {
    const signedOut = await send(as.visitor, ADMIN_ENDPOINTS[0]!);
    expect(signedOut.body).toEqual({ message: 'Unauthenticated.' });
    const refused = await send(as.teacher, ADMIN_ENDPOINTS[0]!);
    expect(refused.body).toEqual({ message: 'This action is unauthorized.' });
  });

  it('change nothing: a refused approval leaves the lesson pending', async () => {
    const pending = await pendingLesson(server);
    expect((await as.teacher.post(`/api/admin/lessons/approve/${pending.id}`)).status).toBe(403);
    const still = await as.admin.get('/api/admin/lessons?status=pending&per_page=100');
    expect(still.body.data.map((row: { id: number }) => row.id)).toContain(pending.id);
  });
});
