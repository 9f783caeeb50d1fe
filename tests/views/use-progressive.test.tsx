import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressive } from '@/views/components/lists/use-progressive';

describe('useProgressive', () => {
  it('renders the first items of new data first, then all of them', () => {
    const rendered: number[] = [];
    const page1 = Array.from({ length: 12 }, (_, index) => index);
    const page2 = Array.from({ length: 7 }, (_, index) => 100 + index);
    const { result, rerender } = renderHook(
      ({ items }: { items: readonly number[] }) => {
        const shown = useProgressive(items);
        rendered.push(shown.length);
        return shown;
      },
      { initialProps: { items: [] as readonly number[] } },
    );
    rendered.length = 0;
    rerender({ items: page1 });
    expect(rendered).toEqual([4, 12]);
    expect(result.current).toBe(page1);

    rendered.length = 0;
    rerender({ items: page2 });
    expect(rendered).toEqual([4, 7]);
    expect(result.current).toEqual(page2);
  });

  it('renders an unchanged list once, whole', () => {
    const rendered: number[] = [];
    const items = [1, 2, 3, 4, 5, 6];
    const { rerender } = renderHook(() => {
      rendered.push(useProgressive(items).length);
    });
    rerender();
    expect(rendered).toEqual([6, 6]);
  });
});
