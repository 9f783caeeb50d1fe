// Model-based test of cancelling a lesson: every transition walked on a real actor (the call is a fake
// settled by done/error events); each step checks what the dialog shows and what goes to the page.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  lessonCancelMachine,
  selectLessonCancel,
  type LessonCancelEmitted,
} from '@/machines/lesson-cancel-machine';
import { ApiError } from '@/services/http';
import { decodeTeacherLesson } from '@/services/schemas/teaching';
import type { CancelAnswer } from '@/services/teacher-lesson-page-service';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type CancelEvent = EventFromLogic<typeof lessonCancelMachine>;

const lesson = decodeTeacherLesson({ id: 501, code: 'LSN-T501', status: 'cancelled', can_cancel: false });
const answer: CancelAnswer = {
  message: 'Lesson cancelled. 1 learner was refunded.',
  lesson,
  refunds: [{ studentName: 'Amina Kamau', amount: '1500.00' }],
};
const cancelled = { type: 'xstate.done.actor.cancelLesson', output: answer } as unknown as CancelEvent;
const refused = {
  type: 'xstate.error.actor.cancelLesson',
  error: new ApiError({ status: 409, message: 'This lesson has already been cancelled.' }),
} as unknown as CancelEvent;

const events: CancelEvent[] = [
  { type: 'cancel.open' },
  { type: 'reason.change', value: 'I am unwell.' },
  { type: 'cancel.confirm' },
  { type: 'cancel.close' },
  cancelled,
  refused,
];

/** The machine with a call that never settles: the paths settle it with done/error events. */
function pending(machine: typeof lessonCancelMachine) {
  return machine.provide({
    actors: {
      cancelLesson: fromPromise<CancelAnswer, { lessonId: number; reason: string }>(
        () => new Promise<never>(() => {}),
      ),
    },
  });
}
const logic = pending(lessonCancelMachine);
const input = { lessonId: 501 };
const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => ({ reason: s.context.reason, message: s.context.message, error: s.context.error }),
});

const coverage = coverageOf(lessonCancelMachine);

type Screen = {
  open: boolean;
  busy: boolean;
  cancelled: boolean;
  reason: string;
  message: string | null;
  error: string | null;
};
const closed: Screen = { open: false, busy: false, cancelled: false, reason: '', message: null, error: null };

function expectedAfter(screen: Screen, event: CancelEvent): [Screen, LessonCancelEmitted[]] {
  if (event === cancelled)
    return [
      { ...screen, busy: false, cancelled: true, message: answer.message, error: null },
      [{ type: 'lesson.cancelled', lesson }],
    ];
  if (event === refused)
    return [{ ...screen, busy: false, error: 'This lesson has already been cancelled.' }, []];
  switch (event.type) {
    case 'cancel.open':
      return [{ ...closed, open: true }, []];
    case 'reason.change':
      return [{ ...screen, reason: event.value }, []];
    case 'cancel.confirm':
      return [{ ...screen, busy: true, error: null }, []];
    case 'cancel.close':
      // After a cancel the page keeps what happened; before it, the dialog starts over.
      return [screen.cancelled ? { ...screen, open: false } : closed, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine = lessonCancelMachine) {
  replayScreens(createActor(pending(machine), { input, inspect: coverage.inspect }), path, {
    start: closed,
    after: expectedAfter,
    check: (seen, screen) => {
      const { refundLines, ...view } = selectLessonCancel(seen);
      expect(view).toEqual(screen);
      if (screen.cancelled) expect(refundLines).toEqual(['Refunded KES 1,500 to Amina Kamau.']);
    },
  }).stop();
}

describe('lesson-cancel machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and emits what the path leads to', (path) => replay(path));

  it('sends the lesson id and the reason (at most 500 characters), and says when nobody was refunded', async () => {
    const sent: Array<{ lessonId: number; reason: string }> = [];
    const machine = lessonCancelMachine.provide({
      actors: {
        cancelLesson: fromPromise<CancelAnswer, { lessonId: number; reason: string }>(
          async ({ input: call }) => {
            sent.push(call);
            return { ...answer, refunds: [] };
          },
        ),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'reason.change', value: 'x'.repeat(600) });
    expect(actor.getSnapshot().context.reason).toHaveLength(500);
    actor.send({ type: 'reason.change', value: 'Clash' });
    actor.send({ type: 'cancel.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ lessonId: 501, reason: 'Clash' }]);
    expect(selectLessonCancel(actor.getSnapshot()).refundLines).toEqual([
      'Nobody had paid for this lesson, so nothing was refunded.',
    ]);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof lessonCancelMachine),
  });
});
