import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { renderApp, renderPage } from '../../render';

useCatalogueApi();

const clock = (iso: string) =>
  new Date(iso)
    .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })
    .replace(/\u202f/g, ' ');

function row(label: string): string | null | undefined {
  const header = screen.getByRole('rowheader', { name: label });
  return header.closest('tr')?.querySelector('td')?.textContent;
}

describe('lesson view', () => {
  it('shows a loader while the lesson loads', async () => {
    catalogue.set('lesson', 'hang');
    const app = renderPage('/lessons/view/LSN-7K2Q9');
    await app.landsOn('/lessons/view/LSN-7K2Q9');
    expect(await screen.findByRole('status', { name: 'Loading lesson' })).toBeInTheDocument();
  });

  it('shows everything a buyer needs, with dates, 12-hour times and the price in KES', async () => {
    const app = renderPage('/lessons/view/LSN-7K2Q9');
    await app.landsOn('/lessons/view/LSN-7K2Q9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
    expect(document.title).toBe('Linear equations | Somesha');
    expect(row('Topic')).toBe('Linear equations');
    expect(row('Program')).toBe('Grade 7 Mathematics');
    expect(row('Curriculum')).toBe('Competency Based Curriculum');
    const day = new Date('2026-12-01T14:00:00.000Z').getDate();
    expect(row('Date')).toBe(`${day}${day === 1 ? 'st' : day === 2 ? 'nd' : 'th'} December 2026`);
    expect(row('Time')).toBe(`${clock('2026-12-01T14:00:00.000Z')} – ${clock('2026-12-01T15:00:00.000Z')}`);
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace Mwangi' })).toHaveAttribute(
      'href',
      '/teachers/3/grace-mwangi',
    );
    expect(screen.getByRole('img', { name: 'Rated 4.6 out of 5 from 12 reviews' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('complementary', { name: 'Price' })).getByText('KES 1,500'),
    ).toBeInTheDocument();
  });

  it('adds the lesson to the cart for a visitor, says so and opens the cart', async () => {
    const app = renderApp('/lessons/view/LSN-7K2Q9');
    await app.landsOn('/lessons/view/LSN-7K2Q9');
    await app.user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(t('cart.lessonAdded'))).toBeInTheDocument();
    expect(commerce.lines).toHaveLength(1);
    await waitFor(() => expect(app.actors.cart.getSnapshot().context.cart.itemCount).toBe(1));
    expect(app.actors.cart.getSnapshot().matches({ drawer: 'visible' })).toBe(true);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('shows why the lesson could not be added', async () => {
    catalogue.set('addToCart', 'error');
    const app = renderApp('/lessons/view/LSN-7K2Q9');
    await app.landsOn('/lessons/view/LSN-7K2Q9');
    await app.user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('cart.lessonUnavailable'));
    expect(commerce.lines).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByText(t('cart.lessonAdded'))).not.toBeInTheDocument();
    // The button works again: the next press tries once more.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('shows the not-found page for a code that does not exist or is not public, without Try again', async () => {
    const app = renderPage('/lessons/view/NOPE');
    await app.landsOn('/lessons/view/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading this lesson.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the lesson could not be loaded when the server fails, with Try again', async () => {
    catalogue.set('lesson', 'error');
    const app = renderPage('/lessons/view/LSN-7K2Q9');
    await app.landsOn('/lessons/view/LSN-7K2Q9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading this lesson.');
    expect(screen.getByRole('link', { name: 'Browse classes' })).toHaveAttribute('href', '/classes');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the upcoming lessons at /lessons/show without a code, each opening its page', async () => {
    const app = renderPage('/lessons/show');
    await app.landsOn('/lessons/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming lessons' })).toBeInTheDocument();
    expect(screen.queryByText('Which lesson?')).not.toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-7K2Q9',
    );
    expect(within(card).getByText('KES 1,500')).toBeInTheDocument();
  });

  it('opens the same view at /lessons/show?code=', async () => {
    const app = renderPage('/lessons/show?code=LSN-7K2Q9');
    await app.landsOn('/lessons/show?code=LSN-7K2Q9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
  });
});
