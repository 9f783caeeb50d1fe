import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { snackbarText } from './commerce-helpers';

useFakeApi();

const plan = (name: string) => screen.getByRole('article', { name });

describe('plans page', () => {
  it('lists the plans with price, features and the recommended badge', async () => {
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    expect(await screen.findByRole('heading', { level: 2, name: 'Premium' })).toBeInTheDocument();
    expect(document.title).toBe('Plans | Somesha');
    const premium = plan('Premium');
    expect(within(premium).getByText('Recommended')).toBeInTheDocument();
    expect(within(premium).getByText('KES 2,000')).toBeInTheDocument();
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect(within(within(premium).getByRole('list', { name: 'Premium features' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lessons included each month: 6',
      'Off every other lesson: 20%',
    ]);
    // How the entitlements apply, said once for every plan (issue 24).
    expect(screen.getByText(t('plans.rules'))).toBeInTheDocument();
    expect(within(plan('Basic')).queryByText('Recommended')).not.toBeInTheDocument();
    expect(within(plan('Basic')).getByText('KES 500')).toBeInTheDocument();
  });

  it('sends a visitor to sign in and back to the plans', async () => {
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    await app.user.click(await screen.findByRole('link', { name: 'Choose Premium' }));
    await app.landsOn('/sign-in?redirect=%2Fplans');
  });

  it('puts the chosen plan in a signed-in buyer’s cart and opens the drawer', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    await app.user.click(await screen.findByRole('button', { name: 'Choose Basic' }));

    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(await within(drawer).findByText('Basic')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('KES 500');
    expect(api.bodies.get('POST /api/wallet/subscription/store')).toEqual({ package_id: 2 });
    await waitFor(() => expect(snackbarText()).toBe(t('cart.planAdded')));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('shows the server’s refusal under the plan', async () => {
    signedInAs('teacher@example.com');
    server.use(http.post('/api/wallet/subscription/store', () => HttpResponse.json({ message: t('auth.unauthorized') }, { status: 403 })));
    const app = renderApp('/plans');
    await app.landsOn('/plans');
    await app.user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await within(plan('Premium')).findByRole('alert')).toHaveTextContent(t('auth.unauthorized'));
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
  });
});

describe('payment return page', () => {
  it('asks the API for the transaction and shows the payment as complete', async () => {
    commerce.fill();
    commerce.checksBeforeFinal = 0;
    const tx = commerce.startTransaction('payment', 350_000, 'completed', null);
    signedInAs('student@example.com');
    const app = renderApp(`/payments/return?payment=pending&transaction=${tx.id}&type=payment`);
    await app.landsOn(`/payments/return?payment=pending&transaction=${tx.id}&type=payment`);
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByText(t('payment.paid'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your bookings' })).toHaveAttribute('href', '/lessons/booking');
    expect(screen.getByRole('link', { name: 'Go to your workspace' })).toHaveAttribute('href', '/workspace');
  });

  it('shows a failed top-up with the gateway’s reason', async () => {
    commerce.checksBeforeFinal = 0;
    const tx = commerce.startTransaction('topup', 50_000, 'failed', 'The card was declined.');
    signedInAs('student@example.com');
    const path = `/payments/return?payment=failed&transaction=${tx.id}&type=topup`;
    const app = renderApp(path);
    await app.landsOn(path);
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The card was declined.');
    expect(screen.getByRole('link', { name: 'Open your wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('reads the outcome from the query for a visitor, and offers sign-in', async () => {
    const app = renderApp('/payments/return?payment=cancelled&transaction=5');
    await app.landsOn('/payments/return?payment=cancelled&transaction=5');
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(t('payment.failMsg'));
    expect(screen.getByRole('link', { name: 'Sign in to your workspace' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith('GET /api/wallet/transaction'))).toBe(false);
  });

  it('says plainly when the outcome is unknown', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/payments/return?payment=unknown');
    await app.landsOn('/payments/return?payment=unknown');
    expect(screen.getByRole('heading', { name: 'We could not confirm this payment' })).toBeInTheDocument();
  });
});
