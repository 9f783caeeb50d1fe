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

describe('lesson bookings', () => {
  it('lists every booking with its subject, grade, teacher, 12-hour time and state, and switches tabs in the URL', async () => {
    const app = await open('/lessons/booking');
    expect(document.title).toBe('Lesson bookings | Somesha');
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson bookings' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(titles()).toEqual([
      'Inequalities',
      'Simultaneous equations',
      'Linear equations',
      'Algebraic expressions',
    ]);

    const live = screen.getAllByRole('article')[0]!;
    expect(within(live).getByRole('link', { name: 'Inequalities' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-LIVE3',
    );
    expect(within(live).getByText('Mathematics · Grade 7')).toBeInTheDocument();
    expect(within(live).getByText('Teacher: Grace Mwangi')).toBeInTheDocument();
    expect(within(live).getByText(/\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    expect(within(live).getByText('Live now')).toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[2]!).getByText('Starts in 2 hours')).toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[3]!).getByText('Ended')).toBeInTheDocument();
    // A student books for themself: no "For …" line.
    expect(screen.queryByText(/^For /)).not.toBeInTheDocument();
    // Nor a learner selector.
    expect(screen.queryByLabelText('Learner', { selector: 'input' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Past' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?filter=past'));
    await waitFor(() => expect(titles()).toEqual(['Algebraic expressions']));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');

    await app.user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?filter=upcoming'));
    await waitFor(() =>
      expect(titles()).toEqual(['Inequalities', 'Simultaneous equations', 'Linear equations']),
    );

    await app.user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(
      learner.queries.filter((q) => q.endpoint === 'bookings').map((q) => q.query.filter ?? 'all'),
    ).toEqual(['all', 'past', 'upcoming', 'all']);
  });

  it('opens on the tab of the URL', async () => {
    await open('/lessons/booking?filter=past');
    expect(await screen.findByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(titles()).toEqual(['Algebraic expressions']));
  });

  it('lets a parent pick a child, keeps the child in the URL and says whom each booking is for', async () => {
    learner.useParentChildren();
    const app = await open('/lessons/booking', 'parent@example.com');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(within(screen.getAllByRole('article')[0]!).getByText('For Amina Kamau')).toBeInTheDocument();
    expect(within(screen.getAllByRole('article')[2]!).getByText('For Jabali Kamau')).toBeInTheDocument();

    const select = await screen.findByLabelText('Learner', { selector: 'input' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('All children');
    await app.user.click(select);
    await app.user.click(await screen.findByRole('option', { name: 'Jabali Kamau' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?student_id=32'));
    await waitFor(() => expect(titles()).toEqual(['Linear equations']));
    expect(screen.getByLabelText('Learner', { selector: 'input' })).toHaveValue('Jabali Kamau');

    await app.user.click(screen.getByRole('tab', { name: 'Past' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?filter=past&student_id=32'));
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();

    await app.user.click(screen.getByLabelText('Learner', { selector: 'input' }));
    await app.user.click(await screen.findByRole('option', { name: 'All children' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?filter=past'));
    await waitFor(() => expect(titles()).toEqual(['Algebraic expressions']));
  });

  it('says when there is nothing, and offers Try again after an error', async () => {
    learner.set('bookings', 'empty');
    const empty = await open('/lessons/booking');
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();
    empty.unmount();

    learner.set('bookings', 'error');
    const app = await open('/lessons/booking');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading lessons.');
    learner.set('bookings', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
  });
});

describe('a booking whose lesson the teacher cancelled', () => {
  it('says Cancelled with the teacher’s reason and that the money went back, instead of a countdown', async () => {
    const index = learner.bookings.findIndex((row) => row.code === 'LSN-UP201');
    const row = learner.bookings[index]!;
    learner.bookings[index] = {
      ...row,
      cancelled_at: new Date().toISOString(),
      cancellation_reason: 'I am invigilating exams that day.',
    };
    await open('/lessons/booking?filter=upcoming');
    const card = (await screen.findByRole('link', { name: 'Linear equations' })).closest('article')!;
    expect(within(card as HTMLElement).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText(/^Starts in/)).not.toBeInTheDocument();
    expect(
      within(card as HTMLElement).getByText(
        'The teacher cancelled this lesson: I am invigilating exams that day. What was paid for it went back to the wallet of whoever paid.',
      ),
    ).toBeInTheDocument();
  });
});
