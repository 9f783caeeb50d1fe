// /admin (what waits, from each list's meta.total), /admin/payments (gateway references in a
// keyboard-scrollable table) and /admin/users (search and role filter in the URL, paged).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, useAdminApi } from '../../msw/admin-handlers';
import { openAsAdmin } from './open-admin';

useAdminApi();

const open = openAsAdmin;

const section = (name: string) => screen.getByRole('region', { name });

describe('admin overview', () => {
  it('counts what waits and links each count to its screen', async () => {
    const app = await open('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(
      await within(section('Teachers')).findByText('2 teachers waiting for approval'),
    ).toBeInTheDocument();
    expect(await within(section('Lessons')).findByText('2 lessons waiting for approval')).toBeInTheDocument();
    expect(await within(section('Classes')).findByText('1 class waiting for approval')).toBeInTheDocument();
    expect(await within(section('Payments')).findByText('2 payments needing review')).toBeInTheDocument();
    await app.user.click(within(section('Lessons')).getByRole('link', { name: 'Review lessons' }));
    await app.landsOn('/admin/lessons');
    expect(await screen.findByRole('heading', { level: 2, name: 'Fractions' })).toBeInTheDocument();
  });

  it('says "Nothing waiting." where nothing does', async () => {
    admin.teachers = [];
    admin.payments = [];
    await open('/admin');
    expect(await within(section('Teachers')).findByText('Nothing waiting.')).toBeInTheDocument();
    expect(await within(section('Payments')).findByText('Nothing waiting.')).toBeInTheDocument();
    expect(within(section('Payments')).getByRole('link', { name: 'See all payments' })).toHaveAttribute(
      'href',
      '/admin/payments',
    );
    expect(await within(section('Lessons')).findByText('2 lessons waiting for approval')).toBeInTheDocument();
  });
});

describe('admin payments', () => {
  it('lists payments needing review with their gateway references', async () => {
    await open('/admin/payments');
    expect(screen.getByRole('heading', { level: 1, name: 'Payments needing review' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Payments needing review table' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(region).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const mpesa = within(rows[1] as HTMLElement);
    for (const text of [
      'mpesa',
      'KES 1,500',
      'Claimed KES 1,000 · Confirmed by M-Pesa KES 1,000',
      'RKT501XYZ',
      'ACC501',
      'ORD-501',
      'M-Pesa confirmed another amount than the confirmation claimed.',
    ])
      expect(mpesa.getByText(text)).toBeInTheDocument();
    expect(mpesa.getByText('Amani Otieno, student@example.com')).toBeInTheDocument();
    // Paybill money to an unknown account: what M-Pesa confirmed, never the 0.01 of an empty cart.
    const unknown = within(rows[2] as HTMLElement);
    expect(unknown.getByText('KES 250')).toBeInTheDocument();
    expect(unknown.getByText('Claimed KES 250 · Confirmed by M-Pesa KES 250')).toBeInTheDocument();
    expect(unknown.getByText('SOM-NOBODY')).toBeInTheDocument();
    // The ids the server asks gateways with are no column of it.
    expect(within(region).queryByText(/checkout request|tracking id/i)).toBeNull();
  });

  it('says so when no payment needs review', async () => {
    admin.payments = [];
    await open('/admin/payments');
    expect(await screen.findByText('No payments needing review available.')).toBeInTheDocument();
  });
});

describe('admin users', () => {
  const names = () =>
    within(screen.getByRole('region', { name: 'Users table' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('pages through users, searches and filters by role, all in the URL', async () => {
    const app = await open('/admin/users');
    await screen.findByRole('region', { name: 'Users table' });
    expect(names()).toEqual(['Amani Otieno', 'Wanjiku Kamau', 'Grace Mwangi']);
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/users?page=2'));
    await waitFor(() => expect(names()).toEqual(['Baraka Mwangi', 'Imani Admin']));

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'teacher');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/users?role=teacher'));
    await waitFor(() => expect(names()).toEqual(['Grace Mwangi', 'Baraka Mwangi']));

    await app.user.type(screen.getByRole('textbox', { name: 'Search users' }), 'baraka');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/users?q=baraka&role=teacher'));
    await waitFor(() => expect(names()).toEqual(['Baraka Mwangi']));
    expect(screen.getByRole('cell', { name: 'baraka.mwangi@example.com' })).toBeInTheDocument();
  });

  it('opens with the search and the role from a shared link', async () => {
    await open('/admin/users?q=wanjiku&role=parent');
    await screen.findByRole('region', { name: 'Users table' });
    expect(names()).toEqual(['Wanjiku Kamau']);
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('wanjiku');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('parent');
  });
});
