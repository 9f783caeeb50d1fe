// Flow: topping up the wallet by M-Pesa on the wallet page. An amount outside the limits is refused
// on the form; the server may fail or refuse the phone when the prompt is sent; the pending top-up
// is still pending when checked, is credited, is cancelled on the phone (the gateway's reason), or
// times out after two minutes.
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app. Only
// labels and messages are asserted: the form's implementation may change under it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { commerce, MPESA_CANCEL_REASON } from '../../msw/commerce-handlers';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { api } from '../../msw/handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { clockFor, expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';
import { latestTransaction, paymentModalActs } from './payment-steps';

useFakeApi();
const topUpCalls = scriptedEndpoint('post', '/api/wallet/topup');
useScriptedEndpoints(topUpCalls);

const MPESA_DOWN = 'M-Pesa is not answering right now. Please try again.';
const PHONE_REFUSED = 'This number is not registered for M-Pesa.';
const CREDITED = 'Your wallet has been credited. Balance: KES 10,500.';
const LIMITS = t('wallet.topupAmount', { min: '10', max: '150,000' });

export const walletTopUpModel = createMachine({
  id: 'walletTopUp',
  initial: 'form',
  states: {
    // The wallet page: KES 10,000, the Top up form, no modal.
    form: { on: { 'amount.tooSmall': 'amountRefused', 'amount.tooLarge': 'amountRefused', topUp: 'phone' } },
    amountRefused: { on: { topUp: 'phone' } },
    phone: {
      on: {
        'phone.ok': 'pending',
        'phone.serverError': 'failed',
        'phone.refused': 'phoneRefused',
        close: 'form',
      },
    },
    phoneRefused: { on: { 'phone.ok': 'pending', close: 'form' } },
    pending: {
      on: {
        'confirm.stillPending': 'pending',
        'confirm.settled': 'credited',
        'poll.cancelledOnPhone': 'cancelledOnPhone',
        'wait.timeout': 'timedOut',
        close: 'form',
      },
    },
    failed: { on: { retry: 'phone', close: 'form' } },
    cancelledOnPhone: { on: { retry: 'phone', close: 'form' } },
    timedOut: { on: { retry: 'phone', close: 'form' } },
    credited: { on: { done: 'topped' } },
    // Back on the page, with the new balance and the top-up in the history.
    topped: { type: 'final' },
  },
});

let app: ReturnType<typeof renderApp>;
const topUpSection = () => screen.getByRole('region', { name: 'Top up' });
const mpesaModal = () => screen.getByRole('dialog', { name: t('payment.mpesaTitle') });
const findModal = () => screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
const balance = (text: string) =>
  waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent(text));

async function outcome(message: string) {
  const modal = await findModal();
  expect(await within(modal).findByRole('alert')).toHaveTextContent(message);
  expect(within(modal).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(within(modal).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  await balance('KES 10,000');
}

async function typeAmount(amount: string) {
  const field = within(topUpSection()).getByRole('textbox', { name: /Amount/ });
  await app.user.clear(field);
  await app.user.type(field, amount);
  await app.user.click(within(topUpSection()).getByRole('button', { name: 'Top up' }));
}

const { click: clickInModal, acts: modalActs } = paymentModalActs(() => app, mpesaModal);
const submitPhone = clickInModal(t('payment.submitPrompt'));

const driver: FlowDriver = {
  see: {
    form: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await balance('KES 10,000');
      expect(within(topUpSection()).queryByText(LIMITS)).not.toBeInTheDocument();
      expect(within(topUpSection()).getByRole('button', { name: 'Top up' })).toBeEnabled();
    },
    amountRefused: async () => {
      expect(await within(topUpSection()).findByText(LIMITS)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.calls).not.toContain('POST /api/wallet/topup');
    },
    phone: async () => {
      const modal = await findModal();
      expect(within(modal).getByText('KES 500')).toBeInTheDocument();
      expect(within(modal).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('254712345678');
      expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    },
    phoneRefused: async () => {
      const modal = await findModal();
      expect(await within(modal).findByRole('alert')).toHaveTextContent(PHONE_REFUSED);
      expect(within(modal).getByRole('button', { name: t('payment.submitPrompt') })).toBeEnabled();
    },
    pending: async () => {
      const modal = await findModal();
      expect(await within(modal).findByText(t('payment.mpesaPrompt'))).toBeInTheDocument();
      expect(within(modal).getByRole('button', { name: t('payment.submitComplete') })).toBeInTheDocument();
      await balance('KES 10,000');
    },
    failed: () => outcome(MPESA_DOWN),
    cancelledOnPhone: () => outcome(MPESA_CANCEL_REASON),
    timedOut: async () => {
      expect(
        await within(await findModal()).findByText(t('payment.timeout'), { selector: 'p' }),
      ).toBeInTheDocument();
      await outcome(t('payment.timeout'));
    },
    credited: async () => {
      const modal = await findModal();
      expect(await within(modal).findByText(CREDITED, { selector: 'p' })).toBeInTheDocument();
      expect(within(modal).getByRole('button', { name: 'Done' })).toBeInTheDocument();
      await balance('KES 10,500');
    },
    topped: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await balance('KES 10,500');
      const history = screen.getByRole('region', { name: 'Recent transactions' });
      // Earlier attempts of the walk may be listed too (pending, cancelled); one top-up completed.
      const completed = within(history)
        .getAllByRole('row')
        .filter((row) => within(row).queryByText('completed'));
      expect(completed).toHaveLength(1);
      expect(within(completed[0]!).getByText('Top-up')).toBeInTheDocument();
      expect(within(completed[0]!).getByText('+KES 500')).toBeInTheDocument();
    },
  },
  act: {
    'amount.tooSmall': () => typeAmount('5'),
    'amount.tooLarge': () => typeAmount('150001'),
    topUp: () => typeAmount('500'),
    'phone.ok': submitPhone,
    'phone.serverError': () => {
      topUpCalls.next({ status: 500, message: MPESA_DOWN });
      return submitPhone();
    },
    'phone.refused': () => {
      topUpCalls.next({ status: 422, message: PHONE_REFUSED, errors: { phone: [PHONE_REFUSED] } });
      return submitPhone();
    },
    // The customer cancels the prompt on the phone; the next 3-second check hears it.
    'poll.cancelledOnPhone': async () => {
      Object.assign(latestTransaction(), {
        checksLeft: 0,
        finalStatus: 'cancelled',
        resultDesc: MPESA_CANCEL_REASON,
      });
      await vi.advanceTimersByTimeAsync(3000);
    },
    ...modalActs,
  },
};

/** The events that move the clock. */
const TIMED = ['poll.cancelledOnPhone', 'wait.timeout'];
const paths = flowPaths(walletTopUpModel, { maxSimple: 2, simpleTo: ['topped'], chain: 3 });

describe('flow: topping up the wallet by M-Pesa, with refusals, failures and a timeout', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(walletTopUpModel, paths, driver)).toBe(22);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    clockFor(path, TIMED);
    // A top-up stays pending until an event settles it.
    commerce.checksBeforeFinal = 1_000_000;
    signedInAs('student@example.com');
    app = renderApp('/wallet');
    await app.landsOn('/wallet');
    await screen.findByTestId('wallet-balance');
    await walkFlow(path, driver);
  });
});
