// Model-based test of a learner's Cancel booking and Keep the new time (issue 24): every transition
// walked on a real actor (the calls are fakes settled by done/error events); each step checks what
// the button, the dialog and the moved notice show, and what goes to the app (notify) and the page
// (booking.changed).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  bookingCancelMachine,
  selectBookingCancel,
  type BookingAnswer,
  type BookingCancelEmitted,
} from '@/machines/booking-cancel-machine';
import { ApiError } from '@/services/http';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type Event = EventFromLogic<typeof bookingCancelMachine>;

const POLICY = 'A booking can be cancelled up to 12 hours before the lesson starts.';
const cancelledAnswer = { message: 'Booking cancelled. KES 500 was refunded to your wallet.' };
const keptAnswer = { message: 'You kept the new time.' };
const cancelled = { type: 'xstate.done.actor.cancelBooking', output: cancelledAnswer } as unknown as Event;
const cancelRefused = {
  type: 'xstate.error.actor.cancelBooking',
  error: new ApiError({ status: 422, message: POLICY }),
} as unknown as Event;
const kept = { type: 'xstate.done.actor.keepBooking', output: keptAnswer } as unknown as Event;
const keepRefused = {
  type: 'xstate.error.actor.keepBooking',
  error: new ApiError({ status: 409, message: 'This lesson has started.' }),
} as unknown as Event;

const events: Event[] = [
  { type: 'cancel.open' },
  { type: 'cancel.confirm' },
  { type: 'cancel.close' },
  { type: 'booking.keep' },
  cancelled,
  cancelRefused,
  kept,
  keepRefused,
];

/** The machine with calls that never settle: the paths settle them with done/error events. */
function pending(machine: typeof bookingCancelMachine) {
  const never = fromPromise<BookingAnswer, { bookingId: number }>(() => new Promise<never>(() => {}));
  return machine.provide({ actors: { cancelBooking: never, keepBooking: never } });
}
const logic = pending(bookingCancelMachine);
const input = { bookingId: 77 };
const model = modelOf(logic, { events, input, visibleContext: (s) => ({ error: s.context.error }) });
const coverage = coverageOf(bookingCancelMachine);

type Screen = ReturnType<typeof selectBookingCancel>;
const idle: Screen = {
  open: false,
  busy: false,
  cancelling: false,
  keeping: false,
  cancelled: false,
  error: null,
};
const changed: BookingCancelEmitted = { type: 'booking.changed', bookingId: 77 };
const told = (message: string): BookingCancelEmitted => ({ type: 'notify', color: 'success', message });

function expectedAfter(screen: Screen, event: Event): [Screen, BookingCancelEmitted[]] {
  if (event === cancelled) return [{ ...idle, cancelled: true }, [told(cancelledAnswer.message), changed]];
  // The policy (422) stays in the dialog, which stays open.
  if (event === cancelRefused) return [{ ...idle, open: true, error: POLICY }, []];
  if (event === kept) return [idle, [told(keptAnswer.message), changed]];
  if (event === keepRefused) return [{ ...idle, error: 'This lesson has started.' }, []];
  switch (event.type) {
    case 'cancel.open':
      return [{ ...idle, open: true }, []];
    case 'cancel.confirm':
      return [{ ...screen, open: true, busy: true, cancelling: true, error: null }, []];
    case 'cancel.close':
      return [idle, []];
    case 'booking.keep':
      return [{ ...idle, busy: true, keeping: true }, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine = bookingCancelMachine) {
  replayScreens(createActor(pending(machine), { input, inspect: coverage.inspect }), path, {
    start: idle,
    after: expectedAfter,
    check: (seen, screen) => expect(selectBookingCancel(seen)).toEqual(screen),
  }).stop();
}

describe('booking-cancel machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and the notice, and tells the app and the page', (path) =>
    replay(path),
  );

  it('sends the booking id to the cancel and the keep calls', async () => {
    const sent: string[] = [];
    const call = (name: string) =>
      fromPromise<BookingAnswer, { bookingId: number }>(async ({ input: args }) => {
        sent.push(`${name} ${args.bookingId}`);
        return { message: 'ok' };
      });
    const machine = bookingCancelMachine.provide({
      actors: { cancelBooking: call('cancel'), keepBooking: call('keep') },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'booking.keep' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['keep 77', 'cancel 77']);
    expect(selectBookingCancel(actor.getSnapshot()).cancelled).toBe(true);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof bookingCancelMachine),
  });
});
