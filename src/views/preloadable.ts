import { createElement, lazy, useRef, type ComponentType } from 'react';

/**
 * A code-split component that renders at once when its chunk is already in. React.lazy suspends on
 * its first render even if the module has arrived, so a cold start would commit the loader first
 * and React then holds the page's reveal back (~300 ms on a phone). `preload()` starts the download
 * and resolves once the component can render without suspending; start-up awaits it for the landing
 * route (src/main.tsx). Rendered before that, it is a plain React.lazy, and stays one for as long as
 * that element lives, so loading never swaps the element type and remounts the page.
 */
export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> };

const failedLoads = new Set<() => void>();

/** Lets every component whose download failed try again when next rendered ("Try again"). */
export function retryFailedLoads(): void {
  const retries = [...failedLoads];
  failedLoads.clear();
  for (const retry of retries) retry();
}

export function preloadable<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const lazyComponent = () => lazy(() => loadOnce().then((component) => ({ default: component })));
  const loadOnce = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again by the next preload, and by the
        // next render once `retryFailedLoads()` has run: React.lazy keeps its failure for good.
        pending = null;
        failedLoads.add(() => {
          Lazy = lazyComponent();
        });
        throw error;
      },
    ));
  let Lazy = lazyComponent();
  function Preloaded(props: P) {
    const viaLazy = useRef(loaded === null);
    return viaLazy.current || loaded === null ? createElement(Lazy, props) : createElement(loaded, props);
  }
  return Object.assign(Preloaded, { preload: () => loadOnce().then(() => undefined) });
}
