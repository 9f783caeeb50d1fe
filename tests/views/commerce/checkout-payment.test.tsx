import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { commerce, MPESA_CANCEL_REASON, PAYBILL, PESAPAL_URL } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import {
  checkoutDialog,
  choose,
  openCart,
  openCheckout,
  pay,
  snackbarText,
  typePin,
  type App,
} from './commerce-helpers';

useFakeApi();

/** Signed-in student with a lesson and a plan (KES 3,500) in the cart, checkout open. */
async function atCheckout(): Promise<App> {
  commerce.fill();
  signedInAs('student@example.com');
  const app = renderApp('/workspace');
  await app.landsOn('/workspace');
  await openCart(app, 2);
  await openCheckout(app);
  return app;
}

async function expectPaidAndCartEmpty(app: App) {
  const modal = screen.getByRole('dialog', { name: /Pay/ });
  await waitFor(() => expect(within(modal).getByRole('button', { name: 'Done' })).toBeInTheDocument());
  // The checkout dialog has done its job; the cart is fetched again and is empty now.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  await app.user.click(within(modal).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pay/ })).not.toBeInTheDocument());
}

describe('checkout dialog', () => {
  it('opens fullscreen with the method choice and the order summary, then hides the drawer after 1000 ms', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    // A fake clock that keeps running: the drawer's 1000 ms pass in no time below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opened = Date.now();
    const dialog = await openCheckout(app);

    expect(within(dialog).getByRole('heading', { name: t('cart.checkout') })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Wallet' })).toBeInTheDocument();
    expect(within(dialog).getByText('Balance: KES 10,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'M-Pesa express' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'M-Pesa paybill' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Pesapal (card and others)' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,500');
    // The drawer is still there for a moment, then it closes behind the dialog.
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
    for (let step = 0; step < 30 && screen.queryByRole('dialog', { name: 'Your cart' }); step++)
      await vi.advanceTimersByTimeAsync(100);
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);

    await app.user.click(within(checkoutDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  });

  it('closes with its close button', async () => {
    const app = await atCheckout();
    await app.user.click(within(checkoutDialog()).getByRole('button', { name: 'Close checkout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  });

  it('says so in a toast when checkout cannot load, and stays on the drawer', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    server.use(http.get('/api/cart/checkout/:id?', () => HttpResponse.json({}, { status: 500 })));
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await app.user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(snackbarText()).toBe(t('cart.checkoutError')));
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('asks for a payment method when Pay is pressed without one', async () => {
    const app = await atCheckout();
    await pay(app);
    expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('validation.paymentMethod'));
    expect(screen.queryByRole('dialog', { name: /Pay / })).not.toBeInTheDocument();
  });

  it('refuses an M-Pesa number that is not Safaricom, on the form and under the field', async () => {
    const app = await atCheckout();
    await choose(app, 'M-Pesa express');
    const phone = within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ });
    expect(phone).toHaveValue('254712345678');
    await app.user.clear(phone);
    await app.user.type(phone, '0733000000');
    await pay(app);
    expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('validation.general'));
    expect(within(checkoutDialog()).getByText(t('validation.safaricomPhone'))).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).not.toContain('POST /api/payments/mpesa');
  });
});

describe('payment modal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** From checkout to the M-Pesa prompt for `phone`. */
  async function mpesaPrompt(app: App, number: string) {
    await choose(app, 'M-Pesa express');
    const phone = within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ });
    await app.user.clear(phone);
    await app.user.type(phone, number);
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));
    await within(modal).findByText(t('payment.mpesaPrompt'));
    return modal;
  }

  const checks = () => api.calls.filter((call) => call.startsWith('GET /api/wallet/transaction/show')).length;

  it('checks a pending M-Pesa payment every 3 seconds on its own until it is paid', async () => {
    commerce.checksBeforeFinal = 2;
    const app = await atCheckout();
    // Fake clocks from here on, still ticking, so msw and React keep running.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const modal = await mpesaPrompt(app, '0708374149');
    expect(checks()).toBe(0);
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(checks()).toBe(1));
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(checks()).toBe(2));
    expect(within(modal).getByText(t('payment.mpesaPrompt'))).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await within(modal).findByText(t('payment.paid'), { selector: 'p' })).toBeInTheDocument();
    expect(checks()).toBe(3);
    vi.useRealTimers();
    await expectPaidAndCartEmpty(app);
  });

  it('gives up after 2 minutes without an answer and says the payment may still come through', async () => {
    commerce.checksBeforeFinal = 1000;
    const app = await atCheckout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const modal = await mpesaPrompt(app, '0708374149');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await within(modal).findByText(t('payment.timeout'), { selector: 'p' })).toBeInTheDocument();
    expect(checks()).toBeGreaterThanOrEqual(30);
    expect(within(modal).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('pays from the wallet with the PIN: success message, cart emptied', async () => {
    const app = await atCheckout();
    await choose(app, 'Wallet');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
    expect(within(modal).getByText('KES 3,500')).toBeInTheDocument();
    const digits = within(modal).getAllByLabelText(/Wallet PIN, digit/);
    expect(digits).toHaveLength(4);
    expect(digits[0]).toHaveAttribute('type', 'password');
    await typePin(app, modal, 'Wallet PIN', '1234');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));

    expect(await within(modal).findByText(t('payment.paid'), { selector: 'p' })).toBeInTheDocument();
    expect(api.bodies.get('POST /api/payments/wallet/41')).toEqual({ pin: '1234' });
    await waitFor(() => expect(snackbarText()).toBe(t('payment.paid')));
    await expectPaidAndCartEmpty(app);
  });

  it('keeps the PIN form and shows the server’s message for a wrong PIN', async () => {
    const app = await atCheckout();
    await choose(app, 'Wallet');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
    await typePin(app, modal, 'Wallet PIN', '9999');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(t('wallet.pinIncorrect', { count: 4 }));
    expect(within(modal).getByRole('group', { name: 'Wallet PIN' })).toBeInTheDocument();
    expect(commerce.lines).toHaveLength(2);
  });

  it('refuses a short PIN before calling the server', async () => {
    const app = await atCheckout();
    await choose(app, 'Wallet');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(t('validation.pin'));
    expect(api.calls.some((call) => call.startsWith('POST /api/payments/wallet'))).toBe(false);
  });

  it('sets up a PIN first when the wallet has none, then pays with it', async () => {
    commerce.pin = null;
    const app = await atCheckout();
    await choose(app, 'Wallet');
    await pay(app);
    let modal = await screen.findByRole('dialog', { name: t('payment.pinSetupTitle') });
    await typePin(app, modal, 'New PIN', '4321');
    await typePin(app, modal, 'Confirm PIN', '4322');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPin') }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(t('validation.pinMismatch'));

    await typePin(app, modal, 'Confirm PIN', '4321');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPin') }));
    modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
    await waitFor(() => expect(snackbarText()).toBe(t('wallet.setupComplete')));
    expect(api.bodies.get('POST /api/wallet/setup')).toEqual({ pin: '4321', pin_confirmation: '4321' });

    await typePin(app, modal, 'Wallet PIN', '4321');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));
    await expectPaidAndCartEmpty(app);
  });

  it('follows an M-Pesa express payment until the phone confirms it', async () => {
    const app = await atCheckout();
    await choose(app, 'M-Pesa express');
    const phone = within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ });
    await app.user.clear(phone);
    await app.user.type(phone, '0708374149');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    expect(within(modal).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('254708374149');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));

    expect(await within(modal).findByText(t('payment.mpesaPrompt'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/payments/mpesa/41')).toEqual({ phone: '254708374149' });
    // The first check still finds it pending; the second (on "I have completed…") finds it paid.
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitComplete') }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.startsWith('GET /api/wallet/transaction/show')).length).toBe(1),
    );
    expect(within(modal).getByText(t('payment.mpesaPrompt'))).toBeInTheDocument();
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitComplete') }));
    await expectPaidAndCartEmpty(app);
  });

  it('shows the gateway’s reason when the customer cancels the M-Pesa prompt, and offers a retry', async () => {
    commerce.checksBeforeFinal = 0;
    const app = await atCheckout();
    await choose(app, 'M-Pesa express');
    const phone = within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ });
    await app.user.clear(phone);
    await app.user.type(phone, '0700000032');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));
    await app.user.click(await within(modal).findByRole('button', { name: t('payment.submitComplete') }));

    expect(await within(modal).findByText(MPESA_CANCEL_REASON, { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(MPESA_CANCEL_REASON));
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    await app.user.click(within(modal).getByRole('button', { name: 'Try again' }));
    expect(await within(modal).findByRole('button', { name: t('payment.submitPrompt') })).toBeInTheDocument();
  });

  it('shows the paybill numbers and waits for the confirmation before calling it paid', async () => {
    const app = await atCheckout();
    await choose(app, 'M-Pesa paybill');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.paybillTitle') });
    expect(await within(modal).findByText(PAYBILL.business_number)).toBeInTheDocument();
    expect(within(modal).getByText(PAYBILL.account_number)).toBeInTheDocument();
    expect(within(modal).getByText('KES 3,500')).toBeInTheDocument();

    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPaybill') }));
    expect(await within(modal).findByText(t('payment.paybillWaiting'))).toBeInTheDocument();
    expect(within(modal).getByText(PAYBILL.business_number)).toBeInTheDocument();

    commerce.paybillPaid = true;
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPaybill') }));
    expect(await within(modal).findByText(t('payment.paybillPaid'), { selector: 'p' })).toBeInTheDocument();
    await expectPaidAndCartEmpty(app);
  });

  it('shows Pesapal’s hosted page in the modal and follows it to success', async () => {
    commerce.checksBeforeFinal = 0;
    const app = await atCheckout();
    await choose(app, 'Pesapal (card and others)');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.pesapalTitle') });
    const frame = await within(modal).findByTitle('Pesapal secure payment page');
    expect(frame).toHaveAttribute('src', PESAPAL_URL);
    expect(within(modal).getByText(t('payment.pesapalPrompt'))).toBeInTheDocument();
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitComplete') }));
    await expectPaidAndCartEmpty(app);
  });

  it('says a payment is under review, with no "Try again" that could charge twice, and keeps the cart', async () => {
    commerce.checksBeforeFinal = 0;
    commerce.pesapalOutcome = 'needs_review';
    const app = await atCheckout();
    const inCart = commerce.lines.length;
    await choose(app, 'Pesapal (card and others)');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.pesapalTitle') });
    await within(modal).findByTitle('Pesapal secure payment page');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitComplete') }));

    expect(await within(modal).findByText(t('payment.needsReview'), { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(t('payment.needsReview')));
    expect(within(modal).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(inCart).toBeGreaterThan(0);
    expect(commerce.lines).toHaveLength(inCart);
    await app.user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t('payment.pesapalTitle') })).not.toBeInTheDocument(),
    );
  });

  it('fails with the server’s message when the cart changed since checkout opened (409)', async () => {
    server.use(
      http.post('/api/payments/wallet/:id?', () =>
        HttpResponse.json({ message: t('cart.changed') }, { status: 409 }),
      ),
    );
    const app = await atCheckout();
    await choose(app, 'Wallet');
    await pay(app);
    const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
    await typePin(app, modal, 'Wallet PIN', '1234');
    await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPay') }));
    expect(await within(modal).findByText(t('cart.changed'), { selector: 'p' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(t('cart.changed')));
    await app.user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t('payment.walletTitle') })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
  });
});

describe('the cancellation policy (issue 24, cancel)', () => {
  it('is shown in checkout, before paying, when the cart holds a lesson', async () => {
    await atCheckout();
    expect(within(checkoutDialog()).getByText(t('cancel.policy'))).toBeInTheDocument();
  });
});
