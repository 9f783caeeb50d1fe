// An allow-list of source networks (`PAYMENTS_CALLBACK_ALLOW`): IPv4/IPv6 addresses and CIDR ranges.
import { BlockList, isIP } from 'node:net';

export type AllowList = { allows(address: string): boolean };

/** Reads `196.201.214.0/24, 196.201.213.44, 2001:db8::/32`; throws on an entry that is neither. */
export function parseAllowList(entries: readonly string[]): AllowList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new Error(`PAYMENTS_CALLBACK_ALLOW: "${entry}" is not an IP address or CIDR range`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    allows(address: string) {
      // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
      const plain =
        address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
