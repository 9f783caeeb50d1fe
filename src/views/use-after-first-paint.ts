import { startTransition, useEffect, useState } from 'react';
import { useServerRender } from './hydration';

/**
 * False on the first render, true right after it, set in a transition: content below the fold
 * (the home page's sections, the footer) then renders in a pass that React interrupts to let the
 * browser paint what is on screen first. On a mid-range phone that pass is hundreds of milliseconds,
 * which would otherwise hold back the first paint of the whole page.
 * A page rendered on the server already has it in its HTML: true at once there, and while the
 * browser hydrates that HTML (its first render must be the server's).
 */
export function useAfterFirstPaint(): boolean {
  const serverRender = useServerRender();
  const [ready, setReady] = useState(serverRender);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}
