// A visitor the server rate-limits (429) reads the server's own message on the sign-in, sign-up and
// change-password forms, not a generic error (docs/api.md "Rate limits").
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, useFakeApi } from '../msw/server';
import { passwordField, renderPage, signedInAs } from '../render';

useFakeApi();

const limited = (seconds: number) =>
  HttpResponse.json(
    { message: `Too many attempts. Try again in ${seconds} seconds.` },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );

describe('rate-limited auth forms', () => {
  it('shows the lockout message on sign-in', async () => {
    server.use(http.post('/api/login', () => limited(873)));
    const app = renderPage('/sign-in');
    await app.landsOn('/sign-in');
    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'student@example.com');
    await app.user.type(passwordField(), 'Wrong-passw0rd');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 873 seconds.',
    );
    expect(app.currentPath()).toBe('/sign-in');
  });

  it('shows the limit message on sign-up', async () => {
    server.use(http.post('/api/register', () => limited(412)));
    const app = renderPage('/sign-up');
    await app.landsOn('/sign-up');
    await app.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Achieng');
    await app.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Odhiambo');
    await app.user.type(screen.getByRole('textbox', { name: 'Username' }), 'achieng_o');
    await app.user.type(screen.getByRole('textbox', { name: 'Email' }), 'achieng@example.com');
    await app.user.type(screen.getByRole('textbox', { name: 'Phone' }), '0712 345 678');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'I am a' }), 'Parent');
    await app.user.type(passwordField(), 'Str0ng!pass');
    await app.user.type(passwordField(/^Confirm password/), 'Str0ng!pass');
    await app.user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Too many attempts. Try again in 412 seconds.')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/sign-up');
  });

  it('shows the lockout message on the change-password form and keeps the fields', async () => {
    server.use(http.post('/api/user/password', () => limited(655)));
    signedInAs('student@example.com');
    const app = renderPage('/profile-setting?section=password');
    await app.landsOn('/profile-setting?section=password');
    const form = screen.getByRole('form', { name: 'Change password' });
    await app.user.type(passwordField(/^Current password/), 'Guess-11!');
    await app.user.type(passwordField(/^New password/), 'N3w!password');
    await app.user.type(passwordField(/^Confirm new password/), 'N3w!password');
    await app.user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 655 seconds.',
    );
    expect(passwordField(/^Current password/)).toHaveValue('Guess-11!');
  });
});
