// The workspace menu by role (menuFor): an admin gets the admin entries, a teacher the teacher's,
// neither a cart; a learner cannot open the admin screens. And the teacher's profile screen tells a
// declined teacher the admin's remark and a pending one that the profile awaits approval.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, useAdminApi } from '../../msw/admin-handlers';
import { api } from '../../msw/handlers';
import { renderApp, signedInAs } from '../../render';

useAdminApi();

const nav = () => screen.getByRole('navigation', { name: 'Workspace navigation' });
const entries = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent)
    .concat(
      within(nav())
        .getAllByRole('button')
        .map((button) => button.textContent),
    );

describe('workspace menu by role', () => {
  it('shows an admin the admin menu and no cart', async () => {
    signedInAs(ADMIN_EMAIL);
    const app = renderApp('/admin');
    await app.landsOn('/admin');
    expect(entries()).toEqual(
      expect.arrayContaining(['Home', 'Administration', 'Payments to review', 'Users', 'Manage catalogue']),
    );
    await app.user.click(within(nav()).getByText('Approvals'));
    for (const name of ['Teachers', 'Lessons', 'Classes'])
      expect(await within(nav()).findByRole('link', { name })).toBeInTheDocument();
    expect(entries()).not.toContain('My lessons');
    expect(entries()).not.toContain('Lesson bookings');
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Administration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a teacher the teacher menu and no cart', async () => {
    signedInAs('teacher@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    expect(entries()).toEqual(
      expect.arrayContaining(['My lessons', 'My classes', 'Wallet and earnings', 'Teacher profile']),
    );
    expect(entries()).not.toContain('Administration');
    expect(entries()).not.toContain('Lesson bookings');
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
  });

  it('sends a learner away from the admin screens', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/admin/teachers');
    await app.landsOn('/workspace');
    expect(entries()).toContain('Lesson bookings');
    expect(entries()).not.toContain('Administration');
    expect(api.calls).not.toContain('GET /api/admin/teachers');
  });
});

describe('teacher profile status', () => {
  function teacherWith(status: 'pending' | 'declined', remark: string | null) {
    const account = api.accounts.get('newteacher@example.com');
    if (!account) throw new Error('No new teacher');
    account.user.teacher = {
      ...(account.user.teacher as object),
      status,
      remark,
      biography: 'Ten years of mathematics.',
    };
    signedInAs('newteacher@example.com');
  }

  it("shows a declined teacher the admin's remark", async () => {
    teacherWith('declined', 'Upload a readable TSC certificate.');
    const app = renderApp('/complete-profile/teacher');
    await app.landsOn('/complete-profile/teacher');
    expect(
      await screen.findByText(
        'Your profile was declined: Upload a readable TSC certificate. Update it and submit again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your profile is awaiting approval.')).not.toBeInTheDocument();
  });

  it('tells a pending teacher the profile awaits approval', async () => {
    teacherWith('pending', null);
    const app = renderApp('/teacher');
    await app.landsOn('/teacher');
    expect(await screen.findByText('Your profile is awaiting approval.')).toBeInTheDocument();
    expect(screen.queryByText(/Your profile was declined/)).not.toBeInTheDocument();
  });
});
