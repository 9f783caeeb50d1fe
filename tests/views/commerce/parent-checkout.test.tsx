// A parent pays for lessons for one of their children: with several, checkout asks which one and
// every pay call says it (`student_id`); with one child nothing is asked. Also: an order paid while
// the drawer is still behind the checkout dialog takes the drawer away with it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { checkoutDialog, choose, openCart, openCheckout, pay, typePin, type App } from './commerce-helpers';

useFakeApi();

const child = (id: number, firstName: string) => ({
  id,
  student_no: `STD-2026-000${id}`,
  profile_completed: true,
  user: { id: id + 1000, first_name: firstName, last_name: 'Kamau', username: firstName.toLowerCase() },
});

/** The demo parent with these children, signed in, at checkout with a lesson and a plan in the cart. */
async function parentAtCheckout(children: ReturnType<typeof child>[]): Promise<App> {
  const parent = api.accounts.get('parent@example.com')!;
  parent.user.parent = {
    ...(parent.user.parent as object),
    students_count: children.length,
    students: children,
  };
  commerce.fill();
  signedInAs('parent@example.com');
  const app = renderApp('/workspace');
  await app.landsOn('/workspace');
  await openCart(app, 2);
  await openCheckout(app);
  return app;
}

async function payByWallet(app: App) {
  await choose(app, 'Wallet');
  await pay(app);
  const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
  await typePin(app, modal, 'Wallet PIN', '1234');
  await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));
  expect(await within(modal).findByText(t('payment.paid'), { selector: 'p' })).toBeInTheDocument();
}

describe('checkout for a parent', () => {
  it('asks a parent of two whom the lessons are for, and pays for the child chosen', async () => {
    const app = await parentAtCheckout([child(21, 'Wanjiru'), child(22, 'Otieno')]);
    const whom = within(checkoutDialog()).getByRole('radiogroup', { name: /Who are these lessons for\?/ });
    expect(within(whom).getByRole('radio', { name: 'Wanjiru Kamau' })).not.toBeChecked();
    expect(within(whom).getByRole('radio', { name: 'Otieno Kamau' })).not.toBeChecked();

    await choose(app, 'Wallet');
    await pay(app);
    expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('payment.childRequired'));
    expect(screen.queryByRole('dialog', { name: t('payment.walletTitle') })).not.toBeInTheDocument();
    expect(api.bodies.has('POST /api/payments/wallet/41')).toBe(false);

    await app.user.click(within(whom).getByRole('radio', { name: 'Otieno Kamau' }));
    expect(within(checkoutDialog()).queryByRole('alert')).not.toBeInTheDocument();
    await payByWallet(app);
    expect(api.bodies.get('POST /api/payments/wallet/41')).toEqual({ pin: '1234', student_id: 22 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  });

  it('sends the chosen child with an M-Pesa payment too', async () => {
    const app = await parentAtCheckout([child(21, 'Wanjiru'), child(22, 'Otieno')]);
    await app.user.click(within(checkoutDialog()).getByRole('radio', { name: 'Wanjiru Kamau' }));
    await choose(app, 'M-Pesa express');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));
    expect(await within(modal).findByText(t('payment.mpesaPrompt'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/payments/mpesa/41')).toEqual({ phone: '254712345678', student_id: 21 });
  });

  it('does not ask a parent of one child, and pays for that child', async () => {
    const app = await parentAtCheckout([child(31, 'Akinyi')]);
    expect(
      within(checkoutDialog()).queryByRole('radiogroup', { name: /Who are these lessons for/ }),
    ).not.toBeInTheDocument();
    await payByWallet(app);
    expect(api.bodies.get('POST /api/payments/wallet/41')).toEqual({ pin: '1234', student_id: 31 });
  });

  it('sends no child for a student paying for themselves', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await openCheckout(app);
    expect(
      within(checkoutDialog()).queryByRole('radiogroup', { name: /Who are these lessons for/ }),
    ).not.toBeInTheDocument();
    await payByWallet(app);
    expect(api.bodies.get('POST /api/payments/wallet/41')).toEqual({ pin: '1234' });
  });
});

describe('paying before the drawer has closed', () => {
  it('closes the cart drawer with the checkout dialog instead of leaving it open', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    // A fake clock that keeps running: the drawer's 1000 ms pass in no time below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openCheckout(app);
    // Still within the 1000 ms: the drawer is behind the dialog.
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
    // What the payment actor emits on success, forwarded by the app's wiring.
    app.actors.getCommerce()?.checkout.send({ type: 'payment.succeeded' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument());
    expect(app.actors.cart.getSnapshot().matches({ drawer: 'hidden' })).toBe(true);
  });
});
