// Messages of the fake API (issue 25, docs/reviews-messages.md "Messages"), for view tests. State
// lives in `chat` and is reset per test; a test adds threads with `chat.addThread` and makes the next
// send fail with `chat.failNextSend`. Answers have the server's shapes (snake_case).
import { http } from 'msw';
import { MESSAGES_PER_PAGE } from '@/shared/chat';
import { api } from './handlers';
import { guard, json, paged } from './handler-kit';

type Wire = Record<string, unknown>;
export type WireMessage = {
  id: number;
  thread_id: number;
  sender_user_id: number;
  text: string;
  masked: boolean;
  created_at: string;
};
export type WireThread = {
  id: number;
  other: {
    user_id: number;
    first_name: string;
    last_name: string;
    photo_url: string | null;
    role: 'teacher' | 'student' | 'parent';
    teacher_id: number | null;
  };
  last_message: WireMessage | null;
  unread_count: number;
  blocked: 'by_me' | 'by_them' | null;
  reported: boolean;
  can_share_contacts: boolean;
  updated_at: string;
};
export type WireReported = {
  id: number;
  users: Array<{ user_id: number; first_name: string; last_name: string; role: string }>;
  reported_at: string;
  report_reason: string;
  reported_by_user_id: number;
  message_count: number;
  updated_at: string;
};

let serial = 1000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

export function wireMessage(
  over: Partial<WireMessage> & { thread_id: number; sender_user_id: number },
): WireMessage {
  serial += 1;
  return {
    id: serial,
    text: `Message ${serial}`,
    masked: false,
    created_at: at(1000 - serial / 10),
    ...over,
  };
}

export const chat = {
  threads: [] as WireThread[],
  messages: new Map<number, WireMessage[]>(),
  reported: [] as WireReported[],
  reportedMessages: new Map<number, WireMessage[]>(),
  /** The next `POST /api/messages` answers this (status and message, field errors for a 422). */
  sendFailure: null as { status: number; message: string; errors?: Record<string, string[]> } | null,
  reset() {
    this.threads = [];
    this.messages = new Map();
    this.reported = [];
    this.reportedMessages = new Map();
    this.sendFailure = null;
    serial = 1000;
  },
  failNextSend(status: number, message: string, errors?: Record<string, string[]>) {
    this.sendFailure = { status, message, errors };
  },
  /** The signed-in user's id (the fake's accounts have numeric ids). */
  me(): number {
    return Number(api.current()?.user.id ?? 0);
  },
  /** A thread with `other`, holding `count` messages (alternating senders, the last one theirs). */
  addThread(
    other: Partial<WireThread['other']> & { user_id: number },
    options: {
      id?: number;
      count?: number;
      unread?: number;
      blocked?: WireThread['blocked'];
      masked?: boolean;
    } = {},
  ): WireThread {
    const id = options.id ?? this.threads.length + 7;
    const person: WireThread['other'] = {
      first_name: 'Grace',
      last_name: 'Mwangi',
      photo_url: null,
      role: 'teacher',
      teacher_id: 3,
      ...other,
    };
    const count = options.count ?? 2;
    const list: WireMessage[] = [];
    for (let index = 0; index < count; index += 1) {
      const theirs = (count - 1 - index) % 2 === 0;
      list.push(
        wireMessage({
          thread_id: id,
          sender_user_id: theirs ? person.user_id : this.me(),
          text: `Message ${index + 1} of ${count}`,
          masked: options.masked === true && index === count - 1,
        }),
      );
    }
    const thread: WireThread = {
      id,
      other: person,
      last_message: list.at(-1) ?? null,
      unread_count: options.unread ?? 0,
      blocked: options.blocked ?? null,
      reported: false,
      can_share_contacts: false,
      updated_at: list.at(-1)?.created_at ?? at(0),
    };
    this.threads.unshift(thread);
    this.messages.set(id, list);
    return thread;
  },
  unreadTotal(): number {
    return this.threads.reduce((sum, thread) => sum + thread.unread_count, 0);
  },
};

async function bodyOf(request: Request): Promise<Wire> {
  const body = (await request.json().catch(() => ({}))) as Wire;
  api.bodies.set(`${request.method} ${new URL(request.url).pathname}`, body);
  return body;
}

const notFound = () => json({ message: 'Not found.' }, 404);

export const messageHandlers = [
  http.get('*/api/messages', ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const url = new URL(request.url);
    const page = paged(chat.threads as unknown as Wire[], url.searchParams);
    return json({ ...page, meta: { ...(page.meta as Wire), unread_count: chat.unreadTotal() } } as never);
  }),
  http.get('*/api/messages/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const thread = chat.threads.find((each) => each.id === Number(params.id));
    if (!thread) return notFound();
    const before = new URL(request.url).searchParams.get('before');
    const all = chat.messages.get(thread.id) ?? [];
    const older = before === null ? all : all.filter((message) => message.id < Number(before));
    const data = older.slice(-MESSAGES_PER_PAGE);
    return json({ data, meta: { has_more: older.length > data.length, thread } } as never);
  }),
  http.post('*/api/messages', async ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    if (chat.sendFailure) {
      const { status, message, errors } = chat.sendFailure;
      chat.sendFailure = null;
      return json({ message, ...(errors && { errors }) }, status);
    }
    const to = Number(body.to_user_id);
    let thread = chat.threads.find((each) => each.other.user_id === to);
    if (!thread) {
      thread = chat.addThread({ user_id: to }, { id: 40 + chat.threads.length, count: 0 });
    }
    if (thread.blocked) return json({ message: 'You cannot message this person.' }, 403);
    const message = wireMessage({
      thread_id: thread.id,
      sender_user_id: chat.me(),
      text: String(body.text).trim(),
      created_at: at(0),
    });
    chat.messages.set(thread.id, [...(chat.messages.get(thread.id) ?? []), message]);
    thread.last_message = message;
    thread.updated_at = message.created_at;
    chat.threads = [thread, ...chat.threads.filter((each) => each !== thread)];
    return json({ data: message, thread } as never, 201);
  }),
  http.post('*/api/messages/read/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const thread = chat.threads.find((each) => each.id === Number(params.id));
    if (!thread) return notFound();
    thread.unread_count = 0;
    return json({ unread_count: chat.unreadTotal() });
  }),
  http.post('*/api/messages/block/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const thread = chat.threads.find((each) => each.other.user_id === Number(params.id)) ?? null;
    if (thread) thread.blocked = 'by_me';
    return json({ message: 'Blocked.', thread } as never);
  }),
  http.delete('*/api/messages/block/:id', ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const thread = chat.threads.find((each) => each.other.user_id === Number(params.id)) ?? null;
    if (thread && thread.blocked === 'by_me') thread.blocked = null;
    return json({ message: 'Unblocked.', thread } as never);
  }),
  http.post('*/api/messages/report/:id', async ({ request, params }) => {
    const refused = guard(request);
    if (refused) return refused;
    const body = await bodyOf(request);
    const thread = chat.threads.find((each) => each.id === Number(params.id));
    if (!thread) return notFound();
    if (!String(body.reason ?? '').trim())
      return json(
        { message: 'The reason field is required.', errors: { reason: ['The reason field is required.'] } },
        422,
      );
    thread.reported = true;
    return json({ message: 'Reported.', thread } as never);
  }),
  http.get('*/api/admin/messages/reported', ({ request }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    return json(paged(chat.reported as unknown as Wire[], new URL(request.url).searchParams) as never);
  }),
  http.get('*/api/admin/messages/reported/:id', ({ request, params }) => {
    const refused = guard(request, 'admin');
    if (refused) return refused;
    const thread = chat.reported.find((each) => each.id === Number(params.id));
    if (!thread) return notFound();
    const data = chat.reportedMessages.get(thread.id) ?? [];
    return json({ data, meta: { has_more: false, thread } } as never);
  }),
];
