// The page's side of the service worker (issue 27 "offline", docs/workspace-speed.md): registers it,
// tells it who is signed in, and reports whether the phone is online. Only the network machine
// (src/machines/network-machine.ts) calls these; in tests and in development there is no worker
// (`navigator.serviceWorker` is missing, or the build is not a production one) and they do nothing.
import { SERVICE_WORKER_URL, isFromWorker, isUserCache, type ToWorker } from '@/shared/offline';

function workers(): ServiceWorkerContainer | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker;
}

let registering: Promise<unknown> | null = null;
/** What the page last told the worker: said again to a worker that takes over later. */
let told: ToWorker | null = null;

/**
 * Registers the worker once per page, in a production build served over http(s), when the page has
 * loaded and the browser is idle: it never competes with the page's own first paint.
 */
export function registerOfflineWorker(): void {
  const container = workers();
  if (registering || !container || !import.meta.env.PROD || !/^https?:$/.test(window.location.protocol))
    return;
  // The first visit's worker takes over this page once installed; a new build's worker too.
  container.addEventListener('controllerchange', () => {
    if (told) container.controller?.postMessage(told);
  });
  registering = new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve()) : setTimeout(resolve, 1);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }).then(() =>
    container
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      // A browser that refuses (private mode, storage off) just has no offline copy.
      .catch(() => undefined),
  );
}

/** Tells the worker who is signed in (it keeps that user's reads, and drops anyone else's). */
export function tellWorkerUser(userId: number): void {
  told = { type: 'offline.user', userId };
  workers()?.controller?.postMessage(told);
}

/**
 * Nobody is signed in any more: the worker drops every user's pages and answers. Without a worker in
 * charge of this page (a forced reload bypasses it), the page deletes them itself.
 */
export function clearOfflineData(): void {
  told = { type: 'offline.clear' };
  const controller = workers()?.controller;
  if (controller) controller.postMessage(told);
  else if (typeof caches !== 'undefined')
    void caches
      .keys()
      .then((names) => Promise.all(names.filter(isUserCache).map((name) => caches.delete(name))))
      .catch(() => undefined);
}

/**
 * Calls `listener(false)` when the phone goes offline or the worker had to answer from its cache,
 * `listener(true)` when it is back online or an answer came from the network; at once with the
 * browser's own idea. Returns the unsubscribe function.
 */
export function watchConnection(listener: (online: boolean) => void): () => void {
  const container = workers();
  const online = () => listener(true);
  const offline = () => listener(false);
  const fromWorker = (event: MessageEvent) => {
    if (isFromWorker(event.data)) listener(event.data.type === 'offline.fromNetwork');
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  container?.addEventListener('message', fromWorker);
  listener(navigator.onLine !== false);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    container?.removeEventListener('message', fromWorker);
  };
}
