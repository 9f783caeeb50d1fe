// The demo accounts' conversations (issue 25): the demo student and the demo parent each have a
// thread with a teacher they booked (contacts shared, nothing masked) and one with a teacher they have
// not booked (a number or address masked); the student has an unread answer; none is e-mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendUnreadMessageMails } from '../../../server/services/message-service';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedIn(email: string): Promise<Browser> {
  const browser = server.browser();
  await browser.signIn(email);
  return browser;
}

async function threadsOf(email: string) {
  const browser = await signedIn(email);
  const list = await browser.get('/api/messages');
  expect(list.status).toBe(200);
  const threads = list.body.data as Json[];
  const messagesOf = async (thread: Json) =>
    ((await browser.get(`/api/messages/${thread.id}`)).body.data as Json[]).map((message) => message.text);
  return { list, threads, messagesOf };
}

describe('the seeded conversations', () => {
  it('the demo student: a booked teacher with a shared number and an unread answer, another with the number masked', async () => {
    const { list, threads, messagesOf } = await threadsOf('student@example.com');
    expect(threads).toHaveLength(2);
    expect(threads.every((thread) => thread.other.role === 'teacher')).toBe(true);
    const shared = threads.find((thread) => thread.can_share_contacts);
    const hidden = threads.find((thread) => !thread.can_share_contacts);
    expect(shared?.unread_count).toBe(1);
    expect(list.body.meta.unread_count).toBe(1);
    expect((await messagesOf(shared)).join('\n')).toContain('0712 345 678');
    const masked = await messagesOf(hidden);
    expect(masked.join('\n')).toContain('[contact details hidden]');
    expect(masked.join('\n')).not.toContain('0722 123 456');
  });

  it('the demo parent: a child’s teacher with contacts shared, and a teacher not booked with the address masked', async () => {
    const { threads, messagesOf } = await threadsOf('parent@example.com');
    expect(threads).toHaveLength(2);
    const shared = threads.find((thread) => thread.can_share_contacts);
    expect((await messagesOf(shared)).join('\n')).toContain('0722 000 111');
    const hidden = threads.find((thread) => !thread.can_share_contacts);
    const masked = (await messagesOf(hidden)).join('\n');
    expect(masked).toContain('[contact details hidden]');
    expect(masked).not.toContain('@gmail.com');
  });

  it('the seeded unread answer is not e-mailed, now or an hour later', async () => {
    const ctx = { db: server.db, config: { appUrl: server.baseUrl } };
    expect(await sendUnreadMessageMails(ctx)).toBe(0);
    expect(await sendUnreadMessageMails(ctx, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(0);
  });
});
