// The one list loader for every list of the SPA (classes, teachers, questions, answers, search,
// curricula, FAQs…): loading, error, empty, loaded and paging, with the filters and the page kept
// in a query that the view mirrors in the URL. The machine never touches the URL itself: it emits
// `query.changed` when the user changed the query, and takes `query.sync` when the URL changed
// (back button, a shared link).
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ListPage, ListQuery, PageMeta } from '@/services/schemas/page';
import { t } from '@/shared/messages';

export type { ListQuery } from '@/services/schemas/page';

export type ListInput = {
  /** What the list holds, in the user's words ("classes"): fills "No {name} available." */
  name: string;
  /** The query from the URL when the page opened. */
  query?: ListQuery;
};

export type ListContext = {
  name: string;
  query: ListQuery;
  items: unknown[];
  meta: PageMeta | null;
  error: string | null;
};

export type ListEvent =
  | { type: 'filter.change'; name: string; value: string | null }
  | { type: 'filters.reset' }
  | { type: 'page.change'; page: number }
  | { type: 'query.sync'; query: ListQuery }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  /** One item changed elsewhere (a vote, an edit): replace it in place by `id`. */
  | { type: 'item.replace'; item: { id: unknown } };

export type ListEmitted = { type: 'query.changed'; query: ListQuery };

/** Drops empty values and a first page, so equal lists have equal, short URLs. */
export function normaliseQuery(query: ListQuery): ListQuery {
  const clean: ListQuery = {};
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && (value === '1' || !/^\d+$/.test(value) || Number(value) < 1)) continue;
    clean[key] = value;
  }
  return clean;
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return JSON.stringify(normaliseQuery(a)) === JSON.stringify(normaliseQuery(b));
}

export function emptyText(name: string): string {
  return t('messages.none', { name });
}

export function loadErrorText(name: string): string {
  return t('messages.loadError', { name });
}

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    emitted: {} as ListEmitted,
  },
  actors: {
    // Every list provides its own call: `listMachine.provide({ actors: { fetchPage: fromPromise(...) } })`.
    fetchPage: fromPromise<ListPage<unknown>, { query: ListQuery }>(async () => {
      throw new Error('No fetchPage actor was provided for this list.');
    }),
  },
  actions: {
    setFilter: assign(({ context }, params: { name: string; value: string | null }) => ({
      // A new filter starts again on the first page.
      query: normaliseQuery({ ...context.query, [params.name]: params.value ?? '', page: '' }),
    })),
    resetFilters: assign({ query: {} }),
    setPage: assign(({ context }, params: { page: number }) => ({
      query: normaliseQuery({ ...context.query, page: String(params.page) }),
    })),
    setQuery: assign((_, params: { query: ListQuery }) => ({ query: normaliseQuery(params.query) })),
    clearItems: assign({ items: [], meta: null, error: null }),
    storePage: assign((_, params: { page: ListPage<unknown> }) => ({
      items: params.page.items,
      meta: params.page.meta,
      error: null,
    })),
    // The list names what failed; the reason (offline, server fault) adds nothing the user can act on
    // beyond "Try again".
    storeError: assign(({ context }) => ({ error: loadErrorText(context.name) })),
    replaceItem: assign(({ context, event }) => {
      if (event.type !== 'item.replace') return {};
      return {
        items: context.items.map((item) =>
          (item as { id?: unknown }).id === event.item.id ? event.item : item,
        ),
      };
    }),
    announceQuery: emit(({ context }) => ({ type: 'query.changed' as const, query: context.query })),
  },
  guards: {
    isEmpty: (_, params: { page: ListPage<unknown> }) => params.page.items.length === 0,
    isNewQuery: ({ context, event }) => event.type === 'query.sync' && !sameQuery(context.query, event.query),
    isOtherPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= (context.meta?.lastPage ?? 1) &&
      event.page !== (context.meta?.currentPage ?? 1),
    isFilterChange: ({ context, event }) =>
      event.type === 'filter.change' && (context.query[event.name] ?? '') !== (event.value ?? ''),
    hasFilters: ({ context }) => Object.keys(context.query).some((key) => key !== 'page'),
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({
    name: input.name,
    query: normaliseQuery(input.query ?? {}),
    items: [],
    meta: null,
    error: null,
  }),
  initial: 'loading',
  // The query can change in any state; the newest query wins (re-entering cancels the running call).
  on: {
    'filter.change': {
      guard: 'isFilterChange',
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'setFilter', params: ({ event }) => ({ name: event.name, value: event.value }) },
        'announceQuery',
      ],
    },
    'filters.reset': {
      guard: 'hasFilters',
      target: '.loading',
      reenter: true,
      actions: ['resetFilters', 'announceQuery'],
    },
    'query.sync': {
      guard: 'isNewQuery',
      target: '.loading',
      reenter: true,
      actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
    },
  },
  states: {
    // First load, or a new filter: nothing of the old list is shown.
    loading: {
      entry: 'clearItems',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
          },
          { target: 'loaded', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'error', actions: 'storeError' },
      },
    },
    loaded: {
      on: {
        'page.change': {
          guard: 'isOtherPage',
          target: 'paging',
          actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'announceQuery'],
        },
        'list.refresh': 'paging',
        'item.replace': { actions: 'replaceItem' },
      },
    },
    // Another page of the same list: the current items stay on screen until the new ones arrive.
    paging: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
          },
          { target: 'loaded', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'error', actions: 'storeError' },
      },
    },
    empty: {
      on: {
        // A page past the end (an old link) is empty; its pager still leads back.
        'page.change': {
          guard: 'isOtherPage',
          target: 'paging',
          actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'announceQuery'],
        },
        'list.refresh': 'loading',
      },
    },
    error: {
      on: { 'list.retry': 'loading' },
    },
  },
});
