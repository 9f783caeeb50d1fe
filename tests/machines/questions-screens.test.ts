// The ask form's binding (src/machines/screens/questions-screens.ts): a posted question opens on its
// own page through the form's `navigate` effect, after `submitted`; a refused one goes nowhere.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@/services/http';

const askQuestion = vi.fn();
vi.mock('@/services/question-service', () => ({ askQuestion: (...args: unknown[]) => askQuestion(...args) }));

const { askQuestionForm } = await import('@/machines/screens/questions-screens');

const values = {
  subjectId: '1',
  gradeLevelId: '121',
  title: 'How do I factorise?',
  body: 'I keep getting the signs wrong.',
};

function started() {
  const actor = createActor(askQuestionForm, { input: {} });
  const seen: string[] = [];
  // `navigate` is a screen effect the binding adds: the form machine's own types do not name it.
  actor.on('*', (event) => {
    const { type, to } = event as unknown as { type: string; to?: string };
    if (type === 'submitted') seen.push('submitted');
    if (type === 'navigate') seen.push(`navigate ${to}`);
  });
  actor.start();
  return { actor, seen };
}

describe('the ask form', () => {
  it('opens the new question after it is posted', async () => {
    askQuestion.mockResolvedValueOnce({ message: 'Question created', question: { id: 77 } });
    const { actor, seen } = started();
    actor.send({ type: 'form.submit', values });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(askQuestion).toHaveBeenCalledWith(values);
    expect(seen).toEqual(['submitted', 'navigate /questions/show/77']);
  });

  it('stays on the form when the API refuses the question', async () => {
    askQuestion.mockRejectedValueOnce(
      new ApiError({ status: 422, message: 'Invalid', fieldErrors: { title: ['Taken.'] } }),
    );
    const { actor, seen } = started();
    actor.send({ type: 'form.submit', values });
    await waitFor(actor, (s) => s.matches('editing') && s.context.formError !== null);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: ['Taken.'] });
    expect(seen).toEqual([]);
  });
});
