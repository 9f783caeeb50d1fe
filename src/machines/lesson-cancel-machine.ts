// Cancelling a lesson from the teacher's lesson page: a persistent confirmation with an optional
// reason (SPEC §2 dialog), then the call. The server's answer (its message and who got a refund)
// shows in the dialog until it is closed; `announce` tells the page the lesson was cancelled (on its
// own the machine emits it; the screen sends the page's loader a refresh instead, in
// src/machines/screens/lessons-screens.ts, where the call is bound too).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import type { Refund } from '@/services/schemas/teaching-materials';
import type { TeacherLesson } from '@/services/schemas/teaching';
import type { CancelAnswer } from '@/services/teacher-lesson-page-service';
import { formatKes } from '@/shared/format';
import { REMARK_MAX } from '@/shared/teaching';
import { t } from '@/shared/messages';

export type LessonCancelInput = { lessonId: number };

export type LessonCancelContext = {
  lessonId: number;
  reason: string;
  /** The server's message once cancelled. */
  message: string | null;
  refunds: Refund[];
  error: string | null;
};

export type LessonCancelEvent =
  | { type: 'cancel.open' }
  | { type: 'reason.change'; value: string }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.close' };

export type LessonCancelEmitted = { type: 'lesson.cancelled'; lesson: TeacherLesson };

export const lessonCancelMachine = setup({
  types: {
    context: {} as LessonCancelContext,
    events: {} as LessonCancelEvent,
    input: {} as LessonCancelInput,
    emitted: {} as LessonCancelEmitted,
  },
  actors: {
    cancelLesson: fromPromise<CancelAnswer, { lessonId: number; reason: string }>(async () => {
      throw new Error('No cancelLesson actor was provided for the cancel dialog.');
    }),
  },
  actions: {
    clear: assign({ reason: '', message: null, refunds: [], error: null }),
    setReason: assign((_, params: { value: string }) => ({ reason: params.value.slice(0, REMARK_MAX) })),
    storeAnswer: assign((_, params: { answer: CancelAnswer }) => ({
      message: params.answer.message,
      refunds: params.answer.refunds,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    announce: emit((_, params: { lesson: TeacherLesson }) => ({
      type: 'lesson.cancelled' as const,
      lesson: params.lesson,
    })),
  },
}).createMachine({
  id: 'lessonCancel',
  context: ({ input }) => ({ lessonId: input.lessonId, reason: '', message: null, refunds: [], error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'cancel.open': { target: 'confirming', actions: 'clear' } },
    },
    // Persistent: only its buttons close it.
    confirming: {
      on: {
        'reason.change': { actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) } },
        'cancel.confirm': 'cancelling',
        'cancel.close': { target: 'idle', actions: 'clear' },
      },
    },
    cancelling: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'cancelLesson',
        src: 'cancelLesson',
        input: ({ context }) => ({ lessonId: context.lessonId, reason: context.reason }),
        onDone: {
          target: 'cancelled',
          actions: [
            { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'announce', params: ({ event }) => ({ lesson: event.output.lesson }) },
          ],
        },
        // The reason stays, so trying again needs no retyping (a 409 says why it cannot be done).
        onError: {
          target: 'confirming',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The message and the refunds show until the teacher closes the dialog; a lesson is cancelled once.
    cancelled: {
      on: { 'cancel.close': 'done' },
    },
    done: { type: 'final' },
  },
});

export type LessonCancelSnapshot = SnapshotFrom<typeof lessonCancelMachine>;

/** What the dialog shows. */
export function selectLessonCancel(snapshot: LessonCancelSnapshot) {
  const { reason, message, refunds, error } = snapshot.context;
  return {
    open: snapshot.matches('confirming') || snapshot.matches('cancelling') || snapshot.matches('cancelled'),
    busy: snapshot.hasTag('busy'),
    cancelled: snapshot.matches('cancelled') || snapshot.matches('done'),
    reason,
    message,
    refundLines:
      refunds.length > 0
        ? refunds.map((refund) =>
            t('teaching.refunded', { amount: formatKes(refund.amount), name: refund.studentName }),
          )
        : [t('teaching.noRefunds')],
    error,
  };
}
