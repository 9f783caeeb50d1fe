// Issue 25 for an admin: /admin/reviews lists reported reviews with their reports; Hide (with an
// optional remark) or Keep decides once and the review shows its new state in place; the Hidden and
// Kept tabs are in the URL.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useAdminApi } from '../../msw/admin-handlers';
import { reviewsFake } from '../../msw/review-handlers';
import { server } from '../../msw/server';
import { openAsAdmin, openScreenAsAdmin } from '../admin/open-admin';

useAdminApi();

const card = () => screen.getByRole('article', { name: 'Review by Amina W.' });

async function open() {
  const app = await openAsAdmin('/admin/reviews');
  await screen.findByRole('article', { name: 'Review by Amina W.' });
  return app;
}

describe('reported reviews', () => {
  it('lists a reported review with its teacher and reports, without axe violations', async () => {
    await openScreenAsAdmin('/admin/reviews');
    await screen.findByRole('article', { name: 'Review by Amina W.' });
    expect(document.title).toBe('Reported reviews | Somesha');
    expect(within(card()).getByRole('heading', { name: 'Review of Grace Mwangi' })).toBeInTheDocument();
    expect(within(card()).getByText('Never on time and rude to everyone in class.')).toBeInTheDocument();
    expect(within(card()).getByText(/Insulting/)).toBeInTheDocument();
    expect(within(card()).getByText('Wanjiku Kamau')).toBeInTheDocument();
    const result = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('hides a review with a remark, once', async () => {
    const app = await open();
    const form = within(card()).getByRole('form', { name: 'Decide on the review by Amina W.' });
    await app.user.type(within(form).getByRole('textbox', { name: /Remark/ }), 'Insults are not reviews.');
    await app.user.click(within(form).getByRole('button', { name: 'Hide' }));
    expect(await within(card()).findByText('Hidden')).toBeInTheDocument();
    expect(within(card()).queryByRole('form')).not.toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/admin/reviews/hide/61')).toEqual({
      remark: 'Insults are not reviews.',
    });
    expect(await screen.findByText(t('reviews.hidden'))).toBeInTheDocument();
  });

  it('keeps a review', async () => {
    const app = await open();
    await app.user.click(within(card()).getByRole('button', { name: 'Keep' }));
    expect(await within(card()).findByText('Kept')).toBeInTheDocument();
    expect(reviewsFake.bodies.get('POST /api/admin/reviews/keep/61')).toEqual({ remark: '' });
  });

  it('says so when another admin decided first', async () => {
    server.use(
      http.post('/api/admin/reviews/hide/:id', () =>
        HttpResponse.json({ message: t('reviews.decided') }, { status: 409 }),
      ),
    );
    const app = await open();
    await app.user.click(within(card()).getByRole('button', { name: 'Hide' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(t('reviews.decided'));
  });

  it('has Hidden and Kept tabs in the URL, and is in the admin menu', async () => {
    const app = await openScreenAsAdmin('/admin/reviews');
    await screen.findByRole('article', { name: 'Review by Amina W.' });
    expect(screen.getAllByRole('link', { name: 'Reported reviews' }).length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('tab', { name: 'Hidden' }));
    expect(await screen.findByRole('article', { name: 'Review by Jabali K.' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin/reviews?status=hidden');
  });
});
