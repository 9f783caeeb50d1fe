import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import {
  listMachine,
  normaliseQuery,
  type ListEmitted,
  type ListInput,
  type ListQuery,
} from '@/machines/list-machine';
import type { ListPage } from '@/services/schemas/page';
import { ApiError } from '@/services/http';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests, replaySteps } from './model-paths';

type ListEvent = EventFromLogic<typeof listMachine>;
type Snapshot = SnapshotFrom<typeof listMachine>;

const input: ListInput = { name: 'classes', query: {} };

const firstPage: ListPage<unknown> = {
  items: [{ id: 1, title: 'Grade 7 Maths catch-up' }],
  meta: { currentPage: 1, lastPage: 2, perPage: 1, total: 2 },
};
const secondPage: ListPage<unknown> = {
  items: [{ id: 2, title: 'Form 2 Chemistry revision' }],
  meta: { currentPage: 2, lastPage: 2, perPage: 1, total: 2 },
};
const nothing: ListPage<unknown> = {
  items: [],
  meta: { currentPage: 1, lastPage: 1, perPage: 12, total: 0 },
};
// An old link to a page past the end: empty, but its pager still leads back to the pages that exist.
const pastTheEnd: ListPage<unknown> = {
  items: [],
  meta: { currentPage: 3, lastPage: 2, perPage: 1, total: 2 },
};
const edited = { id: 1, title: 'Grade 7 Maths catch-up (new dates)' };

const events = [
  { type: 'filter.change', name: 'subject', value: 'mathematics' },
  { type: 'filter.change', name: 'subject', value: null },
  { type: 'filters.reset' },
  { type: 'page.change', page: 2 },
  { type: 'page.change', page: 1 },
  { type: 'query.sync', query: { subject: 'english' } },
  { type: 'query.sync', query: {} },
  { type: 'list.retry' },
  { type: 'list.refresh' },
  { type: 'item.replace', item: edited },
  { type: 'xstate.done.actor.fetchPage', output: firstPage },
  { type: 'xstate.done.actor.fetchPage', output: secondPage },
  { type: 'xstate.done.actor.fetchPage', output: nothing },
  { type: 'xstate.done.actor.fetchPage', output: pastTheEnd },
  {
    type: 'xstate.error.actor.fetchPage',
    error: new ApiError({ status: 500, message: t('messages.general') }),
  },
] as unknown as ListEvent[];

const model = modelOf(listMachine, {
  events,
  input,
  visibleContext: (s) => ({
    query: s.context.query,
    items: s.context.items,
    meta: s.context.meta,
    error: s.context.error,
  }),
  // Simple paths over the state value only, with one event of each kind, keep the enumeration small.
  simpleEvents: events.filter((_, index) => [0, 3, 5, 7, 8, 10, 12, 14].includes(index)),
});

const coverage = coverageOf(listMachine);
/** The shortest paths also check the whole context the model reached. */
const exact = new Set(model.shortest);

function startList(extra: Partial<ListInput> = {}, logic: typeof listMachine = listMachine) {
  const asked: ListQuery[] = [];
  const machine = logic.provide({
    actors: {
      fetchPage: fromPromise<ListPage<unknown>, { query: ListQuery }>(({ input: { query } }) => {
        asked.push(query);
        return new Promise(() => {});
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input, ...extra }, inspect: coverage.inspect });
  const emitted: ListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, asked };
}

function expectOutcome(before: Snapshot, after: Snapshot, event: ListEvent, emitted: ListEmitted[]) {
  const e = event as unknown as Record<string, unknown> & { output?: ListPage<unknown> };
  switch (event.type as string) {
    case 'filter.change':
    case 'filters.reset': {
      expect(after.matches('loading')).toBe(true);
      expect(after.context.items).toEqual([]);
      expect(after.context.query.page).toBeUndefined();
      if (event.type === 'filter.change')
        expect(after.context.query.subject).toBe((e.value as string | null) ?? undefined);
      else expect(after.context.query).toEqual({});
      // The view puts the new query in the URL.
      expect(emitted).toEqual([{ type: 'query.changed', query: after.context.query }]);
      break;
    }
    case 'page.change':
      expect(after.matches('paging')).toBe(true);
      expect(after.context.query.page).toBe(e.page === 1 ? undefined : String(e.page));
      // The current page stays on screen while the next one loads.
      expect(after.context.items).toEqual(before.context.items);
      expect(emitted).toEqual([{ type: 'query.changed', query: after.context.query }]);
      break;
    case 'query.sync':
      expect(after.matches('loading')).toBe(true);
      expect(after.context.query).toEqual(normaliseQuery(e.query as ListQuery));
      // The URL already says so: nothing to announce.
      expect(emitted).toEqual([]);
      break;
    case 'list.retry':
      expect(after.matches('loading')).toBe(true);
      expect(after.context.error).toBeNull();
      break;
    case 'list.refresh':
      expect(after.matches(before.matches('loaded') ? 'paging' : 'loading')).toBe(true);
      break;
    case 'item.replace':
      expect(after.context.items).toEqual(
        before.context.items.map((item) => ((item as { id: number }).id === 1 ? edited : item)),
      );
      break;
    case 'xstate.done.actor.fetchPage':
      expect(after.matches(e.output?.items.length ? 'loaded' : 'empty')).toBe(true);
      expect(after.context.items).toEqual(e.output?.items);
      expect(after.context.meta).toEqual(e.output?.meta);
      expect(after.context.error).toBeNull();
      break;
    case 'xstate.error.actor.fetchPage':
      expect(after.matches('error')).toBe(true);
      expect(after.context.error).toBe('Error loading classes.');
      break;
    default:
      throw new Error(`Unexpected event ${event.type}`);
  }
}

function replay(
  path: ModelPath<typeof listMachine>,
  exact: boolean,
  logic: typeof listMachine = listMachine,
) {
  const list = startList({}, logic);
  replaySteps(list.actor, list.emitted, path, exact, expectOutcome);
  return list;
}

describe('list machine (model-based)', () => {
  pathTests(coverage, model, 'reaches the modelled state with what the user should see', (path, kind) =>
    replay(path, kind === 'shortest').actor.stop(),
  );
});

describe('list machine', () => {
  it('asks for the query of the URL it opened with, then for each new filter and page', () => {
    const list = startList({ query: { subject: 'mathematics', page: '1', type: '' } });
    expect(list.asked).toEqual([{ subject: 'mathematics' }]);
    list.actor.send({ type: 'xstate.done.actor.fetchPage', output: firstPage } as unknown as ListEvent);
    list.actor.send({ type: 'page.change', page: 2 });
    list.actor.send({ type: 'xstate.done.actor.fetchPage', output: secondPage } as unknown as ListEvent);
    list.actor.send({ type: 'filter.change', name: 'type', value: 'revision' });
    expect(list.asked).toEqual([
      { subject: 'mathematics' },
      { page: '2', subject: 'mathematics' },
      { subject: 'mathematics', type: 'revision' },
    ]);
    list.actor.stop();
  });

  it('ignores a page outside the list and the page already shown', () => {
    const list = startList();
    list.actor.send({ type: 'xstate.done.actor.fetchPage', output: firstPage } as unknown as ListEvent);
    for (const page of [0, 1, 3, 1.5]) list.actor.send({ type: 'page.change', page });
    expect(list.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(list.asked).toHaveLength(1);
    list.actor.stop();
  });

  it('does not load again when the URL reports the query it already has', () => {
    const list = startList({ query: { subject: 'mathematics' } });
    list.actor.send({ type: 'xstate.done.actor.fetchPage', output: firstPage } as unknown as ListEvent);
    list.actor.send({ type: 'query.sync', query: { subject: 'mathematics', page: '1' } });
    expect(list.actor.getSnapshot().matches('loaded')).toBe(true);
    expect(list.asked).toHaveLength(1);
    list.actor.stop();
  });

  it('fails with a clear message when no fetchPage was provided', async () => {
    const actor = createActor(listMachine, { input: { name: 'teachers' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(t('messages.loadError', { name: 'teachers' }));
    actor.stop();
  });

  // Last: measured over every replay above (30 mutants × 600 paths: a second when idle).
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, exact.has(path), mutant as typeof listMachine).actor.stop(),
  });
});
