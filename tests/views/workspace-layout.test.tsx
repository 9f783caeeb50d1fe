import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLearnerApi } from '../msw/learner-handlers';
import { api } from '../msw/handlers';
import { renderApp, signedInAs } from '../render';

// The layout test walks into workspace pages (Lesson bookings), so the learner endpoints answer too.
useLearnerApi();

const nav = () => screen.getByRole('navigation', { name: 'Workspace navigation' });
const current = () => within(nav()).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

describe('workspace layout', () => {
  it('highlights the entry whose route name starts the current route name', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    expect(current()).toEqual(['Home']);

    await app.user.click(within(nav()).getByRole('link', { name: 'Lesson bookings' }));
    await app.landsOn('/lessons/booking');
    expect(current()).toEqual(['Lesson bookings']);
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson bookings' })).toBeInTheDocument();
    expect(document.title).toBe('Lesson bookings | Somesha');

    // `subjects.show` starts with `subjects`: the child entry inside the expandable group lights up.
    act(() => app.navigate('/subjects/show/mathematics'));
    await app.landsOn('/subjects/show/mathematics');
    expect(current()).toEqual(['Subjects']);

    act(() => app.navigate('/profile-setting'));
    await app.landsOn('/profile-setting');
    expect(current()).toEqual(['Profile settings']);

    // The conversations have their own entry, besides the top bar's icon.
    await app.user.click(within(nav()).getByRole('link', { name: 'Messages' }));
    await app.landsOn('/messages');
    expect(current()).toEqual(['Messages']);
  });

  it('takes the words of the top bar search box to the search page', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const box = screen.getByRole('search', { name: 'Site search' });
    await app.user.type(within(box).getByRole('searchbox'), 'Omondi{Enter}');
    await app.landsOn('/search?q=Omondi');
  });

  it('opens the contact dialog from the Support entry instead of navigating', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');

    await app.user.click(within(nav()).getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    expect(within(dialog).getByRole('link', { name: 'support@somesha.co.ke' })).toHaveAttribute('href', 'mailto:support@somesha.co.ke');
    expect(app.currentPath()).toBe('/workspace');

    await app.user.click(within(dialog).getByRole('button', { name: 'Close support dialog' }));
    expect(screen.queryByRole('dialog', { name: 'Contact support' })).not.toBeInTheDocument();
  });

  it('shows the cart count and signs out from the user menu', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'User menu for Amani Otieno' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Workspace', 'My profile', 'Change password', 'Sign out']);
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await app.landsOn('/sign-in');
    expect(api.calls).toContain('POST /api/logout');
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
