// The public teacher profile (issue 25, docs/reviews-messages.md "Teacher profile pages").
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { renderPage, signedInAs } from '../../render';

useCatalogueApi();

const reviewTexts = () =>
  within(screen.getByRole('region', { name: 'Reviews' }))
    .getAllByRole('article')
    .map((review) => review.textContent ?? '');

describe('teacher profile page', () => {
  it('shows the teacher, their rating with its distribution, reviews, lessons and classes, and Message', async () => {
    const app = renderPage('/teachers/3/grace-mwangi');
    await app.landsOn('/teachers/3/grace-mwangi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' })).toBeInTheDocument();
    expect(document.title).toBe('Grace Mwangi | Somesha');
    expect(screen.getByText('Masters · Alliance High School')).toBeInTheDocument();
    expect(screen.getByText('I have taught mathematics for 12 years.')).toBeInTheDocument();
    expect(screen.getByText(/^On Somesha for \d+ years$/)).toBeInTheDocument();
    expect(within(screen.getByLabelText('Subjects')).getByText('Mathematics')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Levels')).getByText('CBC Grade 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages?to=5');

    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getAllByRole('img', { name: 'Rated 4.6 out of 5 from 12 reviews' })).toHaveLength(
      1,
    );
    expect(within(reviews).getByText(/Average of the stars given: 4\.80 · 12 reviews/)).toBeInTheDocument();
    const bars = within(within(reviews).getByRole('list', { name: 'Reviews by stars' })).getAllByRole(
      'listitem',
    );
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars10',
      '4 stars1',
      '3 stars1',
      '2 stars0',
      '1 star0',
    ]);
    // The first page, newest first: first name and initial, a parent's, an edited one, a reply.
    expect(reviewTexts()).toHaveLength(10);
    expect(reviewTexts()[0]).toMatch(
      /^Amina W\..*Review number 1.*Reply from Grace Mwangi.*Thank you, Amina!/,
    );
    expect(reviewTexts()[1]).toContain('(by a parent)');
    expect(reviewTexts()[3]).toContain('edited');
    expect(within(reviews).getAllByRole('img', { name: '5 out of 5 stars' }).length).toBeGreaterThan(5);

    const lessons = screen.getByRole('region', { name: 'Upcoming lessons' });
    expect(within(lessons).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
    expect(within(lessons).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    const classes = screen.getByRole('region', { name: 'Classes' });
    expect(within(classes).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('shows more reviews under those shown, then no more button', async () => {
    const app = renderPage('/teachers/3');
    await app.landsOn('/teachers/3');
    await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' });
    expect(reviewTexts()).toHaveLength(10);
    await app.user.click(screen.getByRole('button', { name: 'More reviews' }));
    await waitFor(() => expect(reviewTexts()).toHaveLength(12));
    expect(reviewTexts()[0]).toContain('Review number 1');
    expect(reviewTexts()[11]).toContain('Review number 12');
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(app.currentPath()).toBe('/teachers/3');
  });

  it('says "No reviews yet" for a teacher without reviews, and shows no rating', async () => {
    const app = renderPage('/teachers/4/otieno-ochieng');
    await app.landsOn('/teachers/4/otieno-ochieng');
    await screen.findByRole('heading', { level: 1, name: 'Otieno Ochieng' });
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.getByText('No upcoming lessons right now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown teacher, and a retry when loading fails', async () => {
    const missing = renderPage('/teachers/999');
    await missing.landsOn('/teachers/999');
    expect(await screen.findByText('Whoops, 404')).toBeInTheDocument();
    missing.unmount();

    catalogue.set('teacher', 'error');
    const failed = renderPage('/teachers/3');
    await failed.landsOn('/teachers/3');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading this teacher.');
    catalogue.set('teacher', 'ok');
    await failed.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' })).toBeInTheDocument();
  });
});

describe('teacher profile page, signed in', () => {
  it('offers a learner the review composer and every reader a Report action, and a visitor neither', async () => {
    const visitor = renderPage('/teachers/3/grace-mwangi');
    await visitor.landsOn('/teachers/3/grace-mwangi');
    await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' });
    expect(screen.queryByRole('region', { name: t('reviews.rateTitle') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
    visitor.unmount();

    signedInAs('student@example.com');
    const app = renderPage('/teachers/3/grace-mwangi');
    await app.landsOn('/teachers/3/grace-mwangi');
    const form = await screen.findByRole('form', { name: t('reviews.rateTitle') });
    expect(within(form).getByRole('button', { name: 'Publish review' })).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    await waitFor(() =>
      expect(within(reviews).getAllByRole('button', { name: /report/i }).length).toBeGreaterThan(0),
    );
  });

  it('shows no Message on a teacher’s own profile, and Message to everyone else', async () => {
    signedInAs('teacher@example.com');
    catalogue.graceUserId = api.current()!.user.id as number;
    const own = renderPage('/teachers/3/grace-mwangi');
    await own.landsOn('/teachers/3/grace-mwangi');
    await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument());
    own.unmount();

    signedInAs('student@example.com');
    const other = renderPage('/teachers/3/grace-mwangi');
    await other.landsOn('/teachers/3/grace-mwangi');
    await screen.findByRole('heading', { level: 1, name: 'Grace Mwangi' });
    expect(screen.getByRole('link', { name: 'Message' })).toBeInTheDocument();
  });
});
