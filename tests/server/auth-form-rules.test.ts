// The auth forms' client checks (src/shared/validation.ts) are the API's: what the sign-in and
// forgot-password pages say before a round trip is what the API answers per field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, emailProblem, validateSignIn } from '../../src/shared/validation';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('auth form rules', () => {
  it.each([
    { email: '', password: '' },
    { email: 'amani@', password: 'Passw0rd!' },
    { email: 'amani@example.com', password: '' },
  ])('POST /api/login answers $email / $password as validateSignIn does', async (values) => {
    const response = await server.browser().post('/api/login', values);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(validateSignIn(values));
  });

  it('POST /api/forgot-password answers a bad address as emailProblem does', async () => {
    const browser = server.browser();
    await browser.csrf();
    const response = await browser.post('/api/forgot-password', { email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(collect({ email: emailProblem('not-an-email') }));
  });
});
