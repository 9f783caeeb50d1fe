// The reason an admin gives when turning something down is one shared rule (src/shared/remark-validation.ts):
// the approval dialog checks it before sending and the API answers the same words in its 422, for a
// teacher's remark and a lesson's or class's comment alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remarkProblem } from '@/shared/remark-validation';
import { REMARK_MAX } from '@/shared/teaching';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { pendingClass, pendingLesson, pendingTeacher, signedIn } from './support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
});
afterAll(() => server.close());

const REFUSED = ['', '   ', 'no', '  no  ', 'x'.repeat(REMARK_MAX + 1), ` ${'x'.repeat(REMARK_MAX + 1)} `];

describe('turning down needs a reason (shared rule)', () => {
  it('answers 422 with the dialog’s own message on the field, for every refused reason', async () => {
    const teacher = await pendingTeacher(server);
    const lesson = await pendingLesson(server);
    const lessonClass = await pendingClass(server);
    const routes = [
      { path: `/api/admin/teachers/decline/${teacher.id}`, field: 'remark' },
      { path: `/api/admin/lessons/reject/${lesson.id}`, field: 'comment' },
      { path: `/api/admin/classes/reject/${lessonClass.id}`, field: 'comment' },
    ];
    for (const { path, field } of routes) {
      for (const value of REFUSED) {
        const message = remarkProblem(value);
        expect(message).not.toBeNull();
        const answer = await admin.post(path, { [field]: value });
        expect(answer).toMatchObject({ status: 422, body: { message, errors: { [field]: [message] } } });
      }
      // Not sent at all reads as empty: required.
      const missing = await admin.post(path, {});
      expect(missing.body.errors).toEqual({ [field]: [remarkProblem('')] });
    }
  });

  it('takes a reason of the longest length once trimmed, as the dialog does', async () => {
    const lesson = await pendingLesson(server);
    const reason = ` ${'x'.repeat(REMARK_MAX)} `;
    expect(remarkProblem(reason)).toBeNull();
    const answer = await admin.post(`/api/admin/lessons/reject/${lesson.id}`, { comment: reason });
    expect(answer.status).toBe(200);
    expect(answer.body.data.rejection_comment).toBe('x'.repeat(REMARK_MAX));
  });
});
