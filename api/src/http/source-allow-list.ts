import { BlockList, isIP } from 'node:net';

/**
 * The addresses a provider's callbacks may come from (MPESA_CALLBACK_SOURCES, SMS_CALLBACK_SOURCES): neither
 * Safaricom nor the SMS gateway signs its callbacks, so beside the secret in the path an installation may name
 * the provider's published addresses (docs/integrations.md, "Safaricom Daraja: C2B callbacks": "an optional list of Safaricom's addresses").
 * Matching is Node's own `net.BlockList`. The address checked is Fastify's `request.ip`, the connection's peer
 * or, behind the proxies TRUST_PROXY names, the client they forwarded for.
 */
export interface SourceAllowList {
  /** The variable it was read from, for log lines and the inbox's detail. */
  readonly variable: string;
  /** True when `address` (IPv4, IPv6, or IPv4 mapped into IPv6 as `::ffff:a.b.c.d`) is on the list. */
  allows(address: string): boolean;
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:196.201.214.200`), which a dual-stack socket reports. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Reads a comma-separated list of addresses and CIDR ranges (`196.201.214.0/24, 2001:db8::/32, 10.0.0.7`).
 * Unset or empty: no list (every source may call, as without this setting). Throws a message naming the
 * variable and the entry for anything that is neither.
 */
export function parseSourceAllowList(variable: string, value: string | undefined): SourceAllowList | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (family === 0 || rest.length > 0 || !(length >= 0 && length <= bits)) {
      throw new Error(`${variable} must list IP addresses or CIDR ranges (196.201.214.0/24), separated by commas; "${entry}" is neither`);
    }
    list.addSubnet(address, length, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    variable,
    allows(address) {
      const mapped = MAPPED_IPV4.exec(address)?.[1];
      const plain = mapped ?? address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
