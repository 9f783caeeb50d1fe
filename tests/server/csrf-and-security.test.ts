import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { OutboxMailer } from '../../server/gateways/mail';
import { EARLY_TAPS_SCRIPT } from '../../src/shared/early-taps';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    beforeListen(app) {
      // A route that fails the way a broken query would, to see what a client gets back.
      app.get('/api/test/explode', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT password_hash FROM users');
      });
    },
  });
});
afterAll(() => server.close());

const registration = {
  first_name: 'Amani',
  last_name: 'Njoroge',
  username: 'amani.njoroge',
  email: 'amani@example.com',
  phone: '0712000001',
  password: 'Str0ng!pass',
  password_confirmation: 'Str0ng!pass',
  role: 'student',
  terms: true,
};

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets an HttpOnly session cookie and a script-readable XSRF-TOKEN cookie', async () => {
    const response = await fetch(`${server.baseUrl}/sanctum/csrf-cookie`);
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith('somesha_session='));
    const xsrf = cookies.find((line) => line.startsWith('XSRF-TOKEN='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/i);
  });
});

describe('CSRF protection', () => {
  it('answers 419 to a write without the X-XSRF-TOKEN header and changes nothing', async () => {
    const browser = server.browser();
    await browser.csrf();
    const response = await browser.post('/api/register', registration, { csrf: false });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: 'CSRF token mismatch.' });
    const rows = await server.db.select().from(users).where(eq(users.email, registration.email));
    expect(rows).toHaveLength(0);
  });

  it('answers 419 to a write with a token that is not the session’s', async () => {
    const browser = server.browser();
    await browser.csrf();
    const response = await browser.post(
      '/api/login',
      { email: 'student@example.com', password: 'Passw0rd!' },
      {
        csrf: false,
        headers: { 'x-xsrf-token': 'forged-token' },
      },
    );
    expect(response.status).toBe(419);
    expect(browser.cookie('XSRF-TOKEN')).toBeDefined();
  });

  it('answers 419 to a write without any session', async () => {
    const response = await fetch(`${server.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { 'x-xsrf-token': 'x' },
    });
    expect(response.status).toBe(419);
  });
});

describe('error bodies', () => {
  it('turns malformed JSON into a 422 instead of a server error', async () => {
    const browser = server.browser();
    const response = await browser.post('/api/login', undefined, {
      body: '{"email": "student@example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('The request body is not valid JSON.');
    expect(response.body.errors.body).toEqual(['The request body is not valid JSON.']);
  });

  it('shows the general message on a 500, with no stack trace or SQL', async () => {
    const response = await server.browser().get('/api/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Something went wrong, please try again later.' });
    expect(response.text).not.toMatch(/secret_table|password_hash|at .*\.ts|Error:/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.browser().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it('explains that the web app is not built when there is no dist folder', async () => {
    const response = await server.browser().get('/workspace', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(503);
    expect(response.text).toBe('The web app has not been built yet. Run npm run build.');
  });
});

describe('security headers', () => {
  it('sends a content security policy fit for the SPA and the usual hardening headers', async () => {
    const response = await server.browser().get('/api/curricula/all');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // Scripts from our origin, and the one inline script of a server-rendered page by its hash.
    const scriptHash = createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${scriptHash}';`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    // Other sites may not frame us; the payment dialog may frame our own sandbox page and Pesapal's.
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self' https://cybqa.pesapal.com https://pay.pesapal.com");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('compresses larger JSON answers with brotli when the client accepts it', async () => {
    const browser = server.browser();
    await browser.signIn('student@example.com');
    const response = await browser.get('/api/student/complete-profile', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.body.data.curricula).toHaveLength(3);
  });
});

describe('serving the built SPA', () => {
  let dist: string;
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'somesha-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Somesha</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Same database, another app instance pointed at the fake build.
    const app = await buildApp({
      db: server.db,
      mailer: new OutboxMailer(server.db),
      config: testConfig({ distDir: dist }),
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers any app path with index.html that browsers must revalidate', async () => {
    // An unknown lesson code answers 404 with the same page (issue 24): revalidated like the rest.
    for (const [page, status] of [
      ['/', 200],
      ['/workspace', 200],
      ['/lessons/find?x=1', 200],
      ['/lessons/view/ABC123?x=1', 404],
    ] as const) {
      const response = await fetch(`${baseUrl}${page}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const asset = await fetch(`${baseUrl}/assets/index-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');
    const icon = await fetch(`${baseUrl}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps API, dev and missing assets out of the fallback', async () => {
    const api = await fetch(`${baseUrl}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found.' });
    expect((await fetch(`${baseUrl}/assets/index-gone.js`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/dev/mail.json`)).headers.get('content-type')).toContain(
      'application/json',
    );
  });
});
