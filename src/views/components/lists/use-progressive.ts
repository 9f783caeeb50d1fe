import { useDeferredValue } from 'react';
import { useServerRender } from '../../hydration';

/**
 * The first `first` items of a list at once and all of them in a deferred pass right after: a
 * phone paints the cards on its first screen without waiting for React to render the ones below
 * the fold (each card is several Mantine components; a page of twelve took ~200 ms on a mid-range
 * phone). The server renders the first ones only, too (less HTML to lay out before the first
 * paint); the browser adds the others once it has taken the page over. `items` must keep its
 * identity while unchanged (a machine's context does).
 */
export function useProgressive<T>(items: readonly T[], first = 4): readonly T[] {
  // On the server and while hydrating, the first render is the first items (the same on both
  // sides); React then renders the whole list in the background.
  const deferred = useDeferredValue(items, useServerRender() ? items.slice(0, first) : undefined);
  return deferred === items ? items : items.slice(0, first);
}
