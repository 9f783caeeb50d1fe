import { useSyncExternalStore } from 'react';

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

/** The zone dates and times are shown in while server and browser must agree: the market's. */
export const SERVER_TIME_ZONE = 'Africa/Nairobi';

/** The time zone to show dates and times in: the learner's own (undefined), the market's during SSR and hydration. */
export function useDisplayTimeZone(): string | undefined {
  return useServerRender() ? SERVER_TIME_ZONE : undefined;
}
