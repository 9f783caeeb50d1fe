// The demo teacher takes pay home (issue 23), against the real server and its B2C sandbox: KES 500
// withdrawn on the wallet page with PIN 1234 to the seeded withdrawal number (which the sandbox pays),
// pending, then paid with M-Pesa's receipt; the balance drops by 500 and the fee; this month's
// statement lists the withdrawal with its receipt and closes on the wallet's balance.
//
// Written to docs/withdrawals.md before the server parts (b2c: the withdrawal, the sandbox, the seed;
// desk: the statement) were merged: it fails until they are.
import { describe } from 'vitest';
import { formatKes } from '../../src/shared/format';
import { recentMonths } from '../../src/shared/withdrawal-form';
import { DEMO_PASSWORD } from './support/auth';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest({ email: 'teacher@example.com', password: DEMO_PASSWORD });

type WalletAnswer = {
  data: { balance: string; withdrawable: string; withdrawal_fee: string; withdrawal_no: string | null };
};
type StatementAnswer = {
  data: {
    closing_balance: string;
    lines: Array<{ kind: string; date: string; receipt: string | null; net: string | null }>;
  };
};

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('withdrawing to M-Pesa', () => {
  test('withdraws KES 500: pending, then paid with the receipt; the balance and this month’s statement agree', async ({
    signedInPage: page,
  }) => {
    const wallet = async () => {
      const response = await page.request.get('/api/wallet', { headers: { Accept: 'application/json' } });
      expect(response.status(), 'GET /api/wallet').toBe(200);
      return ((await response.json()) as WalletAnswer).data;
    };
    // The earnings job runs as the server starts: wait until it has paid every lesson whose hold is
    // over, so the balance below moves only by what this test does (and what the ledger shows).
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/teacher/earnings?per_page=100');
          const rows = (
            (await response.json()) as { data: Array<{ state: string; held_until: string | null }> }
          ).data;
          return rows.filter((row) => row.state === 'held' && Date.parse(row.held_until ?? '') < Date.now())
            .length;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    const startedAt = Date.now();
    const before = await wallet();
    expect(before.withdrawal_no, 'the seed sets a withdrawal number').toBeTruthy();
    expect(cents(before.withdrawable)).toBeGreaterThanOrEqual(cents('500') + cents(before.withdrawal_fee));

    await page.goto('/wallet');
    await page
      .getByTestId('wallet-withdrawable')
      .getByText(`Withdrawable ${formatKes(before.withdrawable)}`)
      .waitFor();
    const panel = page.getByRole('region', { name: 'Withdraw to M-Pesa' });
    await panel.getByRole('button', { name: 'Withdraw' }).click();
    await panel.getByRole('textbox', { name: /Amount/ }).fill('500');
    await panel.getByRole('button', { name: 'Continue' }).click();
    // The number as the server masks it: all but its last three digits hidden.
    const lastDigits = (before.withdrawal_no ?? '').slice(-3);
    await panel
      .getByText(new RegExp(`^Send KES 500 to .+${lastDigits}\\. Fee ${formatKes(before.withdrawal_fee)};`))
      .waitFor();
    for (const [index, digit] of [...'1234'].entries())
      await panel.getByLabel(`Wallet PIN, digit ${index + 1}`).fill(digit);
    await panel.getByRole('button', { name: 'Withdraw' }).click();

    // Pending: the money is held at once, the panel follows M-Pesa's answer.
    const status = panel.getByTestId('withdrawal-status');
    await status.waitFor();
    expect(await status.textContent()).not.toMatch(/^Withdrawal paid/);
    const paid = panel.getByText(/^Withdrawal paid\. M-Pesa receipt ([A-Z0-9]{8,})\.$/);
    await paid.waitFor({ timeout: 60_000 });
    const receipt = /receipt ([A-Z0-9]+)\./.exec((await paid.textContent()) ?? '')?.[1] ?? '';
    expect(receipt).not.toBe('');

    // This month's statement: the withdrawal with its receipt, closing on the wallet's balance. The
    // earnings job may credit one of the teacher's past lessons while this runs (the server started
    // moments ago), so the drop is counted against the ledger's own lines since the test began.
    const month = recentMonths(new Date())[0]!;
    const statementNow = async () => {
      const response = await page.request.get(`/api/teacher/statement?month=${month}&format=json`, {
        headers: { Accept: 'application/json' },
      });
      expect(response.status(), 'GET /api/teacher/statement').toBe(200);
      return ((await response.json()) as StatementAnswer).data;
    };
    const after = await wallet();
    const statement = await statementNow();
    expect(statement.closing_balance).toBe(after.balance);
    const withdrawal = statement.lines.find((line) => line.kind === 'withdrawal' && line.receipt === receipt);
    expect(withdrawal?.net).toBe((-(cents('500') + cents(before.withdrawal_fee)) / 100).toFixed(2));
    const creditedMeanwhile = statement.lines
      .filter((line) => line.kind !== 'withdrawal' && Date.parse(line.date) >= startedAt)
      .reduce((sum, line) => sum + cents(line.net ?? '0'), 0);
    const expected = (
      (cents(before.balance) - cents('500') - cents(before.withdrawal_fee) + creditedMeanwhile) /
      100
    ).toFixed(2);
    expect(after.balance).toBe(expected);
    await expect
      .poll(() => page.getByTestId('wallet-balance').textContent(), { timeout: 15_000 })
      .toBe(formatKes(expected));
    const history = page.getByRole('region', { name: 'Withdrawals' });
    await history.getByText(receipt).waitFor();

    await page.goto(`/wallet/statement/${month}`);
    await expect.poll(() => page.getByTestId('statement-closing').textContent()).toBe(formatKes(expected));
    await page.getByRole('region', { name: 'Statement lines' }).getByText(receipt).waitFor();
  }, 120_000);
});
