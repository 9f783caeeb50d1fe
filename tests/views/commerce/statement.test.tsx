// A teacher's monthly statement (issue 23): on `/wallet` a month of the last twelve, "Download CSV"
// (the API's attachment) and "Print view", the print-friendly `/wallet/statement/:month` with the
// opening and closing balances, each line, and the totals; a month that is no month says so.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recentMonths, monthName } from '@/shared/withdrawal-form';
import { api } from '../../msw/handlers';
import { useTeachingApi } from '../../msw/teaching-handlers';
import { useWithdrawalApi } from '../../msw/withdrawal-handlers';
import { renderApp, signedInAs } from '../../render';

useTeachingApi();
useWithdrawalApi();

async function open(path: string) {
  signedInAs('teacher@example.com');
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}

describe('statements', () => {
  it('picks a month on the wallet page, links its CSV and opens its print view', async () => {
    const app = await open('/wallet');
    const card = await screen.findByRole('region', { name: 'Statements' });
    const [thisMonth, lastMonth] = recentMonths(new Date());
    const download = within(card).getByRole('link', { name: 'Download CSV' });
    expect(download).toHaveAttribute('href', `/api/teacher/statement?month=${thisMonth}&format=csv`);

    await app.user.click(within(card).getByRole('combobox', { name: 'Month' }));
    await app.user.click(await screen.findByRole('option', { name: monthName(lastMonth!) }));
    expect(download).toHaveAttribute('href', `/api/teacher/statement?month=${lastMonth}&format=csv`);

    await app.user.click(within(card).getByRole('link', { name: 'Print view' }));
    await app.landsOn(`/wallet/statement/${lastMonth}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Statement, ${monthName(lastMonth!)}` }),
    ).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/teacher/statement');
  });

  it('shows the balances, each line and the totals', async () => {
    await open('/wallet/statement/2026-10');
    expect(await screen.findByTestId('statement-opening')).toHaveTextContent('KES 10,000');
    expect(document.title).toBe('Statement, October 2026 | Somesha');
    expect(screen.getByTestId('statement-closing')).toHaveTextContent('KES 10,700');
    expect(screen.getByTestId('statement-net')).toHaveTextContent('KES 1,200');
    expect(screen.getByTestId('statement-withdrawals')).toHaveTextContent('KES 500');
    const table = screen.getByRole('region', { name: 'Statement lines' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['Description', 'Lesson', 'Takings', 'Commission', 'Net', 'Receipt', 'Balance'],
      ['Fractions (Grade 7)', 'LSN-F7', 'KES 1,500', 'KES 300', 'KES 1,200', '–', 'KES 11,200'],
      ['Withdrawal to M-Pesa', '–', '–', '–', 'KES -500', 'SKQ1A2B3C4', 'KES 10,700'],
      ['KES 1,500', 'KES 300', 'KES 1,200', '', 'KES 10,700'],
    ]);
    expect(rows[3]![0]).toBe('Totals');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/teacher/statement?month=2026-10&format=csv',
    );
  });

  it('says when the address names no month, and asks the server nothing', async () => {
    await open('/wallet/statement/2026-13');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a month (YYYY-MM).');
    expect(api.calls).not.toContain('GET /api/teacher/statement');
  });
});
