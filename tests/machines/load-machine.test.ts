import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import {
  listLoader,
  loadMachine,
  normaliseQuery,
  oneLoader,
  type LoadCall,
  type LoadEmitted,
  type LoadInput,
  type Loaded,
  type ListQuery,
} from '@/machines/load-machine';
import type { PageMeta } from '@/services/schemas/page';
import { ApiError } from '@/services/http';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests, replaySteps } from './model-paths';

type LoadEvent = EventFromLogic<typeof loadMachine>;
type Snapshot = SnapshotFrom<typeof loadMachine>;

const meta = (currentPage: number, lastPage: number, total: number): PageMeta => ({
  currentPage,
  lastPage,
  perPage: 1,
  total,
});
const firstPage: Loaded = {
  kind: 'list',
  items: [{ id: 1, title: 'Grade 7 Maths catch-up' }],
  meta: meta(1, 2, 2),
};
const secondPage: Loaded = {
  kind: 'list',
  items: [{ id: 2, title: 'Form 2 Chemistry revision' }],
  meta: meta(2, 2, 2),
};
const nothing: Loaded = {
  kind: 'list',
  items: [],
  meta: { currentPage: 1, lastPage: 1, perPage: 12, total: 0 },
};
// An old link to a page past the end: empty, but its pager still leads back to the pages that exist.
const pastTheEnd: Loaded = { kind: 'list', items: [], meta: meta(3, 2, 2) };
const lesson: Loaded = { kind: 'one', data: { id: 9, title: 'Fractions' }, extra: { joinable: true } };
const edited = { id: 1, title: 'Grade 7 Maths catch-up (new dates)' };
const moved = { id: 9, title: 'Fractions (moved)' };

const events = [
  { type: 'filter.change', name: 'subject', value: 'mathematics' },
  { type: 'filter.change', name: 'subject', value: null },
  { type: 'filters.reset' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 1 },
  { type: 'query.sync', query: { subject: 'english' } },
  { type: 'query.sync', query: {} },
  { type: 'load.retry' },
  { type: 'load.refresh' },
  { type: 'item.replace', item: edited },
  { type: 'data.replace', data: moved },
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: secondPage },
  { type: 'xstate.done.actor.load', output: nothing },
  { type: 'xstate.done.actor.load', output: pastTheEnd },
  { type: 'xstate.done.actor.load', output: lesson },
  { type: 'xstate.error.actor.load', error: new ApiError({ status: 500, message: t('messages.general') }) },
] as unknown as LoadEvent[];

// A list kept in the address bar, one the page's HTML carried, an empty one it carried.
const inputs: Record<string, LoadInput> = {
  fresh: { name: 'classes', query: {}, path: '/classes' },
  carried: { name: 'classes', query: {}, path: '/classes', initial: firstPage },
  'carried empty': { name: 'classes', query: {}, path: '/classes', initial: nothing },
};

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  model: modelOf(loadMachine, {
    events,
    input,
    visibleContext: (s) => ({
      query: s.context.query,
      items: s.context.items,
      meta: s.context.meta,
      data: s.context.data,
      extra: s.context.extra,
      error: s.context.error,
    }),
    // Simple paths over the state value only, with one event of each kind, keep the enumeration small;
    // a list the page carried differs only in where it starts (its shortest paths cover that).
    simpleEvents:
      name === 'fresh' ? events.filter((_, index) => [0, 3, 5, 7, 8, 11, 13, 16].includes(index)) : [],
  }),
}));

const coverage = coverageOf(loadMachine);
/** Each path of the three lists, with the list's input and whether it checks the whole context. */
const inputOf = new Map<ModelPath<typeof loadMachine>, { input: LoadInput; exact: boolean }>(
  models.flatMap(({ input, model }) => [
    ...model.shortest.map((path) => [path, { input, exact: true }] as const),
    ...model.simple.map((path) => [path, { input, exact: false }] as const),
  ]),
);

function start(input: LoadInput, logic: typeof loadMachine = loadMachine) {
  const asked: LoadCall[] = [];
  const machine = logic.provide({
    actors: {
      load: fromPromise<Loaded, LoadCall>(({ input: call }) => {
        asked.push(call);
        return new Promise(() => {});
      }),
    },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect });
  const emitted: LoadEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, asked };
}

const urlOf = (query: ListQuery) => {
  const search = new URLSearchParams(normaliseQuery(query)).toString();
  return search ? `/classes?${search}` : '/classes';
};

function expectOutcome(before: Snapshot, after: Snapshot, event: LoadEvent, emitted: LoadEmitted[]) {
  const e = event as unknown as Record<string, unknown> & { output?: Loaded };
  switch (event.type as string) {
    case 'filter.change':
    case 'filters.reset': {
      expect(after.matches('loading')).toBe(true);
      expect(after.context.items).toEqual([]);
      expect(after.context.query.page).toBeUndefined();
      if (event.type === 'filter.change')
        expect(after.context.query.subject).toBe((e.value as string | null) ?? undefined);
      else expect(after.context.query).toEqual({});
      // The address bar gets the new query.
      expect(emitted).toEqual([{ type: 'navigate', to: urlOf(after.context.query), replace: false }]);
      break;
    }
    case 'page.change':
      expect(after.matches('reloading')).toBe(true);
      expect(after.context.query.page).toBe(e.page === 1 ? undefined : String(e.page));
      // The current page stays on screen while the next one loads.
      expect(after.context.items).toEqual(before.context.items);
      expect(emitted).toEqual([{ type: 'navigate', to: urlOf(after.context.query), replace: false }]);
      break;
    case 'query.sync':
      expect(after.matches('loading')).toBe(true);
      expect(after.context.query).toEqual(normaliseQuery(e.query as ListQuery));
      // The URL already says so: nothing to announce.
      expect(emitted).toEqual([]);
      break;
    case 'load.retry':
      expect(after.matches('loading')).toBe(true);
      expect(after.context.error).toBeNull();
      break;
    case 'load.refresh':
      expect(after.matches(before.matches('loaded') ? 'reloading' : 'loading')).toBe(true);
      break;
    case 'item.replace':
      expect(after.context.items).toEqual(
        before.context.items.map((item) => ((item as { id: number }).id === 1 ? edited : item)),
      );
      break;
    case 'data.replace':
      expect(after.context.data).toEqual(moved);
      break;
    case 'xstate.done.actor.load': {
      const output = e.output as Loaded;
      const empty = output.kind === 'list' && output.items.length === 0;
      expect(after.matches(empty ? 'empty' : 'loaded')).toBe(true);
      if (output.kind === 'list') {
        expect(after.context.items).toEqual(output.items);
        expect(after.context.meta).toEqual(output.meta);
        expect(after.context.data).toBeNull();
      } else {
        expect(after.context.items).toEqual([]);
        expect(after.context.data).toEqual(output.data);
        expect(after.context.extra).toEqual(output.extra);
      }
      expect(after.context.error).toBeNull();
      break;
    }
    case 'xstate.error.actor.load':
      expect(after.matches('error')).toBe(true);
      expect(after.context.error).toBe('Error loading classes.');
      break;
    default:
      throw new Error(`Unexpected event ${event.type}`);
  }
}

function replay(
  input: LoadInput,
  path: ModelPath<typeof loadMachine>,
  exact: boolean,
  logic: typeof loadMachine = loadMachine,
) {
  const loader = start(input, logic);
  replaySteps(loader.actor, loader.emitted, path, exact, expectOutcome);
  return loader;
}

describe('load machine (model-based)', () => {
  for (const { name, input, model } of models) {
    describe(`${name} list`, () => {
      pathTests(coverage, model, 'reaches the modelled state with what the user should see', (path, kind) =>
        replay(input, path, kind === 'shortest').actor.stop(),
      );
    });
  }
});

describe('load machine', () => {
  it('asks for the query of the URL it opened with, with its params, then for each new filter and page', () => {
    const list = start({
      name: 'classes',
      query: { subject: 'mathematics', page: '1', type: '' },
      params: { child: 4 },
    });
    expect(list.asked).toEqual([{ query: { subject: 'mathematics' }, params: { child: 4 } }]);
    list.actor.send({ type: 'xstate.done.actor.load', output: firstPage } as unknown as LoadEvent);
    list.actor.send({ type: 'page.change', page: 2 });
    list.actor.send({ type: 'xstate.done.actor.load', output: secondPage } as unknown as LoadEvent);
    list.actor.send({ type: 'filter.change', name: 'type', value: 'revision' });
    expect(list.asked.map((call) => call.query)).toEqual([
      { subject: 'mathematics' },
      { page: '2', subject: 'mathematics' },
      { subject: 'mathematics', type: 'revision' },
    ]);
    // A list inside a page (no path) keeps its query out of the address bar.
    expect(list.emitted).toEqual([]);
    list.actor.stop();
  });

  it('starts loaded from what the page carried, without a call', () => {
    const loader = start({ name: 'lesson', initial: lesson });
    expect(loader.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(loader.actor.getSnapshot().context.data).toEqual(lesson.kind === 'one' ? lesson.data : null);
    expect(loader.asked).toEqual([]);
    loader.actor.stop();
  });

  it('ignores a page outside the list and the page already shown', () => {
    const list = start({ name: 'classes' });
    list.actor.send({ type: 'xstate.done.actor.load', output: firstPage } as unknown as LoadEvent);
    for (const page of [0, 1, 3, 1.5]) list.actor.send({ type: 'page.change', page });
    expect(list.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(list.asked).toHaveLength(1);
    list.actor.stop();
  });

  it('does not load again when the URL reports the query it already has', () => {
    const list = start({ name: 'classes', query: { subject: 'mathematics' } });
    list.actor.send({ type: 'xstate.done.actor.load', output: firstPage } as unknown as LoadEvent);
    list.actor.send({ type: 'query.sync', query: { subject: 'mathematics', page: '1' } });
    expect(list.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(list.asked).toHaveLength(1);
    list.actor.stop();
  });

  it('binds a list service and a one-resource service with the query and params they need', async () => {
    const calls: unknown[] = [];
    const list = createActor(
      listLoader(async (query, params) => {
        calls.push([query, params]);
        return { items: [{ id: 1 }], meta: meta(1, 1, 1), extra: { counts: { lesson: 1 } } };
      }),
      { input: { name: 'results', query: { q: 'maths' }, params: { kind: 'all' } } },
    ).start();
    const one = createActor(
      oneLoader(async (params) => {
        calls.push(params);
        return { code: params.code };
      }),
      { input: { name: 'lesson', params: { code: 'ABC' } } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([[{ q: 'maths' }, { kind: 'all' }], { code: 'ABC' }]);
    expect(list.getSnapshot().context).toMatchObject({
      items: [{ id: 1 }],
      extra: { counts: { lesson: 1 } },
    });
    expect(one.getSnapshot().matches('loaded')).toBe(true);
    expect(one.getSnapshot().context.data).toEqual({ code: 'ABC' });
    list.stop();
    one.stop();
  });

  it('fails with a clear message when no load was provided', async () => {
    const actor = createActor(loadMachine, { input: { name: 'teachers' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(t('messages.loadError', { name: 'teachers' }));
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...inputOf.keys()],
    replay: (path, mutant) => {
      const { input, exact } = inputOf.get(path)!;
      replay(input, path, exact, mutant as typeof loadMachine).actor.stop();
    },
  });
});
