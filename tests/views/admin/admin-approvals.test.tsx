// /admin/lessons and /admin/classes against the fake API: the pending items with teacher, topic,
// subject, grade, time and price; approve; reject with a comment; a 409 once decided; the tabs.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { LESSON_NOT_PENDING, admin, adminLesson, useAdminApi } from '../../msw/admin-handlers';
import { openAsAdmin } from './open-admin';

useAdminApi();

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;

async function open(path: string, first: string) {
  const app = await openAsAdmin(path);
  await screen.findByRole('heading', { level: 2, name: first });
  return app;
}

describe('admin lesson approvals', () => {
  it('lists pending lessons with their teacher, subject, grade, time and price', async () => {
    await open('/admin/lessons', 'Fractions');
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson approvals' })).toBeInTheDocument();
    const fractions = within(card('Fractions'));
    for (const text of ['Grace Mwangi', 'Mathematics', 'Grade 7', 'KES 1,500', 'Pending'])
      expect(fractions.getByText(text)).toBeInTheDocument();
    // 12-hour times in the viewer's zone (SPEC §9): an hour-long lesson on Dec 1.
    expect(fractions.getByText(/^Dec 1, 2026, \d{1,2}:00 [AP]M – \d{1,2}:00 [AP]M$/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ratios' })).not.toBeInTheDocument();
  });

  it('approves a lesson, which leaves the pending list', async () => {
    const app = await open('/admin/lessons', 'Fractions');
    await app.user.click(screen.getByRole('button', { name: 'Approve Fractions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Fractions' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Lesson approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Fractions' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Decimals' })).toBeInTheDocument();
  });

  it('rejects with a comment, checked before sending', async () => {
    const app = await open('/admin/lessons', 'Fractions');
    await app.user.click(screen.getByRole('button', { name: 'Reject Decimals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Decimals' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await app.user.paste('The time clashes with the national exams.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Lesson rejected')).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/lessons/reject/12')).toEqual({
      comment: 'The time clashes with the national exams.',
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Decimals' })).not.toBeInTheDocument(),
    );

    await app.user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/lessons?status=rejected'));
    expect(
      within(
        await screen
          .findByRole('heading', { level: 2, name: 'Decimals' })
          .then((h) => h.closest('article') as HTMLElement),
      ).getByText('The time clashes with the national exams.'),
    ).toBeInTheDocument();
  });

  it("shows the server's 409 when the lesson was decided elsewhere", async () => {
    const app = await open('/admin/lessons', 'Fractions');
    const fractions = admin.lessons.find((lesson) => lesson.id === 11);
    if (fractions) fractions.status = 'approved';
    await app.user.click(screen.getByRole('button', { name: 'Reject Fractions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Fractions' });
    await app.user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await app.user.paste('Too close to the exams.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LESSON_NOT_PENDING);
  });
});

describe('a lesson series (issue 24)', () => {
  it('approves every waiting lesson of a series in one step', async () => {
    for (const lesson of admin.lessons.filter((item) => item.id === 11 || item.id === 12))
      Object.assign(lesson, { series: 'S1', series_pending: 2 });
    const app = await open('/admin/lessons', 'Fractions');
    const name = 'the series of Fractions (2 lessons)';
    expect(within(card('Fractions')).getByText('Whole series (2 lessons waiting):')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: `Approve ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Approve ${name}` });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(t('teach.seriesApproved', { count: 2 }))).toBeInTheDocument();
    expect(admin.bodies.has('POST /api/admin/lessons/approve-series/11')).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Decimals' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { level: 2, name: 'Fractions' })).not.toBeInTheDocument();
  });

  it('rejects a series with the comment; a lesson alone offers no series buttons', async () => {
    for (const lesson of admin.lessons.filter((item) => item.id === 11 || item.id === 12))
      Object.assign(lesson, { series: 'S1', series_pending: 2 });
    admin.lessons.push(adminLesson(15, 'Angles again', 'pending', { series_pending: 1 }));
    const app = await open('/admin/lessons', 'Fractions');
    expect(within(card('Angles again')).queryByRole('button', { name: /series/ })).not.toBeInTheDocument();
    const name = 'the series of Decimals (2 lessons)';
    await app.user.click(screen.getByRole('button', { name: `Reject ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Reject ${name}` });
    await app.user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await app.user.paste('Each lesson needs its own objective.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(t('teach.seriesRejected', { count: 2 }))).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/lessons/reject-series/12')).toEqual({
      comment: 'Each lesson needs its own objective.',
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Fractions' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Angles again' })).toBeInTheDocument();
  });
});

describe('admin class approvals', () => {
  it('lists pending classes and approves or rejects them', async () => {
    const app = await open('/admin/classes', 'Form 3 Chemistry');
    expect(screen.getByRole('heading', { level: 1, name: 'Class approvals' })).toBeInTheDocument();
    const chemistry = within(card('Form 3 Chemistry'));
    for (const text of ['Grace Mwangi', 'Chemistry', 'Form 3', 'KES 6,000', 'Revision'])
      expect(chemistry.getByText(text)).toBeInTheDocument();
    expect(chemistry.getByText(/Dec 1, 2026 – Dec 20, 2026/)).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Reject Form 3 Chemistry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Form 3 Chemistry' });
    await app.user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await app.user.paste('Dates overlap the holidays.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Class rejected')).toBeInTheDocument();
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });
});
