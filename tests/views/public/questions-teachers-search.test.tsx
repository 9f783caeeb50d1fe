import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage } from '../../render';

useCatalogueApi();

const headings = () =>
  screen.getAllByRole('article').map((card) => within(card).getAllByRole('heading')[0]?.textContent);

describe('public questions page', () => {
  it('goes from loading to the list, filters answered and unanswered in the URL, and shows text as plain text', async () => {
    catalogue.set('questions', 'hang');
    const waiting = renderPage('/questions');
    await waiting.landsOn('/questions');
    expect(await screen.findByRole('status', { name: 'Loading questions' })).toBeInTheDocument();
    waiting.unmount();

    catalogue.set('questions', 'ok');
    const app = renderPage('/questions');
    await app.landsOn('/questions');
    await waitFor(() =>
      expect(headings()).toEqual(['How do I factorise x² + 5x + 6?', 'Why does salt dissolve in water?']),
    );
    // Stored as written, shown as text: the markup is visible, nothing is injected.
    expect(screen.getByText(/<script>alert\("x"\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('article script')).toBeNull();

    await app.user.click(screen.getByRole('radio', { name: 'Unanswered' }));
    await waitFor(() => expect(app.currentPath()).toBe('/questions?filter=unanswered'));
    await waitFor(() => expect(headings()).toEqual(['Why does salt dissolve in water?']));
  });

  it('shows the empty and the error states', async () => {
    catalogue.set('questions', 'empty');
    const empty = renderPage('/questions');
    await empty.landsOn('/questions');
    expect(await screen.findByText('No questions available.')).toBeInTheDocument();
    empty.unmount();

    catalogue.set('questions', 'error');
    const failed = renderPage('/questions');
    await failed.landsOn('/questions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading questions.');
  });
});

describe('public teachers page', () => {
  it('lists approved teachers, searches by name in the URL and opens a profile', async () => {
    const app = renderPage('/teachers');
    await app.landsOn('/teachers');
    await waitFor(() => expect(headings()).toEqual(['Grace Mwangi', 'Otieno Ochieng']));
    // Public profiles carry no e-mail or phone.
    expect(
      screen
        .getAllByRole('article')
        .map((card) => card.textContent)
        .join(' '),
    ).not.toMatch(/@|2547/);

    // Each card shows the rating, nothing without reviews (issue 25).
    const [grace, otieno] = screen.getAllByRole('article');
    expect(
      within(grace!).getByRole('img', { name: 'Rated 4.6 out of 5 from 12 reviews' }),
    ).toBeInTheDocument();
    expect(within(otieno!).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();

    await app.user.type(screen.getByRole('textbox', { name: 'Search teachers by name' }), 'grace{Enter}');
    await waitFor(() => expect(app.currentPath()).toBe('/teachers?q=grace'));
    await waitFor(() => expect(headings()).toEqual(['Grace Mwangi']));

    await app.user.click(screen.getByRole('link', { name: 'Grace Mwangi' }));
    // The card opens the profile page (issue 25; it was a dialog over the list).
    await waitFor(() => expect(app.currentPath()).toBe('/teachers/3/grace-mwangi'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' })).toBeInTheDocument();
    expect(screen.getByText('I have taught mathematics for 12 years.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
  });

  it('filters by subject and grade level and sorts by rating, all in the URL', async () => {
    const app = renderPage('/teachers');
    await app.landsOn('/teachers');
    await waitFor(() => expect(headings()).toEqual(['Grace Mwangi', 'Otieno Ochieng']));
    const level = screen.getByRole('combobox', { name: 'Grade level' });
    await waitFor(() =>
      expect(within(level).getByRole('option', { name: 'CBC Grade 7' })).toBeInTheDocument(),
    );
    await app.user.selectOptions(level, 'cbc-grade-7');
    await waitFor(() => expect(app.currentPath()).toBe('/teachers?level=cbc-grade-7'));
    await waitFor(() => expect(headings()).toEqual(['Grace Mwangi']));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'rating');
    await waitFor(() => expect(app.currentPath()).toBe('/teachers?level=cbc-grade-7&sort=rating'));
    expect(catalogue.queries.filter((q) => q.endpoint === 'teachers').at(-1)?.query).toMatchObject({
      level: 'cbc-grade-7',
      sort: 'rating',
    });
  });

  it('opens the profile page at the address of the old profile dialog', async () => {
    const app = renderPage('/teachers?teacher=3');
    await app.landsOn('/teachers?teacher=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' })).toBeInTheDocument();
  });

  it('shows the loading, empty and error states', async () => {
    catalogue.set('teachers', 'hang');
    const waiting = renderPage('/teachers');
    await waiting.landsOn('/teachers');
    expect(await screen.findByRole('status', { name: 'Loading teachers' })).toBeInTheDocument();
    waiting.unmount();

    catalogue.set('teachers', 'empty');
    const empty = renderPage('/teachers');
    await empty.landsOn('/teachers');
    expect(await screen.findByText('No teachers available.')).toBeInTheDocument();
    empty.unmount();

    catalogue.set('teachers', 'error');
    const failed = renderPage('/teachers');
    await failed.landsOn('/teachers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading teachers.');
  });
});

describe('search page', () => {
  it('asks for a query first and sends nothing', async () => {
    const app = renderPage('/search');
    await app.landsOn('/search');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
    expect(catalogue.queries.filter((q) => q.endpoint === 'search')).toEqual([]);
  });

  it('searches, keeps the query in the URL, ranks results and narrows them by kind', async () => {
    const app = renderPage('/search');
    await app.landsOn('/search');
    await app.user.type(screen.getByRole('searchbox'), 'mathematics');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.currentPath()).toBe('/search?q=mathematics'));
    await waitFor(() =>
      expect(headings()).toEqual(['Mathematics', 'Linear equations — Grade 7 Mathematics', 'Grace Mwangi']),
    );
    expect(screen.getByRole('link', { name: 'Linear equations — Grade 7 Mathematics' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
    expect(screen.getByRole('link', { name: 'Mathematics' })).toHaveAttribute(
      'href',
      '/classes?subject=mathematics',
    );

    await app.user.click(screen.getByRole('radio', { name: 'Lessons (1)' }));
    await waitFor(() => expect(app.currentPath()).toBe('/search?q=mathematics&type=lesson'));
    await waitFor(() => expect(headings()).toEqual(['Linear equations — Grade 7 Mathematics']));
  });

  it('says when nothing matches, and when the search failed', async () => {
    const app = renderPage('/search?q=zoology');
    await app.landsOn('/search?q=zoology');
    expect(await screen.findByText('No results available.')).toBeInTheDocument();
    app.unmount();

    catalogue.set('search', 'error');
    const failed = renderPage('/search?q=maths');
    await failed.landsOn('/search?q=maths');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading results.');
  });
});
