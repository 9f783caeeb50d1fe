// The HTTP client of the real payment gateways (Daraja, Pesapal), built on `ofetch.create`. Both
// hand out a client-credentials token that lives minutes to an hour, and both answer 401 when one
// dies early; so the token is asked for once, kept until shortly before it expires, shared by the
// callers that need it at the same moment, and renewed once after a 401. Each gateway keeps its own
// knowledge: where the token comes from, how long it lives, and what its error answers look like.
import { FetchError, ofetch } from 'ofetch';

export type JsonBody = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST';

/** An HTTP answer, before the gateway reads it: its body is `{}` when it was empty or not a JSON object. */
export type GatewayAnswer = { status: number; ok: boolean; body: JsonBody };

/** A token, and the moment (ms) from which a new one is asked for: the gateway's expiry less a margin. */
export type AccessToken = { value: string; renewAt: number };

/** Where a real adapter finds its gateway, and the app's credentials there. */
export type GatewayConnection = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Per request; a gateway sometimes hangs, and a customer is waiting. */
  timeoutMs?: number;
};

export type OAuthClientConfig = Omit<GatewayConnection, 'consumerKey' | 'consumerSecret'> & {
  /** The unauthenticated request that asks for a token. */
  tokenRequest: { method: HttpMethod; path: string; headers?: Record<string, string>; body?: JsonBody };
  /** The token in the gateway's answer (already through `read`), read when it arrived (`nowMs`). */
  readToken: (body: JsonBody, nowMs: number) => AccessToken;
  /** The gateway's answer as its body, or the gateway's own error thrown. */
  read: (answer: GatewayAnswer) => JsonBody;
  /** The gateway's error for a request that got no answer (refused, timed out). */
  unreachable: (reason: string) => Error;
  /** Whether `read` said the token was refused (the gateway's 401). */
  isTokenRefused: (error: unknown) => boolean;
};

export type OAuthClient = {
  /** A request with the bearer token; after a 401 the token is renewed and the request sent once more. */
  call(method: HttpMethod, path: string, body?: JsonBody): Promise<JsonBody>;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/** Daraja's and Pesapal's gateways answer some failures with HTML or nothing: read as `{}`. */
function jsonObject(text: string): JsonBody {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as JsonBody) : {};
  } catch {
    return {};
  }
}

export function createOAuthClient(config: OAuthClientConfig): OAuthClient {
  const now = config.now ?? (() => new Date());
  const http = ofetch.create(
    {
      baseURL: config.baseUrl,
      headers: { Accept: 'application/json' },
      // The gateways' errors are read by `read`, and a payment request is never sent twice by itself.
      ignoreResponseError: true,
      retry: false,
      parseResponse: jsonObject,
    },
    config.fetch ? { fetch: config.fetch } : {},
  );
  let token: AccessToken | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body?: JsonBody,
  ): Promise<JsonBody> {
    let response;
    try {
      response = await http.raw<JsonBody>(path, {
        method,
        headers,
        body,
        // Its own signal rather than ofetch's `timeout`, so a timeout reads as it always has.
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = error instanceof FetchError && error.cause instanceof Error ? error.cause : error;
      throw config.unreachable((cause as Error).message);
    }
    return config.read({ status: response.status, ok: response.ok, body: response._data ?? {} });
  }

  async function requestToken(): Promise<string> {
    const { method, path, headers = {}, body } = config.tokenRequest;
    const answer = await send(method, path, headers, body);
    token = config.readToken(answer, now().getTime());
    return token.value;
  }

  /** The cached token while it is fresh; else one request for a new one, shared by every caller meanwhile. */
  async function accessToken(): Promise<string> {
    if (token && token.renewAt > now().getTime()) return token.value;
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  return {
    async call(method, path, body) {
      const attempt = async () =>
        send(method, path, { Authorization: `Bearer ${await accessToken()}` }, body);
      try {
        return await attempt();
      } catch (error) {
        if (!config.isTokenRefused(error)) throw error;
        token = null;
        return attempt();
      }
    },
  };
}
