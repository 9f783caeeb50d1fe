import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { api } from '../msw/handlers';
import { passwordField, renderApp, renderPage, signedInAs } from '../render';

useFakeApi();

describe('profile settings', () => {
  it('updates the personal details, keeps the new name in the session and confirms', async () => {
    signedInAs('student@example.com');
    const app = renderApp('/profile-setting');
    await app.landsOn('/profile-setting');
    expect(document.title).toBe('Profile settings | Somesha');

    const details = screen.getByRole('form', { name: 'Personal details' });
    const firstName = within(details).getByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveValue('Amani');
    await app.user.clear(firstName);
    await app.user.type(firstName, 'Neema');
    await app.user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(t('profile.updated'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/updateuserinfo')).toMatchObject({
      first_name: 'Neema',
      last_name: 'Otieno',
      username: 'student',
    });
    expect(screen.getByRole('button', { name: 'User menu for Neema Otieno' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('somesha.user') ?? '{}')).toMatchObject({ firstName: 'Neema' });
  });

  it('shows a taken username from the server under the field', async () => {
    signedInAs('student@example.com');
    const app = renderPage('/profile-setting');
    await app.landsOn('/profile-setting');
    const details = screen.getByRole('form', { name: 'Personal details' });
    const username = within(details).getByRole('textbox', { name: 'Username' });
    await app.user.clear(username);
    await app.user.type(username, 'teacher');
    await app.user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await within(details).findByText(t('validation.usernameTaken'))).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(t('validation.usernameTaken'));
  });

  it('changes the password, and reports a wrong current password on its field', async () => {
    signedInAs('student@example.com');
    const app = renderPage('/profile-setting?section=password');
    await app.landsOn('/profile-setting?section=password');
    const form = screen.getByRole('form', { name: 'Change password' });

    await app.user.type(passwordField(/^Current password/), 'nope');
    await app.user.type(passwordField(/^New password/), 'N3w!password');
    await app.user.type(passwordField(/^Confirm new password/), 'N3w!password');
    await app.user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(t('validation.currentPassword'))).toBeInTheDocument();

    await app.user.clear(passwordField(/^Current password/));
    await app.user.type(passwordField(/^Current password/), 'Passw0rd!');
    await app.user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(t('auth.passwordChanged'))).toBeInTheDocument();
    expect(passwordField(/^Current password/)).toHaveValue('');
    expect(api.current()?.password).toBe('N3w!password');
  });
});
