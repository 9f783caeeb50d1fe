import { act, renderHook, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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

  it('renders the first items on the server, and all of them once the browser has taken the page over', async () => {
    const items = Array.from({ length: 12 }, (_, index) => `Class ${index + 1}`);
    function List() {
      return (
        <ul>
          {useProgressive(items).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    }
    const html = renderToString(<List />);
    expect(html.match(/<li>/g)).toHaveLength(4);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <List />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    container.remove();
  });
});
