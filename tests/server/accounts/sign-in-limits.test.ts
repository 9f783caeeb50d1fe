// Sign-in limits that a client cannot walk around: forged X-Forwarded-For entries behind the
// trusted proxy, and guesses spread over many addresses (docs/api.md "Rate limits").
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { fastifyTrustProxy, parseTrustProxy } from '../../../server/http/proxy';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY=1: one reverse proxy in front, which appends the address it saw to X-Forwarded-For.
  server = await startTestServer({ config: { trustProxy: true } });
});
afterAll(() => server.close());

/** A request as the proxy forwards it: what the client claimed, then the address the proxy saw. */
const viaProxy = (clientAddress: string, claimed?: string) => ({
  headers: { 'x-forwarded-for': claimed ? `${claimed}, ${clientAddress}` : clientAddress },
});

const tooMany = /^Too many attempts\. Try again in \d+ seconds\.$/;

async function attempt(
  browser: Browser,
  email: string,
  password: string,
  clientAddress: string,
  claimed?: string,
) {
  return browser.post('/api/login', { email, password }, viaProxy(clientAddress, claimed));
}

describe('sign-in behind one trusted proxy hop', () => {
  it('limits one client that forges a different X-Forwarded-For on every try', async () => {
    const browser = server.browser();
    const statuses: number[] = [];
    for (let index = 1; index <= 8; index += 1) {
      const response = await attempt(
        browser,
        'flood@example.com',
        `Wrong${index}!`,
        '203.0.113.7',
        `10.0.0.${index}`,
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.message).toMatch(tooMany);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('still tells different clients apart by the address the proxy saw', async () => {
    // Two clients, five tries each: one shared address would have been limited at the sixth.
    for (let index = 1; index <= 2; index += 1) {
      const browser = server.browser();
      for (let round = 1; round <= 5; round += 1) {
        const response = await attempt(browser, 'apart@example.com', 'Wrong-1!', `198.51.100.${index}`);
        expect(response.status).toBe(422);
      }
    }
  });

  it('signs in from behind the proxy', async () => {
    const response = await attempt(
      server.browser(),
      'parent@example.com',
      'Passw0rd!',
      '203.0.113.50',
      '1.1.1.1',
    );
    expect(response.status).toBe(204);
  });
});

describe('odd forwarded addresses', () => {
  it('counts an 8 kB "address" like any other, without a server error', async () => {
    // Random, so the database cannot compress it below its index row limit.
    const forged = `203.0.113.8, ${randomBytes(4000).toString('hex')}`;
    for (const path of ['/api/login', '/api/forgot-password']) {
      const response = await server
        .browser()
        .post(
          path,
          { email: 'odd@example.com', password: 'Wrong-1!' },
          { headers: { 'x-forwarded-for': forged } },
        );
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe('per-account limit across addresses', () => {
  async function spread(email: string, tries: number, firstOctet: number) {
    const statuses: number[] = [];
    for (let index = 1; index <= tries; index += 1) {
      const response = await attempt(
        server.browser(),
        email,
        `Guess-${index}!`,
        `192.0.2.${firstOctet + index}`,
      );
      statuses.push(response.status);
    }
    return statuses;
  }

  it('locks an account after 10 failed sign-ins from 10 addresses, even for the right password', async () => {
    expect(await spread('teacher@example.com', 10, 0)).toEqual(Array(10).fill(422));
    const locked = await attempt(server.browser(), 'teacher@example.com', 'Passw0rd!', '192.0.2.99');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: expect.stringMatching(tooMany) });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect((await attempt(server.browser(), 'student@example.com', 'Passw0rd!', '192.0.2.99')).status).toBe(
      204,
    );
  });

  it('answers an unknown e-mail exactly the same way, so the lockout reveals no account', async () => {
    const known = await spread('admin@example.com', 11, 100);
    const unknown = await spread('nobody-here@example.com', 11, 150);
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe(429);
    const lockedKnown = await attempt(server.browser(), 'admin@example.com', 'x', '192.0.2.200');
    const lockedUnknown = await attempt(server.browser(), 'nobody-here@example.com', 'x', '192.0.2.201');
    expect(lockedUnknown.status).toBe(lockedKnown.status);
    expect(Object.keys(lockedUnknown.body)).toEqual(Object.keys(lockedKnown.body));
    expect(lockedUnknown.body.message.replace(/\d+/, 'N')).toBe(lockedKnown.body.message.replace(/\d+/, 'N'));
  });

  it('a successful sign-in clears the account counter', async () => {
    expect(await spread('parent@example.com', 9, 210)).toEqual(Array(9).fill(422));
    expect((await attempt(server.browser(), 'parent@example.com', 'Passw0rd!', '192.0.2.220')).status).toBe(
      204,
    );
    expect(await spread('parent@example.com', 9, 230)).toEqual(Array(9).fill(422));
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['loopback', 'loopback'],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(['yes', '-1', '1.5', '999', '10.0.0.0/8,proxy.local'])('refuses %j', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
  });

  it('is read from the environment into the server settings', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({}).trustProxy).toBe(0);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the client n hops from the right, never the leftmost entry', () => {
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    const oneHop = fastifyTrustProxy(true) as (address: string, hop: number) => boolean;
    expect([0, 1].map((hop) => oneHop('10.0.0.1', hop))).toEqual([true, false]);
  });
});
