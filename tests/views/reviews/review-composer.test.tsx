// Issue 25: "Rate your teacher" on a learner's past lesson page: stars and an optional text checked
// with the shared rules before any call, the review published and shown with Edit and Delete, the
// reason when the learner may not review yet, Retry after a failure, and a parent choosing the child.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { NOT_ELIGIBLE, fakeReview, reviewsFake } from '../../msw/review-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

const GOOD = 'Patient and clear, my algebra is much better now.';
const HOUR = 3_600_000;

async function violations(element: Element): Promise<string[]> {
  const result = await axe.run(element, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

async function openPast(email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage('/lessons/show/LSN-PAST4');
  await app.landsOn('/lessons/show/LSN-PAST4');
  await screen.findByRole('heading', { level: 1, name: 'Algebraic expressions' });
  return app;
}

/** A star of the rating input: its label is what a pointer clicks (the radio itself is hidden). */
function star(scope: ReturnType<typeof within>, stars: number): HTMLElement {
  const radio = scope.getByRole('radio', { name: `${stars} stars` }) as HTMLInputElement;
  const label = radio.labels?.[0];
  if (!label) throw new Error(`No label for ${stars} stars`);
  return label;
}

const composer = () => screen.getByRole('region', { name: t('reviews.rateTitle') });
const posts = () => api.calls.filter((call) => call.startsWith('POST /api/reviews'));

describe('rate your teacher', () => {
  it('checks the stars and the text before sending, then shows the published review', async () => {
    const app = await openPast();
    const form = await screen.findByRole('form', { name: t('reviews.rateTitle') });
    expect(await violations(composer())).toEqual([]);

    await app.user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(within(form).getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    await app.user.click(star(within(form), 4));
    expect(within(form).queryByText('Choose from 1 to 5 stars.')).not.toBeInTheDocument();
    const text = within(form).getByRole('textbox', { name: /Your review/ });
    await app.user.type(text, 'Too short.');
    await app.user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(within(form).getByText('The review must be at least 20 characters.')).toBeInTheDocument();
    await app.user.clear(text);
    await app.user.type(text, 'Great teacher, call me on 0712 345 678 for the notes.');
    await app.user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(
      within(form).getByText(
        'Please leave out phone numbers, e-mail addresses and links: reviews are about the lessons.',
      ),
    ).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await app.user.clear(text);
    await app.user.type(text, GOOD);
    await app.user.click(star(within(form), 5));
    await app.user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(composer()).findByText(GOOD)).toBeInTheDocument();
    expect(within(composer()).getByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/reviews')).toEqual({
      teacher_id: 3,
      student_id: 301,
      stars: 5,
      text: GOOD,
    });
    expect(await screen.findByText(t('reviews.created'))).toBeInTheDocument();
    expect(await violations(composer())).toEqual([]);
  });

  it('edits and deletes the learner’s own review', async () => {
    reviewsFake.mine.data = fakeReview(71, { stars: 3, text: GOOD });
    const app = await openPast();
    await app.user.click(await within(composer()).findByRole('button', { name: 'Edit review' }));
    const form = screen.getByRole('form', { name: t('reviews.rateTitle') });
    expect(within(form).getByRole('textbox', { name: /Your review/ })).toHaveValue(GOOD);
    await app.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(composer()).getByRole('button', { name: 'Edit review' }));
    await app.user.click(star(within(composer()), 5));
    await app.user.click(within(composer()).getByRole('button', { name: 'Save changes' }));
    expect(await within(composer()).findByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/reviews/update/71')).toEqual({ stars: 5, text: GOOD });

    await app.user.click(within(composer()).getByRole('button', { name: 'Delete review' }));
    const confirm = within(composer()).getByRole('alertdialog', { name: 'Delete your review' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await app.user.click(within(composer()).getByRole('button', { name: 'Delete review' }));
    await app.user.click(within(composer()).getByRole('button', { name: 'Delete' }));
    expect(await within(composer()).findByRole('button', { name: 'Publish review' })).toBeInTheDocument();
    expect(reviewsFake.mine.data).toBeNull();
  });

  it('says why a learner may not review yet', async () => {
    Object.assign(reviewsFake.mine, { eligible: false, reason: NOT_ELIGIBLE });
    await openPast();
    expect(await within(composer()).findByText(NOT_ELIGIBLE)).toBeInTheDocument();
    expect(within(composer()).queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('offers Try again when the review was not saved', async () => {
    reviewsFake.failNext = 500;
    const app = await openPast();
    const form = await screen.findByRole('form', { name: t('reviews.rateTitle') });
    await app.user.click(star(within(form), 4));
    await app.user.click(within(form).getByRole('button', { name: 'Publish review' }));
    const alert = await within(composer()).findByRole('alert');
    expect(alert).toHaveTextContent('Your review was not saved');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(composer()).findByRole('img', { name: '4 stars out of 5' })).toBeInTheDocument();
  });

  it('lets a parent with several children choose the child', async () => {
    reviewsFake.mine.students = [
      { id: 301, name: 'Amina Kamau' },
      { id: 302, name: 'Jabali Kamau' },
    ];
    const app = await openPast('parent@example.com');
    await screen.findByRole('form', { name: t('reviews.rateTitle') });
    await app.user.click(within(composer()).getByLabelText('Review for', { selector: 'input' }));
    await app.user.click(await screen.findByRole('option', { name: 'Jabali Kamau' }));
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/reviews/mine')).toHaveLength(2));
  });

  it('is not shown before the lesson ends', async () => {
    const start = Date.now() + 2 * HOUR;
    Object.assign(learner.lessons.past, {
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + HOUR).toISOString(),
    });
    await openPast();
    expect(screen.queryByRole('region', { name: t('reviews.rateTitle') })).not.toBeInTheDocument();
  });
});
