// Notifications, activities and the live stream of the fake API (docs/learning-workspace.md), for
// view tests. State lives in `feed` and is reset per test. The live stream is a `FakeEventSource`
// a test installs on `window` (jsdom has none); without it the SPA falls back to polling.
import { http, HttpResponse } from 'msw';
import { api } from './handlers';

type WireNotification = {
  id: string;
  type: string;
  data: { title: string; body: string; url: string };
  read_at: string | null;
  created_at: string;
  updated_at: string;
};
type WireActivity = { id: number; type: string; text: string; url: string | null; created_at: string };

let serial = 0;
export function wireNotification(
  over: Partial<WireNotification> & { title?: string; body?: string; url?: string } = {},
): WireNotification {
  serial += 1;
  const at = over.created_at ?? new Date(Date.now() - serial * 60_000).toISOString();
  return {
    id: over.id ?? `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    type: over.type ?? 'payment',
    data: over.data ?? {
      title: over.title ?? `Notification ${serial}`,
      body: over.body ?? 'Order paid: KES 1,500',
      url: over.url ?? '/lessons/booking',
    },
    read_at: over.read_at ?? null,
    created_at: at,
    updated_at: at,
  };
}

export const feed = {
  notifications: [] as WireNotification[],
  activities: [] as WireActivity[],
  /** Answer the activities list with a 500 this many times. */
  activitiesFailures: 0,
  /** Answer the mark-read calls with a 500. */
  readFails: false,
  reset() {
    this.notifications = [];
    this.activities = [];
    this.activitiesFailures = 0;
    this.readFails = false;
  },
};

const unauthenticated = () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
const paged = <T>(items: T[], url: URL, extra: Record<string, unknown> = {}) => {
  const perPage = Number(url.searchParams.get('per_page') ?? 15);
  const page = Number(url.searchParams.get('page') ?? 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return HttpResponse.json({
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length, ...extra },
  });
};
const unreadCount = () => feed.notifications.filter((n) => n.read_at === null).length;

export const notificationHandlers = [
  http.get('*/api/notifications', ({ request }) => {
    if (!api.current()) return unauthenticated();
    const url = new URL(request.url);
    const list =
      url.searchParams.get('unread') === '1'
        ? feed.notifications.filter((n) => n.read_at === null)
        : feed.notifications;
    return paged(list, url, { unread_count: unreadCount() });
  }),
  http.post('*/api/notifications/read-all', () => {
    if (!api.current()) return unauthenticated();
    if (feed.readFails) return HttpResponse.json({ message: 'Server error' }, { status: 500 });
    const now = new Date().toISOString();
    for (const n of feed.notifications) n.read_at ??= now;
    return HttpResponse.json({ message: 'All notifications marked as read.', unread_count: 0 });
  }),
  http.post('*/api/notifications/read/:id', ({ params }) => {
    if (!api.current()) return unauthenticated();
    if (feed.readFails) return HttpResponse.json({ message: 'Server error' }, { status: 500 });
    const found = feed.notifications.find((n) => n.id === params.id);
    if (!found) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    found.read_at ??= new Date().toISOString();
    return HttpResponse.json({ data: found });
  }),
  http.get('*/api/activities', ({ request }) => {
    if (!api.current()) return unauthenticated();
    if (feed.activitiesFailures > 0) {
      feed.activitiesFailures -= 1;
      return HttpResponse.json({ message: 'Server error' }, { status: 500 });
    }
    return paged(feed.activities, new URL(request.url));
  }),
];

/** A stand-in for the browser's EventSource: the test opens, fails and speaks for the server. */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;

  constructor(url: string, init?: { withCredentials?: boolean }) {
    super();
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => !source.closed).at(-1);
  }

  open() {
    this.dispatchEvent(new Event('open'));
  }

  fail() {
    this.dispatchEvent(new Event('error'));
  }

  /** One server-sent event: `event: {type}` with `data: {JSON}`. */
  send(type: 'notification' | 'transaction' | 'message', data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  close() {
    this.closed = true;
  }
}

/** Installs the fake stream for one test file (call at the top level). */
export function installFakeEventSource(): void {
  const original = (globalThis as { EventSource?: unknown }).EventSource;
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  FakeEventSource.instances = [];
  // Restored by the test file's teardown: jsdom has none.
  void original;
}
