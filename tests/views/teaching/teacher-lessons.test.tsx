// My lessons (`/teaching/lessons`): the teacher's lessons by tab in the URL, each with its review
// state, price, bookings and the way to edit or reschedule it; Create lessons or why not yet.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { teacherLesson, teaching, useTeachingApi } from '../../msw/teaching-handlers';
import { renderPage, signedInAs } from '../../render';

useTeachingApi();

async function open(path: string) {
  signedInAs('teacher@example.com');
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const cards = () => screen.getAllByRole('article');

describe('my lessons', () => {
  it('lists upcoming lessons with subject, grade, 12-hour time, price, bookings, approval and edit links', async () => {
    teaching.lessons.upcoming = [
      teacherLesson({ id: 1, topic: 'Linear equations', startAt: '2099-12-01T06:00:00.000Z' }),
      teacherLesson({
        id: 2,
        topic: 'Inequalities',
        startAt: '2099-12-02T11:30:00.000Z',
        bookings: 3,
        price: '2500.00',
      }),
    ];
    await open('/teaching/lessons');
    expect(document.title).toBe('My lessons | Somesha');
    expect(screen.getByRole('heading', { level: 1, name: 'My lessons' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));

    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-T001',
    );
    expect(within(first).getByText('Mathematics · Grade 7 · Public')).toBeInTheDocument();
    expect(
      within(first).getByText(/^Dec 1, 2099 · \d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)$/),
    ).toBeInTheDocument();
    expect(within(first).getByText('KES 1,500 per learner')).toBeInTheDocument();
    expect(within(first).getByText('0 bookings')).toBeInTheDocument();
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(within(first).getByText(t('lesson.approved'))).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Linear equations' })).toHaveAttribute(
      'href',
      '/teaching/lessons/edit/1',
    );
    // Booked: only a new date and time.
    expect(within(second).getByText('3 bookings')).toBeInTheDocument();
    expect(within(second).getByText('KES 2,500 per learner')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Reschedule Inequalities' })).toHaveAttribute(
      'href',
      '/teaching/lessons/edit/2',
    );

    expect(screen.getByRole('link', { name: 'Create lessons' })).toHaveAttribute(
      'href',
      '/teaching/lessons/create',
    );
    expect(teaching.filters).toEqual(['upcoming']);
  });

  it('switches tabs in the URL: rejected shows the comment, cancelled the reason and no edit link', async () => {
    teaching.lessons.rejected = [
      teacherLesson({
        id: 5,
        topic: 'Fractions',
        startAt: '2099-12-05T06:00:00.000Z',
        status: 'rejected',
        comment: 'The objective is too vague.',
      }),
    ];
    teaching.lessons.cancelled = [
      teacherLesson({
        id: 6,
        topic: 'Ratios',
        startAt: '2099-12-06T06:00:00.000Z',
        status: 'cancelled',
        bookings: 1,
      }),
    ];
    teaching.lessons.pending = [
      teacherLesson({ id: 7, topic: 'Angles', startAt: '2099-12-07T06:00:00.000Z', status: 'pending' }),
    ];
    const app = await open('/teaching/lessons');
    expect(await screen.findByText('No lessons available.')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(app.currentPath()).toBe('/teaching/lessons?filter=rejected'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const rejected = cards()[0]!;
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(
      within(rejected).getByText(`${t('lesson.rejected')}: The objective is too vague.`),
    ).toBeInTheDocument();
    expect(within(rejected).getByRole('link', { name: 'Edit Fractions' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    await waitFor(() => expect(app.currentPath()).toBe('/teaching/lessons?filter=cancelled'));
    await waitFor(() => expect(within(cards()[0]!).getByText('Ratios')).toBeInTheDocument());
    expect(within(cards()[0]!).getByText('Cancelled: I am unwell.')).toBeInTheDocument();
    expect(within(cards()[0]!).queryByRole('link', { name: /Edit|Reschedule/ })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(within(cards()[0]!).getByText('Pending approval')).toBeInTheDocument());
    expect(screen.queryByText(t('lesson.approved'))).not.toBeInTheDocument();
    expect(teaching.filters).toEqual(['upcoming', 'rejected', 'cancelled', 'pending']);
  });

  it('pages through a long tab', async () => {
    teaching.lessons.past = Array.from({ length: 17 }, (_, i) =>
      teacherLesson({ id: 100 + i, topic: `Past lesson ${i + 1}`, startAt: '2026-01-05T06:00:00.000Z' }),
    );
    const app = await open('/teaching/lessons?filter=past');
    await waitFor(() => expect(cards()).toHaveLength(15));
    const pager = screen.getByRole('navigation', { name: 'Pages of my lessons' });
    await app.user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(app.currentPath()).toBe('/teaching/lessons?filter=past&page=2'));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[1]!).getByText('Past lesson 17')).toBeInTheDocument();
  });

  it('tells a teacher whose profile awaits approval why they cannot create lessons', async () => {
    teaching.formData = {
      ...teaching.formData,
      can_create: false,
      reason: 'Your profile is awaiting approval.',
    };
    await open('/teaching/lessons');
    expect(await screen.findByText('Your profile is awaiting approval.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create lessons' })).not.toBeInTheDocument();
  });
});
