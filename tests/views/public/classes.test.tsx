import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage } from '../../render';

useCatalogueApi();

/** Queries the page sent, consecutive repeats folded (the app shell remounts a page when only its query changes). */
const classQueries = () =>
  catalogue.queries
    .filter((q) => q.endpoint === 'classes')
    .map((q) => JSON.stringify(q.query))
    .filter((q, index, all) => q !== all[index - 1])
    .map((q) => JSON.parse(q) as Record<string, string>);

const classTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('public classes page', () => {
  it('shows a loader while the classes load', async () => {
    catalogue.set('classes', 'hang');
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    expect(await screen.findByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    expect(document.title).toBe('Classes | Somesha');
  });

  it('says so when there are no classes', async () => {
    catalogue.set('classes', 'empty');
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();
  });

  it('says the classes failed to load and loads them again on "Try again"', async () => {
    catalogue.set('classes', 'error');
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading classes.');
    catalogue.set('classes', 'ok');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Grade 7 Maths class 1' })).toBeInTheDocument();
  });

  it('lists classes with subject, grade, dates, teacher and price, linking to the class page', async () => {
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    const first = (await screen.findByRole('heading', { name: 'Grade 7 Maths class 1' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(first).getByText('Mathematics · Grade 7 · Junior School')).toBeInTheDocument();
    expect(within(first).getByText('Dec 1, 2026 – Jan 19, 2027 · Weekly · 8 lessons')).toBeInTheDocument();
    expect(within(first).getByText('Grace Mwangi')).toBeInTheDocument();
    expect(within(first).getByText('KES 12,000')).toBeInTheDocument();
    expect(within(first).getByText('Catch up')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Grade 7 Maths class 1' })).toHaveAttribute(
      'href',
      '/classes/view/1',
    );
    // The first cards render at once, the rest of the page right after.
    await waitFor(() => expect(classTitles()).toHaveLength(12));
  });

  it('keeps filters and the page in the URL, and a shared URL opens the same list', async () => {
    const app = renderPage('/classes');
    await app.landsOn('/classes');
    await screen.findByRole('heading', { name: 'Grade 7 Maths class 1' });

    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(app.currentPath()).toBe('/classes?page=2'));
    await waitFor(() =>
      expect(classTitles()).toEqual(['Grade 7 Maths class 13', 'Grade 7 Chemistry class 14']),
    );

    // A phone (jsdom's matchMedia matches no min-width) keeps the filters behind a button.
    await app.user.click(screen.getByRole('button', { name: 'Filters' }));
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Subject' }), 'chemistry');
    // A new filter starts again on page 1.
    await waitFor(() => expect(app.currentPath()).toBe('/classes?subject=chemistry'));
    await waitFor(() => expect(classTitles()).toHaveLength(7));
    expect(classTitles().every((title) => title?.includes('Chemistry'))).toBe(true);
    expect(classQueries()).toEqual([{}, { page: '2' }, { subject: 'chemistry' }]);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'get_ahead');
    await waitFor(() => expect(app.currentPath()).toBe('/classes?subject=chemistry&type=get_ahead'));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.currentPath()).toBe('/classes'));
  });

  it('opens a shared URL with its filters applied and follows the back button', async () => {
    const app = renderPage('/classes?type=revision');
    await app.landsOn('/classes?type=revision');
    await waitFor(() =>
      expect(classTitles()).toEqual([
        'Grade 7 Maths class 3',
        'Grade 7 Maths class 7',
        'Grade 7 Maths class 11',
      ]),
    );
    // Closed on a phone, the button still says how many filters apply.
    expect(screen.queryByRole('form', { name: 'Filter classes' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('revision');

    app.navigate('/classes?type=catch_up');
    await waitFor(() =>
      expect(classTitles()).toEqual([
        'Grade 7 Maths class 1',
        'Grade 7 Maths class 5',
        'Grade 7 Maths class 9',
        'Grade 7 Maths class 13',
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('catch_up');
  });

  it('shows the filters inline on a wider screen, with no Filters button', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      const app = renderPage('/classes?type=revision');
      await app.landsOn('/classes?type=revision');
      expect(await screen.findByRole('combobox', { name: 'Type' })).toHaveValue('revision');
      expect(screen.getByRole('form', { name: 'Filter classes' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    } finally {
      matchMedia.mockRestore();
    }
  });
});
