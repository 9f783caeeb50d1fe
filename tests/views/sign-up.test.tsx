import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { api } from '../msw/handlers';
import { passwordField, renderPage } from '../render';

useFakeApi();

async function fillValidForm(app: ReturnType<typeof renderPage>, email: string) {
  await app.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Achieng');
  await app.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Odhiambo');
  await app.user.type(screen.getByRole('textbox', { name: 'Username' }), 'achieng_o');
  await app.user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await app.user.type(screen.getByRole('textbox', { name: 'Phone' }), '0712 345 678');
  await app.user.selectOptions(screen.getByRole('combobox', { name: 'I am a' }), 'Parent');
  await app.user.type(passwordField(), 'Str0ng!pass');
  await app.user.type(passwordField(/^Confirm password/), 'Str0ng!pass');
  await app.user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
}

describe('sign-up page', () => {
  it('checks the form before sending and links each message to its field', async () => {
    const app = renderPage('/sign-up');
    await app.landsOn('/sign-up');
    expect(document.title).toBe('Sign up | Somesha');
    expect(passwordField()).toHaveAttribute('placeholder', 'Min 8 characters');

    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await app.user.type(passwordField(), 'short');
    await app.user.type(passwordField(/^Confirm password/), 'different');
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(t('validation.email'));
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(passwordField()).toHaveAccessibleDescription(
      expect.stringContaining(t('validation.passwordMin', { min: 8 })),
    );
    expect(passwordField(/^Confirm password/)).toHaveAccessibleDescription(t('validation.passwordMismatch'));
    expect(screen.getByText(t('validation.terms'))).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(api.bodies.has('POST /api/register')).toBe(false);
  });

  it('tells an address that has an account exactly what it tells a new one: check the e-mail', async () => {
    const app = renderPage('/sign-up');
    await app.landsOn('/sign-up');
    await fillValidForm(app, 'student@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getAllByText(t('auth.signUpReceived')).length).toBeGreaterThan(0);
    expect(
      screen.getByText(/If this address already has an account, the e-mail tells you how to get back in/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('creates the account and tells the user to check the e-mail', async () => {
    const app = renderPage('/sign-up');
    await app.landsOn('/sign-up');
    await fillValidForm(app, 'achieng@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getAllByText(t('auth.signUpReceived')).length).toBeGreaterThan(0);
    expect(api.bodies.get('POST /api/register')).toMatchObject({
      first_name: 'Achieng',
      last_name: 'Odhiambo',
      username: 'achieng_o',
      email: 'achieng@example.com',
      role: 'parent',
      password_confirmation: 'Str0ng!pass',
      terms: true,
    });
  });
});
