import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileWorkspace } from '../../msw/profile-workspace-handlers';
import { useFakeApi } from '../../msw/server';
import { renderPage, signedInAs } from '../../render';

useFakeApi();

async function openPlans() {
  signedInAs('student@example.com');
  const app = renderPage('/wallet');
  await app.landsOn('/wallet');
  return within(await screen.findByRole('region', { name: 'My plans' }));
}

describe('my plans on the wallet page', () => {
  it('lists each plan with its status and dates', async () => {
    profileWorkspace.plans = [
      {
        id: 'cart-item-4',
        package: { id: 3, name: 'Premium' },
        custom_plan: null,
        start_date: null,
        end_date: null,
        status: 'pending_payment',
        price: '6000.00',
      },
      {
        id: 7,
        package: { id: 2, name: 'Standard' },
        custom_plan: null,
        start_date: '2026-11-01T09:00:00+03:00',
        end_date: '2026-12-01T09:00:00+03:00',
        status: 'active',
        price: '2500.00',
        lessons_included: 4,
        lessons_left: 1,
        lesson_cap: '1000.00',
        discount_percent: 15,
      },
      {
        id: 5,
        package: null,
        custom_plan: { name: 'Exam revision' },
        start_date: '2026-01-10T09:00:00+03:00',
        end_date: '2026-02-10T09:00:00+03:00',
        status: 'ended',
        price: '1000.00',
      },
    ];
    const plans = await openPlans();
    const rows = await plans.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Premium');
    expect(rows[0]).toHaveTextContent('Pending payment');
    expect(rows[0]).toHaveTextContent('Starts when the payment completes');
    expect(rows[0]).toHaveTextContent('KES 6,000');
    expect(rows[1]).toHaveTextContent('Standard');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Nov 1, 2026 – Dec 1, 2026');
    // What the running plan has left this Nairobi month (issue 24); the others say nothing of it.
    expect(rows[1]).toHaveTextContent('1 of 4 included lessons left this month');
    expect(rows[0]).not.toHaveTextContent('left this month');
    expect(rows[2]).toHaveTextContent('Exam revision');
    expect(rows[2]).toHaveTextContent('Ended');
    expect(rows[2]).toHaveTextContent('Jan 10, 2026 – Feb 10, 2026');
  });

  it('says when there are no plans', async () => {
    const plans = await openPlans();
    expect(await plans.findByText('No plans available.')).toBeInTheDocument();
  });
});
