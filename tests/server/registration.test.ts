import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { OutboxMailer } from '../../server/gateways/mail';
import { linkIn, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Amani',
  last_name: 'Njoroge',
  username: 'amani.njoroge',
  email: 'amani@example.com',
  phone: '0712 345 001',
  password: 'Str0ng!pass',
  password_confirmation: 'Str0ng!pass',
  role: 'student',
  terms: true,
  ...overrides,
});

describe('POST /api/register', () => {
  it('creates an inactive account and mails an activation link', async () => {
    const response = await server.browser().post('/api/register', valid());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Thanks for signing up. Check your e-mail to continue.' });

    const [mail] = await server.mail();
    expect(mail?.to).toBe('amani@example.com');
    expect(mail?.subject).toBe('Activate your Somesha account');
    expect(linkIn(mail, '/api/email/verify/')).toMatch(/^\/api\/email\/verify\/[\w-]{20,}$/);
  });

  it('refuses to sign in before activation, then signs in once the link is followed', async () => {
    const browser = server.browser();
    const before = await browser.post('/api/login', { email: 'amani@example.com', password: 'Str0ng!pass' });
    expect(before.status).toBe(422);
    expect(before.body.message).toBe(
      'Please activate your account first. We have sent you a new activation e-mail.',
    );

    const mails = (await server.mail()).filter((mail) => mail.to === 'amani@example.com');
    // The message says a new mail was sent, so one was: the registration mail and the new one.
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Activate your Somesha account');

    // A second try at once sends nothing more (rate-limited) and says so.
    const again = await browser.post('/api/login', { email: 'amani@example.com', password: 'Str0ng!pass' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(
      'Please activate your account first. We sent you an activation e-mail a few minutes ago; please check your inbox.',
    );
    expect((await server.mail()).filter((mail) => mail.to === 'amani@example.com')).toHaveLength(2);

    const verify = await browser.get(linkIn(mails[1], '/api/email/verify/'));
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ message: 'Your account is active. You can sign in now.' });

    expect(
      (await browser.post('/api/login', { email: 'amani@example.com', password: 'Str0ng!pass' })).status,
    ).toBe(204);
    const user = await browser.get('/api/user');
    expect(user.body.data).toMatchObject({
      username: 'amani.njoroge',
      phone: '254712345001',
      status: 'active',
      roles: [{ name: 'student' }],
      student: { profile_completed: false },
      wallet: { balance: '0.00', currency: 'KES', has_pin: false },
    });
  });

  it('rejects a used activation link with 422, and redirects a browser to the sign-in page', async () => {
    const [mail] = (await server.mail()).filter((message) => message.to === 'amani@example.com');
    const again = await server.browser().get(linkIn(mail, '/api/email/verify/'));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: 'This activation link is invalid or has expired.' });

    const page = await server
      .browser()
      .get(linkIn(mail, '/api/email/verify/'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/sign-in?verified=0');
  });

  it('redirects a browser that follows a fresh link to /sign-in?verified=1', async () => {
    await server
      .browser()
      .post('/api/register', valid({ username: 'zawadi_m', email: 'zawadi@example.com', role: 'parent' }));
    const [mail] = (await server.mail()).filter((message) => message.to === 'zawadi@example.com');
    const page = await server
      .browser()
      .get(linkIn(mail, '/api/email/verify/'), { headers: { accept: 'text/html,*/*' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/sign-in?verified=1');
  });

  it('creates a teacher with status new', async () => {
    const browser = server.browser();
    await browser.post(
      '/api/register',
      valid({ username: 'mwalimu.otieno', email: 'mwalimu@example.com', role: 'teacher' }),
    );
    const [mail] = (await server.mail()).filter((message) => message.to === 'mwalimu@example.com');
    await browser.get(linkIn(mail, '/api/email/verify/'));
    await browser.signIn('mwalimu@example.com', 'Str0ng!pass');
    const user = await browser.get('/api/user');
    expect(user.body.data.roles).toEqual([expect.objectContaining({ name: 'teacher' })]);
    expect(user.body.data.teacher).toMatchObject({ status: 'new', subjects: [], has_id_number: false });
  });

  it.each([
    ['first_name', { first_name: '' }, 'This field is required.'],
    ['last_name', { last_name: 'N'.repeat(51) }, 'Use at most 50 characters.'],
    ['username', { username: 'a b' }, 'Use 3 to 30 letters, digits, dots or underscores.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid e-mail address.'],
    ['phone', { phone: '0812345678' }, 'Invalid phone number.'],
    [
      'password',
      { password: 'weak', password_confirmation: 'weak' },
      'Password must be at least 8 characters.',
    ],
    ['password_confirmation', { password_confirmation: 'Str0ng!pasS' }, 'Passwords do not match.'],
    ['role', { role: 'admin' }, 'Choose one of the options.'],
    ['terms', { terms: false }, 'You must agree to continue.'],
  ])('answers 422 on %s with the catalogue wording', async (field, overrides, message) => {
    const response = await server
      .browser()
      .post('/api/register', valid({ username: 'fresh_user', email: 'fresh@example.com', ...overrides }));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toContain(message);
    expect(response.body.message).toBe(
      Object.values(response.body.errors as Record<string, string[]>)[0]?.[0],
    );
  });

  it('lists every rule a weak password breaks', async () => {
    const response = await server.browser().post(
      '/api/register',
      valid({
        password: 'abc',
        password_confirmation: 'abc',
        email: 'w@example.com',
        username: 'weakling',
      }),
    );
    expect(response.body.errors.password).toEqual([
      'Password must be at least 8 characters.',
      'Password must contain at least one uppercase letter.',
      'Password must contain at least one number.',
      'Password must contain at least one special character.',
    ]);
  });

  it('refuses a taken username (any case), and says nothing of the e-mail having an account', async () => {
    const response = await server
      .browser()
      .post('/api/register', valid({ email: 'Student@Example.com', username: 'WANJIRU.KAMAU' }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ username: ['The username has already been taken.'] });
  });
});

describe('/dev/mail', () => {
  it('lists the outbox as an escaped HTML page with the links', async () => {
    await server
      .browser()
      .post(
        '/api/register',
        valid({ first_name: '<b>Eve</b>', username: 'eve_x', email: 'eve@example.com' }),
      );
    // The mail box shows what the outbox job sent (in development it runs every 2 s).
    await server.app.outbox.run();
    const response = await server.browser().get('/dev/mail', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.text).toContain('Activate your Somesha account');
    expect(response.text).toContain('To eve@example.com');
    expect(response.text).toMatch(/<a href="http:\/\/localhost:3000\/api\/email\/verify\/[\w-]+">/);
    expect(response.text).not.toContain('<b>Eve</b>');
    expect(response.text).toContain('&#60;b&#62;Eve&#60;/b&#62;');
  });

  it('is not served in production', async () => {
    // Same database, production settings: no need to boot a second PGlite.
    const production = await buildApp({
      db: server.db,
      mailer: new OutboxMailer(server.db),
      config: testConfig({ nodeEnv: 'production', distDir: 'tests/server/support/no-dist' }),
      // Production without gateway credentials only starts when the sandbox is asked for.
      env: { PAYMENTS_SANDBOX: '1' },
    });
    const baseUrl = await production.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${baseUrl}/dev/mail`)).status).toBe(404);
      expect((await fetch(`${baseUrl}/dev/mail.json`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
