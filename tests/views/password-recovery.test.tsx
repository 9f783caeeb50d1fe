import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { api } from '../msw/handlers';
import { passwordField, renderPage } from '../render';

useFakeApi();

describe('forgot password', () => {
  it('asks for a valid address, then confirms the link was sent', async () => {
    const app = renderPage('/forgot-password');
    await app.landsOn('/forgot-password');
    expect(document.title).toBe('Forgot password | Somesha');

    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'amani@');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(t('validation.email'));

    await app.user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'student@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(t('auth.resetEmailSent'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/forgot-password')).toEqual({ email: 'student@example.com' });
  });
});

describe('password reset', () => {
  const link = (token: string) => `/password-reset/${token}?email=student%40example.com`;

  it('sets the new password and sends the user to sign in with a confirmation', async () => {
    const app = renderPage(link(api.validResetToken));
    await app.landsOn(link(api.validResetToken));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('student@example.com');

    await app.user.type(passwordField(/^New password/), 'N3w!password');
    await app.user.type(passwordField(/^Confirm new password/), 'N3w!password');
    await app.user.click(screen.getByRole('button', { name: 'Reset password' }));

    await app.landsOn('/sign-in');
    expect(screen.getAllByText(t('auth.passwordResetDone')).length).toBeGreaterThan(0);
    expect(api.bodies.get('POST /api/reset-password')).toEqual({
      token: api.validResetToken,
      email: 'student@example.com',
      password: 'N3w!password',
      password_confirmation: 'N3w!password',
    });
  });

  it('says when the link is dead and offers a new one', async () => {
    const app = renderPage(link('expired'));
    await app.landsOn(link('expired'));
    await app.user.type(passwordField(/^New password/), 'N3w!password');
    await app.user.type(passwordField(/^Confirm new password/), 'N3w!password');
    await app.user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(t('auth.resetLinkInvalid'));
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(app.currentPath()).toBe(link('expired'));
  });

  it('refuses mismatched passwords before calling the server', async () => {
    const app = renderPage(link(api.validResetToken));
    await app.landsOn(link(api.validResetToken));
    await app.user.type(passwordField(/^New password/), 'N3w!password');
    await app.user.type(passwordField(/^Confirm new password/), 'other');
    await app.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(passwordField(/^Confirm new password/)).toHaveAccessibleDescription(
      t('validation.passwordMismatch'),
    );
    expect(api.bodies.has('POST /api/reset-password')).toBe(false);
  });
});
