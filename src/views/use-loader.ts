import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  normaliseQuery,
  queryFromSearch,
  searchFromQuery,
  type ListQuery,
  type LoadParams,
  type Loaded,
  type Loader,
} from '@/machines/load-machine';
import { useScreenActor } from './use-screen-actor';

export type LoaderOptions = {
  /** What is loaded ("classes", "lesson"), for "No classes available." / "Error loading lesson." */
  name: string;
  /** What the call needs besides the list's query (a code from the route). */
  params?: LoadParams;
  /** Keep a list's filters and page in the address bar (lists: default true); false for a list inside a page. */
  inUrl?: boolean;
  /** The URL keys that belong to the list (default: all); others (e.g. an open dialog) do not reload it. */
  keys?: readonly string[];
  /**
   * The answer the page's HTML already carries for this query (a service's `initial…`): the loader
   * then starts loaded from it, with no call, on the server and when the browser hydrates its HTML.
   */
  initial?: (query: ListQuery) => Loaded | undefined;
  /**
   * For a loader other actors talk to (e.g. `wallet`: the app machine sends it `load.refresh` when a
   * wallet top-up succeeded; src/machines/app-machine.ts).
   */
  systemId?: string;
};

function pickKeys(query: ListQuery, keys: readonly string[]): ListQuery {
  return Object.fromEntries(Object.entries(query).filter(([key]) => keys.includes(key)));
}

export type LoadState = 'starting' | 'loading' | 'reloading' | 'loaded' | 'empty' | 'error';

/**
 * A screen's data, through the one data-loading machine (src/machines/load-machine.ts) spawned in the
 * app's actor system. The view renders what it selects and sends its events; the URL changes the
 * machine asks for come back here as `query.sync`.
 */
export function useLoader<T>(
  loader: Loader<T>,
  { name, params, inUrl = true, keys, initial, systemId }: LoaderOptions,
) {
  const fullSearch = useSearch();
  const search = keys ? searchFromQuery(pickKeys(queryFromSearch(fullSearch), keys)) : fullSearch;
  const [pathname] = useLocation();
  const [input] = useState(() => {
    const query = normaliseQuery(inUrl ? queryFromSearch(search) : {});
    return { name, params, query, path: inUrl ? pathname : null, initial: initial?.(query) ?? null };
  });
  const actor = useScreenActor(loader, { input, systemId });

  // Back/forward or a link to the same page with another query.
  useEffect(() => {
    if (inUrl) actor.send({ type: 'query.sync', query: queryFromSearch(search) });
  }, [actor, inUrl, search]);

  const state = useSelector(actor, (s) => s.value as LoadState);
  const items = useSelector(actor, (s) => s.context.items) as T[];
  const data = useSelector(actor, (s) => s.context.data) as T | null;
  const meta = useSelector(actor, (s) => s.context.meta);
  const extra = useSelector(actor, (s) => s.context.extra);
  const query = useSelector(actor, (s) => s.context.query);
  const error = useSelector(actor, (s) => s.context.error);

  return {
    name,
    state,
    /** Nothing to show yet (a first load or a new filter). */
    loading: state === 'starting' || state === 'loading',
    items,
    /** The resource of a one-resource loader, once loaded. */
    data: state === 'loaded' || state === 'reloading' ? data : null,
    meta,
    extra,
    query,
    error,
    setFilter: (filter: string, value: string | null) =>
      actor.send({ type: 'filter.change', name: filter, value }),
    resetFilters: () => actor.send({ type: 'filters.reset' }),
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    retry: () => actor.send({ type: 'load.retry' }),
    refresh: () => actor.send({ type: 'load.refresh' }),
    replaceItem: (item: T & { id: unknown }) => actor.send({ type: 'item.replace', item }),
    replaceData: (next: T) => actor.send({ type: 'data.replace', data: next }),
  };
}

export type LoaderBinding<T> = ReturnType<typeof useLoader<T>>;
