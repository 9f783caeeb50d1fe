import { describe, expect, it } from 'vitest';
import { plural, wasWere } from '@/shared/plural';

describe('plural', () => {
  it('counts in English', () => {
    expect(plural(1, 'learner')).toBe('1 learner');
    expect(plural(0, 'learner')).toBe('0 learners');
    expect(plural(2, 'class', 'classes')).toBe('2 classes');
    expect(`${plural(1, 'learner')} ${wasWere(1)} refunded`).toBe('1 learner was refunded');
    expect(`${plural(3, 'learner')} ${wasWere(3)} refunded`).toBe('3 learners were refunded');
  });
});
