// The shared search box (src/views/components/lists/search-box.tsx) on the pages that use it: typed
// words wait in the field until applied, applying puts them in the list's query (the URL), and a
// query from elsewhere (a link, the back button, "Clear filters") shows in the field.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage } from '../../render';

useCatalogueApi();

const searches = () => catalogue.queries.filter((q) => q.endpoint === 'search');

describe('search box', () => {
  it('applies the trimmed words on Enter only, and shows a query that comes from the URL', async () => {
    const app = renderPage('/search');
    await app.landsOn('/search');
    const box = screen.getByRole('searchbox', {
      name: 'Search lessons, classes, teachers, questions and subjects',
    });
    await app.user.type(box, '  mathematics ');
    // Typing alone asks nothing.
    expect(app.currentPath()).toBe('/search');
    expect(searches()).toEqual([]);

    await app.user.type(box, '{Enter}');
    await waitFor(() => expect(app.currentPath()).toBe('/search?q=mathematics'));
    await waitFor(() => expect(searches()).toHaveLength(1));

    // The same words again: the list already shows them, nothing is asked again.
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(searches()).toHaveLength(1);

    act(() => app.navigate('/search?q=physics'));
    await waitFor(() => expect(box).toHaveValue('physics'));
  });

  it('applies a price filter when the field is left, and empties it with Clear filters', async () => {
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    await screen.findByRole('heading', { name: 'Grade 7 Maths class 1' });
    await app.user.click(screen.getByRole('button', { name: 'Filters' }));
    const min = screen.getByRole('spinbutton', { name: 'Min price (KES)' });
    await app.user.type(min, '500');
    expect(app.currentPath()).toBe('/classes');
    await app.user.tab();
    await waitFor(() => expect(app.currentPath()).toBe('/classes?min_price=500'));

    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.currentPath()).toBe('/classes'));
    expect(min).toHaveValue(null);
  });

  it('searches teachers by name on Enter', async () => {
    const app = renderPage('/teachers?q=old');
    await app.landsOn('/teachers?q=old');
    const box = screen.getByRole('textbox', { name: 'Search teachers by name' });
    expect(box).toHaveValue('old');
    await app.user.clear(box);
    await app.user.type(box, 'grace{Enter}');
    await waitFor(() => expect(app.currentPath()).toBe('/teachers?q=grace'));
  });
});
