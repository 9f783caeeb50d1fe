import { useSyncExternalStore } from 'react';
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
