import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { api, PASSWORD } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { passwordField, renderApp, signedInAs } from '../../render';
import { cartDrawer, openCart, snackbarText } from './commerce-helpers';

useFakeApi();

describe('cart drawer', () => {
  it('lists each item with its details and price, and the subtotal', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const drawer = await openCart(app, 2);

    const items = within(drawer).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [lesson, plan] = items as [HTMLElement, HTMLElement];
    expect(within(lesson).getByText('Algebra')).toBeInTheDocument();
    expect(within(lesson).getByText('Mathematics · CBC')).toBeInTheDocument();
    expect(
      within(lesson).getByText(/^Dec 3, 2026, \d{1,2}:00 (AM|PM) – \d{1,2}:00 (AM|PM)$/),
    ).toBeInTheDocument();
    expect(within(lesson).getByText('KES 1,500')).toBeInTheDocument();
    expect(within(plan).getByText('Premium')).toBeInTheDocument();
    expect(within(plan).getByText('Subscription plan')).toBeInTheDocument();
    expect(within(plan).getByText('KES 2,000')).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,500');
    expect(within(drawer).getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();

    await app.user.click(within(drawer).getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument());
  });

  it('says on a line that the buyer’s plan covers it or takes its share off, with the list price struck', async () => {
    commerce.fill();
    const [lessonLine, planLine] = commerce.lines as [
      (typeof commerce.lines)[number],
      (typeof commerce.lines)[number],
    ];
    commerce.lines = [
      { ...lessonLine, plan: { name: 'Basic', covered: true, discount_percent: null }, chargedCents: 0 },
      {
        ...lessonLine,
        purchasable: { ...lessonLine.purchasable, id: 13, topic: { name: 'Fractions' } },
        plan: { name: 'Basic', covered: false, discount_percent: 10 },
        chargedCents: 135_000,
      },
      planLine,
    ];
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const drawer = await openCart(app, 3);

    const [covered, discounted] = within(drawer).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(covered).getByText('Covered by your Basic plan')).toBeInTheDocument();
    expect(within(covered).getByText('KES 0')).toBeInTheDocument();
    expect(within(covered).getByText('KES 1,500')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(discounted).getByText('10% off with your Basic plan')).toBeInTheDocument();
    expect(within(discounted).getByText('KES 1,350')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,350');
  });

  it('says the cart is empty at 0 items', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const drawer = await openCart(app, 0);
    expect(within(drawer).getByText(t('cart.empty'))).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
  });

  it('shows a loading indicator while the cart loads', async () => {
    signedInAs('student@example.com');
    server.use(http.get('/api/cart', () => delay('infinite')));
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await app.user.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByRole('status', { name: 'Loading cart' })).toBeInTheDocument();
    expect(within(drawer).queryByText(t('cart.empty'))).not.toBeInTheDocument();
  });

  it('marks the cart button with a red dot and shows the server message when the cart fails, and retries', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    server.use(
      http.get('/api/cart', () =>
        HttpResponse.json({ message: 'The cart service is down.' }, { status: 503 }),
      ),
    );
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');

    const button = await screen.findByRole('button', { name: 'Cart, 0 items, could not load' });
    expect(screen.getByTestId('cart-error-dot')).toBeInTheDocument();
    await app.user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    // Opening a failed cart tries again; it fails again here, so the message stays.
    expect(await within(drawer).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const alert = within(drawer).getByRole('alert');
    expect(alert).toHaveTextContent(t('cart.error'));
    expect(alert).toHaveTextContent('The cart service is down.');
    expect(api.calls.filter((call) => call === 'GET /api/cart').length).toBeGreaterThanOrEqual(2);

    server.resetHandlers();
    await app.user.click(within(drawer).getByRole('button', { name: 'Try again' }));
    expect(await within(cartDrawer()).findByText('Algebra')).toBeInTheDocument();
    expect(within(cartDrawer()).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-error-dot')).not.toBeInTheDocument();
  });

  it('removes an item after the persistent confirmation and replaces the cart with the answer', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const drawer = await openCart(app, 2);

    await app.user.click(within(drawer).getByRole('button', { name: 'Remove Algebra' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove item' });
    expect(within(confirm).getByText('Remove Algebra from your cart?')).toBeInTheDocument();
    // Persistent: Escape does not close it, only its buttons do.
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Remove item' })).toBeInTheDocument();
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove item' })).not.toBeInTheDocument(),
    );
    expect(api.calls).not.toContain('POST /api/cart/remove/item');

    await app.user.click(within(cartDrawer()).getByRole('button', { name: 'Remove Algebra' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove item' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(snackbarText()).toBe('Algebra deleted'));
    expect(api.bodies.get('POST /api/cart/remove/item')).toEqual({
      purchasable_type: 'lesson',
      purchasable_id: 501,
    });
    expect(screen.queryByRole('dialog', { name: 'Remove item' })).not.toBeInTheDocument();
    expect(within(cartDrawer()).queryByText('Algebra')).not.toBeInTheDocument();
    expect(within(cartDrawer()).getByTestId('cart-subtotal')).toHaveTextContent('KES 2,000');
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('keeps the item and says so when removing fails', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    server.use(http.post('/api/cart/remove/item', () => HttpResponse.json({}, { status: 500 })));
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    const drawer = await openCart(app, 2);
    await app.user.click(within(drawer).getByRole('button', { name: 'Remove Premium' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Remove item' })).getByRole('button', {
        name: 'Remove',
      }),
    );

    await waitFor(() => expect(snackbarText()).toBe(t('cart.removeItemError')));
    expect(screen.getByRole('alert')).toHaveTextContent(t('cart.removeItemError'));
    expect(within(cartDrawer()).getByText('Premium')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('fetches a visitor’s session cart at start-up and asks them to sign in to check out', async () => {
    commerce.fill();
    document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    const drawer = await openCart(app, 2);
    expect(within(drawer).getByText('Algebra')).toBeInTheDocument();
    const signIn = within(drawer).getByRole('link', { name: 'Sign in to check out' });
    expect(signIn).toHaveAttribute('href', '/sign-in?redirect=%2Fplans');
    await app.user.click(signIn);
    await app.landsOn('/sign-in?redirect=%2Fplans');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
  });

  it('does not ask for a cart on a first visit (no session yet)', async () => {
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(api.calls).not.toContain('GET /api/cart');
  });

  it('fetches the cart after sign-in and forgets it at sign-out', async () => {
    commerce.fill();
    const app = renderApp('/sign-in');
    await app.landsOn('/sign-in');
    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'student@example.com');
    await app.user.type(passwordField(), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await app.landsOn('/workspace');
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'User menu for Amani Otieno' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await app.landsOn('/sign-in');
    expect(app.actors.cart.getSnapshot().context.cart.itemCount).toBe(0);
  });
});
