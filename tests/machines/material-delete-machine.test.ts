// Model-based test of deleting a note, an assignment or a file: every transition walked on a real actor
// (the call is a fake settled by done/error events); each step checks the dialog and what is emitted.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  materialDeleteMachine,
  selectMaterialDelete,
  type MaterialDeleteEmitted,
} from '@/machines/material-delete-machine';
import { ApiError } from '@/services/http';
import type { DeleteTarget } from '@/services/teacher-lesson-page-service';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type DeleteEvent = EventFromLogic<typeof materialDeleteMachine>;

const file: DeleteTarget = { kind: 'file', id: 12, name: 'board.png' };
const note: DeleteTarget = { kind: 'note', id: 1, name: 'Worked examples' };
const LAST_FILE = t('validation.fileCount', { min: 1, max: 5 });

const deleted = {
  type: 'xstate.done.actor.deleteMaterial',
  output: 'File deleted',
} as unknown as DeleteEvent;
const refused = {
  type: 'xstate.error.actor.deleteMaterial',
  error: new ApiError({ status: 422, message: LAST_FILE }),
} as unknown as DeleteEvent;
const broken = {
  type: 'xstate.error.actor.deleteMaterial',
  error: new ApiError({ status: 500, message: t('messages.general') }),
} as unknown as DeleteEvent;

const events: DeleteEvent[] = [
  { type: 'delete.request', target: file },
  { type: 'delete.request', target: note },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  deleted,
  refused,
  broken,
];

// The call never settles by itself: the replays settle it with done/error events.
const pending = {
  actors: { deleteMaterial: fromPromise<string, DeleteTarget>(() => new Promise<never>(() => {})) },
};
const logic = materialDeleteMachine.provide(pending);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => ({
    target: s.context.target?.name ?? null,
    error: s.context.error,
    reason: s.context.reason,
  }),
});

const coverage = coverageOf(materialDeleteMachine);

type Screen = {
  open: boolean;
  busy: boolean;
  failed: boolean;
  target: DeleteTarget | null;
  error: string | null;
  reason: string | null;
};

const closed: Screen = { open: false, busy: false, failed: false, target: null, error: null, reason: null };

function expectedAfter(screen: Screen, event: DeleteEvent): [Screen, MaterialDeleteEmitted[]] {
  const failure = t('messages.deleteFailed', { name: screen.target?.name ?? '' });
  if (event === deleted)
    return [
      closed,
      [
        { type: 'material.deleted', target: screen.target as DeleteTarget },
        { type: 'notify', color: 'success', message: 'File deleted' },
      ],
    ];
  if (event === refused)
    return [{ ...screen, busy: false, failed: true, error: failure, reason: LAST_FILE }, []];
  if (event === broken) return [{ ...screen, busy: false, failed: true, error: failure, reason: null }, []];
  switch (event.type) {
    case 'delete.request':
      return [{ ...closed, open: true, target: event.target }, []];
    case 'delete.confirm':
      return [{ ...screen, busy: true, failed: false }, []];
    case 'delete.cancel':
      return [closed, []];
  }
}

function replay(
  path: ModelPath<typeof logic>,
  machine: typeof materialDeleteMachine = materialDeleteMachine,
) {
  replayScreens(createActor(machine.provide(pending), { inspect: coverage.inspect }), path, {
    start: closed,
    after: expectedAfter,
    check: (seen, screen) => {
      const { name, ...view } = selectMaterialDelete(seen);
      expect(view).toEqual(screen);
      expect(name).toBe(screen.target?.name ?? '');
    },
  }).stop();
}

describe('material-delete machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and emits what the path leads to', (path) => replay(path));
});

describe('material-delete machine (behaviour)', () => {
  it('deletes what was confirmed, also on a second try', async () => {
    const sent: DeleteTarget[] = [];
    let fail = true;
    const machine = materialDeleteMachine.provide({
      actors: {
        deleteMaterial: fromPromise<string, DeleteTarget>(async ({ input }) => {
          sent.push(input);
          if (fail) throw new ApiError({ status: 500, message: 'down' });
          return 'Note deleted';
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'delete.request', target: note });
    actor.send({ type: 'delete.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'delete.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([note, note]);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof materialDeleteMachine),
  });
});
