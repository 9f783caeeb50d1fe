import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

async function open(path: string) {
  signedInAs('student@example.com');
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const findQueries = () => learner.queries.filter((q) => q.endpoint === 'find').map((q) => q.query);

describe('find lessons', () => {
  it('lists lessons that have not started, marks the booked ones and links each to its page', async () => {
    await open('/lessons/find');
    expect(document.title).toBe('Find lessons | Somesha');
    expect(screen.getByRole('heading', { level: 1, name: 'Find lessons' })).toBeInTheDocument();
    await waitFor(() =>
      expect(titles()).toEqual(['Simultaneous equations', 'Linear equations', 'Quadratic equations']),
    );
    const [soon, , quadratic] = screen.getAllByRole('article');
    expect(within(soon!).getByText('Booked')).toBeInTheDocument();
    expect(within(quadratic!).queryByText('Booked')).not.toBeInTheDocument();
    expect(within(quadratic!).getByText('Starts in 2 days')).toBeInTheDocument();
    expect(within(quadratic!).getByText('Price: KES 1,500')).toBeInTheDocument();
    expect(within(quadratic!).getByRole('link', { name: 'Quadratic equations' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-OPEN5',
    );
  });

  it('keeps the words and filters in the URL and sends them to the search', async () => {
    const app = await open('/lessons/find');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search lessons' }), 'quadratic');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/find?q=quadratic'));
    await waitFor(() => expect(titles()).toEqual(['Quadratic equations']));

    const form = screen.getByRole('form', { name: 'Filter lessons' });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Mathematics' })).toHaveLength(1));
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Subject' }), 'chemistry');
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/find?q=quadratic&subject=chemistry'));
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();

    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'group');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Curriculum' }), 'cbc');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Grade level' }), 'cbc-grade-7');
    await waitFor(() =>
      expect(app.currentPath()).toBe(
        '/lessons/find?curriculum=cbc&grade_level=cbc-grade-7&q=quadratic&subject=chemistry&type=group',
      ),
    );
    await waitFor(() =>
      expect(findQueries().at(-1)).toEqual({
        curriculum: 'cbc',
        grade_level: 'cbc-grade-7',
        q: 'quadratic',
        subject: 'chemistry',
        type: 'group',
      }),
    );

    await app.user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/find'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByRole('searchbox', { name: 'Search lessons' })).toHaveValue('');
  });

  it('picks the days with the date pickers, as YYYY-MM-DD in the URL', async () => {
    const app = await open('/lessons/find?from=2026-12-01&to=2026-12-05');
    await waitFor(() => expect(findQueries()[0]).toEqual({ from: '2026-12-01', to: '2026-12-05' }));
    const from = screen.getByRole('button', { name: 'From' });
    expect(from).toHaveTextContent('Dec 1, 2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('Dec 5, 2026');

    await app.user.click(from);
    await app.user.click(await screen.findByRole('button', { name: '3 December 2026' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/find?from=2026-12-03&to=2026-12-05'));
    await waitFor(() => expect(findQueries().at(-1)).toEqual({ from: '2026-12-03', to: '2026-12-05' }));
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('Dec 3, 2026');
  });

  it('says when nothing matches, and offers Try again after an error', async () => {
    learner.set('find', 'empty');
    const empty = await open('/lessons/find');
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();
    empty.unmount();

    learner.set('find', 'error');
    const app = await open('/lessons/find');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading lessons.');
    learner.set('find', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });
});
