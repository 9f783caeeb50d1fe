import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { pinConfirmationProblem, pinProblem } from '@/shared/payment-validation';
import { TOPUP_MAX_KES, TOPUP_MIN_KES, topUpAmountProblem } from '@/shared/validation';
import { commerce, PESAPAL_URL } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { snackbarText, typePin, type App } from './commerce-helpers';

useFakeApi();

async function openWallet() {
  signedInAs('student@example.com');
  const app = renderApp('/wallet');
  await app.landsOn('/wallet');
  await screen.findByTestId('wallet-balance');
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('wallet page', () => {
  it('says why the wallet could not load and loads it again on "Try again"', async () => {
    let failures = 2; // a GET is retried once before the page hears of the failure
    server.use(
      http.get('/api/wallet', () =>
        failures-- > 0
          ? HttpResponse.json({ message: 'Wallet service is down.' }, { status: 503 })
          : undefined,
      ),
    );
    signedInAs('student@example.com');
    const app = renderApp('/wallet');
    await app.landsOn('/wallet');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('messages.loadError', { name: 'wallet' }));
    expect(alert).toHaveTextContent('Wallet service is down.');

    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('KES 10,000');
  });

  it('is in the workspace menu and shows the balance and an empty history', async () => {
    const app = await openWallet();
    expect(document.title).toBe('Wallet | Somesha');
    const nav = screen.getByRole('navigation', { name: 'Workspace navigation' });
    expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 10,000');
    expect(screen.getByText('Wallet account SW00000101')).toBeInTheDocument();
    expect(
      within(section('Recent transactions')).getByText(t('messages.none', { name: 'transactions' })),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/wallet');
  });

  it('shows a failed or cancelled payment attempt without a debit sign: no money left the wallet', async () => {
    for (const [type, cents, status] of [
      ['payment', 150_000, 'failed'],
      ['payment', 80_000, 'cancelled'],
      ['payment', 120_000, 'completed'],
    ] as const) {
      commerce.startTransaction(type, cents, status, null).status = status;
    }
    await openWallet();
    // The table (jsdom applies no media query, so the phone's cards are there too).
    const history = screen.getByRole('region', { name: 'Recent transactions table' });
    expect(within(history).getByText('KES 1,500')).toBeInTheDocument();
    expect(within(history).getByText('KES 800')).toBeInTheDocument();
    expect(within(history).queryByText('−KES 1,500')).not.toBeInTheDocument();
    expect(within(history).queryByText('−KES 800')).not.toBeInTheDocument();
    expect(within(history).getByText('−KES 1,200')).toBeInTheDocument();
  });

  it('tops up by M-Pesa through the payment modal, then shows the new balance and the transaction', async () => {
    commerce.checksBeforeFinal = 0;
    const app = await openWallet();
    const topUp = section('Top up');
    await app.user.click(within(topUp).getByRole('button', { name: 'Top up' }));
    expect(
      within(topUp).getByText(t('wallet.topupAmount', { min: '10', max: '150,000' })),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.user.type(within(topUp).getByRole('textbox', { name: /Amount/ }), '500');
    await app.user.click(within(topUp).getByRole('button', { name: 'Top up' }));
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    expect(within(modal).getByText('KES 500')).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('254712345678');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));
    await app.user.click(await within(modal).findByRole('button', { name: t('payment.submitComplete') }));

    // A top-up is not an order: the modal and the toast say the wallet was credited, with the balance.
    const credited = 'Your wallet has been credited. Balance: KES 10,500.';
    expect(await within(modal).findByText(credited, { selector: 'p' })).toBeInTheDocument();
    expect(within(modal).queryByText(t('payment.paid'))).not.toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(credited));
    expect(api.bodies.get('POST /api/wallet/topup')).toEqual({
      amount: '500.00',
      method: 'mpesa',
      phone: '254712345678',
    });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 10,500'));
    // The table (from the `sm` breakpoint; jsdom applies no media query, so the phone's cards are there too).
    const history = screen.getByRole('region', { name: 'Recent transactions table' });
    expect(within(history).getByText('Top-up')).toBeInTheDocument();
    expect(within(history).getByText('+KES 500')).toBeInTheDocument();
    expect(within(history).getByText('completed')).toBeInTheDocument();
    await app.user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tops up by Pesapal in the modal’s frame', async () => {
    const app = await openWallet();
    const topUp = section('Top up');
    await app.user.type(within(topUp).getByRole('textbox', { name: /Amount/ }), '1000');
    await app.user.click(within(topUp).getByRole('radio', { name: 'Pesapal (card and others)' }));
    await app.user.click(within(topUp).getByRole('button', { name: 'Top up' }));
    const modal = await screen.findByRole('dialog', { name: t('payment.pesapalTitle') });
    expect(await within(modal).findByTitle('Pesapal secure payment page')).toHaveAttribute(
      'src',
      PESAPAL_URL,
    );
    expect(api.bodies.get('POST /api/wallet/topup')).toEqual({ amount: '1000.00', method: 'pesapal' });
  });

  it('sets up a PIN when the wallet has none', async () => {
    commerce.pin = null;
    const app = await openWallet();
    const pin = section('Set up your wallet PIN');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    expect(within(pin).getByText(t('validation.pin'))).toBeInTheDocument();

    await typePin(app, pin, 'New PIN', '2468');
    await typePin(app, pin, 'Confirm new PIN', '2468');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    await waitFor(() => expect(snackbarText()).toBe(t('wallet.setupComplete')));
    expect(commerce.pin).toBe('2468');
    expect(await screen.findByRole('region', { name: 'Change your wallet PIN' })).toBeInTheDocument();
  });

  it('changes the PIN with the current one, and says when the current one is wrong', async () => {
    const app = await openWallet();
    const pin = section('Change your wallet PIN');
    await typePin(app, pin, 'Current PIN', '0000');
    await typePin(app, pin, 'New PIN', '5678');
    await typePin(app, pin, 'Confirm new PIN', '5678');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    expect(await within(pin).findByText(t('wallet.currentPin'), { selector: 'p' })).toBeInTheDocument();
    expect(commerce.pin).toBe('1234');

    await typePin(app, pin, 'Current PIN', '1234');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    await waitFor(() => expect(commerce.pin).toBe('5678'));
    expect(api.bodies.get('POST /api/wallet/setup')).toEqual({
      current_pin: '1234',
      pin: '5678',
      pin_confirmation: '5678',
    });
  });
});

// The two forms check what the API checks (src/shared): the top-up limits at their edges, the PIN
// rules, and a 422 from the server lands under its field.
const limits = t('wallet.topupAmount', { min: '10', max: '150,000' });

async function topUpWith(app: App, amount: string) {
  const topUp = section('Top up');
  const field = within(topUp).getByRole('textbox', { name: /Amount/ });
  await app.user.clear(field);
  await app.user.type(field, amount);
  await app.user.click(within(topUp).getByRole('button', { name: 'Top up' }));
  return field;
}

describe('wallet top-up form', () => {
  it('refuses one shilling under the minimum and one over the maximum, with the API’s words', async () => {
    const app = await openWallet();
    expect(topUpAmountProblem(TOPUP_MIN_KES - 1)).toBe(limits);
    expect(within(section('Top up')).getByText('From KES 10 to KES 150,000')).toBeInTheDocument();

    const below = await topUpWith(app, String(TOPUP_MIN_KES - 1));
    expect(below).toHaveAccessibleDescription(expect.stringContaining(limits));

    const above = await topUpWith(app, String(TOPUP_MAX_KES + 1));
    expect(above).toHaveAccessibleDescription(expect.stringContaining(limits));

    await topUpWith(app, '12.5');
    expect(within(section('Top up')).getByText(limits)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/wallet/topup');
  });

  it('clears the message as the amount is corrected and opens the payment at exactly the minimum', async () => {
    const app = await openWallet();
    await topUpWith(app, String(TOPUP_MIN_KES - 1));
    const field = within(section('Top up')).getByRole('textbox', { name: /Amount/ });
    await app.user.type(field, '0');
    expect(within(section('Top up')).queryByText(limits)).not.toBeInTheDocument();

    await topUpWith(app, String(TOPUP_MIN_KES));
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    expect(within(modal).getByText('KES 10')).toBeInTheDocument();
  });
});

describe('wallet PIN form', () => {
  it('checks the new PIN and its confirmation with the shared rules before sending', async () => {
    commerce.pin = null;
    const app = await openWallet();
    const pin = section('Set up your wallet PIN');
    await typePin(app, pin, 'New PIN', '123');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    expect(within(pin).getByText(pinProblem('123') ?? '')).toBeInTheDocument();

    await typePin(app, pin, 'New PIN', '1234');
    await typePin(app, pin, 'Confirm new PIN', '4321');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));
    expect(within(pin).getByText(pinConfirmationProblem('1234', '4321') ?? '')).toBeInTheDocument();
    expect(within(pin).queryByText(t('validation.pin'))).not.toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/wallet/setup');
  });

  it('shows a 422 from the server under its field, and the field’s own edit clears it', async () => {
    commerce.pin = null;
    const refused = 'Choose a PIN that is not four of the same digit.';
    server.use(
      http.post('/api/wallet/setup', () =>
        HttpResponse.json({ message: refused, errors: { pin_confirmation: [refused] } }, { status: 422 }),
      ),
    );
    const app = await openWallet();
    const pin = section('Set up your wallet PIN');
    await typePin(app, pin, 'New PIN', '1111');
    await typePin(app, pin, 'Confirm new PIN', '1111');
    await app.user.click(within(pin).getByRole('button', { name: t('payment.submitPin') }));

    const confirm = within(pin).getByRole('group', { name: 'Confirm new PIN' });
    expect(await within(confirm).findByText(refused)).toBeInTheDocument();
    expect(
      within(within(pin).getByRole('group', { name: 'New PIN' })).queryByText(refused),
    ).not.toBeInTheDocument();

    await typePin(app, pin, 'Confirm new PIN', '1112');
    await waitFor(() => expect(within(confirm).queryByText(refused)).not.toBeInTheDocument());
  });
});
