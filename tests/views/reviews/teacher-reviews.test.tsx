// Issue 25 for a teacher: /teaching/reviews lists their reviews with the rating; Reply posts one
// public reply (checked with the shared rule first), Edit reply replaces it, and Report sends a reason.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { reviewsFake } from '../../msw/review-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, renderPage, signedInAs } from '../../render';

useFakeApi();

async function open(render = renderPage) {
  signedInAs('teacher@example.com');
  const app = render('/teaching/reviews');
  await app.landsOn('/teaching/reviews');
  await screen.findByRole('article', { name: 'Review by Baraka O.' });
  return app;
}

const card = (name: string) => screen.getByRole('article', { name: `Review by ${name}` });

describe('the teacher’s reviews', () => {
  it('lists the reviews with the rating, and has no axe violations', async () => {
    await open(renderApp);
    expect(document.title).toBe('My reviews | Somesha');
    expect(screen.getByRole('img', { name: 'Rated 4.2 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(average 4.5 from 2 reviews)')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const result = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('posts a reply, checked first, and shows it in place; Edit reply replaces it', async () => {
    const app = await open();
    await app.user.click(within(card('Baraka O.')).getByRole('button', { name: 'Reply' }));
    const form = within(card('Baraka O.')).getByRole('form', { name: 'Reply to Baraka O.' });
    await app.user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(within(form).getByText('Write your reply.')).toBeInTheDocument();
    await app.user.type(
      within(form).getByRole('textbox', { name: /Your public reply/ }),
      'Call me on 0712 345 678',
    );
    await app.user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(
      within(form).getByText(
        'Please leave out phone numbers, e-mail addresses and links: replies are public.',
      ),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/reviews/reply/51');

    await app.user.clear(within(form).getByRole('textbox', { name: /Your public reply/ }));
    await app.user.type(
      within(form).getByRole('textbox', { name: /Your public reply/ }),
      'Thank you, Baraka!',
    );
    await app.user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(await within(card('Baraka O.')).findByText('Thank you, Baraka!')).toBeInTheDocument();
    expect(await screen.findByText(t('reviews.replied'))).toBeInTheDocument();

    await app.user.click(within(card('Baraka O.')).getByRole('button', { name: 'Edit reply' }));
    const again = within(card('Baraka O.')).getByRole('textbox', { name: /Your public reply/ });
    expect(again).toHaveValue('Thank you, Baraka!');
    await app.user.clear(again);
    await app.user.type(again, 'Thank you, Baraka! See you next week.');
    await app.user.click(within(card('Baraka O.')).getByRole('button', { name: 'Publish reply' }));
    expect(
      await within(card('Baraka O.')).findByText('Thank you, Baraka! See you next week.'),
    ).toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/reviews/reply/51')).toEqual({
      text: 'Thank you, Baraka! See you next week.',
    });
  });

  it('reports a review with a reason', async () => {
    const app = await open();
    await app.user.click(within(card('Baraka O.')).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: t('reviews.reportTitle') });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Say what is wrong with this review.')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: /What is wrong/ }), 'It insults me.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(t('reviews.reported'))).toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/reviews/report/51')).toEqual({ reason: 'It insults me.' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(card('Baraka O.')).getByRole('status')).toHaveTextContent('Reported'));
  });

  it('is in the teacher’s menu', async () => {
    await open(renderApp);
    expect(screen.getAllByRole('link', { name: 'My reviews' }).length).toBeGreaterThan(0);
  });
});
