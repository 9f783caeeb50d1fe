// The auth forms check what the API checks (src/shared/validation.ts) before a round trip, and a
// 422 from the server lands under the field it names, once, until that field is edited.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { collect, emailProblem, validateSignIn } from '@/shared/validation';
import { api } from '../msw/handlers';
import { server, useFakeApi } from '../msw/server';
import { passwordField, renderPage } from '../render';

useFakeApi();

const emailField = () => screen.getByRole('textbox', { name: 'Email' });

describe('sign-in form', () => {
  it('checks the fields with the sign-in rules the API uses, without a request', async () => {
    const app = renderPage('/sign-in');
    await app.landsOn('/sign-in');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    const blank = validateSignIn({ email: '', password: '' });
    expect(blank).toEqual({ email: [t('validation.required')], password: [t('validation.required')] });
    expect(emailField()).toHaveAccessibleDescription(t('validation.required'));
    expect(passwordField()).toHaveAccessibleDescription(t('validation.required'));

    await app.user.type(emailField(), 'amani@');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(emailField()).toHaveAccessibleDescription(
      validateSignIn({ email: 'amani@', password: '' }).email?.[0] ?? '',
    );
    expect(emailField()).toHaveAccessibleDescription(t('validation.email'));
    expect(api.calls).not.toContain('POST /api/login');
  });

  it('shows the server’s 422 under its field, once, and the field’s edit clears it', async () => {
    // The API's answer to a wrong password names the e-mail field (server/services/auth-service.ts).
    const refused = t('auth.invalidCredentials');
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ message: refused, errors: { email: [refused] } }, { status: 422 }),
      ),
    );
    const app = renderPage('/sign-in');
    await app.landsOn('/sign-in');
    await app.user.type(emailField(), 'student@example.com');
    await app.user.type(passwordField(), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(refused));
    expect(screen.getAllByText(refused)).toHaveLength(1);
    expect(app.currentPath()).toBe('/sign-in');

    await app.user.type(emailField(), 'x');
    expect(emailField()).not.toHaveAccessibleDescription(refused);
    expect(screen.queryByText(refused)).not.toBeInTheDocument();
  });
});

describe('forgot-password form', () => {
  it('shows the server’s 422 under the e-mail field', async () => {
    const unknown = 'We can’t find a user with that e-mail address.';
    server.use(
      http.post('/api/forgot-password', () =>
        HttpResponse.json({ message: unknown, errors: { email: [unknown] } }, { status: 422 }),
      ),
    );
    const app = renderPage('/forgot-password');
    await app.landsOn('/forgot-password');
    expect(collect({ email: emailProblem('nobody@example.com') })).toEqual({});
    await app.user.type(emailField(), 'nobody@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(unknown));
    expect(screen.getAllByText(unknown)).toHaveLength(1);
  });
});

describe('sign-up form', () => {
  it('keeps the server’s verdict on the e-mail field until the address is changed', async () => {
    // The server's verdict on an address the form's own rules let through.
    const verdict = t('validation.email');
    server.use(
      http.post('/api/register', () =>
        HttpResponse.json({ message: verdict, errors: { email: [verdict] } }, { status: 422 }),
      ),
    );
    const app = renderPage('/sign-up');
    await app.landsOn('/sign-up');
    await app.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Achieng');
    await app.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Odhiambo');
    await app.user.type(screen.getByRole('textbox', { name: 'Username' }), 'achieng_o');
    await app.user.type(emailField(), 'student@example.com');
    await app.user.type(screen.getByRole('textbox', { name: 'Phone' }), '0712 345 678');
    await app.user.type(passwordField(), 'Str0ng!pass');
    await app.user.type(passwordField(/^Confirm password/), 'Str0ng!pass');
    await app.user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(verdict));
    // Another field's edit leaves it; the address's own edit clears it.
    await app.user.type(screen.getByRole('textbox', { name: 'Username' }), '2');
    expect(emailField()).toHaveAccessibleDescription(verdict);
    await app.user.type(emailField(), 'm');
    expect(emailField()).not.toHaveAccessibleDescription(verdict);
  });
});
