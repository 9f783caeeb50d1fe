// Sign-up tells nobody which addresses have accounts (OWASP "Authentication: account enumeration"):
// an existing address gets the same answer, after the same work, and its owner gets a notice instead
// (docs/api.md "Sign-up with an address that has an account").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestServer, type ApiResponse, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  // One trusted proxy hop, so each sign-up can come from its own address: the per-IP sign-up limit
  // is not what these tests are about.
  server = await startTestServer({ config: { trustProxy: true } });
});
afterAll(() => server.close());

let nextAddress = 1;
const NOTICE_SUBJECT = 'Someone tried to sign up with your e-mail address';

function register(overrides: Record<string, unknown>, browser = server.browser()): Promise<ApiResponse> {
  const address = nextAddress++;
  return browser.post(
    '/api/register',
    {
      first_name: 'Mallory',
      last_name: 'Probe',
      username: `probe_${address}`,
      email: `probe.${address}@example.com`,
      phone: '0712 345 321',
      password: 'Pr0be!pass',
      password_confirmation: 'Pr0be!pass',
      role: 'student',
      terms: true,
      ...overrides,
    },
    { headers: { 'x-forwarded-for': `198.51.100.${address}` } },
  );
}

const mailsTo = async (to: string) => (await server.mail()).filter((mail) => mail.to === to);

describe('POST /api/register with an address that already has an account', () => {
  it('answers exactly like a new address', async () => {
    const fresh = await register({ email: 'brand.new@example.com' });
    const existing = await register({ email: 'Student@Example.com' });
    expect(fresh.status).toBe(201);
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toEqual(fresh.body);
    expect(existing.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
  });

  it('mails the owner a notice with sign-in and reset links, and leaves the account as it was', async () => {
    const [notice, ...more] = await mailsTo('student@example.com');
    expect(more).toEqual([]);
    expect(notice?.subject).toBe(NOTICE_SUBJECT);
    expect(notice?.text).toContain('You already have a Somesha account');
    expect(notice?.links).toEqual(['http://localhost:3000/sign-in', 'http://localhost:3000/forgot-password']);
    expect(linkIn(notice, '/sign-in')).toBe('/sign-in');
    expect(notice?.text).not.toContain('/api/email/verify/');

    // The owner's password still works; the prober's does not, and no second account was made.
    const owner = server.browser();
    await owner.signIn('student@example.com');
    const user = await owner.get('/api/user');
    expect(user.body.data).toMatchObject({
      first_name: 'Wanjiru',
      username: 'wanjiru.kamau',
      status: 'active',
    });
    const prober = await server
      .browser()
      .post('/api/login', { email: 'student@example.com', password: 'Pr0be!pass' });
    expect(prober.status).toBe(422);
    expect(prober.body.message).toBe('Invalid credentials. please try again.');
  });

  it('sends at most one notice per address per hour, whatever the answer says', async () => {
    const first = await register({ email: 'teacher@example.com' });
    const second = await register({ email: 'teacher@example.com' });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(await mailsTo('teacher@example.com')).toHaveLength(1);
  });

  it('refuses a taken username with the same 422 whether or not the e-mail has an account', async () => {
    const withNewEmail = await register({ email: 'unused.address@example.com', username: 'WANJIRU.KAMAU' });
    const withOldEmail = await register({ email: 'admin@example.com', username: 'WANJIRU.KAMAU' });
    expect(withNewEmail.status).toBe(422);
    expect(withNewEmail.body).toEqual({
      message: 'The username has already been taken.',
      errors: { username: ['The username has already been taken.'] },
    });
    expect(withOldEmail.body).toEqual(withNewEmail.body);
    expect(await mailsTo('admin@example.com')).toEqual([]);
  });

  it('spends comparable time on both paths: an existing address is hashed too', async () => {
    // Interleaved, so load on a busy machine falls on both kinds alike; the medians are compared
    // loosely. Without hashing the existing-address path takes a few milliseconds against the tens a
    // scrypt hash costs, far below half.
    const existingAddresses = [
      'james.ochieng@example.com',
      'amina.hassan@example.com',
      'david.kariuki@example.com',
      'newteacher@example.com',
      'james.ochieng@example.com',
    ];
    const timed = async (email: string) => {
      const browser = server.browser();
      await browser.csrf(); // only the sign-up itself is timed
      const started = performance.now();
      const response = await register({ email }, browser);
      expect(response.status).toBe(201);
      return performance.now() - started;
    };
    const fresh: number[] = [];
    const existing: number[] = [];
    for (const [index, email] of existingAddresses.entries()) {
      fresh.push(await timed(`timing.${index}@example.com`));
      existing.push(await timed(email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(existing)).toBeGreaterThan(median(fresh) / 2);
  });
});
