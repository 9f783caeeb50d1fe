// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md
// "Messages"). The calls are bound to the thread machine and the loaders in
// src/machines/screens/messages-screens.ts.
import { request } from './http';
import { pick, type ListQuery } from './schemas/page';
import {
  decodeMessagePage,
  decodeReportedThread,
  decodeReportedThreadPage,
  decodeSent,
  decodeThread,
  decodeThreadPage,
  type MessagePage,
  type ReportedThread,
  type ReportedThreadPage,
  type Sent,
  type Thread,
  type ThreadPage,
} from './schemas/message';
import { decodePage, type ListPage } from './schemas/page';

export type {
  Message,
  MessageEvent,
  MessagePage,
  ReportedThread,
  Sent,
  Thread,
  ThreadPage,
} from './schemas/message';

/** `GET /api/messages?page=`: the reader's threads, newest activity first, with their unread total. */
export async function fetchThreads(query: ListQuery = {}): Promise<ThreadPage> {
  return decodeThreadPage(await request('/api/messages', { query: pick(query, ['page', 'per_page']) }));
}

/** `GET /api/messages/{id}?before=`: the last 30 messages, or the 30 before `before`. */
export async function fetchThread(threadId: number, before?: number): Promise<MessagePage> {
  return decodeMessagePage(
    await request(`/api/messages/${threadId}`, { query: before === undefined ? {} : { before } }),
  );
}

/** `POST /api/messages {to_user_id, text}` → 201 the message and its thread. */
export async function sendMessage(toUserId: number, text: string): Promise<Sent> {
  return decodeSent(await request('/api/messages', { method: 'POST', body: { toUserId, text } }));
}

/** `POST /api/messages/read/{id}` → the reader's unread total. */
export async function markThreadRead(threadId: number): Promise<number> {
  const answer = (await request(`/api/messages/read/${threadId}`, { method: 'POST' })) as {
    unread_count?: unknown;
  } | null;
  const count = Number(answer?.unread_count ?? 0);
  return Number.isFinite(count) ? count : 0;
}

function threadOf(raw: unknown): Thread | null {
  const thread = (raw as { thread?: unknown } | null)?.thread;
  return thread ? decodeThread(thread) : null;
}

/** `POST /api/messages/block/{user_id}` → the pair's thread as the blocker now sees it. */
export async function blockUser(userId: number): Promise<Thread | null> {
  return threadOf(await request(`/api/messages/block/${userId}`, { method: 'POST' }));
}

/** `DELETE /api/messages/block/{user_id}`: lifts one's own block. */
export async function unblockUser(userId: number): Promise<Thread | null> {
  return threadOf(await request(`/api/messages/block/${userId}`, { method: 'DELETE' }));
}

/** `POST /api/messages/report/{thread_id} {reason}`. */
export async function reportThread(threadId: number, reason: string): Promise<Thread | null> {
  return threadOf(await request(`/api/messages/report/${threadId}`, { method: 'POST', body: { reason } }));
}

// Admins ------------------------------------------------------------------------------------------

/** `GET /api/admin/messages/reported?page=`: newest report first. */
export async function fetchReportedThreads(query: ListQuery = {}): Promise<ListPage<ReportedThread>> {
  return decodePage(
    await request('/api/admin/messages/reported', { query: pick(query, ['page']) }),
    decodeReportedThread,
  );
}

/** `GET /api/admin/messages/reported/{id}?before=`: a reported thread's messages (read only). */
export async function fetchReportedThread(threadId: number, before?: number): Promise<ReportedThreadPage> {
  return decodeReportedThreadPage(
    await request(`/api/admin/messages/reported/${threadId}`, {
      query: before === undefined ? {} : { before },
    }),
  );
}
