// axe-core over every admin screen as jsdom renders it, with the approval and catalogue dialogs open.
// Contrast needs real layout and colours, so the browser tests check it; here every structural rule
// runs (names, roles, ARIA, headings in order, focusable scroll regions).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../msw/admin-handlers';
import { useReportHandlers } from '../../msw/reports-handlers';
import { openScreenAsAdmin } from './open-admin';

useAdminApi();
useReportHandlers();

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

const open = openScreenAsAdmin;

describe('admin screens for axe-core', () => {
  it('overview', async () => {
    await open('/admin');
    await screen.findByText('2 teachers waiting for approval');
    await screen.findByText('2 payments needing review');
    expect(await violations()).toEqual([]);
  });

  it('teachers, with the decline dialog open', async () => {
    const app = await open('/admin/teachers');
    await screen.findByRole('heading', { level: 2, name: 'Baraka Mwangi' });
    expect(await violations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Decline Baraka Mwangi' }));
    await screen.findByRole('dialog', { name: 'Decline Baraka Mwangi' });
    expect(await violations()).toEqual([]);
  });

  it('lessons', async () => {
    await open('/admin/lessons');
    await screen.findByRole('heading', { level: 2, name: 'Fractions' });
    expect(await violations()).toEqual([]);
  });

  it('classes', async () => {
    await open('/admin/classes');
    await screen.findByRole('heading', { level: 2, name: 'Form 3 Chemistry' });
    expect(await violations()).toEqual([]);
  });

  it('payments', async () => {
    await open('/admin/payments');
    await screen.findByRole('region', { name: 'Payments needing review table' });
    expect(await violations()).toEqual([]);
  });

  it('lesson reports, with their attendance records and decision forms', async () => {
    await open('/admin/reports');
    await screen.findByRole('region', { name: 'Attendance of Fractions' });
    expect(await violations()).toEqual([]);
  });

  it('users', async () => {
    await open('/admin/users');
    await screen.findByRole('region', { name: 'Users table' });
    expect(await violations()).toEqual([]);
  });

  it('catalogue, with the edit dialog open', async () => {
    const app = await open('/admin/catalogue/topics');
    await screen.findByRole('region', { name: 'Topics table' });
    expect(await violations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Edit Fractions' }));
    await screen.findByRole('dialog', { name: 'Edit Fractions' });
    expect(await violations()).toEqual([]);
  });
});
