// The wallet page's two forms check what the API checks (src/shared): the top-up limits at their
// edges, the PIN rules, and a 422 from the server lands under its field.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { pinConfirmationProblem, pinProblem } from '@/shared/payment-validation';
import { TOPUP_MAX_KES, TOPUP_MIN_KES, topUpAmountProblem } from '@/shared/validation';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { typePin, type App } from './commerce-helpers';

useFakeApi();

async function openWallet() {
  signedInAs('student@example.com');
  const app = renderApp('/wallet');
  await app.landsOn('/wallet');
  await screen.findByTestId('wallet-balance', undefined, { timeout: 5000 });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });
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
    expect(within(within(pin).getByRole('group', { name: 'New PIN' })).queryByText(refused)).not.toBeInTheDocument();

    await typePin(app, pin, 'Confirm new PIN', '1112');
    await waitFor(() => expect(within(confirm).queryByText(refused)).not.toBeInTheDocument());
  });
});
