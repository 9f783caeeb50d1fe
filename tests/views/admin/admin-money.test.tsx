// /admin/money (issue 23): withdrawals by status (the status in the URL), the commission by month,
// and the transactions in review with their actions (credit a chosen user, refunded outside, close),
// each with a remark: checked before sending, the server's 422 and 409, the transaction updated in
// place with its audit entry. Also the menu entry and axe-core over each tab.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { admin, useAdminApi } from '../../msw/admin-handlers';
import { server } from '../../msw/server';
import { useWithdrawalApi, WITHDRAWAL_TEXT, withdrawals } from '../../msw/withdrawal-handlers';
import { openAsAdmin, openScreenAsAdmin } from './open-admin';

useAdminApi();
useWithdrawalApi();

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

async function openReview() {
  const app = await openScreenAsAdmin('/admin/money');
  await app.user.click(await screen.findByRole('tab', { name: 'Review queue' }));
  await screen.findByRole('heading', { level: 2, name: 'Payment ORD-501' });
  return app;
}

const rowsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('admin money desk', () => {
  it('is in the admin menu and lists withdrawals by status, the status in the URL', async () => {
    const app = await openScreenAsAdmin('/admin/money');
    const nav = screen.getByRole('navigation', { name: 'Workspace navigation' });
    expect(within(nav).getByRole('link', { name: 'Money desk' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Money desk | Somesha');
    await screen.findByRole('region', { name: 'Withdrawals table' });
    expect(rowsOf('Withdrawals table').slice(1)).toEqual([
      [
        expect.any(String),
        'Grace Mwangi, grace.mwangi@example.com',
        'KES 1,500',
        'KES 0',
        '•••••••••678',
        'Pending',
        '–',
        '–',
      ],
    ]);
    expect(await violations()).toEqual([]);

    await app.user.click(screen.getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/money?status=failed'));
    await screen.findByText(WITHDRAWAL_TEXT.reason);
    expect(rowsOf('Withdrawals table')[1]?.[5]).toBe('Failed');

    await app.user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/money?status=completed'));
    expect(await screen.findByText('SKP9Z8Y7X6')).toBeInTheDocument();
  });

  it('opens on the status the URL names', async () => {
    await openAsAdmin('/admin/money?status=needs_review');
    expect(await screen.findByRole('tab', { name: 'Needs review', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf('Withdrawals table')[1]?.[5]).toBe('Being checked'));
  });

  it('shows the commission by month and what waits for review', async () => {
    const app = await openScreenAsAdmin('/admin/money');
    await app.user.click(await screen.findByRole('tab', { name: 'Commission' }));
    expect(await screen.findByText('Waiting for review: 2 payments, 1 withdrawals.')).toBeInTheDocument();
    expect(rowsOf('Commission by month table')).toEqual([
      ['Month', 'Lessons', 'Commission'],
      ['November 2026', '14', 'KES 4,200'],
      ['October 2026', '12', 'KES 3,600'],
    ]);
    expect(await violations()).toEqual([]);
  });

  it('closes a transaction with a remark, checked first, and shows it resolved with its audit entry', async () => {
    const app = await openReview();
    const form = within(card('Payment ORD-501')).getByRole('form', { name: 'Resolve Payment ORD-501' });
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(within(form).getByText('Choose what to do with it.')).toBeInTheDocument();
    expect(within(form).getByText(t('validation.required'))).toBeInTheDocument();
    expect(withdrawals.bodies.size).toBe(0);

    await app.user.click(within(form).getByRole('radio', { name: 'Close' }));
    await app.user.type(
      within(form).getByRole('textbox', { name: /Remark/ }),
      'Duplicate of ORD-500, no money moved.',
    );
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));

    const resolved = within(card('Payment ORD-501'));
    expect(await resolved.findByText('Resolved')).toBeInTheDocument();
    const audit = resolved.getByRole('list', { name: 'Audit of Payment ORD-501' });
    expect(audit).toHaveTextContent('Closed by Imani Admin');
    expect(audit).toHaveTextContent('Duplicate of ORD-500, no money moved.');
    expect(resolved.queryByRole('form')).not.toBeInTheDocument();
    expect(withdrawals.bodies.get('POST /api/admin/transactions/resolve/501')).toEqual({
      action: 'close',
      remark: 'Duplicate of ORD-500, no money moved.',
    });
  });

  it('credits a user found by the users search', async () => {
    const app = await openReview();
    const form = within(card('Payment ORD-502')).getByRole('form', { name: 'Resolve Payment ORD-502' });
    await app.user.click(within(form).getByRole('radio', { name: "Credit a user's wallet" }));
    await app.user.type(within(form).getByRole('textbox', { name: /Remark/ }), 'Paid to the wrong account.');
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByText(t('walletUi.userRequired'))).toBeInTheDocument();

    await app.user.type(within(form).getByRole('textbox', { name: 'Find the user' }), 'wanjiku');
    await app.user.click(within(form).getByRole('button', { name: 'Search' }));
    await app.user.click(
      await within(form).findByRole('radio', { name: 'Wanjiku Kamau, wanjiku.kamau@example.com' }),
    );
    expect(within(form).queryByRole('radio', { name: /Amani Otieno/ })).not.toBeInTheDocument();
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));

    const audit = await within(card('Payment ORD-502')).findByRole('list', {
      name: 'Audit of Payment ORD-502',
    });
    expect(audit).toHaveTextContent('Credited by Imani Admin');
    expect(withdrawals.bodies.get('POST /api/admin/transactions/resolve/502')).toEqual({
      action: 'credit',
      remark: 'Paid to the wrong account.',
      user_id: 2,
    });
  });

  it('says clearly when another admin resolved it first (409), and passes axe with the form', async () => {
    const app = await openReview();
    expect(await violations()).toEqual([]);
    // Another admin resolves it while this page still shows it waiting.
    admin.payments.find((payment) => payment.id === 501)!.status = 'cancelled';
    const form = within(card('Payment ORD-501')).getByRole('form', { name: 'Resolve Payment ORD-501' });
    await app.user.click(within(form).getByRole('radio', { name: 'Refunded outside the app' }));
    await app.user.type(within(form).getByRole('textbox', { name: /Remark/ }), 'Refunded by bank transfer.');
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(WITHDRAWAL_TEXT.resolvedAlready);
  });

  it('shows the server’s 422 under its field', async () => {
    server.use(
      http.post('/api/admin/transactions/resolve/:id', () =>
        HttpResponse.json(
          { message: 'Say what was checked.', errors: { remark: ['Say what was checked.'] } },
          { status: 422 },
        ),
      ),
    );
    const app = await openReview();
    const form = within(card('Payment ORD-501')).getByRole('form', { name: 'Resolve Payment ORD-501' });
    await app.user.click(within(form).getByRole('radio', { name: 'Close' }));
    const remark = within(form).getByRole('textbox', { name: /Remark/ });
    await app.user.type(remark, 'Done now.');
    await app.user.click(within(form).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(remark).toHaveAccessibleDescription(expect.stringContaining('Say what was checked.')),
    );
    expect(within(card('Payment ORD-501')).getByText('Needs review')).toBeInTheDocument();
  });
});
