import { beforeEach, describe, expect, it } from 'vitest';
import { createOAuthClient, type OAuthClient } from '../../../server/gateways/oauth-client';

/** The gateway's own error, as Daraja's and Pesapal's adapters throw theirs. */
class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Sent = { method: string; url: string; authorization: string | null; body: unknown };

const TOKEN_LIFETIME_MS = 60_000;

/**
 * A gateway behind an injected fetch: `/token` issues `token-1`, `token-2`, … that `/pay` honours
 * until they are revoked (401 otherwise). `holdTokens` keeps token answers back until released.
 */
function fakeGateway() {
  const sent: Sent[] = [];
  const valid = new Set<string>();
  let issued = 0;
  let held: Promise<void> | null = null;
  let release = () => {};
  let tokenFailure: Response | null = null;
  let refuseEveryToken = false;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init?.method ?? 'GET', url, authorization: headers.get('authorization'), body });
    if (url === 'https://gateway.test/v1/token') {
      if (held) await held;
      const failure = tokenFailure;
      tokenFailure = null;
      if (failure) return failure;
      const token = `token-${++issued}`;
      valid.add(token);
      return Response.json({ token, lifetime_ms: TOKEN_LIFETIME_MS });
    }
    if (url === 'https://gateway.test/v1/pay') {
      const bearer = headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
      if (refuseEveryToken || !valid.has(bearer))
        return Response.json({ message: 'Invalid Access Token' }, { status: 401 });
      return Response.json({ paid: true, with: bearer });
    }
    return new Response('<html>Not Found</html>', { status: 404 });
  };
  return {
    fetch,
    sent,
    tokenRequests: () => sent.filter((request) => request.url.endsWith('/token')).length,
    calls: () => sent.filter((request) => request.url.endsWith('/pay')).length,
    revokeAll: () => valid.clear(),
    refuseEveryToken: () => {
      refuseEveryToken = true;
    },
    failNextTokenRequest: (answer: Response) => {
      tokenFailure = answer;
    },
    holdTokens: () => {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    releaseTokens: () => {
      held = null;
      release();
    },
  };
}

describe('the gateways’ OAuth client', () => {
  let gateway: ReturnType<typeof fakeGateway>;
  let clock: Date;
  let client: OAuthClient;

  function connect(fetch: typeof globalThis.fetch = gateway.fetch) {
    return createOAuthClient({
      baseUrl: 'https://gateway.test/v1',
      fetch,
      now: () => clock,
      tokenRequest: {
        method: 'POST',
        path: '/token',
        headers: { Authorization: 'Basic a2V5OnNlY3JldA==' },
        body: { grant_type: 'client_credentials' },
      },
      readToken: (body, nowMs) => ({ value: String(body.token), renewAt: nowMs + Number(body.lifetime_ms) }),
      read: ({ status, ok, body }) => {
        if (!ok) throw new GatewayError(status, String(body.message ?? `HTTP ${status}`));
        return body;
      },
      unreachable: (reason) => new GatewayError(0, `unreachable: ${reason}`),
      isTokenRefused: (error) => error instanceof GatewayError && error.status === 401,
    });
  }

  beforeEach(() => {
    gateway = fakeGateway();
    clock = new Date('2026-03-10T09:15:30Z');
    client = connect();
  });

  it('asks for a token once, with the credentials, and sends it with every call while it is fresh', async () => {
    await expect(client.call('POST', '/pay', { amount: 10 })).resolves.toEqual({
      paid: true,
      with: 'token-1',
    });
    await expect(client.call('POST', '/pay', { amount: 20 })).resolves.toEqual({
      paid: true,
      with: 'token-1',
    });

    expect(gateway.sent).toEqual([
      {
        method: 'POST',
        url: 'https://gateway.test/v1/token',
        authorization: 'Basic a2V5OnNlY3JldA==',
        body: { grant_type: 'client_credentials' },
      },
      {
        method: 'POST',
        url: 'https://gateway.test/v1/pay',
        authorization: 'Bearer token-1',
        body: { amount: 10 },
      },
      {
        method: 'POST',
        url: 'https://gateway.test/v1/pay',
        authorization: 'Bearer token-1',
        body: { amount: 20 },
      },
    ]);
  });

  it('lets callers who need a token at the same moment share one token request', async () => {
    gateway.holdTokens();
    const calls = [1, 2, 3].map((amount) => client.call('POST', '/pay', { amount }));
    // Let the first call reach the gateway: the others are waiting on its token request by then.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(gateway.tokenRequests()).toBe(1);

    gateway.releaseTokens();
    await expect(Promise.all(calls)).resolves.toEqual([
      { paid: true, with: 'token-1' },
      { paid: true, with: 'token-1' },
      { paid: true, with: 'token-1' },
    ]);
    expect(gateway.tokenRequests()).toBe(1);
  });

  it('keeps the token until its renewal time on the clock, then asks for a new one', async () => {
    await client.call('GET', '/pay');
    clock = new Date(clock.getTime() + TOKEN_LIFETIME_MS - 1);
    await expect(client.call('GET', '/pay')).resolves.toEqual({ paid: true, with: 'token-1' });
    expect(gateway.tokenRequests()).toBe(1);

    clock = new Date(clock.getTime() + 1);
    await expect(client.call('GET', '/pay')).resolves.toEqual({ paid: true, with: 'token-2' });
    expect(gateway.tokenRequests()).toBe(2);
  });

  it('drops a token the gateway refused early (401), gets a new one and sends the call once more', async () => {
    await client.call('POST', '/pay', { amount: 10 });
    gateway.revokeAll();

    await expect(client.call('POST', '/pay', { amount: 20 })).resolves.toEqual({
      paid: true,
      with: 'token-2',
    });
    expect(
      gateway.sent.map((request) => `${new URL(request.url).pathname} ${request.authorization}`),
    ).toEqual([
      '/v1/token Basic a2V5OnNlY3JldA==',
      '/v1/pay Bearer token-1',
      '/v1/pay Bearer token-1',
      '/v1/token Basic a2V5OnNlY3JldA==',
      '/v1/pay Bearer token-2',
    ]);
  });

  it('sends a call twice at most: a second 401 is the gateway’s error', async () => {
    gateway.refuseEveryToken();
    await expect(client.call('POST', '/pay', {})).rejects.toMatchObject({
      status: 401,
      message: 'Invalid Access Token',
    });
    expect(gateway.calls()).toBe(2);
    expect(gateway.tokenRequests()).toBe(2);
  });

  it('does not keep a failed token request: the next call asks again', async () => {
    gateway.failNextTokenRequest(Response.json({ message: 'Try later' }, { status: 503 }));
    await expect(client.call('POST', '/pay', {})).rejects.toMatchObject({
      status: 503,
      message: 'Try later',
    });
    expect(gateway.calls()).toBe(0);

    await expect(client.call('POST', '/pay', {})).resolves.toEqual({ paid: true, with: 'token-1' });
    expect(gateway.tokenRequests()).toBe(2);
  });

  it('hands the gateway an answer that is not JSON as an empty body, with its status', async () => {
    await expect(client.call('GET', '/elsewhere')).rejects.toMatchObject({
      status: 404,
      message: 'HTTP 404',
    });
  });

  it('reports a gateway that cannot be reached with the reason fetch gave', async () => {
    client = connect(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(client.call('POST', '/pay', {})).rejects.toMatchObject({
      status: 0,
      message: 'unreachable: fetch failed',
    });
  });
});
