import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sentTo = async (email: string) => (await server.mail()).filter((mail) => mail.to === email);

describe('POST /api/forgot-password', () => {
  it('gives the same answer for a known and an unknown address, and mails only the known one', async () => {
    const known = await server.browser().post('/api/forgot-password', { email: 'teacher@example.com' });
    const unknown = await server.browser().post('/api/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({
      message: 'If an account exists for that e-mail, we have sent a password reset link.',
    });

    const [mail] = await sentTo('teacher@example.com');
    expect(mail?.subject).toBe('Reset your Somesha password');
    expect(linkIn(mail, '/password-reset/')).toMatch(
      /^\/password-reset\/[\w-]+\?email=teacher%40example\.com$/,
    );
    expect(await sentTo('ghost@example.com')).toHaveLength(0);
  });

  it('answers 422 for an invalid address', async () => {
    const response = await server.browser().post('/api/forgot-password', { email: 'nope' });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(['Enter a valid e-mail address.']);
  });

  it('limits requests for one address to three per 15 minutes', async () => {
    const browser = server.browser();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await browser.post('/api/forgot-password', { email: 'flood@example.com' })).status).toBe(200);
    }
    const fourth = await browser.post('/api/forgot-password', { email: 'flood@example.com' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(60);
  });
});

describe('POST /api/reset-password', () => {
  it('sets a new password once: the old one stops working and the link cannot be reused', async () => {
    const signedIn = server.browser();
    await signedIn.signIn('newteacher@example.com');
    await server.browser().post('/api/forgot-password', { email: 'newteacher@example.com' });
    const [mail] = await sentTo('newteacher@example.com');
    const url = new URL(linkIn(mail, '/password-reset/'), 'http://x');
    const token = url.pathname.split('/').pop();
    const email = url.searchParams.get('email');

    const form = { token, email, password: 'N3w-secret!', password_confirmation: 'N3w-secret!' };
    const reset = await server.browser().post('/api/reset-password', form);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password has been reset. You can sign in now.' });

    expect((await server.browser().post('/api/login', { email, password: 'Passw0rd!' })).status).toBe(422);
    expect((await server.browser().post('/api/login', { email, password: 'N3w-secret!' })).status).toBe(204);
    // Sessions opened with the old password are gone.
    expect((await signedIn.get('/api/user')).status).toBe(401);

    const reuse = await server
      .browser()
      .post('/api/reset-password', {
        ...form,
        password: 'An0ther-one!',
        password_confirmation: 'An0ther-one!',
      });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors).toEqual({ email: ['This password reset link is invalid or has expired.'] });
  });

  it('refuses a link used with another e-mail address, a weak password or a mismatch', async () => {
    await server.browser().post('/api/forgot-password', { email: 'admin@example.com' });
    const [mail] = await sentTo('admin@example.com');
    const token = new URL(linkIn(mail, '/password-reset/'), 'http://x').pathname.split('/').pop();

    const otherEmail = await server.browser().post('/api/reset-password', {
      token,
      email: 'student@example.com',
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
    });
    expect(otherEmail.status).toBe(422);
    expect(otherEmail.body.message).toBe('This password reset link is invalid or has expired.');

    const weak = await server
      .browser()
      .post('/api/reset-password', {
        token,
        email: 'admin@example.com',
        password: 'short',
        password_confirmation: 'other',
      });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toContain('Password must be at least 8 characters.');
    expect(weak.body.errors.password_confirmation).toEqual(['Passwords do not match.']);
  });
});

describe('account details', () => {
  it('updates the signed-in user’s details and answers with the user', async () => {
    const browser = server.browser();
    await browser.signIn('parent@example.com');
    const response = await browser.post('/api/updateuserinfo', {
      first_name: 'Peter',
      last_name: 'Otieno Ouma',
      username: 'peter.ouma',
      phone: '+254 722 000 999',
      gender: 'male',
      dob: '1982-06-02',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated');
    expect(response.body.data).toMatchObject({
      last_name: 'Otieno Ouma',
      username: 'peter.ouma',
      phone: '254722000999',
    });
  });

  it('answers 422 for a taken username, a bad phone and a future birth date', async () => {
    const browser = server.browser();
    await browser.signIn('parent@example.com');
    const response = await browser.post('/api/updateuserinfo', {
      first_name: 'Peter',
      last_name: 'Otieno',
      username: 'peter.ouma',
      phone: '12345',
      dob: '2999-01-01',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      phone: ['Invalid phone number.'],
      dob: ['Date of birth cannot be in the future.'],
    });
    const taken = await browser.post('/api/updateuserinfo', {
      first_name: 'P',
      last_name: 'O',
      username: 'Wanjiru.Kamau',
      phone: '0722000111',
    });
    expect(taken.body.errors).toEqual({ username: ['The username has already been taken.'] });
  });

  it('changes the password only with the current one', async () => {
    const browser = server.browser();
    await browser.signIn('student@example.com');
    const wrong = await browser.post('/api/user/password', {
      current_password: 'nope',
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });

    const done = await browser.post('/api/user/password', {
      current_password: 'Passw0rd!',
      password: 'N3w-secret!',
      password_confirmation: 'N3w-secret!',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Password changed' });
    // This device stays signed in.
    expect((await browser.get('/api/user')).status).toBe(200);
    expect(
      (await server.browser().post('/api/login', { email: 'student@example.com', password: 'N3w-secret!' }))
        .status,
    ).toBe(204);
  });

  it('answers 401 to account calls without a session', async () => {
    const response = await server.browser().post('/api/updateuserinfo', { first_name: 'X' });
    expect(response.status).toBe(401);
  });
});
