// Guessing the current password on POST /api/user/password is limited per account like sign-in,
// and shares sign-in's account counter (docs/api.md "Rate limits").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../server/services/auth-service';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tooMany = /^Too many attempts\. Try again in \d+ seconds\.$/;
const ALLOWED = LOGIN_LIMITS.perAccount.max;

const change = (browser: Browser, currentPassword: string, password = 'N3w-secret!') =>
  browser.post('/api/user/password', {
    current_password: currentPassword,
    password,
    password_confirmation: password,
  });

async function signedIn(email: string) {
  const browser = server.browser();
  await browser.signIn(email);
  return browser;
}

describe('POST /api/user/password current-password guesses', () => {
  it('answers 429 with Retry-After after the sign-in number of wrong guesses, from any session of the account', async () => {
    // Two devices of the same account share one counter.
    const sessions = [await signedIn('teacher@example.com'), await signedIn('teacher@example.com')];
    const statuses: number[] = [];
    for (let index = 0; index < ALLOWED; index += 1) {
      statuses.push((await change(sessions[index % 2]!, `Guess-${index}!`)).status);
    }
    expect(statuses).toEqual(Array(ALLOWED).fill(422));

    // Locked now, even with the right password, on either session.
    for (const session of sessions) {
      const locked = await change(session, 'Passw0rd!');
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: expect.stringMatching(tooMany) });
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.windowSeconds);
      expect(locked.body.message).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);
    }
    // The password did not change.
    expect(
      (await server.browser().post('/api/login', { email: 'teacher@example.com', password: 'N3w-secret!' }))
        .status,
    ).not.toBe(204);
  });

  it('shares the counter with sign-in: the locked account cannot sign in either, other accounts can', async () => {
    const locked = await server
      .browser()
      .post('/api/login', { email: 'teacher@example.com', password: 'Passw0rd!' });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: expect.stringMatching(tooMany) });
    expect(
      (await server.browser().post('/api/login', { email: 'parent@example.com', password: 'Passw0rd!' }))
        .status,
    ).toBe(204);
  });

  it('still accepts the right current password before the limit', async () => {
    const browser = await signedIn('student@example.com');
    for (let index = 0; index < ALLOWED - 1; index += 1) {
      expect((await change(browser, `Guess-${index}!`)).status).toBe(422);
    }
    const done = await change(browser, 'Passw0rd!');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Password changed' });
    // Success clears the counter: a later typo is a plain 422 again, not a lockout.
    expect((await change(browser, 'Typo-1!')).status).toBe(422);
  });
});
