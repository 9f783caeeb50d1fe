// axe-core over the parent's profile settings (photo, children, the child form, the removal dialog)
// and the wallet's plans, as jsdom renders them. Contrast needs real layout and colours, so it is left
// to the browser tests; every structural rule runs (names, roles, ARIA, headings).
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { profileWorkspace } from '../../msw/profile-workspace-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';

useFakeApi();

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

describe('profile settings and plans for axe-core', () => {
  it('has no violations with the children, the child form and the removal dialog', async () => {
    signedInAs('parent@example.com');
    const app = renderApp('/profile-setting');
    await app.landsOn('/profile-setting');
    const list = await screen.findByRole('list', { name: 'Your children' });
    expect(await violations()).toEqual([]);

    await app.user.click(within(list).getByRole('button', { name: 'Edit Achieng Otieno' }));
    await screen.findByRole('form', { name: 'Edit child' });
    expect(await violations()).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(list).getByRole('button', { name: 'Remove Baraka Otieno' }));
    await screen.findByRole('dialog');
    expect(await violations()).toEqual([]);
  });

  it('has no violations in My plans', async () => {
    profileWorkspace.plans = [
      {
        id: 7,
        package: { id: 2, name: 'Standard' },
        custom_plan: null,
        start_date: '2026-11-01T09:00:00+03:00',
        end_date: '2026-12-01T09:00:00+03:00',
        status: 'active',
        price: '2500.00',
      },
    ];
    signedInAs('student@example.com');
    const app = renderApp('/wallet');
    await app.landsOn('/wallet');
    const plans = await screen.findByRole('region', { name: 'My plans' });
    await within(plans).findByText('Standard');
    expect(await violations()).toEqual([]);
  });
});
