// Flow: paying at checkout when things go wrong. M-Pesa express, the wallet and Pesapal each meet
// a server error when the payment starts (Try again, Close); M-Pesa meets a refused phone (422,
// the server's words on the form); a pending payment times out after two minutes, is checked and
// is still pending, or settles (by the 3-second check, or "I have completed the payment").
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app with
// a running fake clock, so two minutes pass at once.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { commerce, PESAPAL_URL } from '../../msw/commerce-handlers';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { checkoutDialog, choose, openCart, openCheckout, pay, typePin } from '../commerce/commerce-helpers';
import { clockFor, expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';
import { latestTransaction, paymentModalActs } from './payment-steps';

useFakeApi();
const mpesaCalls = scriptedEndpoint('post', '/api/payments/mpesa/:id?');
const walletCalls = scriptedEndpoint('post', '/api/payments/wallet/:id?');
const pesapalCalls = scriptedEndpoint('post', '/api/payments/pesapal/:id?');
useScriptedEndpoints(mpesaCalls, walletCalls, pesapalCalls);

const MPESA_DOWN = 'M-Pesa is not answering right now. Please try again.';
const PESAPAL_DOWN = 'Pesapal could not start the payment.';
const PHONE_REFUSED = 'This number is not registered for M-Pesa.';

export const paymentErrorsModel = createMachine({
  id: 'paymentErrors',
  initial: 'checkout',
  states: {
    // The checkout dialog, KES 3,500, no payment modal.
    checkout: {
      on: {
        'pay.mpesa': 'mpesaPhone',
        'pay.wallet': 'walletPin',
        'pay.pesapal': 'pesapalPending',
        'pay.pesapal.serverError': 'failedPesapal',
      },
    },
    mpesaPhone: {
      on: {
        'phone.refused': 'phoneRefused',
        'phone.serverError': 'failedMpesa',
        'phone.ok': 'mpesaPending',
        close: 'checkout',
      },
    },
    phoneRefused: { on: { 'phone.ok': 'mpesaPending', close: 'checkout' } },
    mpesaPending: {
      on: {
        'wait.timeout': 'timedOut',
        'poll.settled': 'paid',
        'confirm.stillPending': 'mpesaPending',
        close: 'checkout',
      },
    },
    timedOut: { on: { retry: 'mpesaPhone', close: 'checkout' } },
    failedMpesa: { on: { retry: 'mpesaPhone', close: 'checkout' } },
    walletPin: { on: { 'pin.serverError': 'failedWallet', 'pin.ok': 'paid', close: 'checkout' } },
    failedWallet: { on: { retry: 'walletPin', close: 'checkout' } },
    pesapalPending: { on: { 'confirm.settled': 'paid', close: 'checkout' } },
    failedPesapal: { on: { retry: 'pesapalPending', close: 'checkout' } },
    paid: { on: { done: 'closedPaid' } },
    closedPaid: { type: 'final' },
  },
});

let app: ReturnType<typeof renderApp>;
const paymentModal = () => screen.getByRole('dialog', { name: /^Pay/ });
// Generous: the first payment modal of a run loads its code.
const findModal = (title: string) => screen.findByRole('dialog', { name: title });

async function failedWith(title: string, message: string) {
  const modal = await findModal(title);
  expect(await within(modal).findByRole('alert')).toHaveTextContent(message);
  expect(within(modal).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(within(modal).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  // Nothing was paid: the order is still open behind the modal.
  expect(checkoutDialog()).toBeInTheDocument();
}

async function pendingWith(title: string, prompt: string) {
  const modal = await findModal(title);
  expect(await within(modal).findByText(prompt)).toBeInTheDocument();
  expect(within(modal).getByRole('button', { name: t('payment.submitComplete') })).toBeInTheDocument();
}

const { click: clickInModal, acts: modalActs } = paymentModalActs(() => app, paymentModal);

const driver: FlowDriver = {
  see: {
    checkout: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Pay/ })).not.toBeInTheDocument());
      expect(
        within(await screen.findByRole('dialog', { name: 'Checkout' })).getByText('Balance: KES 10,000'),
      ).toBeInTheDocument();
      expect(within(checkoutDialog()).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,500');
    },
    mpesaPhone: async () => {
      const modal = await findModal(t('payment.mpesaTitle'));
      expect(await within(modal).findByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue(
        '254712345678',
      );
      expect(within(modal).getByRole('button', { name: t('payment.submitPrompt') })).toBeEnabled();
      expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    },
    phoneRefused: async () => {
      const modal = await findModal(t('payment.mpesaTitle'));
      expect(await within(modal).findByRole('alert')).toHaveTextContent(PHONE_REFUSED);
      expect(within(modal).getByText(PHONE_REFUSED, { selector: 'p' })).toBeInTheDocument();
      expect(within(modal).getByRole('button', { name: t('payment.submitPrompt') })).toBeEnabled();
    },
    mpesaPending: () => pendingWith(t('payment.mpesaTitle'), t('payment.mpesaPrompt')),
    timedOut: async () => {
      const modal = await findModal(t('payment.mpesaTitle'));
      expect(await within(modal).findByText(t('payment.timeout'), { selector: 'p' })).toBeInTheDocument();
      expect(within(modal).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(checkoutDialog()).toBeInTheDocument();
    },
    failedMpesa: () => failedWith(t('payment.mpesaTitle'), MPESA_DOWN),
    walletPin: async () => {
      const modal = await findModal(t('payment.walletTitle'));
      expect(within(modal).getByRole('group', { name: 'Wallet PIN' })).toBeInTheDocument();
      expect(within(modal).getByText('KES 3,500')).toBeInTheDocument();
      expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    },
    failedWallet: () => failedWith(t('payment.walletTitle'), t('payment.failMsg')),
    pesapalPending: async () => {
      await pendingWith(t('payment.pesapalTitle'), t('payment.pesapalPrompt'));
      expect(within(paymentModal()).getByTitle('Pesapal secure payment page')).toHaveAttribute(
        'src',
        PESAPAL_URL,
      );
    },
    failedPesapal: () => failedWith(t('payment.pesapalTitle'), PESAPAL_DOWN),
    paid: async () => {
      const modal = await screen.findByRole('dialog', { name: /^Pay/ });
      expect(await within(modal).findByText(t('payment.paid'), { selector: 'p' })).toBeInTheDocument();
      expect(within(modal).getByRole('button', { name: 'Done' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
      expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    },
    closedPaid: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Pay/ })).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    },
  },
  act: {
    'pay.mpesa': async () => {
      await choose(app, 'M-Pesa express');
      await pay(app);
    },
    'pay.wallet': async () => {
      await choose(app, 'Wallet');
      await pay(app);
    },
    'pay.pesapal': async () => {
      await choose(app, 'Pesapal (card and others)');
      await pay(app);
    },
    'pay.pesapal.serverError': async () => {
      pesapalCalls.next({ status: 500, message: PESAPAL_DOWN });
      await choose(app, 'Pesapal (card and others)');
      await pay(app);
    },
    'phone.ok': clickInModal(t('payment.submitPrompt')),
    'phone.refused': () => {
      mpesaCalls.next({ status: 422, message: PHONE_REFUSED, errors: { phone: [PHONE_REFUSED] } });
      return clickInModal(t('payment.submitPrompt'))();
    },
    'phone.serverError': () => {
      mpesaCalls.next({ status: 500, message: MPESA_DOWN });
      return clickInModal(t('payment.submitPrompt'))();
    },
    // The 3-second check finds the payment completed.
    'poll.settled': async () => {
      latestTransaction().checksLeft = 0;
      await vi.advanceTimersByTimeAsync(3000);
    },
    'pin.ok': async () => {
      await typePin(app, paymentModal(), 'Wallet PIN', '1234');
      await clickInModal(t('payment.submitPay'))();
    },
    'pin.serverError': async () => {
      walletCalls.next({ status: 500 });
      await typePin(app, paymentModal(), 'Wallet PIN', '1234');
      await clickInModal(t('payment.submitPay'))();
    },
    ...modalActs,
  },
};

/** The events that move the clock. */
const TIMED = ['poll.settled', 'wait.timeout'];
const paths = flowPaths(paymentErrorsModel, { maxSimple: 2, simpleTo: ['closedPaid'], chain: 3 });

describe('flow: payment errors and timeouts at checkout', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(paymentErrorsModel, paths, driver)).toBe(28);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    clockFor(path, TIMED);
    commerce.fill();
    // A gateway payment stays pending until an event settles it.
    commerce.checksBeforeFinal = 1_000_000;
    signedInAs('student@example.com');
    app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await openCheckout(app);
    await walkFlow(path, driver);
  });
});
