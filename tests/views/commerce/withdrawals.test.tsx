// Withdrawals on `/wallet` (issue 23): the withdrawable amount beside the balance, the withdrawal
// number (masked, when it becomes usable, set with the wallet PIN), "Withdraw to M-Pesa" (amount with
// the limits and the fee before the PIN, pending on the live stream, then paid with the receipt or
// failed with M-Pesa's reason), the server's 422s on their fields, and the withdrawals history.
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { FakeEventSource, installFakeEventSource } from '../../msw/notification-handlers';
import { useTeachingApi } from '../../msw/teaching-handlers';
import { RECEIPT, useWithdrawalApi, WITHDRAWAL_TEXT, withdrawals } from '../../msw/withdrawal-handlers';
import { renderApp, signedInAs } from '../../render';
import { snackbarText, typePin, type App } from './commerce-helpers';

useTeachingApi();
useWithdrawalApi();
installFakeEventSource();
afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

async function violations(): Promise<string[]> {
  // Contrast needs real layout and colours: the browser checks (tests/e2e/workspace-pages.test.ts) run it.
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const withdraw = () => section('Withdraw to M-Pesa');

async function openWallet(email = 'teacher@example.com') {
  signedInAs(email);
  const app = renderApp('/wallet');
  await app.landsOn('/wallet');
  await screen.findByTestId('wallet-balance');
  return app;
}

async function startWithdrawal(app: App, amount: string) {
  const panel = withdraw();
  if (within(panel).queryByRole('button', { name: 'Withdraw' }) && !within(panel).queryByRole('form'))
    await app.user.click(within(panel).getByRole('button', { name: 'Withdraw' }));
  const field = await within(panel).findByRole('textbox', { name: /Amount/ });
  await app.user.clear(field);
  await app.user.type(field, amount);
  await app.user.click(within(panel).getByRole('button', { name: 'Continue' }));
  return field;
}

async function confirmWithPin(app: App, pin: string) {
  const panel = withdraw();
  await typePin(app, panel, 'Wallet PIN', pin);
  await app.user.click(within(panel).getByRole('button', { name: 'Withdraw' }));
}

const rowsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('withdrawals on the wallet page', () => {
  it('shows the withdrawable amount beside the balance, the masked number and the history', async () => {
    await openWallet();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 10,000');
    expect(screen.getByTestId('wallet-withdrawable')).toHaveTextContent('Withdrawable KES 2,000');
    expect(within(section('Withdrawal number')).getByTestId('withdrawal-number')).toHaveTextContent(
      'M-Pesa •••••••••678',
    );
    const history = section('Withdrawals');
    await within(history).findByText('SKQ1A2B3C4');
    const rows = rowsOf(history);
    expect(rows[0]).toEqual(['Date', 'Amount', 'Fee', 'Status', 'Receipt', 'Reason']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['KES 1,500', 'KES 0', 'Paid', 'SKQ1A2B3C4', '–'],
      ['KES 1,000', 'KES 0', 'Failed', '–', WITHDRAWAL_TEXT.reason],
    ]);
  });

  it('withdraws: the limits, the fee before the PIN, pending on the live stream, then paid with the receipt', async () => {
    withdrawals.feeCents = 3000;
    const app = await openWallet();
    act(() => FakeEventSource.latest()!.open());
    const limits = t('withdrawal.amount', { min: '50', max: '150,000' });

    const field = await startWithdrawal(app, '49');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(limits));
    await startWithdrawal(app, '2001');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('walletUi.amountAboveWithdrawable', { amount: 'KES 2,000' })),
    );
    expect(api.calls).not.toContain('POST /api/wallet/withdraw');

    await startWithdrawal(app, '500');
    expect(within(withdraw()).getByTestId('withdrawal-confirmation')).toHaveTextContent(
      'Send KES 500 to •••••••••678. Fee KES 30; KES 530 leaves your wallet.',
    );
    await confirmWithPin(app, '1234');
    expect(await within(withdraw()).findByText(WITHDRAWAL_TEXT.accepted)).toBeInTheDocument();
    expect(withdrawals.bodies.get('POST /api/wallet/withdraw')).toEqual({ amount: '500.00', pin: '1234' });
    // The amount and the fee are held at once.
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 9,470'));
    await within(section('Withdrawals')).findByText('Pending');

    const id = withdrawals.latest()!.id;
    withdrawals.settle(id, 'completed');
    act(() => FakeEventSource.latest()!.send('transaction', { id, status: 'completed' }));
    const paid = t('walletUi.paid', { receipt: RECEIPT });
    expect(await within(withdraw()).findByText(paid)).toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(paid));
    await within(section('Withdrawals')).findByText(RECEIPT);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 9,470');

    await app.user.click(within(withdraw()).getByRole('button', { name: 'Done' }));
    expect(within(withdraw()).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('shows M-Pesa’s reason when the withdrawal fails, and the money back in the wallet', async () => {
    withdrawals.checksBeforeFinal = 0;
    withdrawals.outcome = 'failed';
    const app = await openWallet();
    await startWithdrawal(app, '800');
    await confirmWithPin(app, '1234');
    const failed = `${t('walletUi.failed')} M-Pesa: ${WITHDRAWAL_TEXT.reason}`;
    // No stream here: the poll finds it failed.
    expect(await within(withdraw()).findByText(failed, {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('KES 10,000'));
    const history = section('Withdrawals');
    await waitFor(() => expect(within(history).getAllByText(WITHDRAWAL_TEXT.reason)).toHaveLength(2));
  });

  it('puts the server’s 422s on their field: a wrong PIN under the PIN, a new number above the amount', async () => {
    const app = await openWallet();
    await startWithdrawal(app, '500');
    await confirmWithPin(app, '4321');
    expect(await within(withdraw()).findByText(WITHDRAWAL_TEXT.pinWrong)).toBeInTheDocument();
    expect(within(withdraw()).getByRole('group', { name: 'Wallet PIN' })).toHaveTextContent(
      WITHDRAWAL_TEXT.pinWrong,
    );
    expect(commerce.walletCents).toBe(1_000_000);

    // A number changed a moment ago (elsewhere): the right PIN now meets its waiting time.
    withdrawals.numberSetAt = new Date();
    await typePin(app, withdraw(), 'Wallet PIN', '1234');
    await app.user.click(within(withdraw()).getByRole('button', { name: 'Withdraw' }));
    const alert = await within(withdraw()).findByRole('alert');
    expect(alert).toHaveTextContent(WITHDRAWAL_TEXT.numberWait);
    expect(within(withdraw()).getByRole('textbox', { name: /Amount/ })).toHaveValue('500');
    expect(commerce.walletCents).toBe(1_000_000);
  });

  it('cannot start without a number, and sets one with the PIN: Safaricom only, a wrong PIN refused', async () => {
    withdrawals.number = null;
    const app = await openWallet();
    expect(within(withdraw()).getByText(t('walletUi.needsNumber'))).toBeInTheDocument();
    expect(within(withdraw()).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    const card = section('Withdrawal number');
    expect(within(card).getByText(t('walletUi.numberNone'))).toBeInTheDocument();

    const phone = within(card).getByRole('textbox', { name: /M-Pesa number/ });
    await app.user.type(phone, '0770 123 456');
    await typePin(app, card, 'Wallet PIN', '1234');
    await app.user.click(within(card).getByRole('button', { name: 'Save number' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(t('validation.safaricomPhone')));
    expect(api.calls).not.toContain('POST /api/wallet/withdrawal-number');

    await app.user.clear(phone);
    await app.user.type(phone, '0712 345 678');
    await typePin(app, card, 'Wallet PIN', '9999');
    await app.user.click(within(card).getByRole('button', { name: 'Save number' }));
    expect(await within(card).findByText(WITHDRAWAL_TEXT.pinWrong)).toBeInTheDocument();
    expect(withdrawals.number).toBeNull();

    await typePin(app, card, 'Wallet PIN', '1234');
    await app.user.click(within(card).getByRole('button', { name: 'Save number' }));
    await waitFor(() => expect(snackbarText()).toBe(t('walletUi.numberSaved')));
    expect(withdrawals.bodies.get('POST /api/wallet/withdrawal-number')).toEqual({
      phone: '254712345678',
      pin: '1234',
    });
    expect(await within(card).findByTestId('withdrawal-number')).toHaveTextContent('•••••••••678');
    const usable = new Date(withdrawals.numberSetAt.getTime() + 24 * 60 * 60 * 1000).toISOString();
    expect(
      within(card).getByText(t('walletUi.numberUsableAt', { time: formatDateTime(usable) })),
    ).toBeInTheDocument();
  });

  it('passes axe-core with the withdrawal at its PIN step, and on the statement page', async () => {
    const app = await openWallet();
    await within(section('Withdrawals')).findByText('SKQ1A2B3C4');
    await startWithdrawal(app, '500');
    await within(withdraw()).findByTestId('withdrawal-confirmation');
    expect(await violations()).toEqual([]);

    await app.user.click(within(section('Statements')).getByRole('link', { name: 'Print view' }));
    await screen.findByTestId('statement-closing');
    expect(await violations()).toEqual([]);
  });

  it('shows a learner what can be withdrawn too, but no statements', async () => {
    withdrawals.withdrawableCents = 0;
    await openWallet('student@example.com');
    expect(screen.getByTestId('wallet-withdrawable')).toHaveTextContent('Withdrawable KES 0');
    expect(within(withdraw()).getByText(t('walletUi.nothingWithdrawable'))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Statements' })).not.toBeInTheDocument();
  });
});
