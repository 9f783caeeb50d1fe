// A signed-in session without a browser: the cookies the API sets on sign-in (the CSRF cookie, then
// POST /api/login), to send with a plain `fetch` of a page (its first HTML, no scripts) or to put in
// a new browser context that has nothing else (no localStorage): a cold load after signing in.
import type { BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD } from './auth';

export type SessionCookies = Array<{ name: string; value: string }>;

function cookiesOf(response: Response): SessionCookies {
  return response.headers.getSetCookie().flatMap((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return at > 0 ? [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }] : [];
  });
}

function merge(into: SessionCookies, from: SessionCookies): SessionCookies {
  const byName = new Map(into.map((cookie) => [cookie.name, cookie.value]));
  for (const cookie of from) byName.set(cookie.name, cookie.value);
  return [...byName].map(([name, value]) => ({ name, value }));
}

/** The `cookie` header for these cookies. */
export const cookieHeader = (cookies: SessionCookies) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** Signs `email` in through the API (as the SPA does) and answers the session's cookies. */
export async function signInCookies(baseUrl: string, email: string): Promise<SessionCookies> {
  const csrf = await fetch(new URL('/sanctum/csrf-cookie', baseUrl));
  let cookies = cookiesOf(csrf);
  const token = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const login = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': token,
      cookie: cookieHeader(cookies),
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false }),
  });
  if (!login.ok) throw new Error(`Signing ${email} in answered ${login.status}: ${await login.text()}`);
  cookies = merge(cookies, cookiesOf(login));
  return cookies;
}

/** Puts the session's cookies (and nothing else) into a browser context. */
export async function useCookies(context: BrowserContext, baseUrl: string, cookies: SessionCookies) {
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: baseUrl })));
}
