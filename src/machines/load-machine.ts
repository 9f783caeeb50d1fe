// The one data-loading machine of the SPA: every list (classes, teachers, questions, bookings,
// search…) and every single resource a screen shows (a lesson, a subject, the wallet, a form's
// options). It owns loading, the error with "Try again", empty, loaded and reloading (another page,
// a refresh), the filters and the page of a list, and a page's extra fields (search counts).
//
// A screen binds its service once, in src/machines (`listLoader` / `oneLoader`), and spawns the
// loader with `useScreenActor` (src/views/use-loader.ts). The machine never touches the URL itself:
// a user's new filter or page is a `navigate` (a screen effect, src/machines/screen-effects.ts) to the
// list's `path` with the new query; a changed URL (back button, a shared link) comes in as
// `query.sync`. What the page's HTML already carries (`initial`) starts it loaded, with no call.
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { ListPage, ListQuery, PageMeta } from '@/services/schemas/page';
import { errorText } from '@/services/envelope';
import { t } from '@/shared/messages';

export type { ListQuery } from '@/services/schemas/page';

/** What a call needs besides a list's query: a lesson's code, a subject's slug, a learner's id. */
export type LoadParams = Record<string, string | number | boolean | null | undefined>;

/** What a call answers: a page of a list, or one resource; `extra` holds a page's other fields. */
export type Loaded =
  | { kind: 'list'; items: unknown[]; meta: PageMeta; extra?: Record<string, unknown> }
  | { kind: 'one'; data: unknown; extra?: Record<string, unknown> };

export type LoadInput = {
  /** What is loaded, in the user's words ("classes", "lesson"): fills "No classes available." and "Error loading lesson." */
  name: string;
  /** A list's filters and page when the screen opened (from the URL). */
  query?: ListQuery;
  params?: LoadParams;
  /** Where a list's query is mirrored in the address bar; null (the default) for a list inside a page. */
  path?: string | null;
  /** The answer the page's HTML already carries for this query: the loader starts loaded from it. */
  initial?: Loaded | null;
};

export type LoadContext = {
  name: string;
  query: ListQuery;
  params: LoadParams;
  path: string | null;
  /** A list's items (empty for a resource). */
  items: unknown[];
  meta: PageMeta | null;
  /** The resource (null for a list). */
  data: unknown;
  extra: Record<string, unknown>;
  error: string | null;
  /** Why the last load failed, in the server's words (e.g. "Wallet service is down."), for a screen that shows it. */
  reason: string | null;
  /** What the page's HTML carried (`input.initial`), shown without a call. */
  initialLoaded: Loaded | null;
};

export type LoadEvent =
  | { type: 'filter.change'; name: string; value: string | null }
  | { type: 'filters.reset' }
  | { type: 'page.change'; page: number }
  | { type: 'query.sync'; query: ListQuery }
  | { type: 'load.retry' }
  /** Load again what is shown (an item changed elsewhere): the old answer stays until the new one arrives. */
  | { type: 'load.refresh' }
  /** One item of a list changed elsewhere (a vote, an edit): replace it in place by `id`. */
  | { type: 'item.replace'; item: { id: unknown } }
  /** The resource changed elsewhere (cancelled, edited): show the new one. */
  | { type: 'data.replace'; data: unknown };

export type LoadEmitted = { type: 'navigate'; to: string; replace: boolean };

export type LoadCall = { query: ListQuery; params: LoadParams };

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

export function searchFromQuery(query: ListQuery): string {
  return new URLSearchParams(normaliseQuery(query)).toString();
}

export function queryFromSearch(search: string): ListQuery {
  return normaliseQuery(Object.fromEntries(new URLSearchParams(search)));
}

export function emptyText(name: string): string {
  return t('messages.none', { name });
}

export function loadErrorText(name: string): string {
  return t('messages.loadError', { name });
}

const isEmptyList = (loaded: Loaded) => loaded.kind === 'list' && loaded.items.length === 0;

function stored(loaded: Loaded): Pick<LoadContext, 'items' | 'meta' | 'data' | 'extra' | 'error' | 'reason'> {
  return loaded.kind === 'list'
    ? {
        items: loaded.items,
        meta: loaded.meta,
        data: null,
        extra: loaded.extra ?? {},
        error: null,
        reason: null,
      }
    : { items: [], meta: null, data: loaded.data, extra: loaded.extra ?? {}, error: null, reason: null };
}

type Done = { event: { output: Loaded } };

/** The call of `loading` and `reloading`: an empty list shows as empty, anything else as loaded. */
const loadCall = {
  id: 'load',
  src: 'load',
  input: ({ context }: { context: LoadContext }) => ({ query: context.query, params: context.params }),
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: Done) => ({ loaded: event.output }) },
      target: 'empty',
      actions: { type: 'store', params: ({ event }: Done) => ({ loaded: event.output }) },
    },
    { target: 'loaded', actions: { type: 'store', params: ({ event }: Done) => ({ loaded: event.output }) } },
  ],
  onError: { target: 'error', actions: 'storeError' },
} as const;

export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    events: {} as LoadEvent,
    input: {} as LoadInput,
    emitted: {} as LoadEmitted,
  },
  actors: {
    // Every loader provides its own call (`listLoader` / `oneLoader` below).
    load: fromPromise<Loaded, LoadCall>(async () => {
      throw new Error('No load actor was provided for this loader.');
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
    // A page's extra fields (search counts) stay until the new answer brings its own.
    clear: assign({ items: [], meta: null, data: null, error: null, reason: null }),
    store: assign((_, params: { loaded: Loaded }) => stored(params.loaded)),
    storeInitial: assign(({ context }) => (context.initialLoaded ? stored(context.initialLoaded) : {})),
    // The screen names what failed; the reason (offline, server fault) adds nothing the user can act
    // on beyond "Try again".
    storeError: assign(({ context, event }) => ({
      error: loadErrorText(context.name),
      reason: errorText((event as { error?: unknown }).error),
    })),
    replaceItem: assign(({ context, event }) => {
      if (event.type !== 'item.replace') return {};
      return {
        items: context.items.map((item) =>
          (item as { id?: unknown }).id === event.item.id ? event.item : item,
        ),
      };
    }),
    replaceData: assign(({ event }) => (event.type === 'data.replace' ? { data: event.data } : {})),
    /** A user's new query goes to the address bar (when the list lives there). */
    showQuery: enqueueActions(({ context, enqueue }) => {
      if (context.path === null) return;
      const search = searchFromQuery(context.query);
      const to = search ? `${context.path}?${search}` : context.path;
      // The named action, so a screen's `navigate` effect (provided by the app) does it.
      enqueue({ type: 'navigate', params: { to } } as unknown as Parameters<typeof enqueue>[0]);
    }),
    // A screen effect (src/machines/screen-effects.ts); on its own the machine emits it.
    navigate: emit((_, params: { to: string; replace?: boolean }) => ({
      type: 'navigate' as const,
      to: params.to,
      replace: params.replace ?? false,
    })),
  },
  guards: {
    hasInitial: ({ context }) => context.initialLoaded !== null,
    initialIsEmpty: ({ context }) => context.initialLoaded !== null && isEmptyList(context.initialLoaded),
    isEmpty: (_, params: { loaded: Loaded }) => isEmptyList(params.loaded),
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
  id: 'load',
  context: ({ input }) => ({
    name: input.name,
    query: normaliseQuery(input.query ?? {}),
    params: input.params ?? {},
    path: input.path ?? null,
    items: [],
    meta: null,
    data: null,
    extra: {},
    error: null,
    reason: null,
    initialLoaded: input.initial ?? null,
  }),
  initial: 'starting',
  // The query can change in any state; the newest query wins (re-entering cancels the running call).
  on: {
    'filter.change': {
      guard: 'isFilterChange',
      target: '.loading',
      reenter: true,
      actions: [
        { type: 'setFilter', params: ({ event }) => ({ name: event.name, value: event.value }) },
        'showQuery',
      ],
    },
    'filters.reset': {
      guard: 'hasFilters',
      target: '.loading',
      reenter: true,
      actions: ['resetFilters', 'showQuery'],
    },
    'query.sync': {
      guard: 'isNewQuery',
      target: '.loading',
      reenter: true,
      actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
    },
  },
  states: {
    // Loaded already when the page's HTML carried the answer; else the first call.
    starting: {
      always: [
        { guard: 'initialIsEmpty', target: 'empty', actions: 'storeInitial' },
        { guard: 'hasInitial', target: 'loaded', actions: 'storeInitial' },
        { target: 'loading' },
      ],
    },
    // First load, or a new filter: nothing of the old answer is shown.
    loading: {
      entry: 'clear',
      invoke: loadCall,
    },
    loaded: {
      on: {
        'page.change': {
          guard: 'isOtherPage',
          target: 'reloading',
          actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'showQuery'],
        },
        'load.refresh': 'reloading',
        'item.replace': { actions: 'replaceItem' },
        'data.replace': { actions: 'replaceData' },
      },
    },
    // Another page, or the same answer again: what is shown stays until the new answer arrives.
    reloading: {
      invoke: loadCall,
    },
    empty: {
      on: {
        // A page past the end (an old link) is empty; its pager still leads back.
        'page.change': {
          guard: 'isOtherPage',
          target: 'reloading',
          actions: [{ type: 'setPage', params: ({ event }) => ({ page: event.page }) }, 'showQuery'],
        },
        'load.refresh': 'loading',
      },
    },
    error: {
      on: { 'load.retry': 'loading', 'load.refresh': 'loading' },
    },
  },
});

/** A loader with its service bound; `T` is what its items (a list) or its resource is. */
export type Loader<T> = typeof loadMachine & { readonly __loads?: T };

/** A list's loader: `fetchPage` answers one page for the query (and the screen's params). */
export function listLoader<T>(
  fetchPage: (
    query: ListQuery,
    params: LoadParams,
  ) => Promise<ListPage<T> & { extra?: Record<string, unknown> }>,
): Loader<T> {
  return loadMachine.provide({
    actors: {
      load: fromPromise<Loaded, LoadCall>(async ({ input }) => {
        const page = await fetchPage(input.query, input.params);
        return { kind: 'list', items: page.items, meta: page.meta, extra: page.extra };
      }),
    },
  });
}

/** One resource's loader: `load` answers it for the screen's params. */
export function oneLoader<T>(load: (params: LoadParams) => Promise<T>): Loader<T> {
  return loadMachine.provide({
    actors: {
      load: fromPromise<Loaded, LoadCall>(async ({ input }) => ({
        kind: 'one',
        data: await load(input.params),
      })),
    },
  });
}
