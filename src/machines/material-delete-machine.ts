// Deleting a note, an assignment or one file from the teacher's lesson page: a persistent confirmation
// (SPEC §2), then the call. A failure keeps the dialog open with SPEC §8's "Failed to delete {name}…"
// (and the server's reason when it gave one, e.g. a note's last file), so the teacher can try again.
// Its call is bound in src/machines/screens/teaching-screens.ts.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '@/services/http';
import type { DeleteTarget } from '@/services/teacher-lesson-page-service';
import { t } from '@/shared/messages';
import type { NotifyColor } from './session-machine';

export type MaterialDeleteContext = {
  target: DeleteTarget | null;
  error: string | null;
  reason: string | null;
};

export type MaterialDeleteEvent =
  { type: 'delete.request'; target: DeleteTarget } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

export type MaterialDeleteEmitted =
  | { type: 'material.deleted'; target: DeleteTarget }
  | { type: 'notify'; color: NotifyColor; message: string };

/** The server's own words for a refusal it explains (422, 409); nothing for faults and outages. */
function reasonOf(error: unknown): string | null {
  return isApiError(error) && (error.status === 422 || error.status === 409) && error.message
    ? error.message
    : null;
}

export const materialDeleteMachine = setup({
  types: {
    context: {} as MaterialDeleteContext,
    events: {} as MaterialDeleteEvent,
    emitted: {} as MaterialDeleteEmitted,
  },
  actors: {
    // Bound in src/machines/screens/teaching-screens.ts (the tests bind their own).
    deleteMaterial: fromPromise<string, DeleteTarget>(async () => {
      throw new Error('The material delete machine runs with its call bound (src/machines/screens).');
    }),
  },
  actions: {
    forget: assign({ target: null, error: null, reason: null }),
    storeError: assign(({ context }, params: { error: unknown }) => ({
      error: t('messages.deleteFailed', { name: context.target?.name ?? '' }),
      reason: reasonOf(params.error),
    })),
    announce: emit((_, params: { target: DeleteTarget }) => ({
      type: 'material.deleted' as const,
      target: params.target,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'materialDelete',
  context: { target: null, error: null, reason: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.request': {
          target: 'confirming',
          actions: assign({ target: ({ event }) => event.target, error: null, reason: null }),
        },
      },
    },
    // Persistent: only its buttons close it.
    confirming: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteMaterial',
        src: 'deleteMaterial',
        input: ({ context }) => context.target as DeleteTarget,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'announce', params: ({ context }) => ({ target: context.target as DeleteTarget }) },
            { type: 'notify', params: ({ event }) => ({ color: 'success' as const, message: event.output }) },
            'forget',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The dialog stays with the failure: Try again or Cancel.
    failed: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

export type MaterialDeleteSnapshot = SnapshotFrom<typeof materialDeleteMachine>;

export function selectMaterialDelete(snapshot: MaterialDeleteSnapshot) {
  const { target, error, reason } = snapshot.context;
  return {
    open: !snapshot.matches('idle'),
    busy: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    target,
    name: target?.name ?? '',
    error,
    reason,
  };
}
