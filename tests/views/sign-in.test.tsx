import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { PASSWORD } from '../msw/handlers';
import { passwordField, renderPage } from '../render';

useFakeApi();

describe('sign-in page', () => {
  it('shows the invalid-credentials message for a wrong password and stays on sign-in', async () => {
    const app = renderPage('/sign-in');
    await app.landsOn('/sign-in');
    expect(document.title).toBe('Sign in | Somesha');

    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'student@example.com');
    await app.user.type(passwordField(), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. please try again.');
    expect(app.currentPath()).toBe('/sign-in');
  });

  it('signs the demo student in and lands on the workspace with a greeting', async () => {
    const app = renderPage('/sign-in');
    await app.landsOn('/sign-in');

    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'student@example.com');
    await app.user.type(passwordField(), PASSWORD);
    await app.user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await app.landsOn('/workspace');
    expect(await screen.findByRole('heading', { name: 'Hello, Amani' })).toBeInTheDocument();
    expect(screen.getByText(t('messages.none', { name: 'activities' }))).toBeInTheDocument();
    expect(document.title).toBe('Home | Somesha');
  });

  it('tells a visitor arriving from the activation link that the account is active', async () => {
    const app = renderPage('/sign-in?verified=1');
    await app.landsOn('/sign-in?verified=1');
    expect(screen.getByText(t('auth.activated'))).toBeInTheDocument();
  });

  it('warns when the activation link was invalid', async () => {
    const app = renderPage('/sign-in?verified=0');
    await app.landsOn('/sign-in?verified=0');
    expect(screen.getByRole('alert')).toHaveTextContent(t('auth.activationInvalid'));
  });
});
