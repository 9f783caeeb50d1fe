import { useDeferredValue } from 'react';

/**
 * The first `first` items of a list at once and all of them in a deferred pass right after: a
 * phone paints the cards on its first screen without waiting for React to render the ones below
 * the fold (each card is several Mantine components; a page of twelve took ~200 ms on a mid-range
 * phone). `items` must keep its identity while unchanged (a machine's context does).
 */
export function useProgressive<T>(items: readonly T[], first = 4): readonly T[] {
  const deferred = useDeferredValue(items);
  return deferred === items ? items : items.slice(0, first);
}
