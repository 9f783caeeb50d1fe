import { useSyncExternalStore } from 'react';
import { SERVER_RENDERED_ATTRIBUTE } from '@/shared/boot-data';
import { APP_TIME_ZONE } from '@/shared/time';

// The landing pages are rendered on the server (src/entry-server.tsx) and hydrated in the browser
// (src/main.tsx). Hydration needs the browser's first render to be the server's: whatever the
// server cannot know (who is signed in, the cart, the learner's time zone) shows the visitor's
// version until hydration is over, and React then re-renders with the real one.
// useSyncExternalStore's server snapshot is what React uses on the server and while hydrating.

const never = () => () => {};

/** True on the server and while the browser hydrates server HTML; false in every other render. */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/** False on the server and while hydrating; true once the page runs in the browser (at once without server HTML). */
export function useHydrated(): boolean {
  return !useServerRender();
}

/**
 * The time zone to show dates and times in: the learner's own (undefined), the app's (Nairobi) during
 * SSR and hydration, where server and browser must agree.
 */
export function useDisplayTimeZone(): string | undefined {
  return useServerRender() ? APP_TIME_ZONE : undefined;
}

// The moment a server-rendered page was made. What depends on the time ("Starts in 4 minutes", Live
// now, a window that opens) is read at that moment on the server and again while the browser
// hydrates, so both agree however long the page took to arrive; the next render reads the clock.
// The server sets it around its one synchronous render (src/entry-server.tsx) and writes it on
// `#root` (server/spa.ts), where the browser reads it.
let serverRenderTime: number | null = null;

/** Runs the server's render of a page made at `now` (ms since the epoch). */
export function withRenderTime<T>(now: number, render: () => T): T {
  const previous = serverRenderTime;
  serverRenderTime = now;
  try {
    return render();
  } finally {
    serverRenderTime = previous;
  }
}

/** When the page being rendered or hydrated was made on the server; null when unknown. */
function renderedAt(): number | null {
  if (serverRenderTime !== null) return serverRenderTime;
  if (typeof document === 'undefined') return null;
  const written = Number(
    document.getElementById('root')?.getAttribute(SERVER_RENDERED_ATTRIBUTE) || Number.NaN,
  );
  return Number.isFinite(written) ? written : null;
}

/** Now, for a render: the moment the server made the page during SSR and hydration, else the clock. */
export function useNow(): number {
  return useServerRender() ? (renderedAt() ?? Date.now()) : Date.now();
}
