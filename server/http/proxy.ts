// Which X-Forwarded-* entries to believe (TRUST_PROXY, docs/api.md "Server runtime"). The client
// writes the leftmost X-Forwarded-For entries itself; only the entries our own proxies appended,
// counted from the right, say who connected to them. Rate limits key on that address.
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** Hops (0 = no proxy) or a comma-separated list of the proxies' addresses / CIDR ranges. */
export type TrustProxy = number | string;

// Names proxy-addr understands besides addresses.
const ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix) || isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: unset, empty, `0` or `false` → no proxy; `1` or `true` → one hop (the usual single
 * reverse proxy); `n` → n hops; otherwise the proxies' addresses, e.g. `10.0.0.0/8,127.0.0.1`.
 * Anything else is a configuration mistake and stops the server.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries.join(',');
  }
  throw new Error(
    `TRUST_PROXY must be a number of proxy hops (0-32, "true" = 1) or a list of proxy addresses; got "${raw}".`,
  );
}

/**
 * The `trustProxy` option for Fastify. A hop count becomes a function: Fastify 5 no longer honours a
 * number (it would trust nothing and every client would share the proxy's address), and `true`
 * would take the leftmost X-Forwarded-For entry, which the client chooses. `true` means one hop.
 */
export function fastifyTrustProxy(setting: boolean | TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'string') return setting;
  const hops = setting === true ? 1 : setting === false ? 0 : Math.max(0, Math.floor(setting));
  if (hops === 0) return false;
  // proxy-addr walks from the socket peer (hop 0) leftwards through X-Forwarded-For and stops at
  // the first untrusted address: with n trusted hops, the client is the (n)th entry from the right.
  return (_address: string, hop: number) => hop < hops;
}
