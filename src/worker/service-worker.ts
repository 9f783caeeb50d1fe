// The service worker (issue 27 "offline", docs/workspace-speed.md): the app shell and the last-seen
// timetable, bookings, lessons and downloaded notes when the phone has no signal. Built on its own
// into dist/sw.js by scripts/service-worker-plugin.ts (one file, no imports at run time); the rules
// of what it keeps are src/shared/offline.ts.
//
// Privacy: a user's pages and answers go only into `somesha-user-<id>` of the user the page says is
// signed in (`offline.user`), written only while that cache exists; a different user, `offline.clear`,
// a sign-in or sign-out request and a 401 drop every user cache. Cache changes run one at a time
// (`serially`), so an answer still on its way never recreates a cache just dropped.
import {
  OFFLINE_HEADER,
  SHELL_PAGE,
  isShellCache,
  isToWorker,
  isUserCache,
  offlinePolicy,
  shellCacheName,
  userCacheName,
  type FromWorker,
  type OfflinePolicy,
} from '../shared/offline';

// The DOM library has no worker types (and the webworker one clashes with it): what this file uses.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
};
type MessageEventLike = ExtendableEvent & { data: unknown };
type WorkerClient = { postMessage(message: FromWorker): void };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<WorkerClient | undefined> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
};
declare const self: WorkerScope;

/** Replaced by the build with the entry chunk's hash: a new build, a new worker and a new shell cache. */
const BUILD = '__SOMESHA_BUILD__';
const shellCache = shellCacheName(BUILD);

let queue: Promise<unknown> = Promise.resolve();
/** Runs cache-changing steps one after the other, in the order asked. */
function serially<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step);
  queue = run.catch(() => undefined);
  return run;
}

async function dropCaches(which: (name: string) => boolean): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter(which).map((name) => caches.delete(name)));
}

const dropUsers = () => serially(() => dropCaches(isUserCache));

/** The signed-in user's cache, if the page said who that is (never created here). */
const userCache = () =>
  serially(async () => {
    const name = (await caches.keys()).find(isUserCache);
    return name ? caches.open(name) : null;
  });

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.add(new Request(SHELL_PAGE, { cache: 'reload' })))
      // Without the shell page the worker still keeps assets and the user's reads.
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    dropCaches((name) => isShellCache(name) && name !== shellCache).then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data;
  if (!isToWorker(message)) return;
  if (message.type === 'offline.clear') {
    event.waitUntil(dropUsers());
    return;
  }
  const name = userCacheName(message.userId);
  event.waitUntil(
    serially(async () => {
      await dropCaches((other) => isUserCache(other) && other !== name);
      await caches.open(name);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const policy = offlinePolicy(event.request, self.location.origin);
  if (policy === 'none') return;
  event.respondWith(answer(policy, event));
});

function answer(policy: Exclude<OfflinePolicy, 'none'>, event: FetchEvent): Promise<Response> {
  switch (policy) {
    case 'asset':
      return fromShellFirst(event);
    case 'signOut':
      // The data goes before the request does: signing out offline still forgets it.
      return dropUsers().then(() => fetch(event.request));
    case 'page':
      return fetch(event.request).catch(() => shellPage(event.request));
    case 'userPage':
    case 'userRead':
      return userNetworkFirst(event, policy === 'userPage');
  }
}

async function fromShellFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(shellCache);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

async function shellPage(request: Request): Promise<Response> {
  const shell = await caches.match(SHELL_PAGE, { cacheName: shellCache });
  return shell ?? fetch(request);
}

function tell(event: FetchEvent, message: FromWorker): void {
  if (!event.clientId) return;
  event.waitUntil(
    self.clients
      .get(event.clientId)
      .then((client) => client?.postMessage(message))
      .catch(() => undefined),
  );
}

async function userNetworkFirst(event: FetchEvent, isPage: boolean): Promise<Response> {
  const { request } = event;
  // Chosen before the request leaves: a sign-out meanwhile leaves this answer in a dropped cache.
  const cache = await userCache();
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = cache ? await cache.match(request) : undefined;
    if (kept) {
      tell(event, { type: 'offline.fromCache' });
      return marked(kept);
    }
    if (isPage) return shellPage(request);
    throw error;
  }
  if (response.status === 401) {
    // The server forgot the session: nothing of it may be shown offline any more.
    event.waitUntil(dropUsers());
  } else if (cache && response.ok && response.type === 'basic') {
    event.waitUntil(cache.put(request, response.clone()));
    tell(event, { type: 'offline.fromNetwork' });
  }
  return response;
}

/** A kept answer, marked as such (`X-Somesha-Offline: 1`). */
function marked(kept: Response): Response {
  const headers = new Headers(kept.headers);
  headers.set(OFFLINE_HEADER, '1');
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
}
