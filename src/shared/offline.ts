// Offline-friendly repeat visits (issue 27, docs/workspace-speed.md "offline"): what the service
// worker (src/worker/service-worker.ts) may keep, under which cache names, and the messages the page
// and the worker exchange. Pure rules, so they are tested without a browser.

/** Where the build puts the worker (scripts/service-worker-plugin.ts); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
/** The plain app shell (dist/index.html): any page's HTML when the network is gone and no copy of it is kept. */
export const SHELL_PAGE = '/index.html';
/** A header the worker adds to an answer it took from its cache instead of the network. */
export const OFFLINE_HEADER = 'X-Somesha-Offline';

/** The build's files (hashed `/assets/*`, the shell page): the same for everyone. One cache per build. */
export const SHELL_CACHE_PREFIX = 'somesha-shell-';
/** One user's pages and answers. At most one such cache exists: the signed-in user's. */
export const USER_CACHE_PREFIX = 'somesha-user-';

export const shellCacheName = (build: string) => `${SHELL_CACHE_PREFIX}${build}`;
export const userCacheName = (userId: number | string) => `${USER_CACHE_PREFIX}${userId}`;
export const isShellCache = (name: string) => name.startsWith(SHELL_CACHE_PREFIX);
export const isUserCache = (name: string) => name.startsWith(USER_CACHE_PREFIX);

/** What the page tells the worker: who is signed in now, or that nobody is (drop every user's data). */
export type ToWorker = { type: 'offline.user'; userId: number } | { type: 'offline.clear' };
/** What the worker tells the page: an answer came from its cache (the network failed), or from the network. */
export type FromWorker = { type: 'offline.fromCache' } | { type: 'offline.fromNetwork' };

export function isToWorker(data: unknown): data is ToWorker {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; userId?: unknown };
  return (
    message.type === 'offline.clear' ||
    (message.type === 'offline.user' &&
      typeof message.userId === 'number' &&
      Number.isSafeInteger(message.userId))
  );
}

export function isFromWorker(data: unknown): data is FromWorker {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return type === 'offline.fromCache' || type === 'offline.fromNetwork';
}

/**
 * How the worker answers a request:
 * - `asset`: a hashed build file, immutable: from the shell cache, else the network (then kept);
 * - `page`: any other page of the SPA: the network, else the shell page (the app starts and shows
 *   what it can);
 * - `userPage` / `userRead`: the signed-in user's pages and reads a learner opens on the way
 *   (timetable, bookings, a lesson, a note they downloaded): the network, kept in that user's cache;
 *   that copy only when the network fails (a page falls back to the shell page after it);
 * - `signOut`: the sign-out (and sign-in) request: every user's data is dropped, then it goes on;
 * - `none`: not the worker's business (other origins, writes, the event stream, payments, the cart,
 *   `/api/user`…): the browser sends it as if there were no worker.
 */
export type OfflinePolicy = 'asset' | 'page' | 'userPage' | 'userRead' | 'signOut' | 'none';

/**
 * Pages whose HTML is kept per user: it carries the user's data inline and the page rendered for them
 * (issue 27 `signedin`), so a full load of one of them asks the API nothing that could be kept.
 */
const USER_PAGES = [/^\/timetable$/, /^\/lessons\/booking$/, /^\/lessons\/show\/[^/]+$/];
/** The reads kept per user: this week's timetable, the bookings, a booked lesson, a downloaded note. */
const USER_READS = [
  /^\/api\/timetable$/,
  /^\/api\/lessons\/bookings$/,
  /^\/api\/lessons\/show\/[^/]+$/,
  /^\/api\/files\/\d+$/,
];
/** Requests that start or end a session: whatever was kept for a user must go. */
const SESSION_CHANGES = new Set(['/api/logout', '/api/login']);
/** Paths the server answers itself (never the SPA's pages): src/shared/routes.ts `isServerPath`. */
const SERVER_PATH = /^\/(api|sanctum|dev|sandbox|calendar|l)(\/|$)/;

export type RequestLike = { method: string; url: string; mode?: string };

export function offlinePolicy(request: RequestLike, origin: string): OfflinePolicy {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'none';
  }
  if (url.origin !== origin) return 'none';
  const path = url.pathname;
  if (request.method === 'POST' && SESSION_CHANGES.has(path)) return 'signOut';
  if (request.method !== 'GET') return 'none';
  if (path.startsWith('/assets/')) return 'asset';
  if (USER_READS.some((read) => read.test(path))) return 'userRead';
  if (request.mode !== 'navigate' || SERVER_PATH.test(path)) return 'none';
  const page = path.replace(/\/+$/, '') || '/';
  return USER_PAGES.some((kept) => kept.test(page)) ? 'userPage' : 'page';
}
