import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true right after it, set in a transition: content below the fold
 * (the home page's sections, the footer) then renders in a pass that React interrupts to let the
 * browser paint what is on screen first. On a mid-range phone that pass is hundreds of milliseconds,
 * which would otherwise hold back the first paint of the whole page.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
