import { describe, expect, it } from 'vitest';
import { classShareCents, publicClassOffer, splitAcrossLessons } from '@/shared/class-purchase';

const NOW = new Date('2026-12-01T10:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe('buying a whole class', () => {
  it('costs the class price for every planned lesson, its share for fewer, rounded to the shilling', () => {
    expect(classShareCents(300_000, 3, 3)).toBe(300_000);
    expect(classShareCents(250_000, 3, 2)).toBe(166_700);
    expect(classShareCents(250_000, 3, 0)).toBe(0);
  });

  it('splits a total over its lessons exactly, the odd cents first', () => {
    expect(splitAcrossLessons(100_001, 3)).toEqual([33_334, 33_334, 33_333]);
  });

  it('offers a visitor the lessons still to come, at their share of the class as planned', () => {
    const lessons = [
      { id: 1, startAt: at(-7) },
      { id: 2, startAt: at(7) },
      { id: 3, startAt: at(14) },
    ];
    expect(publicClassOffer({ price: '12000.00', lessonsPlanned: 3, lessons }, NOW)).toEqual({
      left: 2,
      planned: 3,
      price: '8000.00',
    });
    // A fourth lesson was cancelled: the class is cheaper, the others no dearer.
    expect(publicClassOffer({ price: '12000.00', lessonsPlanned: 4, lessons }, NOW)).toEqual({
      left: 2,
      planned: 4,
      price: '6000.00',
    });
  });
});
