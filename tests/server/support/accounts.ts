// A fresh account through the real sign-up: registered, its e-mail link followed, signed in.
import { expect } from 'vitest';
import { linkIn, type Browser, type TestServer } from './test-server';

/** Registers, activates and signs in a new account of the given role (`<name>@example.com`). */
export async function newAccount(
  server: TestServer,
  role: 'student' | 'parent' | 'teacher',
  name: string,
): Promise<Browser> {
  const browser = server.browser();
  const email = `${name}@example.com`;
  const created = await browser.post('/api/register', {
    first_name: 'Test',
    last_name: name,
    username: name,
    email,
    phone: '0712000000',
    password: 'Str0ng!pass',
    password_confirmation: 'Str0ng!pass',
    role,
    terms: true,
  });
  expect(created.status).toBe(201);
  const [mail] = (await server.mail()).filter((message) => message.to === email);
  await browser.get(linkIn(mail, '/api/email/verify/'));
  await browser.signIn(email, 'Str0ng!pass');
  return browser;
}
