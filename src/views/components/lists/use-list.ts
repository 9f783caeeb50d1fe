import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useLocation, useSearch } from 'wouter';
import { listMachine, normaliseQuery, type ListQuery } from '@/machines/list-machine';
import type { ListPage } from '@/services/schemas/page';

type Options<T> = {
  /** What the list holds ("classes"), for "No classes available." / "Error loading classes." */
  name: string;
  fetchPage: (query: ListQuery) => Promise<ListPage<T>>;
  /** Keep the filters and the page in the address bar (default true); false for a list inside a page. */
  inUrl?: boolean;
  /** The URL keys that belong to the list (default: all); others (e.g. an open dialog) do not reload it. */
  keys?: readonly string[];
  /**
   * The first page the page's HTML already carries for this query (a service's `initial…`): the list
   * then starts loaded from it, with no call, on the server and when the browser hydrates its HTML.
   */
  initialPage?: (query: ListQuery) => ListPage<T> | undefined;
};

export function queryFromSearch(search: string): ListQuery {
  return normaliseQuery(Object.fromEntries(new URLSearchParams(search)));
}

function pickKeys(query: ListQuery, keys: readonly string[]): ListQuery {
  return Object.fromEntries(Object.entries(query).filter(([key]) => keys.includes(key)));
}

export function searchFromQuery(query: ListQuery): string {
  return new URLSearchParams(normaliseQuery(query)).toString();
}

/**
 * Binds a page to one generic list machine. The machine owns loading, paging and filters; this hook
 * only mirrors its query in the URL both ways, so a list can be shared and reloaded.
 */
export function useList<T>({ name, fetchPage, inUrl = true, keys, initialPage }: Options<T>) {
  const fullSearch = useSearch();
  const search = keys ? searchFromQuery(pickKeys(queryFromSearch(fullSearch), keys)) : fullSearch;
  const [pathname, navigate] = useLocation();
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const [machine] = useState(() =>
    listMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage<unknown>, { query: ListQuery }>(({ input }) => fetchRef.current(input.query)),
      },
    }),
  );
  const [start] = useState(() => {
    const query = normaliseQuery(inUrl ? queryFromSearch(search) : {});
    const page = initialPage?.(query);
    // A machine restored in `loaded` (or `empty`) with that page: the same context a load would leave.
    const snapshot = page
      ? machine.resolveState({
          value: page.items.length ? 'loaded' : 'empty',
          context: { name, query, items: page.items, meta: page.meta, error: null },
        })
      : undefined;
    return { input: { name, query }, snapshot };
  });
  const actor = useActorRef(machine, start);

  const where = useRef({ pathname, navigate });
  where.current = { pathname, navigate };
  useEffect(() => {
    if (!inUrl) return undefined;
    const subscription = actor.on('query.changed', ({ query }) => {
      const next = searchFromQuery(query);
      where.current.navigate(next ? `${where.current.pathname}?${next}` : where.current.pathname);
    });
    return () => subscription.unsubscribe();
  }, [actor, inUrl]);

  // Back/forward or a link to the same page with another query.
  useEffect(() => {
    if (inUrl) actor.send({ type: 'query.sync', query: queryFromSearch(search) });
  }, [actor, inUrl, search]);

  const state = useSelector(actor, (s) => s.value as 'loading' | 'paging' | 'loaded' | 'empty' | 'error');
  const items = useSelector(actor, (s) => s.context.items) as T[];
  const meta = useSelector(actor, (s) => s.context.meta);
  const query = useSelector(actor, (s) => s.context.query);
  const error = useSelector(actor, (s) => s.context.error);

  return {
    name,
    state,
    items,
    meta,
    query,
    error,
    setFilter: (filter: string, value: string | null) => actor.send({ type: 'filter.change', name: filter, value }),
    resetFilters: () => actor.send({ type: 'filters.reset' }),
    setPage: (page: number) => actor.send({ type: 'page.change', page }),
    retry: () => actor.send({ type: 'list.retry' }),
    refresh: () => actor.send({ type: 'list.refresh' }),
    replaceItem: (item: T & { id: unknown }) => actor.send({ type: 'item.replace', item }),
  };
}

export type ListBinding<T> = ReturnType<typeof useList<T>>;
