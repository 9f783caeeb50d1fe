// Earnings on `/wallet`: a teacher sees each settled lesson's learners, gross, commission and net with
// the totals and the commission rate; a learner's wallet has no earnings section.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { api } from '../../msw/handlers';
import { teaching, useTeachingApi } from '../../msw/teaching-handlers';
import { renderPage, signedInAs } from '../../render';

useTeachingApi();

const earning = (
  id: number,
  topic: string,
  learners: number,
  gross: string,
  commission: string,
  net: string,
) => ({
  lesson: {
    id,
    code: `LSN-E${id}`,
    topic,
    start_at: '2026-11-20T06:00:00.000Z',
    end_at: '2026-11-20T07:00:00.000Z',
  },
  learners,
  gross,
  commission,
  net,
  commission_percent: 20,
  transaction_id: 700 + id,
  settled_at: '2026-11-20T07:05:00.000Z',
  state: 'paid',
  held_until: null,
});

describe('earnings on the wallet', () => {
  it('shows a teacher each settled lesson and the totals in KES, with the commission percent', async () => {
    teaching.earnings = {
      data: [
        earning(1, 'Linear equations', 2, '3000.00', '600.00', '2400.00'),
        earning(2, 'Fractions', 1, '1250.50', '250.10', '1000.40'),
      ],
      totals: { gross: '4250.50', commission: '850.10', net: '3400.40' },
      commission_percent: 20,
    };
    signedInAs('teacher@example.com');
    const app = renderPage('/wallet');
    await app.landsOn('/wallet');
    const section = await screen.findByRole('region', { name: 'Earnings' });
    const table = await within(section).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Lesson', 'Date', 'Learners', 'Gross', 'Commission', 'Net', 'State']);
    expect(rows[1]).toEqual([
      'Linear equations',
      expect.stringMatching(/^Nov 20, 2026, \d{1,2}:00 (AM|PM)$/),
      '2',
      'KES 3,000',
      '−KES 600',
      'KES 2,400',
      'Paid',
    ]);
    expect(rows[2]?.slice(2)).toEqual(['1', 'KES 1,250.50', '−KES 250.10', 'KES 1,000.40', 'Paid']);
    expect(rows[3]).toEqual(['Total', 'KES 4,250.50', '−KES 850.10', 'KES 3,400.40', '']);
    expect(within(section).getByText(/keeps 20% of what learners pay/)).toBeInTheDocument();
    // The table scrolls by keyboard on a phone.
    expect(within(section).getByRole('region', { name: 'Earnings table' })).toHaveAttribute('tabindex', '0');
  });

  it('shows each lesson’s state: held until a day after its end, reported, paid or refunded', async () => {
    teaching.earnings = {
      data: [
        {
          ...earning(1, 'Linear equations', 2, '3000.00', '600.00', '2400.00'),
          state: 'held',
          held_until: '2026-11-21T07:00:00.000Z',
          transaction_id: null,
          settled_at: null,
        },
        {
          ...earning(2, 'Fractions', 1, '1500.00', '300.00', '1200.00'),
          state: 'reported',
          transaction_id: null,
          settled_at: null,
        },
        earning(3, 'Ratios', 1, '1500.00', '300.00', '1200.00'),
        { ...earning(4, 'Decimals', 1, '0.00', '0.00', '0.00'), state: 'refunded', transaction_id: null },
      ],
      totals: { gross: '6000.00', commission: '1200.00', net: '4800.00' },
      commission_percent: 20,
    };
    signedInAs('teacher@example.com');
    const app = renderPage('/wallet');
    await app.landsOn('/wallet');
    const table = await within(await screen.findByRole('region', { name: 'Earnings' })).findByRole('table');
    const states = within(table)
      .getAllByRole('row')
      .slice(1, 5)
      .map((row) => [row.querySelector('td')?.textContent, row.querySelector('td:last-child')?.textContent]);
    expect(states).toEqual([
      ['Linear equations', t('reports.earningHeld', { time: formatDateTime('2026-11-21T07:00:00.000Z') })],
      ['Fractions', t('reports.earningReported')],
      ['Ratios', t('reports.earningPaid')],
      ['Decimals', t('reports.earningRefunded')],
    ]);
  });

  it('is not shown to a learner', async () => {
    signedInAs('student@example.com');
    const app = renderPage('/wallet');
    await app.landsOn('/wallet');
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByRole('region', { name: 'Earnings' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls).not.toContain('GET /api/teacher/earnings'));
  });
});
