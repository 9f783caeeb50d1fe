// The teacher's form that goes somewhere once saved: the class form opens the saved class's page
// through the `navigate` screen effect, and only after a save (a refused one stays).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { classFormLogic, type ClassFormValues } from '@/machines/screens/teaching-screens';
import { ApiError } from '@/services/http';
import { decodeTeacherClass } from '@/services/schemas/teaching';
import type { ClassAnswer } from '@/services/teacher-class-service';
import { BLANK_CLASS } from '@/shared/teaching-validation';

const VALUES: ClassFormValues = { ...BLANK_CLASS, classId: 9, title: 'Grade 7 Algebra' };
const SAVED: ClassAnswer = {
  message: 'Class updated',
  lessonClass: decodeTeacherClass({ id: 9, title: 'Grade 7 Algebra', status: 'pending' }),
};

function classForm(answers: Array<() => Promise<ClassAnswer>>) {
  const sent: ClassFormValues[] = [];
  const logic = classFormLogic.provide({
    actors: {
      submit: fromPromise<unknown, { values: Record<string, unknown> }>(({ input }) => {
        sent.push(input.values as ClassFormValues);
        return answers.shift()!();
      }),
    },
  });
  const actor = createActor(logic, { input: {} });
  const emitted: Array<{ type: string }> = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor: actor.start(), sent, emitted };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('class form (src/machines/screens/teaching-screens.ts)', () => {
  it('opens the saved class’s page after the notice, and stays on a refusal', async () => {
    const refusal = new ApiError({ status: 422, message: 'Invalid.', fieldErrors: { title: ['Taken.'] } });
    const { actor, sent, emitted } = classForm([() => Promise.reject(refusal), async () => SAVED]);

    actor.send({ type: 'form.submit', values: VALUES });
    await settled();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: ['Taken.'] });
    expect(emitted).toEqual([]);

    actor.send({ type: 'form.submit', values: VALUES });
    await settled();
    expect(sent).toEqual([VALUES, VALUES]);
    expect(emitted).toEqual([
      { type: 'submitted', result: SAVED },
      { type: 'navigate', to: '/teaching/classes/show/9', replace: false },
      { type: 'notify', color: 'success', message: 'Class updated' },
    ]);
    actor.stop();
  });
});
