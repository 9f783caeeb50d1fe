import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

async function open(path: string, email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const classQueries = () => learner.queries.filter((q) => q.endpoint === 'classes').map((q) => q.query);

describe('my classes', () => {
  it('has tabs upcoming, ongoing, past and rejected in the URL, each card linking to its class', async () => {
    const app = await open('/workspace/classes');
    expect(document.title).toBe('Classes | Somesha');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Ongoing' }));
    await waitFor(() => expect(app.currentPath()).toBe('/workspace/classes?filter=ongoing'));
    await waitFor(() => expect(titles()).toEqual(['Grade 7 Algebra']));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Grade 7 Algebra' })).toHaveAttribute(
      'href',
      '/classes/show/7',
    );
    expect(within(card).getByText('Mathematics · Grade 7 · Junior School')).toBeInTheDocument();
    expect(within(card).getByText('Teacher: Grace Mwangi')).toBeInTheDocument();
    expect(within(card).getByText('Nov 1, 2026 – Dec 20, 2026')).toBeInTheDocument();
    expect(within(card).getByText('2 of 4 lessons booked')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(titles()).toEqual(['Form 3 Chemistry']));
    expect(
      screen.getByText('This class failed approval. The schedule overlaps the exams.'),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();
    expect(classQueries().map((q) => q.filter)).toEqual(['upcoming', 'ongoing', 'rejected', 'past']);

    await app.user.click(screen.getByRole('tab', { name: 'Ongoing' }));
    await app.user.click(await screen.findByRole('link', { name: 'Grade 7 Algebra' }));
    await app.landsOn('/classes/show/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
  });

  it('narrows to one child for a parent, and retries after an error', async () => {
    learner.useParentChildren();
    learner.set('classes', 'error');
    const app = await open('/workspace/classes?filter=ongoing', 'parent@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading classes.');
    learner.set('classes', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titles()).toEqual(['Grade 7 Algebra']));

    const select = screen.getByLabelText('Learner', { selector: 'input' });
    await waitFor(() => expect(select).toBeEnabled());
    await app.user.click(select);
    await app.user.click(await screen.findByRole('option', { name: 'Amina Kamau' }));
    await waitFor(() => expect(app.currentPath()).toBe('/workspace/classes?filter=ongoing&student_id=31'));
    await waitFor(() => expect(classQueries().at(-1)).toEqual({ filter: 'ongoing', student_id: '31' }));
  });
});

describe('a class and its lessons', () => {
  it('shows the class header and its lessons, with tabs that change the path', async () => {
    const app = await open('/classes/show/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    expect(document.title).toBe('Grade 7 Algebra | Somesha');
    const heading = screen.getByRole('heading', { level: 1, name: 'Grade 7 Algebra' }).closest('header')!;
    expect(within(heading).getByText('Mathematics · Grade 7 · Junior School')).toBeInTheDocument();
    expect(within(heading).getByText('Teacher: Grace Mwangi')).toBeInTheDocument();
    expect(within(heading).getByText('Nov 1, 2026 – Dec 20, 2026')).toBeInTheDocument();
    expect(within(heading).getByText('Equations, step by step.')).toBeInTheDocument();
    expect(within(heading).getByText('Price: KES 6,000')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    const open5 = screen
      .getAllByRole('article')
      .find((card) => within(card).queryByText('Quadratic equations'))!;
    expect(within(open5).queryByText('Booked')).not.toBeInTheDocument();
    const up = screen.getAllByRole('article').find((card) => within(card).queryByText('Linear equations'))!;
    expect(within(up).getByText('Booked')).toBeInTheDocument();
    expect(within(up).getByText('Price: KES 1,500')).toBeInTheDocument();
    expect(within(up).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-UP201',
    );

    await app.user.click(screen.getByRole('tab', { name: 'Past' }));
    await app.landsOn('/classes/show/7/past');
    await waitFor(() => expect(titles()).toEqual(['Algebraic expressions']));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');

    await app.user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await app.landsOn('/classes/show/7/upcoming');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));

    await app.user.click(screen.getByRole('tab', { name: 'All' }));
    await app.landsOn('/classes/show/7');
    const sent = learner.queries.filter((q) => q.endpoint === 'classLessons').map((q) => q.query.filter);
    expect(sent).toEqual(['all', 'past', 'upcoming', 'all']);
  });

  it('shows the not-found page for an unknown filter or a class the caller may not see', async () => {
    const bad = await open('/classes/show/7/someday');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(learner.queries.filter((q) => q.endpoint === 'classLessons')).toEqual([]);
    bad.unmount();

    await open('/classes/show/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('lists a class by its code at /lessons/class/:code, and says when it has no lessons or failed to load', async () => {
    const app = await open('/lessons/class/grade-7-algebra');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    app.unmount();

    learner.set('classLessons', 'empty');
    const empty = await open('/lessons/class/grade-7-algebra');
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    empty.unmount();

    learner.set('classLessons', 'error');
    const failed = await open('/lessons/class/grade-7-algebra');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading lessons.');
    learner.set('classLessons', 'ok');
    await failed.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
  });
});
