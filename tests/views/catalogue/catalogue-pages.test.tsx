import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderPage, signedInAs } from '../../render';

useCatalogueApi();

async function openAsStudent(path: string) {
  signedInAs('student@example.com');
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

describe('curricula pages', () => {
  it('lists curricula with their counts and opens one by slug', async () => {
    const app = await openAsStudent('/curricula');
    expect(document.title).toBe('Curricula | Somesha');
    const cbc = await screen.findByRole('link', { name: 'Competency Based Curriculum' });
    expect(cbc).toHaveAttribute('href', '/curricula/show/cbc');
    expect(screen.getByText('4 education levels · 12 subjects')).toBeInTheDocument();

    await app.user.click(cbc);
    await app.landsOn('/curricula/show/cbc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Competency Based Curriculum (CBC)' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Competency Based Curriculum | Somesha');
    expect(screen.getByRole('link', { name: 'Grade 7' })).toHaveAttribute(
      'href',
      '/grade-levels/show/cbc-grade-7',
    );
    expect(screen.getByRole('link', { name: 'Mathematics' })).toHaveAttribute(
      'href',
      '/subjects/show/mathematics',
    );
  });

  it('shows the loading, empty and error states of the list and of an unknown slug', async () => {
    catalogue.set('curricula', 'hang');
    const waiting = await openAsStudent('/curricula');
    expect(await screen.findByRole('status', { name: 'Loading curricula' })).toBeInTheDocument();
    waiting.unmount();

    catalogue.set('curricula', 'empty');
    const empty = await openAsStudent('/curricula');
    expect(await screen.findByText('No curricula available.')).toBeInTheDocument();
    empty.unmount();

    catalogue.set('curricula', 'error');
    const failed = await openAsStudent('/curricula');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading curricula.');
    failed.unmount();

    await openAsStudent('/curricula/show/unknown');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading curriculum.');
  });
});

describe('grade levels pages', () => {
  it('lists grade levels, filters by curriculum in the URL and shows a grade with its subjects and topics', async () => {
    const app = await openAsStudent('/grade-levels');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Curriculum' }), 'cbc');
    await waitFor(() => expect(app.currentPath()).toBe('/grade-levels?curriculum=cbc'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    await app.user.click(screen.getByRole('link', { name: 'Grade 7' }));
    await app.landsOn('/grade-levels/show/cbc-grade-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7' })).toBeInTheDocument();
    expect(screen.getByText('Linear equations')).toBeInTheDocument();
  });

  it('shows the loading, empty and error states', async () => {
    catalogue.set('gradeLevels', 'hang');
    const waiting = await openAsStudent('/grade-levels');
    expect(await screen.findByRole('status', { name: 'Loading grade levels' })).toBeInTheDocument();
    waiting.unmount();
    catalogue.set('gradeLevels', 'empty');
    const empty = await openAsStudent('/grade-levels');
    expect(await screen.findByText('No grade levels available.')).toBeInTheDocument();
    empty.unmount();
    catalogue.set('gradeLevels', 'error');
    await openAsStudent('/grade-levels');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading grade levels.');
  });
});

describe('subjects pages', () => {
  it('finds subjects by name and shows a subject with topics, subtopics and upcoming lessons', async () => {
    const app = await openAsStudent('/subjects');
    expect(await screen.findByRole('link', { name: 'Chemistry' })).toBeInTheDocument();
    await app.user.type(screen.getByRole('textbox', { name: 'Find a subject' }), 'math{Enter}');
    await waitFor(() => expect(app.currentPath()).toBe('/subjects?q=math'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chemistry' })).not.toBeInTheDocument());

    await app.user.click(screen.getByRole('link', { name: 'Mathematics' }));
    await app.landsOn('/subjects/show/mathematics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mathematics' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Linear equations · Grade 7' }));
    expect(screen.getByText('Equations with brackets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
  });

  it('shows the loading, empty and error states', async () => {
    catalogue.set('subjects', 'hang');
    const waiting = await openAsStudent('/subjects');
    expect(await screen.findByRole('status', { name: 'Loading subjects' })).toBeInTheDocument();
    waiting.unmount();
    catalogue.set('subjects', 'empty');
    const empty = await openAsStudent('/subjects');
    expect(await screen.findByText('No subjects available.')).toBeInTheDocument();
    empty.unmount();
    catalogue.set('subjects', 'error');
    const failed = await openAsStudent('/subjects');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading subjects.');
    failed.unmount();
    catalogue.set('subject', 'error');
    await openAsStudent('/subjects/show/mathematics');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading subject.');
  });
});
