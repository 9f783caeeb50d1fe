// A learner's (or parent's) Cancel booking on the lesson page, and their answer to a lesson its
// teacher moved (issue 24, docs/issue-24.md "cancel"): a persistent confirmation that shows the
// policy, then the call; Keep the new time is one call without a dialog. On success the machine
// notifies the server's message and `announce`s the change (on its own it emits `booking.changed`;
// the screen in src/machines/screens/lessons-screens.ts asks the page's loader to load the lesson
// again instead). A refusal (a 422 with the policy, a 409) stays in the dialog or under the notice.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import type { ScreenNotify } from './screen-effects';

export type BookingCancelInput = { bookingId: number };

export type BookingAnswer = { message: string };

export type BookingCancelEvent =
  { type: 'cancel.open' } | { type: 'cancel.confirm' } | { type: 'cancel.close' } | { type: 'booking.keep' };

export type BookingCancelEmitted =
  { type: 'booking.changed'; bookingId: number } | ({ type: 'notify' } & ScreenNotify);

export const bookingCancelMachine = setup({
  types: {
    context: {} as { bookingId: number; error: string | null },
    events: {} as BookingCancelEvent,
    input: {} as BookingCancelInput,
    emitted: {} as BookingCancelEmitted,
  },
  actors: {
    cancelBooking: fromPromise<BookingAnswer, { bookingId: number }>(async () => {
      throw new Error('No cancelBooking actor was provided.');
    }),
    keepBooking: fromPromise<BookingAnswer, { bookingId: number }>(async () => {
      throw new Error('No keepBooking actor was provided.');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    notify: emit((_, params: ScreenNotify) => ({ type: 'notify' as const, ...params })),
    announce: emit(({ context }) => ({ type: 'booking.changed' as const, bookingId: context.bookingId })),
  },
}).createMachine({
  id: 'bookingCancel',
  context: ({ input }) => ({ bookingId: input.bookingId, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cancel.open': { target: 'confirming', actions: 'clearError' },
        'booking.keep': 'keeping',
      },
    },
    // Persistent: only its buttons close it.
    confirming: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.close': { target: 'idle', actions: 'clearError' },
      },
    },
    cancelling: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'cancelBooking',
        src: 'cancelBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: {
          target: 'cancelled',
          actions: [
            { type: 'notify', params: ({ event }) => ({ color: 'success', message: event.output.message }) },
            'announce',
          ],
        },
        onError: {
          target: 'confirming',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    keeping: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'keepBooking',
        src: 'keepBooking',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: ({ event }) => ({ color: 'success', message: event.output.message }) },
            'announce',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    cancelled: { type: 'final' },
  },
});

export type BookingCancelSnapshot = SnapshotFrom<typeof bookingCancelMachine>;

/** What the button, the dialog and the moved notice show. */
export function selectBookingCancel(snapshot: BookingCancelSnapshot) {
  return {
    open: snapshot.matches('confirming') || snapshot.matches('cancelling'),
    busy: snapshot.hasTag('busy'),
    cancelling: snapshot.matches('cancelling'),
    keeping: snapshot.matches('keeping'),
    cancelled: snapshot.matches('cancelled'),
    error: snapshot.context.error,
  };
}
